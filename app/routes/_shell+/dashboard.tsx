// /dashboard: the admin overview: organizations → their aircraft → the people who may open each
// (GET /admin/overview.json). Choose an organization on the left.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__dashboard-page.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-dashboard", await load(args), () => <Page />);
}

export default function Dashboard() {
  return <PageMarkup id="page-dashboard" />;
}

export const ErrorBoundary = PageErrorBoundary;
