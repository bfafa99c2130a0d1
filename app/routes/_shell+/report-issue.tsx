// /report-issue: where the top bar's Report Issue form posts (spec 001 §1). The description goes to
// POST /user/report_issue.json with the page's address; the admins get it in the issue reports and
// by mail. Success redirects back to the page with a toast; without JavaScript a validation error
// shows this page with the form.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__report-issue-page.server";

export const meta: MetaFunction = () => [{ title: "Report Issue · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-report-issue", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-report-issue", await act(args), () => load(args), () => <Page />);
}

export default function ReportIssuePage() {
  return <PageMarkup id="page-report-issue" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
