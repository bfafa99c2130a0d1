// The favourites pages (/storage/favourites, /aero-box/storage/favourites) as server markup (issue 12,
// ADR 063, ADR 065): their loaders render them.
import { useLoaderData } from "@remix-run/react";
import { FavouritesList } from "~/components/file-list/favourites-list";
import * as ui from "~/components/ui/ui.css";
import type { favouritesLoader } from "~/models/storage-pages.server";

export { favouritesLoader as load } from "~/models/storage-pages.server";

export function FavouritesPage({ aeroBox = false }: { aeroBox?: boolean }) {
  const d = useLoaderData<typeof favouritesLoader>();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Favourites</h1>
          <p className={ui.pageLead}>{aeroBox ? "Files and folders you starred." : "Files and folders you starred, across your fleet."}</p>
        </div>
      </header>
      <FavouritesList items={d.items} total={d.total} page={d.page} perPage={d.perPage} listBase={aeroBox ? (id) => `/aero-box/aircrafts/${id}` : undefined} />
    </section>
  );
}
