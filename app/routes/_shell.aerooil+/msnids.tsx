// /aerooil/msnids?organization={slug}: register aircraft (MSNs) for AeroOIL in an organization
// (POST /v1/user_access/msn_id_created.json, product oil), with the MSNs already registered.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__msnids-page.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL MSNs · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-oil-msnids", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-oil-msnids", await act(args), () => load(args), () => <Page />);
}

export default function OilMsnIds() {
  return <PageMarkup id="page-oil-msnids" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
