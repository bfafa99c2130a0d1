// /admin/issue-reports: what users sent with Report Issue (GET /admin/issue_reports.json), open
// first by default; admins and members close them (POST /admin/issue_reports/{id}/close.json).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__issue-reports-page.server";

export const meta: MetaFunction = () => [{ title: "Issue reports · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-issue-reports", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-issue-reports", await act(args), () => load(args), () => <Page />);
}

export default function IssueReports() {
  return <PageMarkup id="page-admin-issue-reports" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
