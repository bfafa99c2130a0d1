// /storage/uef/overview: the fleet for the extended upload flow (the /storage/v2/uef/ family); each
// aircraft opens /storage/uef/aircraft/{id}/files. Same filters and counts as /storage/overview.
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
    "page-storage-uef-overview",
    await overviewLoader(args, "uef"),
    (data: SerializeFrom<typeof overviewLoader>) => (
      <FleetOverview
        data={data}
        title="Fleet overview"
        lead="Extended upload: files are preprocessed, uploaded and validated by the server."
        filesHref={(a) => filesHref(a.id, { family: "uef", organization: data.filters.organization })}
      />
    ),
    { keep: (data) => ({ filters: { organization: data.filters.organization } }) },
  );

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => ({ organization: (data as { filters?: { organization: string | null } } | undefined)?.filters?.organization ?? null }),
};

export const meta: MetaFunction = () => [{ title: "Fleet overview (extended upload) · AeroRecords" }];

export default function StorageUefOverviewRoute() {
  return <PageMarkup id="page-storage-uef-overview" />;
}
