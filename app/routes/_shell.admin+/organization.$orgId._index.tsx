// /admin/organization/{id}: edit an organization and manage its aircraft (list searched, sorted and
// paged in the URL; add and edit pages). GET /admin/organizations/{id}.json and …/aircraft.json,
// POST /admin/organizations/{id}.json.
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__organization-orgid-index-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organization.name ?? "Organization"} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-org", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ organization: { name: d.organization.name } }), index: true });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-org", await act(args), () => load(args), () => <Page />, { index: true });
}

export default function OrganizationPage() {
  return <PageMarkup id="page-admin-org" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
