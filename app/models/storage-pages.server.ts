// Loaders and actions shared by the storage pages (the standard and the /storage/uef/… variants, the
// /storage/* pages and the /aero-box shell). Route files stay thin: `export const loader = filesLoader`.
// Every function starts with requireUser: a parent layout's loader is not a gate.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { normalizeDir, parentOf } from "./paths";
import type { SearchResult } from "./schemas/storage";
import { SEARCH_CURSOR_PATTERN, checkSearchQuery } from "./search-query";
import { canWrite, safeRedirect } from "./roles";
import { FOLDER_LINK_REFUSED, filesBase, filesHref, listHref, parseId, parseListParams, previewHref, type Family } from "./storage-links";
import {
  STORAGE_ROLES,
  addFavourite,
  copyItems,
  createFolders,
  deleteItems,
  follow,
  getAircraft,
  listAircraft,
  listFavourites,
  listFolder,
  listFolderFrom,
  listFollowing,
  listOrganizations,
  moveItems,
  organizationName as organizationNameOf,
  removeFavourite,
  searchFiles,
  unfollow,
} from "./storage.server";
import { streamUploadToStore, uploadToast } from "./storage-upload.server";
import { copyPicker, folderPicker, type PickerData } from "./folder-picker.server";

type SearchResultRow = z.infer<typeof SearchResult>;

export const familyOf = (url: URL | string): Family => (/^\/storage\/uef\//i.test(typeof url === "string" ? url : url.pathname) ? "uef" : "standard");

/** A 404 page for ids that are not ids (the upstream would answer 404 too). */
const notFound = () => new Response("Not found", { status: 404 });

// ---- the fleet overview ---------------------------------------------------------------------

export const OVERVIEW_PER_PAGE = 48;
const STATUSES = ["GROUNDED", "IN OPERATION", "IN TRANSITION"] as const;

/** /storage/overview and /storage/uef/overview (and the /aero-box pages): the fleet with counts by status. */
export async function overviewLoader({ request, context }: LoaderFunctionArgs, family: Family = "standard") {
  const { user, api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const q = url.searchParams;
  const orgParam = q.get("organization") ?? q.get("org");
  const organization = orgParam && /^[\w.-]{1,100}$/.test(orgParam) ? orgParam : null;
  const module = q.get("module")?.slice(0, 50) || null;
  const search = (q.get("q") ?? "").trim().slice(0, 100);
  const status = (STATUSES as readonly string[]).includes(q.get("status") ?? "") ? (q.get("status") as (typeof STATUSES)[number]) : null;
  const page = Math.min(parseId(q.get("page")) ?? 1, 100_000);
  const staff = user.role === "admin" || user.role === "member";
  const [list, followed, orgs] = await Promise.all([
    listAircraft(api, { organization, module, q: search || null, status, page, perPage: OVERVIEW_PER_PAGE, family }),
    followedIds(api),
    staff ? listOrganizations(api, { family }).then((r) => r.organizations) : Promise.resolve(null),
  ]);
  return {
    family,
    aircraft: list.aircrafts,
    counts: list.counts,
    total: list.total,
    page: list.page,
    perPage: list.per_page,
    followed,
    filters: { organization, module, q: search, status },
    organizations: orgs ? orgs.map((o) => ({ slug: o.slug, name: o.name })) : null,
  };
}

// ---- the files page ---------------------------------------------------------------------------

export const DIALOGS = ["upload", "upload-one", "create", "rename", "move", "copy", "delete", "bulk-move", "bulk-copy", "bulk-delete"] as const;
export type DialogKind = (typeof DIALOGS)[number];

export async function filesLoader({ request, context, params }: LoaderFunctionArgs, opts: { family?: Family; basePath?: (id: number) => string } = {}) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const family = opts.family ?? familyOf(url);
  const aircraftId = parseId(params.aircraftId ?? params.id);
  if (!aircraftId) throw notFound();
  const p = parseListParams(url);
  // `?preview=<id>` is the preview dialog's URL (ADR 053): the listing's own navigations do not load
  // it (filesShouldRevalidate); opened as a document (a shared link, no JavaScript) it is the preview page.
  const previewId = parseId(url.searchParams.get("preview"));
  if (previewId) throw redirect(previewHref(aircraftId, previewId, { organization: p.organization, sort: p.sort, order: p.order, family }));
  const rootHref = filesHref(aircraftId, { family, organization: p.organization });
  if (p.dir === null) {
    // ../.., encoded separators, NUL, a drive letter…: refused, never "repaired".
    throw await redirectWithToast(rootHref, { type: "error", description: "The folder path is not valid." });
  }
  const detail = await getAircraft(api, aircraftId, family);
  const query = { dir: p.dir, fileid: p.fileid, page: url.searchParams.has("page") ? p.page : undefined, sort: p.sort, order: p.order, family };
  const folder = p.cursor ? await listFolderFrom(api, aircraftId, { ...query, cursor: p.cursor }) : await listFolder(api, aircraftId, query);
  if (!folder) {
    // A next / previous link the upstream refuses (damaged, or from before a change of order): the first page.
    const first = listHref(opts.basePath?.(aircraftId) ?? filesBase(aircraftId, family), { dir: p.dir, organization: p.organization, sort: p.sort, order: p.order });
    throw await redirectWithToast(first, { type: "error", description: FOLDER_LINK_REFUSED });
  }

  const dialogParam = url.searchParams.get("dialog");
  const dialog = (DIALOGS as readonly string[]).includes(dialogParam ?? "") ? (dialogParam as DialogKind) : null;
  const writer = canWrite(detail.access);
  type Item = { id: number; name: string; path: string; resourcetype: "collection" | "file" };
  let dialogData: { kind: DialogKind; item: Item | null; items: Item[]; picker: PickerData | null } | null = null;
  if (dialog && writer && dialog.startsWith("bulk-")) {
    // The bulk bar's selection (?sel=…): items of the folder on screen; anything else is ignored.
    const chosen = new Set(url.searchParams.getAll("sel").map(parseId));
    const items = folder.contents.filter((c) => chosen.has(c.id)).map((c) => ({ id: c.id, name: c.name, path: c.path, resourcetype: c.resourcetype }));
    if (!items.length) throw await redirectWithToast(listHref(opts.basePath?.(aircraftId) ?? filesBase(aircraftId, family), { dir: folder.folder.path, organization: p.organization, sort: p.sort, order: p.order }), { type: "error", description: "Choose files or folders first: tick their boxes." });
    const picker =
      dialog === "bulk-delete"
        ? null
        : dialog === "bulk-copy"
          ? await copyPicker(api, aircraftId, url.searchParams.get("to_aircraft"), url.searchParams.get("pick"), folder.folder.path, family)
          : await folderPicker(api, aircraftId, url.searchParams.get("pick"), folder.folder.path, family, items.filter((i) => i.resourcetype === "collection").map((i) => i.path));
    dialogData = { kind: dialog, item: null, items, picker };
  } else if (dialog && writer) {
    const itemId = parseId(url.searchParams.get("item"));
    const item = itemId ? (folder.contents.find((c) => c.id === itemId) ?? null) : null;
    const needsItem = dialog === "rename" || dialog === "move" || dialog === "copy" || dialog === "delete";
    if (!needsItem || item) {
      const picker =
        item && dialog === "copy"
          ? await copyPicker(api, aircraftId, url.searchParams.get("to_aircraft"), url.searchParams.get("pick"), folder.folder.path, family)
          : item && dialog === "move"
            ? await folderPicker(api, aircraftId, url.searchParams.get("pick"), folder.folder.path, family, item.resourcetype === "collection" ? [item.path] : [])
            : null;
      dialogData = {
        kind: dialog,
        item: item ? { id: item.id, name: item.name, path: item.path, resourcetype: item.resourcetype } : null,
        items: [],
        picker,
      };
    }
  }

  return {
    family,
    aircraft: detail.aircraft,
    access: detail.access,
    canWrite: writer,
    users: detail.users,
    folder: folder.folder,
    breadcrumb: folder.breadcrumb,
    contents: folder.contents,
    total: folder.total,
    page: folder.page,
    perPage: folder.per_page,
    nextCursor: folder.next_cursor,
    prevCursor: folder.prev_cursor,
    sort: folder.sort,
    order: folder.order,
    selectedId: folder.selected_id,
    organization: p.organization,
    dialog: dialogData,
  };
}

/**
 * The files route's action: the no-JS upload (multipart, streamed into the blob store). `base` is the
 * listing's path (/storage/…/files or /aero-box/aircrafts/{id}); the form's URL carries dir and dialog.
 */
export async function filesAction({ request, context, params }: ActionFunctionArgs, opts: { base?: (aircraftId: number, family: Family) => string } = {}) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const family = familyOf(url);
  const aircraftId = parseId(params.aircraftId ?? params.id);
  if (!aircraftId) throw notFound();
  const p = parseListParams(url);
  const base = (opts.base ?? filesBase)(aircraftId, family);
  const back = listHref(base, { dir: p.dir ?? "/", organization: p.organization });
  if (p.dir === null) return redirectWithToast(listHref(base, { organization: p.organization }), { type: "error", description: "The folder path is not valid." });
  const result = await streamUploadToStore(request, context, api, { aircraftId, dir: p.dir, fileid: null, family });
  const toast = uploadToast(result);
  // A refusal keeps the dialog open (to try again); a finished upload shows the listing.
  const dialog = url.searchParams.get("dialog") === "upload-one" ? "upload-one" : "upload";
  const to = result.error ? listHref(base, { dir: p.dir, organization: p.organization, extra: { dialog } }) : back;
  return redirectWithToast(to, toast);
}

// ---- folder operations: /storage/create, /storage/copy, /storage/move, /storage/delete ---------

const id = z.coerce.number().int().positive();
const OperationForm = z.object({
  aircraft_id: id,
  dir: z.string().max(2048).default("/"),
  family: z.enum(["standard", "uef"]).default("standard"),
  id: id.optional(),
  name: z.string().max(2048).optional(),
  new_name: z.string().max(255).optional(),
  to_dir: z.string().max(2048).optional(),
  to_aircraft_id: id.optional(),
  redirectTo: z.string().max(4096).optional(),
  returnTo: z.string().max(4096).optional(),
});

export type Operation = "create" | "copy" | "move" | "delete";

export const COPY_TARGET_REFUSED = "You may not copy into that aircraft: Edit Access to its records is needed.";

/** Whether the user may change an aircraft's records (unknown or unreadable: no). */
async function mayWrite(api: Api, aircraftId: number, family: Family) {
  const found = await getAircraft(api, aircraftId, family).catch((err: unknown) => {
    if (err instanceof Response && err.status < 500) return null; // 404 or a redirect: not one of theirs
    throw err;
  });
  return found != null && canWrite(found.access);
}

/** At most this many items in one bulk action (a page of the listing holds at most 500). */
export const BULK_MAX_ITEMS = 500;

/** The ids of a bulk form: positive integers, each once, at most BULK_MAX_ITEMS (more: none, refused). */
export function selectedIds(values: FormDataEntryValue[]): number[] {
  const ids = [...new Set(values.map((v) => (typeof v === "string" ? parseId(v) : null)).filter((n): n is number => n != null))];
  return ids.length > BULK_MAX_ITEMS ? [] : ids;
}

export async function operationAction({ request, context }: ActionFunctionArgs, op: Operation) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const formData = await request.formData();
  const form = Object.fromEntries(formData.entries());
  const parsed = OperationForm.safeParse(form);
  // Several items at once (the files page's bulk bar): every `ids` field; else the one `id`.
  const many = selectedIds(formData.getAll("ids"));
  const fallback = parsed.success ? filesHref(parsed.data.aircraft_id, { family: parsed.data.family }) : "/storage/overview";
  const redirectTo = safeRedirect(typeof form.redirectTo === "string" ? form.redirectTo : null, fallback);
  const returnTo = safeRedirect(typeof form.returnTo === "string" ? form.returnTo : null, redirectTo);
  const fail = (description: string) => redirectWithToast(returnTo, { type: "error", description });
  if (!parsed.success) return fail("The form is not complete: choose an item and try again.");
  const f = parsed.data;
  const dir = normalizeDir(f.dir);
  if (dir == null) return fail("The folder path is not valid.");
  const intent = typeof form.intent === "string" ? form.intent : op;

  let result;
  switch (op) {
    case "create": {
      const name = (f.name ?? "").trim();
      if (!name) return fail("Enter a folder name.");
      result = await createFolders(api, { aircraft_id: f.aircraft_id, dir, paths: [name] }, f.family);
      break;
    }
    case "copy": {
      const ids = f.id ? [f.id] : many;
      if (!ids.length) return fail("Choose what to copy.");
      const toDir = normalizeDir(f.to_dir ?? "");
      if (toDir == null || !f.to_dir) return fail("Enter a valid destination folder, for example /Records/2024.");
      // Into another aircraft (ADR 053): Edit Access to it is needed (the upstream checks it too).
      if (f.to_aircraft_id && f.to_aircraft_id !== f.aircraft_id && !(await mayWrite(api, f.to_aircraft_id, f.family))) {
        return fail(COPY_TARGET_REFUSED);
      }
      result = await copyItems(api, { aircraft_id: f.aircraft_id, ids, to_dir: toDir, to_aircraft_id: f.to_aircraft_id });
      break;
    }
    case "move": {
      const ids = f.id ? [f.id] : many;
      if (!ids.length) return fail("Choose what to move.");
      if (intent === "rename") {
        if (!f.id) return fail("Choose what to rename.");
        const newName = (f.new_name ?? "").trim();
        if (!newName) return fail("Enter a name.");
        result = await moveItems(api, { aircraft_id: f.aircraft_id, ids: [f.id], new_name: newName });
      } else {
        const toDir = normalizeDir(f.to_dir ?? "");
        if (toDir == null || !f.to_dir) return fail("Enter a valid destination folder, for example /Records/2024.");
        result = await moveItems(api, { aircraft_id: f.aircraft_id, ids, to_dir: toDir });
      }
      break;
    }
    case "delete": {
      const ids = f.id ? [f.id] : many;
      if (!ids.length) return fail("Choose what to delete.");
      result = await deleteItems(api, { aircraft_id: f.aircraft_id, ids });
      break;
    }
  }
  if (!result.ok) return fail(result.error);
  return redirectWithToast(redirectTo, { type: "success", description: result.message ?? "Done." });
}

/**
 * GET of /storage/create, /storage/copy, /storage/move, /storage/delete: the same form as a page
 * (a bookmarkable, no-JS confirmation step). Query: aircraft_id, dir, id (the item), family.
 */
export async function operationPageLoader({ request, context }: LoaderFunctionArgs, op: Operation) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const aircraftId = parseId(url.searchParams.get("aircraft_id"));
  const family: Family = url.searchParams.get("family") === "uef" ? "uef" : "standard";
  // Without an aircraft (or an item): the aircraft the user may change, each leading on (create: its
  // folder picker; copy, move, delete: its files page, where rows and the bulk bar choose the items).
  const choose = async (reason: string, only?: number) => {
    const fleet = await listAircraft(api, { family });
    const aircraft = fleet.aircrafts
      .filter((a) => canWrite(a.access) && (only == null || a.id === only))
      .map((a) => ({ id: a.id, name: a.name, msn: a.msn, href: op === "create" && only == null ? `/storage/create?aircraft_id=${a.id}${family === "uef" ? "&family=uef" : ""}` : filesHref(a.id, { family }) }));
    return { op, ready: false as const, reason, aircraft };
  };
  if (!aircraftId) {
    return choose(
      op === "create"
        ? "Choose the aircraft, then the folder to create the new folder in."
        : `Choose the aircraft, then tick the files and folders to ${op} in its records (or use a row's menu).`,
    );
  }
  const dir = normalizeDir(url.searchParams.get("pick") ?? url.searchParams.get("dir") ?? "/");
  if (dir == null) throw await redirectWithToast(filesHref(aircraftId, { family }), { type: "error", description: "The folder path is not valid." });
  const detail = await getAircraft(api, aircraftId, family);
  const itemId = parseId(url.searchParams.get("id"));
  let item: { id: number; name: string; path: string; resourcetype: "collection" | "file" } | null = null;
  if (op !== "create") {
    if (!itemId) return choose(`Tick the files and folders to ${op} in the aircraft's records (or use a row's menu).`, aircraftId);
    const listing = await listFolder(api, aircraftId, { dir: "/", fileid: itemId, family });
    const found = listing.contents.find((c) => c.id === itemId);
    item = found
      ? { id: found.id, name: found.name, path: found.path, resourcetype: found.resourcetype }
      : listing.folder.id === itemId
        ? { id: listing.folder.id, name: listing.folder.name, path: listing.folder.path, resourcetype: "collection" }
        : null;
    if (!item) return choose("That file or folder was not found.", aircraftId);
    if (item.path === "/") return choose("The aircraft's root folder cannot be changed.", aircraftId);
  }
  const itemDir = item ? (parentOf(item.path) ?? "/") : dir;
  const kind = op === "move" && url.searchParams.get("intent") === "rename" ? ("rename" as const) : op;
  // Create: the folder to create in; copy and move: the destination (same aircraft). One level per GET.
  const picker =
    kind === "create"
      ? await folderPicker(api, aircraftId, url.searchParams.get("pick"), itemDir, family)
      : kind === "copy"
        ? await copyPicker(api, aircraftId, url.searchParams.get("to_aircraft"), url.searchParams.get("pick"), itemDir, family)
        : kind === "move"
          ? await folderPicker(api, aircraftId, url.searchParams.get("pick"), itemDir, family, item?.resourcetype === "collection" ? [item.path] : [])
          : null;
  return {
    op,
    ready: true as const,
    kind,
    family,
    aircraft: detail.aircraft,
    canWrite: canWrite(detail.access),
    dir: kind === "create" && picker ? picker.path : itemDir,
    item,
    picker,
    closeHref: filesHref(aircraftId, { family, dir: itemDir }),
    returnTo: `${url.pathname}${url.search}`,
  };
}

// ---- organizations ------------------------------------------------------------------------------

export async function organizationsLoader({ request, context }: LoaderFunctionArgs, family: Family) {
  const { user, api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const q = new URL(request.url).searchParams;
  const filter = (q.get("filter") ?? "").trim().slice(0, 200);
  const productType = (q.get("product_type") ?? "").trim().slice(0, 50);
  const { organizations } = await listOrganizations(api, { filter: filter || null, productType: family === "standard" ? productType || null : null, family });
  return { family, staff: user.role === "admin" || user.role === "member", filter, productType, organizations };
}

// ---- search -----------------------------------------------------------------------------------

/**
 * /storage/search?query=&aircraft_id=&redirect_url=&organization=&organization_id=&folder_path=&module=&page=&scope=
 * The rules are the upstream's (scope, the organization's search-all flag, staff with or without a
 * client); the portal checks the query first (the same rules) so a bad one costs no upstream call.
 * `scope` (all | aircraft | folder) is the top bar's select: it narrows what the other parameters ask.
 */
export async function searchLoader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const q = url.searchParams;
  const query = (q.get("query") ?? "").slice(0, 1000);
  const scopeParam = q.get("scope");
  let aircraftId = parseId(q.get("aircraft_id"));
  let folderPathRaw = q.get("folder_path");
  if (scopeParam === "all") {
    aircraftId = null;
    folderPathRaw = null;
  } else if (scopeParam === "aircraft") folderPathRaw = null;
  const orgParam = q.get("organization") ?? q.get("org");
  const organization = orgParam && /^[\w.-]{1,100}$/.test(orgParam) ? orgParam : null;
  const organizationId = parseId(q.get("organization_id"));
  const module = q.get("module")?.slice(0, 50) || null;
  const page = Math.min(parseId(q.get("page")) ?? 1, 100_000);
  // The next link's cursor (the last hit of the page before); an unreadable one is ignored.
  const afterParam = q.get("after");
  const after = afterParam && SEARCH_CURSOR_PATTERN.test(afterParam) ? afterParam : null;
  const back = q.get("redirect_url") ? safeRedirect(q.get("redirect_url"), "") || null : null;
  const params = { query, aircraft_id: aircraftId, organization, organization_id: organizationId, folder_path: folderPathRaw, module, redirect_url: back, scope: scopeParam };

  const base = { params, results: [] as SearchResultRow[], total: 0, totalExact: true, next: null as string | null, page, perPage: 20, scope: null as string | null, aircraftName: null as string | null, error: null as string | null, folderPath: null as string | null, organizationName: null as string | null };
  const check = checkSearchQuery(query);
  if (!check.ok) return { ...base, error: query.trim() ? check.message : null };
  const folderPath = folderPathRaw ? normalizeDir(folderPathRaw) : null;
  if (folderPathRaw && folderPath == null) return { ...base, error: "The folder path is not valid." };

  const [r, organizationName] = await Promise.all([
    searchFiles(api, { query: check.query, aircraft_id: aircraftId, organization, organization_id: organizationId, folder_path: aircraftId ? folderPath : null, module, page, after }),
    // An administrator with a client selected searches that organization: the page names it.
    (user.role === "admin" || user.role === "member") && (organizationId || organization) ? organizationNameOf(api, organizationId ?? organization!) : Promise.resolve(null),
  ]);
  if (!r.ok) return { ...base, error: r.error };
  let aircraftName: string | null = null;
  if (r.data.scope !== "all" && aircraftId) {
    aircraftName = r.data.results[0]?.aircraft_name ?? (await getAircraft(api, aircraftId)).aircraft.name;
  }
  return { ...base, results: r.data.results, total: r.data.total, totalExact: r.data.total_exact, next: r.data.next, page: r.data.page, perPage: r.data.per_page, scope: r.data.scope, aircraftName, folderPath, organizationName };
}

// ---- favourites and following -----------------------------------------------------------------

const FAVOURITES_PER_PAGE = 50;

/** /storage/favourites and /aero-box/storage/favourites: the user's starred files and folders, a page of them. */
export async function favouritesLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const page = Math.min(parseId(new URL(request.url).searchParams.get("page")) ?? 1, 100_000);
  const data = await listFavourites(api, page, FAVOURITES_PER_PAGE);
  return { items: data.favourites, total: data.total, page: data.page, perPage: data.per_page };
}

export async function favouritesAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "/storage/favourites");
  const itemId = parseId(String(form.get("id") ?? ""));
  if (!itemId) return redirectWithToast(redirectTo, { type: "error", description: "Choose a file." });
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  const r = intent === "add" ? await addFavourite(api, itemId) : await removeFavourite(api, itemId);
  return toastFor(redirectTo, r, intent === "remove" ? "Removed from favourites." : "Added to favourites.");
}

// The /aero-box following page reaches everything through this module (one stub in its bundle, issue 12).
export { STORAGE_ROLES, listFollowing } from "./storage.server";

export async function followingAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "/aero-box/storage/following");
  const aircraftId = parseId(String(form.get("aircraft_id") ?? ""));
  if (!aircraftId) return redirectWithToast(redirectTo, { type: "error", description: "Choose an aircraft." });
  const intent = form.get("intent") === "unfollow" ? "unfollow" : "follow";
  const r = intent === "follow" ? await follow(api, aircraftId) : await unfollow(api, aircraftId);
  return toastFor(redirectTo, r, intent === "unfollow" ? "You no longer follow that aircraft." : "Following.");
}

async function toastFor(to: string, r: { ok: true; message: string | null } | { ok: false; error: string }, fallback: string) {
  if (r.ok) return redirectWithToast(to, { type: "success", description: r.message ?? fallback });
  return redirectWithToast(to, { type: "error", description: r.error });
}

/** Ids of the aircraft the user follows (for the follow toggles); empty when the call fails. */
export async function followedIds(api: Api): Promise<number[]> {
  try {
    return (await listFollowing(api)).aircrafts.map((a) => a.id);
  } catch (err) {
    if (err instanceof Response && err.status >= 300 && err.status < 400) throw err;
    console.warn("[storage] following list failed", err);
    return [];
  }
}
