// /storage/Aeroops/tabs (spec 001 §2, "tabs in the storage shell"): from the records side, the AeroOPS
// tabs of the aircraft in context (org_msn_id), grouped by group_name, each opening the tab in AeroOPS;
// without an aircraft, the fleet's tabs, each opening its landing across the fleet. Only what the user
// may read in AeroOPS is listed (the ops API decides).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { TabGroups } from "~/components/ops-tab-bar/tab-groups";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { aircraftRefOf, requireOpsUser } from "~/models/ops-pages.server";
import { groupTabs } from "~/models/ops-rules";
import { opsTabHref } from "~/models/workorder-rules";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.msn ? `MSN ${data.msn} · ` : ""}AeroOPS tabs · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const ref = aircraftRefOf(new URL(request.url));
  if (ref) {
    const [header, tabs] = await Promise.all([ops.header(api, ref), ops.listTabs(api, ref)]);
    if (!header.ok) throw new Response(header.error, { status: header.status });
    if (!tabs.ok) throw new Response(tabs.error, { status: tabs.status });
    const q = `?org_msn_id=${header.data.org_msn_id}&aerotype=Aeroops`;
    const groups = groupTabs(tabs.data.tabs, (t) => ({ key: t.tab_id, name: t.tab_name, href: opsTabHref(t.tab_id, q) }));
    return { msn: header.data.msn, aircraftId: header.data.org_msn_id, registration: header.data.registration, groups };
  }
  const res = await ops.fleetTabs(api);
  if (!res.ok) throw new Response(res.error, { status: res.status === 404 ? 404 : 422 });
  const groups = groupTabs(res.data.tabs, (t) => {
    const key = t.tab_ids[0]!;
    return { key, name: t.tab_name, href: `/Aeroops/org/tabslanding/${encodeURIComponent(key)}?tab_id=${encodeURIComponent(key)}&aerotype=Aeroops`, note: `${t.aircraft.length} aircraft` };
  });
  return { msn: null, aircraftId: null, registration: null, groups };
}

export default function StorageOpsTabs() {
  const { msn, aircraftId, registration, groups } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{msn ? `AeroOPS tabs of MSN ${msn}` : "AeroOPS tabs"}</h1>
          <p className={ui.pageLead}>
            {msn ? `${registration ? `${registration} · ` : ""}the aircraft's operational data, by group` : "Every tab of the aircraft opened to you in AeroOPS, by group"}
          </p>
        </div>
        {aircraftId ? (
          <div className={ui.row}>
            <Link to={`/storage/aircraft/${aircraftId}/files`} className={ui.button.ghost}>
              Records
            </Link>
            <Link to={`/client/Aeroops/aeroplane?org_msn_id=${aircraftId}&aerotype=Aeroops`} className={ui.button.secondary}>
              Open in AeroOPS
            </Link>
          </div>
        ) : null}
      </div>
      {groups.length === 0 ? <p className={ui.empty}>{msn ? "This aircraft has no AeroOPS tabs yet." : "No aircraft with AeroOPS tabs has been opened to you yet."}</p> : <TabGroups groups={groups} headingLevel={2} />}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
