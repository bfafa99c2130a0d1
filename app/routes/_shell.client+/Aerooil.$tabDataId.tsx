// /client/Aerooil/{tabDataId}: one AeroOIL tab of an aircraft (spec 001 §2; issue 15 item 3), also the
// fixed tabs /generalinformation and /abclisting (the status tab has its own screen). The same
// server-rendered table as the AeroOPS tab page: sort, filter, page and "Watched only" (watched_only=1)
// in the URL. Every oil tab has the Watch/Unwatch column: a per-row toggle, a small POST form that
// works without JavaScript; the oil API refuses Read Access and the page shows its message. With
// Edit Access rows are added, changed and deleted in server-rendered dialogs and the Excel round trip
// runs, as on the ops tab (ops-tab.server.ts with product "oil", __ops-tab-parts.tsx). Trends and
// alert limits (issue 15 items 4 and 5) sit above the table.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { oilHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { withMarkupActions } from "~/components/shell/top-bar-actions";
import { routeActionMarkup, routeMarkupRegions } from "~/utils/page-markup.server";
import { act, load, Page, TabActions } from "./__aerooil-tabdataid-page.server";
// The styles of the trend charts and the limits, which only the server's markup uses.
import "~/components/oil-trend/oil-trend.css";
import "~/components/svg-chart/svg-chart.css";

const ID = "page-oil-tab";
/** The top bar's exports and Share: server markup too (a page-* region, sent with every answer). */
const ACTIONS = "page-oil-tab-actions";

/** The top bar: MSN, registration, OIL issue date, and the tab's exports and share (ADR 051). */
export const handle = withMarkupActions(oilHandle, ACTIONS);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOIL · AeroRecords` }];

// The page is server markup (ADR 063, ADR 066): the loader renders it (the trend charts in place) and
// the top bar's exports; an export (the top bar's, the import panel's data file) is fetched in place
// with its messages and the tab bar's arrows step their row, both by the layouts' markup runtime.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupRegions(args, await load(args), (d: SerializeFrom<typeof load>) => ({ [ID]: <Page />, [ACTIONS]: <TabActions d={d} /> }), {
    keep: (d: SerializeFrom<typeof load>) => ({ header: d.header, tab: { tab_name: d.tab.tab_name } }),
  });
}

// A form's answer with errors (a row, the limits, the import, the structure, Share) is the page again,
// rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <Page />);
}

export default function OilTab() {
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
