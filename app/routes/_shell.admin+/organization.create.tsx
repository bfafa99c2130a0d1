// /admin/organization/create: a new organization (name, slug, product type STORAGE or UAMBOX, the
// search-all flag, AeroOPS / AeroOIL). POST /admin/organizations.json; then its page, where aircraft
// are added.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__organization-create-page.server";

export const meta: MetaFunction = () => [{ title: "Create an organization · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-org-create", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-org-create", await act(args), () => load(args), () => <Page />);
}

export default function CreateOrganization() {
  return <PageMarkup id="page-admin-org-create" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
