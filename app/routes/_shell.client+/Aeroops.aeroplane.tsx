// /client/Aeroops/aeroplane: an aircraft in AeroOPS (spec 001 §2): its facts and issue dates, the
// module variants (AeroCAMO / AeroSORT / AeroMRO) and AeroOIL when the aircraft has it, and its tabs
// grouped by group_name. The ops API answers 404 for an aircraft the user may not open (then the
// spec's redirect to the role landing).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { TabGroups } from "~/components/ops-tab-bar/tab-groups";
import { StatusBadge } from "~/components/ui/status-badge";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { contextQuery, moduleOf, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { aircraftType, groupTabs, MODULE_LABELS } from "~/models/ops-rules";
import { STORAGE_ROLES } from "~/models/storage.server";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { opsTabHref } from "~/models/workorder-rules";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `MSN ${data.header.msn}` : "Aircraft"} · AeroOPS · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const [header, modules, tabs] = await Promise.all([ops.header(api, ref), ops.msnModules(api, ref), ops.listTabs(api, ref)]);
  // Non-passthrough calls: a refusal has already redirected; what is left is a 422 (shown as the page's error).
  if (!header.ok) throw new Response(header.error, { status: header.status });
  const q = contextQuery(new URL(`${url.pathname}?org_msn_id=${header.data.org_msn_id}${url.searchParams.get("module") ? `&module=${url.searchParams.get("module")}` : ""}`, url));
  const groups = groupTabs(tabs.ok ? tabs.data.tabs : [], (t) => ({
    key: t.tab_id,
    name: t.tab_name,
    href: opsTabHref(t.tab_id, q),
  }));
  // The records link only for roles that open the storage screens: the template manager (ops_template)
  // may be given AeroOPS access to an aircraft, but its records pages would refuse the role.
  const records = STORAGE_ROLES.includes(user.role) ? `/storage/aircraft/${header.data.org_msn_id}/files` : null;
  return { header: header.data, modules: modules.ok ? modules.data.modules : [], groups, module: moduleOf(url), records };
}

export default function Aeroplane() {
  const { header, modules, groups, module, records } = useLoaderData<typeof loader>();
  const oil = modules.find((m) => m.product === "oil");
  const facts: [string, string][] = [
    ["MSN", header.msn],
    ["Registration", header.registration || "—"],
    ["Aircraft", aircraftType(header.manufacturer, header.model) || header.aircraft_name],
    ["Organization", header.organization_name],
    ["OPS issue date", dayMonthYear(header.ops_issue_date) || "—"],
    ["OIL issue date", dayMonthYear(header.oil_issue_date) || "—"],
    ["Your access", ACCESS_LABEL[header.access_type]],
  ];
  const base = `/client/Aeroops/aeroplane?org_msn_id=${header.org_msn_id}&aerotype=Aeroops`;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>
            {header.aircraft_name} <StatusBadge status={header.status} />
          </h1>
          <p className={ui.pageLead}>
            {module ? `${MODULE_LABELS[module]} · ` : ""}
            {header.organization_name}
          </p>
        </div>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Link to={`/Aeroops/org/Aircrafts${module ? `?module=${module}` : ""}`} className={ui.button.ghost}>
            My Fleet
          </Link>
          {records ? (
            <Link to={records} className={ui.button.secondary}>
              Open records in AeroBOX
            </Link>
          ) : null}
        </div>
      </div>

      <section className={ui.card} aria-labelledby="facts">
        <h2 id="facts" className={ui.cardTitle}>
          Aircraft
        </h2>
        <dl style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: "12px 24px", margin: 0 }}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt className={`${ui.small} ${ui.muted}`}>{k}</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{v}</dd>
            </div>
          ))}
        </dl>
      </section>

      <h2 className={ui.cardTitle} style={{ marginTop: 24 }}>
        Modules
      </h2>
      <ul className={ui.grid} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {Object.entries(MODULE_LABELS).map(([key, label]) => (
          <li key={key} className={ui.card} aria-current={key === module ? "true" : undefined}>
            <h3 className={ui.cardTitle}>{label}</h3>
            <Link to={`${base}&module=${key}`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
              Open {label}
            </Link>
          </li>
        ))}
        {oil?.enabled && oil.access_type ? (
          <li className={ui.card}>
            <h3 className={ui.cardTitle}>AeroOIL</h3>
            <Link to={`/client/Aerooil/statusDashboard?org_msn_id=${header.org_msn_id}&aerotype=Aerooil`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
              Open in AeroOIL
            </Link>
          </li>
        ) : null}
      </ul>

      <h2 className={ui.cardTitle} style={{ marginTop: 24 }}>
        Work orders and logbooks
      </h2>
      <nav aria-label="Work orders and logbooks" className={ui.row}>
        <Link to={`/client/Aeroops/maintenance?org_msn_id=${header.org_msn_id}&aerotype=Aeroops${module ? `&module=${module}` : ""}`} className={ui.button.secondary}>
          Maintenance
        </Link>
        <Link to={`/client/Aeroops/workorder?org_msn_id=${header.org_msn_id}&aerotype=Aeroops${module ? `&module=${module}` : ""}`} className={ui.button.secondary}>
          Work orders
        </Link>
        <Link to={`/client/Aeroops/logbooks?org_msn_id=${header.org_msn_id}&aerotype=Aeroops${module ? `&module=${module}` : ""}`} className={ui.button.secondary}>
          Technical logbooks
        </Link>
      </nav>

      <h2 className={ui.cardTitle} style={{ marginTop: 24 }}>
        Tabs
      </h2>
      {groups.length === 0 ? (
        <p className={ui.empty}>This aircraft has no AeroOPS tabs yet.</p>
      ) : (
        <TabGroups groups={groups} />
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

