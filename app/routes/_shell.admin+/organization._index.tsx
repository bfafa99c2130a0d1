// /admin/organization: every organization, searched, sorted and paged in the URL
// (GET /admin/organizations.json). Each links to its page (edit, aircraft).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__organization-index-page.server";

export const meta: MetaFunction = () => [{ title: "Organizations · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-organizations", await load(args), () => <Page />, { index: true });
}

export default function Organizations() {
  return <PageMarkup id="page-admin-organizations" />;
}

export const ErrorBoundary = PageErrorBoundary;
