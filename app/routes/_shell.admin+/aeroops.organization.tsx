// /admin/aeroops/organization: the organizations using AeroOPS (ops_template's landing; admin and
// member too), or AeroOIL with ?type=Aerooil (admin and member), from GET
// /v1/user_access/organisation/get.json on the ops API. Each opens its MSNs at /admin/aeroops/org.
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__aeroops-organization-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.label ?? "AeroOPS"} organizations · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-module-orgs", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ label: d.label }) });
}

export default function OpsOrganizations() {
  return <PageMarkup id="page-module-orgs" />;
}

export const ErrorBoundary = PageErrorBoundary;
