// /Aeroops/org/tabslanding/{tabId?}: the landing for a tab across the fleet (spec 001 §2; the transition
// menu's Tabs link here with tab_id). Without a tab: the fleet's tabs grouped by group_name, each with
// how many aircraft carry it. With one (the path, or tab_id): every aircraft the user may open that has
// that tab (matched by name: a tab copied from a template has its own key on each aircraft), with its
// registration, status, the user's level and the row count, each leading to that aircraft's tab.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { TabGroups } from "~/components/ops-tab-bar/tab-groups";
import { StatusBadge } from "~/components/ui/status-badge";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { moduleOf, requireOpsUser } from "~/models/ops-pages.server";
import { groupTabs, MODULE_LABELS } from "~/models/ops-rules";
import { ACCESS_LABEL } from "~/models/roles";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.tab?.tab_name ?? "Tabs"} · ${data?.label ?? "AeroOPS"} · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const module = moduleOf(url);
  const wanted = params.tabId ?? url.searchParams.get("tab_id") ?? null;
  const res = await ops.fleetTabs(api);
  if (!res.ok) throw new Response(res.error, { status: res.status === 404 ? 404 : 422 });
  const tabs = res.data.tabs;
  const tab = wanted ? tabs.find((t) => t.tab_ids.includes(wanted)) ?? null : null;
  if (wanted && !tab) throw new Response("That tab is not on any aircraft you may open in AeroOPS.", { status: 404 });
  const m = module ? `&module=${module}` : "";
  const groups = groupTabs(tabs, (t) => {
    const key = t.tab_ids[0]!;
    return { key, name: t.tab_name, href: `/Aeroops/org/tabslanding/${encodeURIComponent(key)}?tab_id=${encodeURIComponent(key)}&aerotype=Aeroops${m}`, note: `${t.aircraft.length} aircraft` };
  });
  return { module, label: module ? MODULE_LABELS[module]! : "AeroOPS", tab, groups };
}

export default function TabsLanding() {
  const { module, label, tab, groups } = useLoaderData<typeof loader>();
  const m = module ? `&module=${module}` : "";
  const tabOf = (key: string, id: number) => `/client/Aeroops/${encodeURIComponent(key)}?org_msn_id=${id}&aerotype=Aeroops${m}`;
  const rows = tab ? tab.aircraft.reduce((n, a) => n + a.rows, 0) : 0;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{tab ? tab.tab_name : "Tabs across the fleet"}</h1>
          <p className={ui.pageLead}>
            {tab
              ? `${tab.group_name || "Tabs"} · on ${tab.aircraft.length} aircraft · ${rows.toLocaleString("en-GB")} rows in all`
              : `${label}: every tab of the aircraft you may open, by group.`}
          </p>
        </div>
        <div className={ui.row}>
          {tab ? (
            <Link to={`/Aeroops/org/tabslanding?aerotype=Aeroops${m}`} className={ui.button.ghost}>
              All tabs
            </Link>
          ) : null}
          <Link to={`/Aeroops/org/Aircrafts${module ? `?module=${module}` : ""}`} className={ui.button.secondary}>
            My Fleet
          </Link>
        </div>
      </div>

      {tab ? (
        <ListTable empty={tab.aircraft.length === 0} emptyText="No aircraft you may open has this tab." label={`${tab.tab_name} across the fleet`}>
          <thead>
            <tr>
              <th scope="col">MSN</th>
              <th scope="col">Registration</th>
              <th scope="col">Status</th>
              <th scope="col">Your access</th>
              <th scope="col" style={{ textAlign: "right" }}>
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {tab.aircraft.map((a) => (
              <tr key={a.org_msn_id}>
                <td>
                  <Link to={tabOf(a.tab_id, a.org_msn_id)} aria-label={`${tab.tab_name} of MSN ${a.msn}`}>
                    MSN {a.msn}
                  </Link>
                </td>
                <td>{a.registration || "—"}</td>
                <td>
                  <StatusBadge status={a.status} />
                </td>
                <td>{ACCESS_LABEL[a.access_type]}</td>
                <td style={{ textAlign: "right" }}>{a.rows.toLocaleString("en-GB")}</td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      ) : groups.length === 0 ? (
        <p className={ui.empty}>No aircraft with AeroOPS tabs has been opened to you yet.</p>
      ) : (
        <TabGroups groups={groups} headingLevel={2} />
      )}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

