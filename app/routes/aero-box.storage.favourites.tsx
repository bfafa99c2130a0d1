// /aero-box/storage/favourites (spec 000 §2): the user's favourites inside the AeroBOX shell. The star
// buttons post to /storage/favourites, which redirects back here.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FavouritesList } from "~/components/file-list/favourites-list";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { STORAGE_ROLES, listFavourites, parseId } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const page = Math.min(parseId(new URL(request.url).searchParams.get("page")) ?? 1, 100_000);
  const data = await listFavourites(api, page, 50);
  return json({ items: data.favourites, total: data.total, page: data.page, perPage: data.per_page }, { headers: { "Cache-Control": "private, no-store" } });
}

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
