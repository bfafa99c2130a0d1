// /client/saved: the consultants the viewer liked (GET /client/saved.json), as cards with the same
// controls as the Contractor Dashboard. Clients, admins and members; consultants get /errors/error-401.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { useMarketMarkup } from "~/components/consultant-card/market-markup";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__saved-page.server";

export const meta: MetaFunction = () => [{ title: "Saved consultants · AeroRecords" }];

// The page is server markup (ADR 063, ADR 065): the loader renders it; the cards' and the filters'
// behaviour with a script is useMarketMarkup's.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-client-saved", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-client-saved", await act(args), () => load(args), () => <Page />);
}

export default function SavedConsultants() {
  useMarketMarkup();
  return <PageMarkup id="page-client-saved" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
