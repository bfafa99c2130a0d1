// /storage/favourites (spec 000 §2 "Storage"): the user's starred files and folders, on aircraft they
// still have access to. POST (intent add|remove, id, redirectTo) stars or un-stars an item from any
// page and redirects back with a toast: the star buttons of every listing post here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { FavouritesPage } from "~/components/file-list/favourites-page";
import { favouritesAction, favouritesLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return favouritesLoader(args);
}

export const action = (args: ActionFunctionArgs) => favouritesAction(args);

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Favourites · AeroRecords" }];

export default function StorageFavouritesRoute() {
  return <FavouritesPage />;
}
