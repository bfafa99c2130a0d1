// /storage/Aeroops/tabs (spec 001 §2, "tabs in the storage shell"): from the records side, the AeroOPS
// tabs of the aircraft in context (org_msn_id), grouped by group_name, each opening the tab in AeroOPS;
// without an aircraft, the fleet's tabs, each opening its landing across the fleet. Only what the user
// may read in AeroOPS is listed (the ops API decides).
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__aeroops-tabs-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.msn ? `MSN ${data.msn} · ` : ""}AeroOPS tabs · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-storage-ops-tabs", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ msn: d.msn }) });
}

export default function StorageOpsTabs() {
  return <PageMarkup id="page-storage-ops-tabs" />;
}

export const ErrorBoundary = PageErrorBoundary;
