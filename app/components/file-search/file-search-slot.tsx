// The top bar's file-search slot (spec 000 §2, §5): the search on pages whose route handle asks for
// it (`fileSearch`), nothing elsewhere; on narrow screens the box gives way to a search icon that
// opens /storage/search.
//
// The form's code (file-search.tsx: the special-character tooltip, Enter ignored on short queries)
// is fetched when the user comes near the box (pointer, touch, focus) or after a navigation (issue
// 12). Until then the form is the server's markup, a plain GET form the browser validates itself,
// as without JavaScript; what was typed carries over to the live form.
import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { LazyIsland, preloadIsland } from "~/components/lazy-island/lazy-island";
import * as s from "./file-search.css";
import { fileSearchFromMatches } from "./file-search-handle";
import { FileSearchBox as ServerBox } from "./file-search.server";

const ID = "file-search";
const load = () => import("./file-search").then((m) => m.FileSearchBox);
export const preloadFileSearch = () => preloadIsland(ID, load);

export function FileSearchSlot() {
  const matches = useMatches();
  const found = fileSearchFromMatches(matches as Parameters<typeof fileSearchFromMatches>[0]);
  const searchAll = useRouteLoaderData<{ shell?: { searchAll?: boolean } }>("routes/_shell+/_layout")?.shell?.searchAll === true;
  if (!found) return null;
  const props = searchAll ? { ...found, searchAll } : found;
  return (
    <div className={s.slot} data-slot="file-search">
      <LazyIsland id={ID} load={load} server={ServerBox} props={props} />
    </div>
  );
}
