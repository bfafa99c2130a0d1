// /client/dashboard: the Contractor Dashboard (spec 000 §1, §2, §6): consultant cards for
// non-consultant viewers (clients, admins, members; consultants get /errors/error-401), filtered and
// sorted in the URL (a GET form) and paged (pageRangeDisplayed 5, margin pages 2). Staff also approve,
// disapprove, set availability and notes and rates; clients see the result and like consultants.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { useMarketMarkup } from "~/components/consultant-card/market-markup";
// The filters are server markup only: their styles come to the CSS bundle with this import (ADR 065).
import "~/components/consultant-filters/consultant-filters.css";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__dashboard-page.server";

export const meta: MetaFunction = () => [{ title: "Contractor Dashboard · AeroRecords" }];

// The page is server markup (ADR 063, ADR 065): the loader renders it; the cards' and the filters'
// behaviour with a script is useMarketMarkup's.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-client-dashboard", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-client-dashboard", await act(args), () => load(args), () => <Page />);
}

export default function ContractorDashboard() {
  useMarketMarkup();
  return <PageMarkup id="page-client-dashboard" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
