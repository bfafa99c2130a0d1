// /client/Aeroops/createtechlogbook (spec 001 §2; issue 14): a new technical logbook of the aircraft in
// the URL (a title, unique per aircraft); then its pages open. Edit Access is needed.
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aeroops-createtechlogbook-page.server";

export const handle = opsHandle;

export const meta: MetaFunction = () => [{ title: "Create technical logbook · AeroOPS · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-create-logbook", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ header: { msn: d.header.msn, registration: d.header.registration, ops_issue_date: d.header.ops_issue_date } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-ops-create-logbook", await act(args), () => load(args), () => <Page />);
}

export default function CreateLogbook() {
  return <PageMarkup id="page-ops-create-logbook" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
