// /storage/overview (spec 000 §2 "Storage"): the aircraft the user may see, with counts by status
// (total, grounded, operational, transitional), filters (organization for staff, status, MSN search)
// in the URL, and follow toggles. Query: organization (or org), module, q, status, page.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { FleetOverview, filesHref } from "~/components/aircraft-cards/fleet-pages.server";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { overviewLoader } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

// The page is server markup (ADR 063): the loader renders it; the organization stays in the data for the file search's handle.
export const loader = async (args: LoaderFunctionArgs) =>
  routeMarkupFrom(
    args,
    "page-storage-overview",
    await overviewLoader(args, "standard"),
    (data: SerializeFrom<typeof overviewLoader>) => <FleetOverview data={data} title="Fleet overview" filesHref={(a) => filesHref(a.id, { organization: data.filters.organization })} />,
    { keep: (data) => ({ filters: { organization: data.filters.organization } }) },
  );

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => ({ organization: (data as { filters?: { organization: string | null } } | undefined)?.filters?.organization ?? null }),
};

export const meta: MetaFunction = () => [{ title: "Fleet overview · AeroRecords" }];

export default function StorageOverviewRoute() {
  return <PageMarkup id="page-storage-overview" />;
}
