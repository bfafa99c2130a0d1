// /client/Aerooil/{tabDataId}: one AeroOIL tab of an aircraft (spec 001 §2; issue 15 item 3), also the
// fixed tabs /generalinformation and /abclisting (the status tab has its own screen): the tab page
// (__tab-page.tsx) over the oil API, 50 rows a page, with "Watched only" (watched_only=1), the
// Watch/Unwatch column, the rows linked to AeroOPS rows, and the trends and alert limits above the
// table (issue 15 items 4 and 5; __oil-tab-parts.tsx). The page does not hydrate.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { oilHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { documentCountsByRow } from "~/models/links.server";
import * as oil from "~/models/oil.server";
import { oilRowLinksOf } from "~/models/oil-links.server";
import { oilContextQuery, openOilTab, openOilTabPage, requireOilAircraftRef, requireOilUser, tabBar } from "~/models/oil-pages.server";
import { OIL_STATUS_TAB, OIL_WATCH_COLUMN as WATCH_COLUMN, statusPageTitle } from "~/models/oil-rules";
import { limitAction, oilTabTrend } from "~/models/oil-trends.server";
import { tabAction } from "~/models/ops-tab.server";
import { oilSections, oilTable, watchedOnlyField } from "./__oil-tab-parts";
import { TabActions, TabPage, type TabProduct } from "./__tab-page";
import { aircraftFields, tabPageView, tabQuery, validationParam } from "./__tab-page.server";

const PER_PAGE = 50;

const AEROOIL: TabProduct<SerializeFrom<typeof loader>> = {
  name: "AeroOIL",
  issueDate: (d) => ({ label: "OIL issue date", date: d.header.oil_issue_date }),
  home: (d) => ({ to: `/client/Aerooil/statusDashboard${d.q}`, label: d.statusTitle }),
  tabHref: (d, id) => (id === OIL_STATUS_TAB ? `/client/Aerooil/statusDashboard${d.q}` : `/client/Aerooil/${encodeURIComponent(id)}${d.q}`),
  links: (d) => d.opsLinks,
  linksProduct: "AeroOPS",
  exportFields: { product: "oil" },
  sections: oilSections,
  filterFields: watchedOnlyField,
  table: oilTable,
};

/** The top bar: MSN, registration, OIL issue date, and the tab's exports and share (ADR 051). */
export const handle = withActions<SerializeFrom<typeof loader>>(oilHandle, (d) => <TabActions d={d} product={AEROOIL} />);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOIL · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireOilUser(request, context);
  const url = new URL(request.url);
  const ref = requireOilAircraftRef(url);
  const watchedOnly = url.searchParams.get("watched_only") === "1";
  // The page's data in one call (header, tabs, rows and their links to AeroOPS rows); the linked
  // documents' counts beside it when the URL names the aircraft by id; then the trends and alert
  // limits, which need the tab's columns.
  const asked = tabQuery(url, null, [PER_PAGE]);
  const tabKey = params.tabDataId ?? "";
  const [opened, earlyCounts] = await Promise.all([
    openOilTabPage(api, url, ref, { tab_id: tabKey, ...asked.request, watched_only: watchedOnly || undefined, binder: true, validation: validationParam(url), links: true }),
    "org_msn_id" in ref ? documentCountsByRow(api, ref.org_msn_id, tabKey) : undefined,
  ]);
  const { header, tabs, tab } = opened;
  const [docCounts, trend] = await Promise.all([
    earlyCounts !== undefined && tab.tab_id === tabKey ? earlyCounts : documentCountsByRow(api, header.org_msn_id, tab.tab_id),
    oilTabTrend(api, ref, tab, url),
  ]);
  // Sortable: the tab's own columns (the Watch/Unwatch column is the row's flag, not a cell; the oil API ignores it).
  const query = { ...asked, sort_column: opened.sortColumn, request: { ...asked.request, sort_column: opened.sortColumn } };
  const columns = opened.data.columns.filter((c) => c.type !== WATCH_COLUMN.type);
  return {
    ...tabPageView({ product: "oil", url, user, header, tab, query, data: opened.data, columns, docCounts }),
    watchedOnly,
    bar: tabBar(tabs, header.oil_issue_date),
    statusTitle: statusPageTitle(header.oil_issue_date),
    q: oilContextQuery(url),
    aircraft: aircraftFields(ref),
    trend: trend.view,
    limits: trend.limits,
    over: trend.overByRow(opened.data.rows),
    opsLinks: oilRowLinksOf(opened.links, header.org_msn_id),
    // What the trend charts draw.
    charts: trend.charts,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  const url = new URL(request.url);
  const ref = requireOilAircraftRef(url);
  const { tab } = await openOilTab(api, url, ref, params.tabDataId);
  const limit = await limitAction(request, api, ref, tab.tab_id);
  if (limit) return limit;
  return tabAction({ request, api, aircraft: ref, tabId: tab.tab_id, product: "oil" });
}

export default function OilTab() {
  return <TabPage d={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} product={AEROOIL} />;
}

export const ErrorBoundary = PageErrorBoundary;
