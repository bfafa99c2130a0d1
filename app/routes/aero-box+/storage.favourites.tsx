// /aero-box/storage/favourites (spec 000 §2): the user's favourites inside the AeroBOX shell. The star
// buttons post to /storage/favourites, which redirects back here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { FavouritesList } from "~/components/file-list/favourites-list";
import * as ui from "~/components/ui/ui.css";
import { favouritesLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => favouritesLoader(args);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Favourites · AeroBOX · AeroRecords" }];

export default function AeroBoxFavouritesRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Favourites</h1>
          <p className={ui.pageLead}>Files and folders you starred.</p>
        </div>
      </header>
      <FavouritesList items={d.items} total={d.total} page={d.page} perPage={d.perPage} listBase={(id) => `/aero-box/aircrafts/${id}`} />
    </section>
  );
}
