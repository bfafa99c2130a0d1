// /admin/retention[?release=<aircraftId>] (issue 19 item 3, ADR 042): the minimum retention of each
// record folder class of the standard records index (no rule, the life of the aircraft, or N years)
// and the aircraft under a legal hold. Admins change them (one small form per class; placing a hold
// needs a reason; releasing one is a confirmation the server renders from ?release=); members read
// them. The upstream refuses everyone else. Shared code: app/models/records-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__retention-page.server";

export const meta: MetaFunction = () => [{ title: "Records retention · Admin · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-retention", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-retention", await act(args), () => load(args), () => <Page />);
}

export default function RetentionRoute() {
  return <PageMarkup id="page-admin-retention" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
