// /aerooil/view?organization={slug}: an AeroOIL organization and its registered aircraft
// (POST /v1/user_access/msn_id/get_v2.json, product oil). Registering happens at /aerooil/msnids.
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__view-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organization.name ?? "Organization"} · AeroOIL · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-oil-view", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ organization: { name: d.organization.name } }) });
}

export default function OilOrganization() {
  return <PageMarkup id="page-oil-view" />;
}

export const ErrorBoundary = PageErrorBoundary;
