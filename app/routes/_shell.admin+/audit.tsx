// /admin/audit: the audit log (who, what, when and from where), filtered by user, organization,
// action and date with a GET form, newest first, paged (GET /admin/audit.json). Above it, the hash
// chain's state as the upstream verified it for this page (GET /admin/audit/chain.json, ADR 044) and,
// for admins, the export of a period (a plain form post to /resources/audit-export: a JSON download),
// both server markup with the page's title (components/admin/audit-integrity-markup.server.tsx, ADR 031).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__audit-page.server";

export const meta: MetaFunction = () => [{ title: "Audit log · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-audit", await load(args), () => <Page />);
}

export default function Audit() {
  return <PageMarkup id="page-admin-audit" />;
}

export const ErrorBoundary = PageErrorBoundary;
