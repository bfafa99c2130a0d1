// /admin/consultant/create: a consultant account and its profile (POST /admin/consultants.json).
// The consultant finishes onboarding themselves (stage basic_info); without a password an invitation
// (a set-your-password link) is mailed.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__consultant-create-page.server";

export const meta: MetaFunction = () => [{ title: "Create a consultant · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-consultant-create", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-consultant-create", await act(args), () => load(args), () => <Page />);
}

export default function CreateConsultant() {
  return <PageMarkup id="page-admin-consultant-create" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
