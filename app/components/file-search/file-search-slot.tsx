// The top bar's file-search slot (spec 000 §2, §5): the search on pages whose route handle asks for
// it (`fileSearch`), nothing elsewhere; on narrow screens the box gives way to a search icon that
// opens /storage/search. The form is HTML (file-search.tsx); its plain widget adds the
// special-character tooltip and the Enter rule.
import { useMatches, useRouteLoaderData } from "@remix-run/react";
import * as s from "./file-search.css";
import { FileSearchBox } from "./file-search";
import { fileSearchFromMatches } from "./file-search-handle";

export function FileSearchSlot() {
  const matches = useMatches();
  const found = fileSearchFromMatches(matches as Parameters<typeof fileSearchFromMatches>[0]);
  const searchAll = useRouteLoaderData<{ shell?: { searchAll?: boolean } }>("routes/_shell+/_layout")?.shell?.searchAll === true;
  if (!found) return null;
  const props = searchAll ? { ...found, searchAll } : found;
  return (
    <div className={s.slot} data-slot="file-search">
      <FileSearchBox {...props} />
    </div>
  );
}
