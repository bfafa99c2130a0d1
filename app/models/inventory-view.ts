// The Inventory Report's table orders (browser-safe): the sortable keys the URL may carry (a
// whitelist; anything else falls back to the default) and the sort itself, applied by the loader.
import type { FleetInventory, Inventory } from "./schemas/inventory";

export type SortOrder = "asc" | "desc";
export const FOLDER_SORTS = ["name", "files", "size", "newest", "oldest"] as const;
export type FolderSort = (typeof FOLDER_SORTS)[number];
export const FLEET_SORTS = ["aircraft", "msn", "files", "size", "index", "empty"] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];

const text = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true, sensitivity: "base" });

export function sortFolders<F extends Inventory["folders"][number]>(folders: F[], sort: FolderSort, order: SortOrder): F[] {
  const key: Record<FolderSort, (a: F, b: F) => number> = {
    name: (a, b) => text(a.name, b.name),
    files: (a, b) => a.files - b.files,
    size: (a, b) => a.bytes - b.bytes,
    newest: (a, b) => (a.newest?.created_at ?? "").localeCompare(b.newest?.created_at ?? ""),
    oldest: (a, b) => (a.oldest?.created_at ?? "").localeCompare(b.oldest?.created_at ?? ""),
  };
  const sign = order === "desc" ? -1 : 1;
  return [...folders].sort((a, b) => sign * key[sort](a, b) || text(a.name, b.name));
}

export function sortFleet<R extends FleetInventory["aircraft"][number]>(rows: R[], sort: FleetSort, order: SortOrder): R[] {
  const key: Record<FleetSort, (a: R, b: R) => number> = {
    aircraft: (a, b) => text(a.aircraft.name, b.aircraft.name),
    msn: (a, b) => text(a.aircraft.msn, b.aircraft.msn),
    files: (a, b) => a.files - b.files,
    size: (a, b) => a.bytes - b.bytes,
    index: (a, b) => a.summary.present - b.summary.present,
    empty: (a, b) => a.empty_folders - b.empty_folders,
  };
  const sign = order === "desc" ? -1 : 1;
  return [...rows].sort((a, b) => sign * key[sort](a, b) || text(a.aircraft.name, b.aircraft.name));
}

/** The link of a column header: that key ascending, or flipped when it is already the order. */
export function sortHref(path: string, current: { sort: string; order: SortOrder }, key: string) {
  const order = current.sort === key && current.order === "asc" ? "desc" : "asc";
  return `${path}?sort=${key}&order=${order}`;
}
