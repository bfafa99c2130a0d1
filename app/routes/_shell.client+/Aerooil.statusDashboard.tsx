// /client/Aerooil/statusDashboard: an aircraft's oil status page (spec 001 §2 "Status pages"; issue 15
// items 1 and 2): titled Status Overview before 2024-08-19 and Status Dashboard from then on (the
// aircraft's OIL issue date rules, else today; ADR 037), the counts of the user's oil fleet (total,
// grounded, operational, transitional), the status of each unit and the watched rows of the
// aircraft's oil tabs, each leading to its tab (watched rows only), the rows above an alert limit
// (ADR 048) and a chart of both per tab (server-rendered SVG). The top bar offers the dashboard as a
// PNG drawn on the server (/resources/oil-dashboard-png) and Share, which mails a link to the page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { oilHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { withMarkupActions } from "~/components/shell/top-bar-actions";
import { routeActionMarkup, routeMarkupRegions } from "~/utils/page-markup.server";
import { act, DashboardActions, load, Page } from "./__aerooil-statusdashboard-page.server";

const ID = "page-oil-status";
/** The top bar's PNG download and Share: server markup too (a page-* region, sent with every answer). */
const ACTIONS = "page-oil-status-actions";

/** The top bar: the OIL issue date, and the dashboard's PNG download and Share. */
export const handle = withMarkupActions(oilHandle, ACTIONS);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.title} · MSN ${data.header.msn}` : "Status Dashboard"} · AeroOIL · AeroRecords` }];

// The page is server markup (ADR 063, ADR 065): the loader renders it (the chart in place) and the
// top bar's actions; the tab bar's arrows are the layouts' markup runtime's (ADR 066).
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupRegions(args, await load(args), (d: SerializeFrom<typeof load>) => ({ [ID]: <Page />, [ACTIONS]: <DashboardActions q={d.q} place="top" /> }), {
    keep: (d: SerializeFrom<typeof load>) => ({ title: d.title, header: d.header }),
  });
}

// A form's answer with errors (Share's addresses) is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <Page />);
}

export default function StatusDashboard() {
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
