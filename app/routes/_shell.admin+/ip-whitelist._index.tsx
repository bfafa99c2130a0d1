// /admin/ip-whitelist: the addresses and ranges each organization may be used from
// (GET /admin/ip_whitelist.json), searched, filtered, sorted and paged in the URL; remove entries
// (POST /admin/ip_whitelist/{id}/delete.json, with the same lock-out check as adding).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__ip-whitelist-index-page.server";

export const meta: MetaFunction = () => [{ title: "IP whitelist · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-ip-whitelist", await load(args), () => <Page />, { index: true });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-ip-whitelist", await act(args), () => load(args), () => <Page />, { index: true });
}

export default function IpWhitelist() {
  return <PageMarkup id="page-admin-ip-whitelist" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
