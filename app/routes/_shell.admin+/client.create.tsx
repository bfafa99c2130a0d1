// /admin/client/create: a client user of an organization (POST /admin/clients.json). With a password
// the client can sign in at once; without one an invitation (a set-your-password link) is mailed.
// Then on to user access control to grant aircraft.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__client-create-page.server";

export const meta: MetaFunction = () => [{ title: "Create a client · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-client-create", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-client-create", await act(args), () => load(args), () => <Page />);
}

export default function CreateClient() {
  return <PageMarkup id="page-admin-client-create" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
