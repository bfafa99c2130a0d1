// /admin/client/dashboard: client users, searched, filtered by organization, sorted and paged in the
// URL (GET /admin/users.json?role=client). Each row links to its access and can be deactivated.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__client-dashboard-page.server";

export const meta: MetaFunction = () => [{ title: "Clients · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-clients", await load(args), () => <Page />);
}

export default function Clients() {
  return <PageMarkup id="page-admin-clients" />;
}

export const ErrorBoundary = PageErrorBoundary;
