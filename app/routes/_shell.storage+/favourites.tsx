// /storage/favourites (spec 000 §2 "Storage"): the user's starred files and folders, on aircraft they
// still have access to. POST (intent add|remove, id, redirectTo) stars or un-stars an item from any
// page and redirects back with a toast: the star buttons of every listing post here.
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FavouritesList } from "~/components/file-list/favourites-list";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { favouritesAction, favouritesLoader } from "~/models/storage-pages.server";

export const loader = favouritesLoader;
export const action = (args: ActionFunctionArgs) => favouritesAction(args);

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Favourites · AeroRecords" }];

export default function StorageFavouritesRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Favourites</h1>
          <p className={ui.pageLead}>Files and folders you starred, across your fleet.</p>
        </div>
      </header>
      <FavouritesList items={d.items} total={d.total} page={d.page} perPage={d.perPage} />
    </section>
  );
}
