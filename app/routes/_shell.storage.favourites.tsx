// /storage/favourites (spec 000 §2 "Storage"): the user's starred files and folders, on aircraft they
// still have access to. POST (intent add|remove, id, redirectTo) stars or un-stars an item from any
// page and redirects back with a toast: the star buttons of every listing post here.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FavouritesList } from "~/components/file-list/favourites-list";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { STORAGE_ROLES, listFavourites, parseId } from "~/models/storage.server";
import { favouritesAction } from "~/models/storage-pages.server";
import { requireUser } from "~/utils/auth.server";

const FAVOURITES_PER_PAGE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const page = Math.min(parseId(new URL(request.url).searchParams.get("page")) ?? 1, 100_000);
  const data = await listFavourites(api, page, FAVOURITES_PER_PAGE);
  return json({ items: data.favourites, total: data.total, page: data.page, perPage: data.per_page }, { headers: { "Cache-Control": "private, no-store" } });
}

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
