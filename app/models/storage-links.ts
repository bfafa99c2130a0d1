// Links and URL parameters of the storage pages. Pure and browser-safe: loaders parse with these,
// components build links with them, so a page's URL always means the same thing.
import { normalizeDir } from "./paths";
// Types only from the schemas: importing their values would bring zod into every storage page's JS.
import type { FILE_SORTS as SchemaSorts, SORT_ORDERS as SchemaOrders } from "./schemas/storage";

export type FileSort = (typeof SchemaSorts)[number];
export type SortOrder = (typeof SchemaOrders)[number];
export const FILE_SORTS = ["name", "size", "date"] as const satisfies readonly FileSort[];
export const SORT_ORDERS = ["asc", "desc"] as const satisfies readonly SortOrder[];
/** The standard family (/storage/v2/…) or the extended one (/storage/v2/uef/…). */
export type Family = "standard" | "uef";

// ---- URL parameters the pages accept (a whitelist: nothing raw reaches the upstream) ------------

export interface ListParams {
  /** Normalized folder path, or null when the `dir` given is unsafe (the page refuses it). */
  dir: string | null;
  fileid: number | null;
  page: number;
  /** A next / previous link's cursor (ADR 084): opaque, base64url; anything else is kept as given, for the page to refuse. */
  cursor: string | null;
  sort: FileSort;
  order: SortOrder;
  organization: string | null;
}

const positiveInt = (v: string | null): number | null => {
  if (!v || !/^\d{1,12}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
};

export function parseId(v: string | null | undefined): number | null {
  return positiveInt(v ?? null);
}

/** The query of a files page: dir, fileid, organization, page, sort (name|size|date), order (asc|desc). */
export function parseListParams(url: URL): ListParams {
  const q = url.searchParams;
  const sort = (FILE_SORTS as readonly string[]).includes(q.get("sort") ?? "") ? (q.get("sort") as FileSort) : "name";
  const defaultOrder: SortOrder = sort === "date" ? "desc" : "asc";
  const order = (SORT_ORDERS as readonly string[]).includes(q.get("order") ?? "") ? (q.get("order") as SortOrder) : defaultOrder;
  const org = q.get("organization") ?? q.get("org");
  return {
    dir: q.has("dir") ? normalizeDir(q.get("dir")) : "/",
    fileid: positiveInt(q.get("fileid")),
    page: Math.min(positiveInt(q.get("page")) ?? 1, 1_000_000),
    cursor: q.get("cursor") || null,
    sort,
    order,
    organization: org && /^[\w.-]{1,100}$/.test(org) ? org : null,
  };
}

/** The toast of a next / previous link the upstream refused (damaged, or of another order): the page starts over. */
export const FOLDER_LINK_REFUSED = "That page link is no longer valid: here is the folder's first page.";

// ---- links ------------------------------------------------------------------------------------

/** A listing URL below `base` (a files page, or the /aero-box aircraft page) with the given parameters. */
export function listHref(
  base: string,
  p: { dir?: string | null; fileid?: number | null; organization?: string | null; page?: number; cursor?: string | null; sort?: FileSort; order?: SortOrder; extra?: Record<string, string> } = {},
) {
  const q = new URLSearchParams();
  if (p.dir && p.dir !== "/") q.set("dir", p.dir);
  if (p.fileid) q.set("fileid", String(p.fileid));
  if (p.organization) q.set("organization", p.organization);
  const sort = p.sort ?? "name";
  if (sort !== "name") q.set("sort", sort);
  const defaultOrder: SortOrder = sort === "date" ? "desc" : "asc";
  if (p.order && p.order !== defaultOrder) q.set("order", p.order);
  if (p.page && p.page > 1) q.set("page", String(p.page));
  if (p.cursor) q.set("cursor", p.cursor);
  for (const [k, v] of Object.entries(p.extra ?? {})) q.set(k, v);
  const s = q.toString();
  return `${base}${s ? `?${s}` : ""}`;
}

export const filesBase = (aircraftId: number, family: Family = "standard") => `/storage${family === "uef" ? "/uef" : ""}/aircraft/${aircraftId}/files`;

/** The files page of a folder, keeping the page's other parameters stable. */
export function filesHref(
  aircraftId: number,
  p: { dir?: string | null; fileid?: number | null; organization?: string | null; page?: number; sort?: FileSort; order?: SortOrder; family?: Family } = {},
) {
  return listHref(filesBase(aircraftId, p.family), p);
}

/** A file's preview page (/storage/aircraft/{id}/preview?fileid=…), keeping the listing's order for next / previous. */
export function previewHref(aircraftId: number, fileId: number, p: { organization?: string | null; sort?: FileSort; order?: SortOrder; family?: Family } = {}) {
  return listHref(`/storage/aircraft/${aircraftId}/preview`, { fileid: fileId, organization: p.organization, sort: p.sort, order: p.order, extra: p.family === "uef" ? { family: "uef" } : {} });
}

/** A file's versions (/storage/aircraft/{id}/versions?fileid=…; issue 19, ADR 042). */
export const versionsHref = (aircraftId: number, fileId: number) => `/storage/aircraft/${aircraftId}/versions?fileid=${fileId}`;

/** The aircraft's trash (/storage/aircraft/{id}/trash). */
export const trashHref = (aircraftId: number) => `/storage/aircraft/${aircraftId}/trash`;

/** The signed download of an earlier version of a file (the download resource route with `version`). */
export const versionDownloadHref = (aircraftId: number, fileId: number, versionId: number) =>
  `/resources/storage/download?aircraft_id=${aircraftId}&fileid=${fileId}&version=${versionId}`;

/** The signed download of one file (a resource route that redirects to the blob store). */
export const downloadHref = (aircraftId: number, fileId: number, family: Family = "standard") =>
  `/resources/storage/download?aircraft_id=${aircraftId}&fileid=${fileId}${family === "uef" ? "&family=uef" : ""}`;

/** A folder as a streamed zip. */
export const zipHref = (aircraftId: number, dir: string, family: Family = "standard") =>
  `/resources/storage/zip?${new URLSearchParams({ aircraft_id: String(aircraftId), dir, ...(family === "uef" ? { family: "uef" } : {}) })}`;
