// /client/Aeroops/{tabDataId}: one AeroOPS tab of an aircraft (spec 001 §2), also the fixed tabs
// generalInformation (/generalinformation) and opsNotifications: the tab page (__tab-page.tsx) over
// the ops API, with 50 to 500 rows a page, the rows linked to AeroOIL rows, and the grid island for
// users with Edit Access (issue 13).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { documentCountsByRow } from "~/models/links.server";
import { opsRowLinksOf } from "~/models/oil-links.server";
import * as ops from "~/models/ops.server";
import { contextQuery, openOpsTab, openOpsTabPage, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { tabAction } from "~/models/ops-tab.server";
import { opsTabHref } from "~/models/workorder-rules";
import { HYDRATE } from "~/utils/hydrate";
import { TabActions, TabPage, type TabProduct } from "./__tab-page";
import { aircraftFields, tabPageView, tabQuery, validationParam } from "./__tab-page.server";

/** Rows per page: 50 unless the URL asks for one of these (the ops API serves at most 500). */
const PER_PAGE_CHOICES = [50, 100, 250, 500] as const;

const AEROOPS: TabProduct<SerializeFrom<typeof loader>> = {
  name: "AeroOPS",
  issueDate: (d) => ({ label: "OPS issue date", date: d.header.ops_issue_date }),
  home: (d) => ({ to: `/client/Aeroops/aeroplane${d.q}`, label: "Aircraft" }),
  tabHref: (d, id) => opsTabHref(id, d.q),
  links: (d) => d.oilLinks,
  linksProduct: "AeroOIL",
  perPageChoices: PER_PAGE_CHOICES,
  grid: true,
};

/** The top bar: MSN, registration, OPS issue date, and the screen's exports and share (ADR 051). */
// The grid (keyboard editing in place) is client code: the page hydrates.
export const handle = { ...withActions<SerializeFrom<typeof loader>>(opsHandle, (d) => <TabActions d={d} product={AEROOPS} />), ...HYDRATE };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOPS · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  // The page's data in one ops call (header, tabs, rows, oil links), the linked documents' counts
  // beside it when the URL names the aircraft by id (else once the header has named it).
  const asked = tabQuery(url, null, PER_PAGE_CHOICES);
  const tabKey = params.tabDataId ?? "";
  const [opened, earlyCounts] = await Promise.all([
    openOpsTabPage(api, url, ref, { tab_id: tabKey, ...asked.request, binder: true, validation: validationParam(url), links: true }),
    "org_msn_id" in ref ? documentCountsByRow(api, ref.org_msn_id, tabKey) : undefined,
  ]);
  const { header, tabs, tab } = opened;
  const docCounts = earlyCounts !== undefined && tab.tab_id === tabKey ? earlyCounts : await documentCountsByRow(api, header.org_msn_id, tab.tab_id);
  const query = { ...asked, sort_column: opened.sortColumn, request: { ...asked.request, sort_column: opened.sortColumn } };
  const oilLinks = opsRowLinksOf(opened.links, header.org_msn_id);
  return {
    ...tabPageView({ product: "ops", url, user, header, tab, query, data: opened.data, columns: opened.data.columns, docCounts }),
    bar: [...tabs].sort((a, b) => a.tab_position - b.tab_position).map((t) => ({ id: t.tab_id, name: t.tab_name })),
    q: contextQuery(url, { tab_id: null, sort_column: null, sort_order: null, filter: null, page: null }),
    aircraft: aircraftFields(ref),
    oilLinks,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const { tab } = await openOpsTab(api, url, ref, params.tabDataId);
  return tabAction({ request, api, aircraft: ref, tabId: tab.tab_id });
}

export default function OpsTab() {
  return <TabPage d={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} product={AEROOPS} />;
}

export const ErrorBoundary = PageErrorBoundary;
