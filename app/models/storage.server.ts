// The storage product's client: typed functions over the one upstream client (api.server.ts), with
// the contract schemas of app/models/schemas/storage.ts (docs/api/storage.md). Loaders read like
// sentences: `const folder = await storage.listFolder(api, aircraftId, params)`.
//
// Reads (`api.get`) throw the spec's redirects (404/5xx → role landing, 401/403 → login); writes
// (`api.post`) answer a Result so an action can show the upstream's 422 message as an error toast.
import type { z } from "zod";
import type { Api, CallOptions } from "./api.server";
import type { Role } from "./roles";
import type { Family, FileSort, SortOrder } from "./storage-links";
import {
  AircraftDetailAnswer,
  AircraftListAnswer,
  AircraftUsersAnswer,
  ClientsAnswer,
  CopyAnswer,
  DeleteAnswer,
  DownloadAnswer,
  FILES_PER_PAGE,
  FavouritesAnswer,
  FilesAnswer,
  FollowingAnswer,
  FoldersAnswer,
  IndexFilesAnswer,
  MessageAnswer,
  MoveAnswer,
  OpenSearchAnswer,
  OrganizationAnswer,
  OrganizationsAnswer,
  PreprocessAnswer,
  PreviewAnswer,
  SearchAnswer,
  UploadLinkAnswer,
  ValidateFilesAnswer,
} from "./schemas/storage";

export type { Family, FileSort, SortOrder } from "./storage-links";

/**
 * Who may open the storage pages: clients, staff, and consultants (who see the fleet items with the
 * aerobox flag; the upstream shows each user only the aircraft they have access to).
 */
export const STORAGE_ROLES: readonly Role[] = ["client", "admin", "member", "consultant"];

/** `passthrough`: failures (401/403/404/5xx too) come back as results: for routes fetched by script. */
type Opts = Pick<CallOptions, "passthrough">;
export { filesHref, parseId, parseListParams, type ListParams } from "./storage-links";
export type FilesData = z.infer<typeof FilesAnswer>;
export type AircraftList = z.infer<typeof AircraftListAnswer>;
export type AircraftDetail = z.infer<typeof AircraftDetailAnswer>;
export type SearchData = z.infer<typeof SearchAnswer>;
export type UploadLinkData = z.infer<typeof UploadLinkAnswer>;
export type IndexFilesData = z.infer<typeof IndexFilesAnswer>;

const v2 = (family: Family) => (family === "uef" ? "/storage/v2/uef" : "/storage/v2");

// ---- fleet ------------------------------------------------------------------------------------

export function listAircraft(
  api: Api,
  opts: { organization?: string | null; module?: string | null; product?: "ops" | "oil"; q?: string | null; status?: string | null; page?: number; perPage?: number; family?: Family } = {},
) {
  return api.get("main", `${v2(opts.family ?? "standard")}/aircraft.json`, {
    query: { organization: opts.organization, module: opts.module, product: opts.product, q: opts.q, status: opts.status, page: opts.page, per_page: opts.perPage },
    schema: AircraftListAnswer,
  });
}

export function getAircraft(api: Api, aircraftId: number, family: Family = "standard") {
  return api.get("main", `${v2(family)}/aircraft/${aircraftId}.json`, { schema: AircraftDetailAnswer });
}

export function aircraftUsers(api: Api, aircraftId: number) {
  return api.get("main", `/storage/v2/aircraft/${aircraftId}/users.json`, { schema: AircraftUsersAnswer });
}

// ---- folders and files ------------------------------------------------------------------------

type FolderQuery = { dir: string; fileid?: number | null; page?: number; perPage?: number; sort?: FileSort; order?: SortOrder; family?: Family };

const folderQuery = (p: FolderQuery & { cursor?: string }) => ({
  dir: p.dir,
  fileid: p.fileid ?? undefined,
  page: p.page,
  cursor: p.cursor,
  per_page: p.perPage ?? FILES_PER_PAGE,
  sort: p.sort ?? "name",
  order: p.order ?? "asc",
});

export function listFolder(api: Api, aircraftId: number, p: FolderQuery) {
  return api.get("main", `${v2(p.family ?? "standard")}/aircraft/${aircraftId}/files.json`, { query: folderQuery(p), schema: FilesAnswer });
}

/**
 * The page of a folder after or before a row (a next / previous link's cursor, ADR 084); null when
 * the upstream refuses the cursor (damaged, or of another order): the page starts over.
 */
export async function listFolderFrom(api: Api, aircraftId: number, p: FolderQuery & { cursor: string }) {
  const r = await api.call("main", "GET", `${v2(p.family ?? "standard")}/aircraft/${aircraftId}/files.json`, { query: folderQuery(p), schema: FilesAnswer });
  if (r.ok) return r.data;
  if (r.status === 422) return null;
  throw new Response(r.error, { status: r.status, statusText: r.error.slice(0, 100) });
}

/** A signed GET link for one file (files.json?download=<fileid>). A Result: a resource route answers the failure itself. */
export function downloadLink(api: Api, aircraftId: number, fileId: number, family: Family = "standard") {
  return api.call("main", "GET", `${v2(family)}/aircraft/${aircraftId}/files.json`, { query: { download: fileId }, schema: DownloadAnswer });
}

/** A file's preview (files.json?preview=<fileid>): signed inline and download links, facts, a text file's start. */
export function previewFile(api: Api, aircraftId: number, fileId: number, family: Family = "standard") {
  return api.get("main", `${v2(family)}/aircraft/${aircraftId}/files.json`, { query: { preview: fileId }, schema: PreviewAnswer });
}

/** The folder as a streamed zip (the upstream's Response, passed through untouched). */
export function zipFolder(api: Api, aircraftId: number, dir: string, family: Family = "standard") {
  return api.raw("main", "GET", `${v2(family)}/aircraft/${aircraftId}/zip`, { query: { dir } });
}

/** Several files and folders of one aircraft as one streamed zip (zip?ids=1,2,3). */
export function zipItems(api: Api, aircraftId: number, ids: number[], family: Family = "standard") {
  return api.raw("main", "GET", `${v2(family)}/aircraft/${aircraftId}/zip`, { query: { ids: ids.join(",") } });
}

export function createFolders(api: Api, body: { aircraft_id: number; dir: string; paths: string[]; fileid?: number | null }, family: Family = "standard") {
  return api.post("main", `${v2(family)}/folders.json`, { json: body, schema: FoldersAnswer });
}

export function copyItems(api: Api, body: { aircraft_id: number; ids: number[]; to_dir: string; to_aircraft_id?: number }) {
  return api.post("main", "/storage/v2/files/copy.json", { json: body, schema: CopyAnswer });
}

export function moveItems(api: Api, body: { aircraft_id: number; ids: number[]; to_dir?: string; new_name?: string }) {
  return api.post("main", "/storage/v2/files/move.json", { json: body, schema: MoveAnswer });
}

export function deleteItems(api: Api, body: { aircraft_id: number; ids: number[] }) {
  return api.post("main", "/storage/v2/files/delete.json", { json: body, schema: DeleteAnswer });
}

// ---- uploads ----------------------------------------------------------------------------------

export function uploadLink(
  api: Api,
  body: { aircraft_id: number; dir: string; fileid?: number | null; uid?: string | null },
  family: Family = "standard",
  opts: Opts = {},
) {
  return api.post("main", `${v2(family)}/files/upload_link.json`, {
    ...opts,
    json: { aircraft_id: body.aircraft_id, dir: body.dir, fileid: body.fileid ?? undefined, uid: body.uid ?? undefined },
    schema: UploadLinkAnswer,
  });
}

export function indexFiles(
  api: Api,
  body: { key: string; files: { path: string; size: number }[]; aircraft_id: number; dir: string; fileid?: number | null },
  family: Family = "standard",
  opts: Opts = {},
) {
  return api.post("main", `${v2(family)}/files/index_files.json`, { ...opts, json: { ...body, fileid: body.fileid ?? undefined }, schema: IndexFilesAnswer });
}

export function preprocessFiles(
  api: Api,
  body: { key: string; files: { path: string; size: number }[]; uid?: string | null; aircraft_id: number; dir: string },
  opts: Opts = {},
) {
  return api.post("main", "/storage/v2/uef/files/preprocess_files.json", { ...opts, json: { ...body, uid: body.uid ?? undefined }, schema: PreprocessAnswer });
}

export function validateFiles(api: Api, q: { uid: string; dir: string }, opts: Opts = {}) {
  return api.call("main", "GET", "/storage/v2/uef/files/validate_files.json", { ...opts, query: q, schema: ValidateFilesAnswer });
}

// ---- organizations ----------------------------------------------------------------------------

export function listOrganizations(api: Api, opts: { filter?: string | null; productType?: string | null; family?: Family } = {}) {
  const path = opts.family === "uef" ? "/storage/v2/uef/organizations.json" : "/storage/organizations.json";
  return api.get("main", path, { query: { filter: opts.filter, product_type: opts.productType }, schema: OrganizationsAnswer });
}

export function getOrganization(api: Api, org: string | number) {
  return api.get("main", `/storage/organizations/${encodeURIComponent(String(org))}.json`, { schema: OrganizationAnswer });
}

export function listClients(api: Api) {
  return api.get("main", "/storage/clients.json", { schema: ClientsAnswer });
}

/** An organization's name by id or slug, or null (the search page's scope label; never redirects). */
export async function organizationName(api: Api, org: string | number): Promise<string | null> {
  const r = await api.call("main", "GET", `/storage/organizations/${encodeURIComponent(String(org))}.json`, { schema: OrganizationAnswer, passthrough: true });
  return r.ok ? r.data.organization.name : null;
}

/** The organization's search-all flag (new_open_search.json → result). */
export async function searchAllFlag(api: Api, organizationId: number): Promise<boolean> {
  const r = await api.call("main", "GET", "/storage/v2/organization/new_open_search.json", {
    query: { organization_id: organizationId },
    schema: OpenSearchAnswer,
  });
  return r.ok ? r.data.result : false;
}

// ---- search -----------------------------------------------------------------------------------

export interface SearchParams {
  query: string;
  aircraft_id?: number | null;
  organization?: string | null;
  organization_id?: number | null;
  folder_path?: string | null;
  module?: string | null;
  page?: number;
  /** The previous page's `next` cursor: the page starts after its last hit. */
  after?: string | null;
}

export function searchFiles(api: Api, p: SearchParams) {
  return api.call("main", "GET", "/storage/v2/search.json", {
    query: {
      query: p.query,
      aircraft_id: p.aircraft_id ?? undefined,
      organization: p.organization ?? undefined,
      organization_id: p.organization_id ?? undefined,
      folder_path: p.folder_path ?? undefined,
      module: p.module ?? undefined,
      page: p.page ?? 1,
      after: p.after ?? undefined,
    },
    schema: SearchAnswer,
  });
}

// ---- favourites and following -----------------------------------------------------------------

export function listFavourites(api: Api, page = 1, perPage = 50) {
  return api.get("main", "/storage/v2/favourites.json", { query: { page, per_page: perPage }, schema: FavouritesAnswer });
}

export function addFavourite(api: Api, itemId: number) {
  return api.post("main", "/storage/v2/favourites.json", { json: { id: itemId }, schema: MessageAnswer });
}

export function removeFavourite(api: Api, itemId: number) {
  return api.post("main", "/storage/v2/favourites/remove.json", { json: { id: itemId }, schema: MessageAnswer });
}

export function listFollowing(api: Api) {
  return api.get("main", "/storage/v2/following.json", { schema: FollowingAnswer });
}

export function follow(api: Api, aircraftId: number) {
  return api.post("main", "/storage/v2/following.json", { json: { aircraft_id: aircraftId }, schema: MessageAnswer });
}

export function unfollow(api: Api, aircraftId: number) {
  return api.post("main", "/storage/v2/following/remove.json", { json: { aircraft_id: aircraftId }, schema: MessageAnswer });
}
