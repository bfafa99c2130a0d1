// /admin/ip-whitelist/create: add an address or CIDR range to an organization's whitelist
// (POST /admin/ip_whitelist.json). Once an organization has entries its users can sign in and use the
// portal only from them. A list that would exclude your own current address is refused when you
// belong to that organization (nobody locks themselves out), and otherwise asks you to confirm.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__ip-whitelist-create-page.server";

export const meta: MetaFunction = () => [{ title: "Add to the IP whitelist · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-ip-create", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-ip-create", await act(args), () => load(args), () => <Page />);
}

export default function CreateWhitelistEntry() {
  return <PageMarkup id="page-admin-ip-create" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
