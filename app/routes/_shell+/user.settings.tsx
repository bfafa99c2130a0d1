// /user/settings: sign-in security for every role: change the password (other sessions are signed
// out upstream) and two-factor authentication (set up with a QR code and a manual key, confirmed
// with a code; turned off with the password). See docs/decisions/ on why 2FA lives here.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__user-settings-page.server";

export const meta: MetaFunction = () => [{ title: "Settings · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-user-settings", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-user-settings", await act(args), () => load(args), () => <Page />);
}

export default function SettingsPage() {
  return <PageMarkup id="page-user-settings" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
