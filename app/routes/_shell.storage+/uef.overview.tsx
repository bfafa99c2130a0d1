// /storage/uef/overview: the fleet for the extended upload flow (the /storage/v2/uef/ family); each
// aircraft opens /storage/uef/aircraft/{id}/files. Same filters and counts as /storage/overview.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetOverview } from "~/components/aircraft-cards/fleet-overview";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { filesHref } from "~/models/storage-links";
import { overviewLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return overviewLoader(args, "uef");
}

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => ({ organization: (data as { filters?: { organization: string | null } } | undefined)?.filters?.organization ?? null }),
};

export const meta: MetaFunction = () => [{ title: "Fleet overview (extended upload) · AeroRecords" }];

export default function StorageUefOverviewRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <FleetOverview
      data={data}
      title="Fleet overview"
      lead="Extended upload: files are preprocessed, uploaded and validated by the server."
      filesHref={(a) => filesHref(a.id, { family: "uef", organization: data.filters.organization })}
    />
  );
}
