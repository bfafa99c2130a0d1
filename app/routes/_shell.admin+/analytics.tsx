// /admin/analytics: the admin and member landing (spec 000 §2, §6): the fleet and the portal at a
// glance, as SVG charts rendered on the server (no JavaScript needed), each with a data table.
// One call answers every aggregate: GET /admin/analytics.json (docs/api/admin.md).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__analytics-page.server";

export const meta: MetaFunction = () => [{ title: "Analytics · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-analytics", await load(args), () => <Page />);
}

export default function Analytics() {
  return <PageMarkup id="page-admin-analytics" />;
}

export const ErrorBoundary = PageErrorBoundary;
