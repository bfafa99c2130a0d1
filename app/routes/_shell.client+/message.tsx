// /client/message: the messages the viewer received and sent (GET /client/messages.json), and a form
// to write to a consultant (POST /client/message.json). The consultant is the one of ?to={id} (the
// cards' Message link) or one of the viewer's saved consultants. Clients, admins and members;
// consultants write to the administrators from their profile and get /errors/error-401 here.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__message-page.server";

export const meta: MetaFunction = () => [{ title: "Messages · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-client-message", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-client-message", await act(args), () => load(args), () => <Page />);
}

export default function MessagesPage() {
  return <PageMarkup id="page-client-message" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
