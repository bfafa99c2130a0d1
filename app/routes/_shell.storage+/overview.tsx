// /storage/overview (spec 000 §2 "Storage"): the aircraft the user may see, with counts by status
// (total, grounded, operational, transitional), filters (organization for staff, status, MSN search)
// in the URL, and follow toggles. Query: organization (or org), module, q, status, page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetOverview } from "~/components/aircraft-cards/fleet-overview";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { filesHref } from "~/models/storage-links";
import { overviewLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return overviewLoader(args, "standard");
}

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => ({ organization: (data as { filters?: { organization: string | null } } | undefined)?.filters?.organization ?? null }),
};

export const meta: MetaFunction = () => [{ title: "Fleet overview · AeroRecords" }];

export default function StorageOverviewRoute() {
  const data = useLoaderData<typeof loader>();
  return <FleetOverview data={data} title="Fleet overview" filesHref={(a) => filesHref(a.id, { organization: data.filters.organization })} />;
}
