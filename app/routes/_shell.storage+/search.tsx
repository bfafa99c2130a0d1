// /storage/search with query, aircraft_id, redirect_url, organization, organization_id, folder_path,
// module (spec 000 §2 "Storage", "Query parameters"; 001 §4, §5 on scope). Ranked, paged results with
// the matches highlighted; each opens the file in its folder (/storage/aircraft/{id}/files?dir=…&fileid=…).
// The scope actually used (all aircraft, one aircraft, a folder) is the upstream's and is shown.
// The page is server markup (ADR 063, ADR 065): the loader renders its head and its results; the
// page's own search box (for narrow screens) is the top bar's form, a lazy island between them.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileSearchHandle, FileSearchProps } from "~/components/file-search/file-search";
import { FileSearch as ServerSearch } from "~/components/file-search/file-search.server";
import * as s from "~/components/file-search/search-results.css";
import { LazyIsland } from "~/components/server-markup/lazy-island";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupRegions } from "~/utils/page-markup.server";
import { SearchHead, SearchResults, load } from "./__search-page.server";
import "~/components/shell/shell-runtime"; // one chunk for the shell's parts (shell-runtime.ts)

type Params = SerializeFrom<typeof load>["params"];

export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupRegions(args, await load(args), () => ({ "page-search-head": <SearchHead />, "page-search-results": <SearchResults /> }), {
    keep: (d: SerializeFrom<typeof load>) => ({ params: d.params }),
  });
}

function searchProps(params: Params): FileSearchProps {
  return {
    aircraftId: params.aircraft_id,
    folderPath: params.folder_path,
    organization: params.organization,
    organizationId: params.organization_id,
    module: params.module,
    defaultQuery: params.query,
    defaultScope: params.scope === "all" ? "all" : params.folder_path ? "folder" : params.aircraft_id ? "aircraft" : "all",
  };
}

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => {
    const d = data as { params?: Params } | undefined;
    return d?.params ? searchProps(d.params) : {};
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = (data as { params?: Params } | undefined)?.params?.query;
  return [{ title: q ? `“${q}” · Search · AeroRecords` : "Search · AeroRecords" }];
};

const loadSearch = () => import("~/components/file-search/file-search").then((m) => m.FileSearch);

export default function StorageSearchRoute() {
  const { params } = useLoaderData<{ params: Params }>();
  return (
    <section>
      <PageMarkup id="page-search-head" />
      {/* The page's own box, for narrow screens (where the top bar shows only a search icon). */}
      <div className={s.searchRow}>
        <LazyIsland id="page-file-search" load={loadSearch} server={ServerSearch} props={searchProps(params)} />
      </div>
      <PageMarkup id="page-search-results" />
    </section>
  );
}
