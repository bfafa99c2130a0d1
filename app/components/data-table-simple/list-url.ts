// The URL of a server-driven list: search, sort, direction and page live in the query string.
// Pure and browser-safe.

/**
 * The same list with some parameters changed (undefined or "" removes one). Changing anything but the
 * page resets it; a next / previous link's cursor (ADR 084) stays only when the patch sets it.
 */
export function listHref(pathname: string, search: string, patch: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || v === "") q.delete(k);
    else q.set(k, String(v));
  }
  if (!("page" in patch)) q.delete("page");
  if (!("cursor" in patch)) q.delete("cursor");
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** Where a click on a sortable column header goes: its key ascending, or flipped when it is the current sort. */
export function sortHref(pathname: string, search: string, key: string, current: { sort: string; dir: "asc" | "desc" }): string {
  const dir = current.sort === key ? (current.dir === "asc" ? "desc" : "asc") : "asc";
  return listHref(pathname, search, { sort: key, dir });
}
