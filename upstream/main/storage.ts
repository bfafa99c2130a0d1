// Storage routes of the main API (mounted after requireAuth): aircraft lists, folders and files,
// uploads (signed POST policies + indexing), zip downloads, copy/move/rename/delete, search,
// favourites and following. Contract: docs/api/storage.md, schemas in app/models/schemas/storage.ts.
//
// Every aircraft-scoped call checks access through upstream/access.ts with product "storage":
// read to look, write (or su_write) to change. An aircraft the user cannot see answers 404.
// Records live in storage_items (folders: is_folder = 1; the aircraft root is the row with path "/"
// whose id is aircraft.file_id); file bytes live in the blob store under their blob_key, exactly one
// row per blob. Rows and the search index change in one transaction; blobs are written before it, so
// a failure never leaves a row without its blob.
//
// Nothing filed is ever lost here (issue 19, ADR 042): an upload over a same-named file keeps the old
// content as a version (file_versions), a delete moves the rows into the aircraft's trash
// (upstream/records/trash.ts), and only the trash job deletes a filed blob. This module deletes only
// blobs that no row ever referenced (a refused upload, a copy that failed before its rows were written).
import { recordUploadIntent } from "../blob/orphans";
import { isPostgres, likeOp, nocase } from "../db/dialect";
import { countBefore, decodeCursor, encodeCursor, keyAt, seek, type KeyColumn, type KeyValue } from "../db/keyset";
import type { DB } from "../db";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { sql, type RawBuilder, type Selectable, type Transaction } from "kysely";
import archiver from "archiver";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { AircraftStatus, Database, StorageItemsTable } from "../db/schema";
import { nowIso } from "../db";
import { isStaff, requireAccess, requireRole, visibleAircraftIds } from "../access";
import { ApiError, deny, notFound, readBody, readQuery, refuse } from "../http";
import {
  COPY_MAX_ITEMS,
  CopyInput,
  DEFAULT_UPLOAD_MAX_BYTES,
  DOWNLOAD_LINK_TTL_SECONDS,
  PREVIEW_TEXT_BYTES,
  DeleteInput,
  AircraftListQuery,
  ClientsQuery,
  FILE_SORTS,
  FilesQuery,
  OpenSearchQuery,
  OrganizationsQuery,
  PagedQuery,
  SearchQuery,
  ValidateFilesQuery,
  ZipQuery,
  FavouriteInput,
  FollowInput,
  FoldersInput,
  IndexFilesInput,
  MoveInput,
  PreprocessInput,
  SORT_ORDERS,
  STORAGE_MESSAGES,
  SplitFilesInput,
  UPLOAD_BATCH_MAX_BYTES,
  UPLOAD_BATCH_SIZE,
  UPLOAD_LINK_TTL_SECONDS,
  UploadLinkInput,
  ZIP_MAX_FILES,
  splitIntoBatches,
  type Aircraft,
  type StorageItem,
} from "../../app/models/schemas/storage";
import {
  DROP_REASON_TEXT,
  sanitizeFileName,
  sanitizeFolderName,
  sanitizeFolderPath,
  sanitizeRelativePath,
  type NamingFlow,
} from "../../app/models/file-names";
import { checkSearchQuery } from "../../app/models/search-query";
import { ancestorsOf, basename, isWithin, joinPath, normalizeDir, parentOf } from "../../app/models/paths";
import { isValidKey } from "../blob/local";
import { queueExtraction } from "../jobs/extract-text";
import { deletionBlock, hasRetentionRules, reclassBlock } from "../records/rules";
import { moveToTrash, nowMsOf } from "../records/trash";
import { contentDisposition } from "../../app/utils/content-disposition";

type Ctx = Context<HonoEnv>;
type Trx = Transaction<Database>;
type ItemRow = Selectable<StorageItemsTable>;

/** Largest single upload; UPLOAD_MAX_BYTES in the environment overrides the 5 GiB default. */
const UPLOAD_MAX_BYTES = (() => {
  const v = Number(process.env.UPLOAD_MAX_BYTES);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : DEFAULT_UPLOAD_MAX_BYTES;
})();
/** An upload prefix can be re-signed (retry, link refresh) for this long after it was issued. */
const UPLOAD_PREFIX_REUSE_HOURS = 24;
/** Files one UEF batch may list in total. */
const BATCH_MAX_FILES = 100_000;
const BLOB_CONCURRENCY = 16;

const UPLOAD_KEY = /^aircraft\/(\d+)\/([0-9a-f]{32})\/$/;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const ctx = (c: Ctx) => ({ user: c.get("user"), deps: c.get("deps") });

const randomUid = () => crypto.randomBytes(16).toString("hex");

/** Escapes LIKE wildcards: a filter for "a_b" finds only "a_b". */
const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Deletes blobs that no row references (never a filed one: those go only through the trash job). */
async function discardUnfiledBlobs(deps: Deps, keys: (string | null | undefined)[]) {
  const list = [...new Set(keys.filter((k): k is string => !!k))];
  await mapLimit(list, BLOB_CONCURRENCY, async (k) => {
    try {
      await deps.blob.delete(k);
    } catch (err) {
      console.error("[storage] could not delete blob", k, err);
    }
  });
}

function parseDir(raw: string | null | undefined): string {
  const dir = normalizeDir(raw ?? "/");
  if (dir == null) throw refuse(STORAGE_MESSAGES.badDir, { dir: [STORAGE_MESSAGES.badDir] });
  return dir;
}

/** Rows whose path is `p` or below it (folders) in one aircraft; case-sensitive (LIKE is not). */
const underPath = (p: string) =>
  p === "/" ? sql<boolean>`1 = 1` : sql<boolean>`(path = ${p} OR substr(path, 1, length(${p}) + 1) = ${`${p}/`})`;

function itemDto(r: ItemRow, favourite = false): StorageItem {
  return {
    id: r.id,
    name: r.name,
    path: r.path,
    s3_full_path: r.is_folder ? `aircraft/${r.aircraft_id}${r.path === "/" ? "" : r.path}/` : (r.blob_key ?? ""),
    resourcetype: r.is_folder ? "collection" : "file",
    size: r.size,
    content_type: r.content_type,
    updated_at: r.updated_at,
    favourite,
  };
}

/** DTOs of rows by id, with the caller's favourite flags, in the order of `ids` (one query). */
async function loadItems(deps: Deps, user: AuthUser, ids: number[]): Promise<StorageItem[]> {
  if (!ids.length) return [];
  const rows: (ItemRow & { fav: number | null })[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    rows.push(
      ...(await deps.db
        .selectFrom("storage_items")
        .leftJoin("favourites", (j) => j.onRef("favourites.item_id", "=", "storage_items.id").on("favourites.user_id", "=", user.id))
        .selectAll("storage_items")
        .select("favourites.user_id as fav")
        .where("storage_items.id", "in", chunk)
        .execute()),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [itemDto(r, r.fav != null)] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Aircraft
// ---------------------------------------------------------------------------------------------

/** Aircraft rows with their organization and the caller's storage access (non-staff: only granted ones). */
/**
 * The aircraft a user may open in a product, with their level there. For a module (ops, oil): only
 * aircraft of organizations with the module that are registered for it (they have its tabs), with
 * the module's issue date.
 */
function aircraftQuery(deps: Deps, user: AuthUser, product: "storage" | "ops" | "oil" = "storage") {
  let q = deps.db
    .selectFrom("aircraft")
    .innerJoin("organizations as o", "o.id", "aircraft.organization_id")
    .leftJoin("aircraft_access as aa", (j) =>
      j.onRef("aa.aircraft_id", "=", "aircraft.id").on("aa.user_id", "=", user.id).on("aa.product", "=", product),
    )
    .select([
      "aircraft.id",
      "aircraft.name",
      "aircraft.msn",
      "aircraft.registration",
      "aircraft.kind",
      "aircraft.manufacturer",
      "aircraft.model",
      "aircraft.status",
      "aircraft.organization_id",
      "aircraft.file_id",
      "o.name as org_name",
      "o.slug as org_slug",
      "o.search_all as org_search_all",
      "aa.access as access",
      product === "oil" ? "aircraft.oil_issue_date as issue_date" : "aircraft.ops_issue_date as issue_date",
    ]);
  if (product !== "storage") {
    q = q
      .where(product === "ops" ? "o.has_ops" : "o.has_oil", "=", 1)
      .where((eb) => eb.exists(eb.selectFrom("tabs").select("tabs.id").whereRef("tabs.aircraft_id", "=", "aircraft.id").where("tabs.product", "=", product).where("tabs.is_template", "=", 0)));
  }
  if (!isStaff(user)) {
    q = q.where("aa.access", "is not", null);
    // Same rule as access.ts: a grant on another organization's aircraft does not count.
    if (user.organization_id != null) q = q.where("aircraft.organization_id", "=", user.organization_id);
  }
  return q;
}

type AircraftRow = Awaited<ReturnType<ReturnType<typeof aircraftQuery>["executeTakeFirstOrThrow"]>>;

function aircraftDto(r: AircraftRow, user: AuthUser, product: "storage" | "ops" | "oil" = "storage"): Aircraft {
  const link =
    product === "ops"
      ? `/client/Aeroops/aeroplane?org_msn_id=${r.id}&aerotype=Aeroops`
      : product === "oil"
        ? `/client/Aerooil/statusDashboard?org_msn_id=${r.id}&aerotype=Aerooil`
        : `/storage/aircraft/${r.id}/files`;
  return {
    id: r.id,
    name: r.name,
    msn: r.msn,
    registration: r.registration,
    kind: r.kind,
    manufacturer: r.manufacturer,
    model: r.model,
    status: r.status,
    organization_id: r.organization_id,
    organization: { id: r.organization_id, name: r.org_name, slug: r.org_slug },
    file_id: r.file_id,
    link,
    access: isStaff(user) ? "su_write" : (r.access ?? "read"),
    ...(product === "storage" ? {} : { issue_date: r.issue_date ?? null }),
  };
}

/** The aircraft as the caller sees it in storage, or null. */
async function visibleAircraft(deps: Deps, user: AuthUser, aircraftId: number): Promise<AircraftRow | null> {
  return (await aircraftQuery(deps, user).where("aircraft.id", "=", aircraftId).executeTakeFirst()) ?? null;
}

/** The aircraft as the caller sees it, or 404. */
async function loadAircraft(deps: Deps, user: AuthUser, aircraftId: number): Promise<AircraftRow> {
  const row = await visibleAircraft(deps, user, aircraftId);
  if (!row) throw notFound("That aircraft");
  return row;
}

/** The aircraft's root folder ("/"); created (and linked as file_id) if an older record lacks it. */
async function rootFolder(deps: Deps, aircraft: Pick<AircraftRow, "id" | "name" | "file_id">): Promise<ItemRow> {
  if (aircraft.file_id != null) {
    const row = await deps.db.selectFrom("storage_items").selectAll().where("id", "=", aircraft.file_id).executeTakeFirst();
    if (row && row.aircraft_id === aircraft.id && row.is_folder) return row;
  }
  return await deps.db.transaction().execute(async (trx) => {
    let row = await trx.selectFrom("storage_items").selectAll().where("aircraft_id", "=", aircraft.id).where("path", "=", "/").executeTakeFirst();
    if (!row) {
      row = await trx
        .insertInto("storage_items")
        .values({ aircraft_id: aircraft.id, parent_id: null, path: "/", name: aircraft.name, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await trx.updateTable("aircraft").set({ file_id: row.id }).where("id", "=", aircraft.id).execute();
    return row;
  });
}

/** The folders directly under an aircraft's root, by name (the fleet tree's first level). */
async function topFolders(deps: Deps, aircraft: AircraftRow, limit: number) {
  const root = await rootFolder(deps, aircraft);
  return deps.db
    .selectFrom("storage_items as si")
    .select(["si.id", "si.path", "si.name"])
    .where("si.parent_id", "=", root.id)
    .where("si.is_folder", "=", 1)
    .orderBy(nocase(deps.db, sql.ref("si.name")))
    .orderBy("si.id")
    .limit(limit)
    .execute();
}

/** The folder a call targets: `fileid` (a folder of this aircraft) or `dir` (a path); 404 if none. */
async function resolveFolder(
  deps: Deps,
  aircraft: AircraftRow,
  where: { fileid?: number; dir?: string | null },
): Promise<ItemRow> {
  const dir = where.dir != null && where.dir !== "" ? parseDir(where.dir) : null;
  if (where.fileid != null) {
    const row = await deps.db.selectFrom("storage_items").selectAll().where("id", "=", where.fileid).where("aircraft_id", "=", aircraft.id).executeTakeFirst();
    if (!row || !row.is_folder) throw notFound("That folder");
    return row;
  }
  if (dir == null || dir === "/") return rootFolder(deps, aircraft);
  const row = await deps.db
    .selectFrom("storage_items")
    .selectAll()
    .where("aircraft_id", "=", aircraft.id)
    .where("path", "=", dir)
    .where("is_folder", "=", 1)
    .executeTakeFirst();
  if (!row) throw notFound("That folder");
  return row;
}

async function itemsOfAircraft(deps: Deps, aircraftId: number, ids: number[]): Promise<ItemRow[]> {
  const rows = await deps.db.selectFrom("storage_items").selectAll().where("aircraft_id", "=", aircraftId).where("id", "in", ids).execute();
  if (rows.length !== new Set(ids).size) throw notFound("That file");
  return rows;
}

/** Drops items that lie inside another selected folder (they travel with it). */
function topLevelOnly(items: ItemRow[]): ItemRow[] {
  const folders = items.filter((i) => i.is_folder).map((i) => i.path);
  return items.filter((i) => !folders.some((f) => f !== i.path && isWithin(i.path, f)));
}

/** Folders (created when missing) along `relFolders` below `base`; throws 422 when a file is in the way. */
class FolderMaker {
  private known = new Map<string, { id: number; is_folder: number }>();
  readonly created: ItemRow[] = [];
  constructor(
    private trx: Trx,
    private aircraftId: number,
    private userId: number,
  ) {}

  /** Loads the rows of many paths at once (so a big upload costs one query, not one per folder). */
  async prefetch(paths: string[]) {
    const todo = [...new Set(paths)].filter((p) => !this.known.has(p));
    for (let i = 0; i < todo.length; i += 500) {
      const rows = await this.trx
        .selectFrom("storage_items")
        .select(["id", "path", "is_folder"])
        .where("aircraft_id", "=", this.aircraftId)
        .where("path", "in", todo.slice(i, i + 500))
        .execute();
      for (const r of rows) this.known.set(r.path, r);
    }
  }

  remember(path: string, row: { id: number; is_folder: number }) {
    this.known.set(path, row);
  }

  lookup(path: string) {
    return this.known.get(path);
  }

  async ensure(base: ItemRow, relSegments: string[]): Promise<{ id: number; path: string }> {
    let parent = { id: base.id, path: base.path };
    for (const seg of relSegments) {
      const path = joinPath(parent.path, seg);
      let row = this.known.get(path);
      if (!row) {
        const found = await this.trx.selectFrom("storage_items").select(["id", "is_folder"]).where("aircraft_id", "=", this.aircraftId).where("path", "=", path).executeTakeFirst();
        if (found) row = found;
      }
      if (row && !row.is_folder) throw refuse(`"${basename(path)}" is a file in ${parentOf(path)}: a folder of that name cannot be created there.`);
      if (!row) {
        const now = nowIso();
        const inserted = await this.trx
          .insertInto("storage_items")
          .values({ aircraft_id: this.aircraftId, parent_id: parent.id, path, name: seg, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: this.userId, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        this.created.push(inserted);
        row = inserted;
      }
      this.known.set(path, row);
      parent = { id: row.id, path };
    }
    return parent;
  }
}

// Query schemas: app/models/schemas/storage.ts (shared with the OpenAPI registry).

const aircraftIdParam = (c: Ctx) => {
  const raw = c.req.param("id") ?? "";
  const id = Number(raw.replace(/\.json$/, ""));
  if (!Number.isInteger(id) || id <= 0) throw notFound("That aircraft");
  return id;
};

// ---------------------------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------------------------

const orgDto = (o: { id: number; name: string; slug: string; product_type: string; search_all: number }) => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  product_type: o.product_type,
  search_all: o.search_all === 1,
});

/** An organization by slug or id as the caller may see it (non-staff: only their own), or 404. */
async function findOrganization(deps: Deps, user: AuthUser, ref: string | number) {
  let q = deps.db.selectFrom("organizations").select(["id", "name", "slug", "product_type", "search_all"]);
  q = typeof ref === "number" || /^\d+$/.test(ref) ? q.where("id", "=", Number(ref)) : q.where("slug", "=", ref);
  const org = await q.executeTakeFirst();
  if (!org || (!isStaff(user) && org.id !== user.organization_id)) throw notFound("That organization");
  return org;
}

async function listOrganizations(c: Ctx, withProductType: boolean) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, OrganizationsQuery);
  let q = deps.db.selectFrom("organizations").select(["id", "name", "slug", "product_type", "search_all"]).orderBy("name").orderBy("id");
  if (!isStaff(user)) {
    if (user.organization_id == null) return c.json({ organizations: [] });
    q = q.where("id", "=", user.organization_id);
  }
  if (query.filter) q = q.where((eb) => eb.or([eb("name", likeOp(deps.db), likeContains(query.filter!)), eb("slug", likeOp(deps.db), likeContains(query.filter!))]));
  if (withProductType && query.product_type) q = q.where("product_type", "=", query.product_type);
  return c.json({ organizations: (await q.execute()).map(orgDto) });
}

// ---------------------------------------------------------------------------------------------
// Handlers: aircraft
// ---------------------------------------------------------------------------------------------

async function aircraftList(c: Ctx) {
  const { user, deps } = ctx(c);
  return c.json(await listAircraft(deps, user, readQuery(c, AircraftListQuery)));
}

/** GET aircraft.json's answer: a page of the aircraft the caller may see, with status counts. */
async function listAircraft(deps: Deps, user: AuthUser, query: z.infer<typeof AircraftListQuery>) {
  // `module` (the shell's product context) does not change which aircraft storage lists; `product`
  // = ops / oil lists the aircraft the caller may open in that module, with its level there and the
  // module's issue date (My Fleet).
  const product = query.product ?? "storage";
  let orgId: number | null = null;
  if (query.organization) orgId = (await findOrganization(deps, user, query.organization)).id;
  const filtered = () => {
    let q = aircraftQuery(deps, user, product);
    if (orgId != null) q = q.where("aircraft.organization_id", "=", orgId);
    if (query.q) {
      const like = likeContains(query.q);
      q = q.where((eb) =>
        eb.or([eb("aircraft.name", likeOp(deps.db), like), eb("aircraft.msn", likeOp(deps.db), like), eb("aircraft.registration", likeOp(deps.db), like)]),
      );
    }
    return q;
  };
  const statusRows = await filtered()
    .clearSelect()
    .select(["aircraft.status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("aircraft.status")
    .execute();
  const by = (s: AircraftStatus) => Number(statusRows.find((r) => r.status === s)?.n ?? 0);
  const counts = {
    total: statusRows.reduce((a, r) => a + Number(r.n), 0),
    grounded: by("GROUNDED"),
    operational: by("IN OPERATION"),
    transitional: by("IN TRANSITION"),
  };
  let list = filtered();
  if (query.status) list = list.where("aircraft.status", "=", query.status);
  const total = query.status ? by(query.status) : counts.total;
  const rows = await list
    .orderBy("aircraft.name")
    .orderBy("aircraft.id")
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return { aircrafts: rows.map((r) => aircraftDto(r, user, product)), counts, total, page: query.page, per_page: query.per_page };
}

async function aircraftUsers(deps: Deps, aircraft: AircraftRow) {
  const rows = await deps.db
    .selectFrom("aircraft_access as aa")
    .innerJoin("users as u", "u.id", "aa.user_id")
    .select(["u.id as user_id", "u.username", "aa.access"])
    .where("aa.aircraft_id", "=", aircraft.id)
    .where("aa.product", "=", "storage")
    .where("u.active", "=", 1)
    .where((eb) => eb.or([eb("u.organization_id", "is", null), eb("u.organization_id", "=", aircraft.organization_id)]))
    .orderBy("u.username")
    .orderBy("u.id")
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, username: r.username, access: r.access }));
}

async function aircraftDetail(c: Ctx) {
  const { user, deps } = ctx(c);
  const aircraft = await loadAircraft(deps, user, aircraftIdParam(c));
  const dto = aircraftDto(aircraft, user);
  return c.json({ aircraft: dto, access: dto.access, users: await aircraftUsers(deps, aircraft) });
}

async function aircraftUsersRoute(c: Ctx) {
  const { user, deps } = ctx(c);
  const aircraft = await loadAircraft(deps, user, aircraftIdParam(c));
  return c.json({ users: await aircraftUsers(deps, aircraft) });
}

// ---------------------------------------------------------------------------------------------
// Handlers: folder listing, download link, zip
// ---------------------------------------------------------------------------------------------

/**
 * A folder listing's order as key columns (ADR 084): folders first, then the chosen key, then name
 * and id so that pages are stable. Each order, read per folder / file segment, is the order of one
 * index read forwards or backwards (005_speed, 023_keyset), so a page reads its rows in order.
 */
function folderKey(db: DB, sort: (typeof FILE_SORTS)[number], order: (typeof SORT_ORDERS)[number]): KeyColumn[] {
  const desc = order === "desc";
  const folders: KeyColumn = { expr: sql`si.is_folder`, desc: true, kind: "flag" };
  const name: KeyColumn = { expr: nocase(db, sql.ref("si.name")), desc, kind: "text", value: (v) => (isPostgres(db) ? sql`lower(${v})` : sql`${v}`) };
  const id: KeyColumn = { expr: sql`si.id`, desc, kind: "int" };
  if (sort === "name") return [folders, name, id];
  const key: KeyColumn = sort === "size" ? { expr: sql`si.size`, desc, kind: "int" } : { expr: sql`si.updated_at`, desc, kind: "text" };
  return [folders, key, { ...name, desc: false }, { ...id, desc: false }];
}

/** A row's key in `folderKey`'s order (what a cursor holds). */
function folderKeyOf(sort: (typeof FILE_SORTS)[number], r: Pick<ItemRow, "is_folder" | "size" | "updated_at" | "name" | "id">): KeyValue[] {
  if (sort === "name") return [r.is_folder, r.name, r.id];
  return [r.is_folder, sort === "size" ? r.size : r.updated_at, r.name, r.id];
}

async function filesList(c: Ctx) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, FilesQuery);
  const aircraft = await loadAircraft(deps, user, aircraftIdParam(c));
  const access = aircraftDto(aircraft, user).access;

  if (query.download != null) {
    const file = await deps.db
      .selectFrom("storage_items")
      .selectAll()
      .where("id", "=", query.download)
      .where("aircraft_id", "=", aircraft.id)
      .executeTakeFirst();
    if (!file) throw notFound("That file");
    if (file.is_folder) throw refuse("A folder is downloaded as a zip: use the folder's Download action.");
    if (!file.blob_key || !(await deps.blob.stat(file.blob_key))) throw notFound("That file's content");
    const url = await deps.blob.signedGetUrl(file.blob_key, { expiresInSeconds: DOWNLOAD_LINK_TTL_SECONDS, filename: file.name, download: true });
    return c.json({ url, name: file.name, size: file.size });
  }

  if (query.preview != null) return c.json(await previewOf(deps, aircraft.id, query.preview));

  // `fileid` names a folder, or a file: then its folder is listed on the page that holds it.
  let folder: ItemRow;
  let selected: ItemRow | null = null;
  if (query.dir) parseDir(query.dir);
  if (query.fileid != null) {
    const row = await deps.db
      .selectFrom("storage_items")
      .selectAll()
      .where("id", "=", query.fileid)
      .where("aircraft_id", "=", aircraft.id)
      .executeTakeFirst();
    if (!row) throw notFound("That folder");
    if (row.is_folder) folder = row;
    else {
      selected = row;
      const parent = row.parent_id != null ? await deps.db.selectFrom("storage_items").selectAll().where("id", "=", row.parent_id).executeTakeFirst() : null;
      folder = parent ?? (await rootFolder(deps, aircraft));
    }
  } else {
    folder = await resolveFolder(deps, aircraft, { dir: query.dir ?? "/" });
  }

  const nameLike = query.query ? likeContains(query.query) : null;
  const base = () => {
    let q = deps.db.selectFrom("storage_items as si").where("si.parent_id", "=", folder.id);
    if (nameLike) q = q.where("si.name", likeOp(deps.db), nameLike);
    return q;
  };
  const total = Number((await base().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const perPage = query.per_page;

  // Keyset paging (ADR 084): every page is read from a key, never by skipping rows with OFFSET.
  const cols = folderKey(deps.db, query.sort, query.order);
  const scope = `files.${query.sort}.${query.order}`;
  const keyOf = (r: ItemRow) => folderKeyOf(query.sort, r);
  const read = (where: RawBuilder<boolean>, order: RawBuilder<unknown>, limit: number) =>
    base()
      .leftJoin("favourites as f", (j) => j.onRef("f.item_id", "=", "si.id").on("f.user_id", "=", user.id))
      .selectAll("si")
      .select("f.user_id as fav")
      .where(where)
      .orderBy(order)
      .limit(limit)
      .execute();
  const countWhere = async (where: RawBuilder<boolean>) => Number((await base().where(where).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pageOf = async (key: KeyValue[]) => Math.floor((await countBefore(cols, key, countWhere)) / perPage) + 1;

  let page = query.page ?? 1;
  let rows: Awaited<ReturnType<typeof read>>;
  if (query.cursor != null) {
    // `next_cursor` / `prev_cursor` of an earlier answer: the page after or before that row.
    const cursor = decodeCursor(query.cursor, scope, cols);
    if (!cursor) throw refuse(STORAGE_MESSAGES.badCursor, { cursor: [STORAGE_MESSAGES.badCursor] });
    rows = await seek(cols, cursor.key, cursor.direction, perPage, read);
    if (cursor.direction === "before" && rows.length < perPage) {
      // Rows were removed above since: the first page is the one before.
      rows = await seek(cols, null, "after", perPage, read);
      page = 1;
    } else if (query.page == null) page = rows.length ? await pageOf(keyOf(rows[0]!)) : 1;
  } else if (selected && query.page == null) {
    // The page that holds the selected file: the rows before it, counted on the index, place it.
    const key = keyOf(selected);
    const before = await countBefore(cols, key, countWhere);
    page = Math.floor(before / perPage) + 1;
    const lead = before % perPage;
    rows = [...(await seek(cols, key, "before", lead, read)), ...(await seek(cols, key, "after", perPage - lead, read, { inclusive: true }))];
  } else if (page === 1) {
    rows = await seek(cols, null, "after", perPage, read);
  } else {
    // A page by its number (`?page=N`): the key of the row before it, read from the index alone,
    // then the page after that key.
    const at = await keyAt(
      cols,
      (page - 1) * perPage - 1,
      async (where, order, offset) => {
        // The key columns alone: each order's index covers them.
        const r = await base()
          .where(where)
          .select(cols.map((c, i) => sql<KeyValue>`${c.expr}`.as(`k${i}`)))
          .orderBy(order)
          .limit(1)
          .offset(offset)
          .executeTakeFirst();
        return r ? cols.map((_, i) => (r as Record<string, KeyValue>)[`k${i}`]!) : null;
      },
      countWhere,
      total,
    );
    rows = at ? await seek(cols, at, "after", perPage, read) : [];
  }
  const nextCursor = rows.length === perPage && page * perPage < total ? encodeCursor(scope, "after", keyOf(rows[rows.length - 1]!)) : null;
  const prevCursor = rows.length && page > 1 ? encodeCursor(scope, "before", keyOf(rows[0]!)) : null;

  const crumbPaths = ancestorsOf(folder.path);
  const crumbRows = await deps.db
    .selectFrom("storage_items")
    .select(["id", "path", "name"])
    .where("aircraft_id", "=", aircraft.id)
    .where("path", "in", crumbPaths)
    .where("is_folder", "=", 1)
    .execute();
  const crumbByPath = new Map(crumbRows.map((r) => [r.path, r]));
  const breadcrumb = crumbPaths.flatMap((p) => {
    const r = crumbByPath.get(p);
    return r ? [{ name: p === "/" ? aircraft.name : r.name, path: p, id: r.id }] : [];
  });

  return c.json({
    contents: rows.map((r) => itemDto(r, r.fav != null)),
    folder: { id: folder.id, path: folder.path, name: folder.path === "/" ? aircraft.name : folder.name },
    breadcrumb,
    total,
    page,
    per_page: perPage,
    sort: query.sort,
    order: query.order,
    access,
    selected_id: selected?.id ?? null,
    next_cursor: nextCursor,
    prev_cursor: prevCursor,
  });
}

/** Extensions shown as text by a preview (their first PREVIEW_TEXT_BYTES, as UTF-8). */
const TEXT_EXT = new Set(["txt", "csv", "tsv", "log", "md", "json", "xml", "html", "htm", "ini", "cfg", "yaml", "yml"]);

/**
 * `files.json?preview=<fileid>`: what a viewer needs to show one file without downloading it: a
 * signed *inline* link (the same signed GET as a download, without `download=1`: the store answers
 * `Content-Disposition: inline`, except for active content, which stays an attachment in a sandbox),
 * the download link, the facts, and for text files their first 200 KB as text.
 */
async function previewOf(deps: Deps, aircraftId: number, fileId: number) {
  const file = await deps.db.selectFrom("storage_items").selectAll().where("id", "=", fileId).where("aircraft_id", "=", aircraftId).executeTakeFirst();
  if (!file) throw notFound("That file");
  if (file.is_folder) throw refuse("A folder has no preview: open it instead.");
  const stat = file.blob_key ? await deps.blob.stat(file.blob_key) : null;
  if (!file.blob_key || !stat) throw notFound("That file's content");
  const ext = file.name.includes(".") ? file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase() : "";
  let text: string | null = null;
  if (TEXT_EXT.has(ext) || /^text\/(plain|csv|tab-separated-values)\b/i.test(stat.contentType)) {
    const res = await deps.blob.read(file.blob_key, { range: stat.size > 0 ? `bytes=0-${PREVIEW_TEXT_BYTES - 1}` : null });
    text = res.ok ? new TextDecoder("utf-8", { fatal: false }).decode(await res.arrayBuffer()) : null;
  }
  return {
    url: await deps.blob.signedGetUrl(file.blob_key, { expiresInSeconds: DOWNLOAD_LINK_TTL_SECONDS, filename: file.name }),
    download_url: await deps.blob.signedGetUrl(file.blob_key, { expiresInSeconds: DOWNLOAD_LINK_TTL_SECONDS, filename: file.name, download: true }),
    id: file.id,
    name: file.name,
    path: file.path,
    size: file.size,
    content_type: stat.contentType,
    created_at: file.created_at,
    updated_at: file.updated_at,
    text,
    truncated: text != null && stat.size > PREVIEW_TEXT_BYTES,
  };
}

/** Formats whose bytes are already compressed: stored as-is in a zip (deflating them wastes CPU). */
const STORE_EXT = new Set(["pdf", "jpg", "jpeg", "png", "gif", "webp", "zip", "gz", "7z", "rar", "mp4", "mov", "mp3", "docx", "xlsx", "pptx", "heic", "tif", "tiff"]);

const asciiFilename = (s: string) => s.replace(/[^\w.-]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "") || "download";

type ZipRow = Pick<ItemRow, "path" | "name" | "is_folder" | "blob_key" | "updated_at">;

/** The entries of one folder's zip: everything below it, named `<folder>/<relative path>`. */
async function zipFolderRows(deps: Deps, aircraft: AircraftRow, query: { fileid?: number; dir?: string }) {
  const folder = await resolveFolder(deps, aircraft, { fileid: query.fileid, dir: query.dir ?? "/" });
  const count = Number(
    (
      await deps.db
        .selectFrom("storage_items")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("aircraft_id", "=", aircraft.id)
        .where("is_folder", "=", 0)
        .where(underPath(folder.path))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (count > ZIP_MAX_FILES) throw refuse(STORAGE_MESSAGES.tooManyZip);
  // Only the list of entries is read up front (≤ 20,000 small rows); bytes are streamed one file at a time.
  const rows = await deps.db
    .selectFrom("storage_items")
    .select(["path", "name", "is_folder", "blob_key", "updated_at"])
    .where("aircraft_id", "=", aircraft.id)
    .where(underPath(folder.path))
    .where("path", "!=", folder.path)
    .orderBy("path")
    .execute();
  const rootName = folder.path === "/" ? asciiFilename(`${aircraft.msn}-${aircraft.name}`) : sanitizeFolderName(folder.name) || "folder";
  const rel = (p: string) => `${rootName}/${folder.path === "/" ? p.slice(1) : p.slice(folder.path.length + 1)}`;

  return { rows: rows as ZipRow[], rootName, rel };
}

/**
 * The entries of a selection's zip (`zip?ids=1,2,3`): each chosen file, and each chosen folder with
 * everything below it, named `<msn>-selection/<name relative to the item's folder>`. Items of another
 * aircraft (or unknown ids) are 404, like a copy or move.
 */
async function zipSelectionRows(deps: Deps, aircraft: AircraftRow, idsParam: string) {
  const ids = [...new Set(idsParam.split(",").map(Number))];
  if (ids.length > COPY_MAX_ITEMS) throw refuse(`Choose at most ${COPY_MAX_ITEMS.toLocaleString("en-US")} items.`);
  const chosen = topLevelOnly(await itemsOfAircraft(deps, aircraft.id, ids));
  const rows: ZipRow[] = [];
  const relOf = new Map<string, string>();
  for (const item of chosen) {
    const under: ZipRow[] = item.is_folder
      ? await deps.db
          .selectFrom("storage_items")
          .select(["path", "name", "is_folder", "blob_key", "updated_at"])
          .where("aircraft_id", "=", aircraft.id)
          .where(underPath(item.path))
          .orderBy("path")
          .execute()
      : [item];
    const parent = parentOf(item.path) ?? "/";
    for (const r of under) {
      rows.push(r);
      relOf.set(r.path, parent === "/" ? r.path.slice(1) : r.path.slice(parent.length + 1));
    }
  }
  if (rows.filter((r) => !r.is_folder).length > ZIP_MAX_FILES) throw refuse(STORAGE_MESSAGES.tooManyZip);
  const rootName = asciiFilename(`${aircraft.msn}-selection`);
  return { rows, rootName, rel: (p: string) => `${rootName}/${relOf.get(p) ?? p.slice(1)}` };
}

async function zipFolder(c: Ctx) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, ZipQuery);
  const aircraft = await loadAircraft(deps, user, aircraftIdParam(c));
  const { rows, rootName, rel } = query.ids ? await zipSelectionRows(deps, aircraft, query.ids) : await zipFolderRows(deps, aircraft, query);

  const archive = archiver("zip", { zlib: { level: 6 } });
  let aborted = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    aborted = true;
    wake?.();
  };
  archive.on("error", (err) => {
    console.error("[storage] zip failed", err);
    stop();
  });
  archive.on("close", stop);
  archive.on("warning", (err) => console.warn("[storage] zip warning", err));
  const appendAndWait = (source: Readable | Buffer, name: string, opts: { date: Date; store?: boolean }) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      archive.once("entry", () => resolve());
      archive.append(source, { name, ...opts });
    });

  void (async () => {
    try {
      const folderPaths = new Set(rows.filter((r) => r.is_folder).map((r) => r.path));
      const nonEmpty = new Set(rows.filter((r) => !r.is_folder).flatMap((r) => ancestorsOf(parentOf(r.path) ?? "/")));
      await appendAndWait(Buffer.alloc(0), `${rootName}/`, { date: new Date() });
      for (const p of folderPaths) {
        if (aborted) return;
        if (!nonEmpty.has(p)) await appendAndWait(Buffer.alloc(0), `${rel(p)}/`, { date: new Date() });
      }
      for (const r of rows) {
        if (aborted) return;
        if (r.is_folder || !r.blob_key) continue;
        const res = await deps.blob.read(r.blob_key);
        if (!res.ok || !res.body) {
          console.warn("[storage] zip: missing blob", r.blob_key);
          continue;
        }
        const ext = r.name.includes(".") ? r.name.slice(r.name.lastIndexOf(".") + 1).toLowerCase() : "";
        const stream = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
        if (aborted) {
          stream.destroy();
          return;
        }
        await appendAndWait(stream, rel(r.path), { date: new Date(r.updated_at), store: STORE_EXT.has(ext) });
      }
      if (!aborted) await archive.finalize();
    } catch (err) {
      console.error("[storage] zip failed", err);
      archive.abort();
    }
  })();

  const filename = `${rootName}.zip`;
  return new Response(Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "no-store",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Handlers: uploads
// ---------------------------------------------------------------------------------------------

function parseUploadKey(key: string): { aircraftId: number; uid: string } {
  const m = UPLOAD_KEY.exec(key);
  if (!m) throw refuse(STORAGE_MESSAGES.badKey, { key: [STORAGE_MESSAGES.badKey] });
  return { aircraftId: Number(m[1]), uid: m[2]! };
}

/** The upload batch a key prefix was issued for (same aircraft, issued by this API), or 422. */
async function uploadBatch(deps: Deps, uid: string, aircraftId: number) {
  const batch = await deps.db.selectFrom("upload_batches").selectAll().where("uid", "=", uid).executeTakeFirst();
  if (!batch || batch.aircraft_id !== aircraftId) throw refuse(STORAGE_MESSAGES.badKey, { key: [STORAGE_MESSAGES.badKey] });
  return batch;
}

async function uploadLink(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, UploadLinkInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  const folder = await resolveFolder(deps, aircraft, { fileid: input.fileid, dir: input.dir ?? "/" });
  let uid: string;
  if (input.uid) {
    const batch = await deps.db.selectFrom("upload_batches").selectAll().where("uid", "=", input.uid).executeTakeFirst();
    const fresh = batch && Date.now() - Date.parse(batch.created_at) < UPLOAD_PREFIX_REUSE_HOURS * 3600_000;
    if (!batch || batch.user_id !== user.id || batch.aircraft_id !== aircraft.id || !fresh) {
      throw refuse("That upload can no longer be resumed: start the upload again.");
    }
    uid = batch.uid;
  } else {
    uid = randomUid();
    await deps.db.insertInto("upload_batches").values({ uid, user_id: user.id, aircraft_id: aircraft.id, dir: folder.path, files: "[]" }).execute();
    await deps.audit.log({
      userId: user.id,
      action: "storage.upload_link",
      entity: "aircraft",
      entityId: aircraft.id,
      organizationId: aircraft.organization_id,
      detail: { uid, dir: folder.path },
      ip: user.ip,
    });
  }
  const keyPrefix = `aircraft/${aircraft.id}/${uid}/`;
  // Recorded before the link is handed out: what is uploaded under it and never filed is swept (ADR 068).
  await recordUploadIntent(deps.db, keyPrefix);
  const policy = await deps.blob.createUploadPolicy({ keyPrefix, maxBytes: UPLOAD_MAX_BYTES, minBytes: 0, expiresInSeconds: UPLOAD_LINK_TTL_SECONDS });
  return c.json({ ...policy, key_prefix: keyPrefix, uid, expires_in: UPLOAD_LINK_TTL_SECONDS, max_bytes: UPLOAD_MAX_BYTES });
}

interface Candidate {
  rawPath: string;
  key: string;
  size: number;
  contentType: string;
  relPath: string;
}

async function indexFiles(c: Ctx, flow: NamingFlow) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, IndexFilesInput);
  const { aircraftId, uid } = parseUploadKey(input.key);
  if (input.aircraft_id != null && input.aircraft_id !== aircraftId) throw refuse(STORAGE_MESSAGES.badKey, { key: [STORAGE_MESSAGES.badKey] });
  await requireAccess(deps, user, aircraftId, "storage", "write");
  const aircraft = await loadAircraft(deps, user, aircraftId);
  await uploadBatch(deps, uid, aircraftId);
  const folder = await resolveFolder(deps, aircraft, { fileid: input.fileid, dir: input.dir ?? "/" });

  // 1. Every blob must be in the store with the announced size; names follow the upload rules.
  const seenRaw = new Set<string>();
  const files = input.files.filter((f) => (seenRaw.has(f.path) ? false : (seenRaw.add(f.path), true)));
  const missing: { path: string; size: number; reason: "missing" | "size_mismatch" }[] = [];
  const refused: { path: string; reason: string; message: string; key?: string }[] = [];
  const candidates: Candidate[] = [];
  await mapLimit(files, BLOB_CONCURRENCY, async (f) => {
    const rawPath = f.path.replace(/^\/+/, "");
    const key = `${input.key}${rawPath}`;
    if (!rawPath || !isValidKey(key)) {
      refused.push({ path: f.path, reason: "invalid_path", message: "The file path is not valid." });
      return;
    }
    const st = await deps.blob.stat(key);
    if (!st) return void missing.push({ path: f.path, size: f.size, reason: "missing" });
    if (st.size !== f.size) return void missing.push({ path: f.path, size: f.size, reason: "size_mismatch" });
    const clean = sanitizeRelativePath(rawPath, flow);
    if (!clean.ok) {
      refused.push({ path: f.path, reason: clean.reason, message: DROP_REASON_TEXT[clean.reason], key });
      return;
    }
    candidates.push({ rawPath, key, size: st.size, contentType: st.contentType, relPath: clean.path });
  });
  // Keep the input order (mapLimit finishes out of order) and one upload per final path.
  const order = new Map(files.map((f, i) => [f.path.replace(/^\/+/, ""), i]));
  candidates.sort((a, b) => order.get(a.rawPath)! - order.get(b.rawPath)!);
  const byFinal = new Map<string, Candidate>();
  for (const cand of candidates) {
    if (byFinal.has(cand.relPath)) {
      refused.push({ path: cand.rawPath, reason: "duplicate", message: DROP_REASON_TEXT.duplicate, key: cand.key });
    } else byFinal.set(cand.relPath, cand);
  }

  // 2. One transaction: folders, rows (insert or replace), search entries.
  const versioned: string[] = [];
  const indexedIds: number[] = [];
  const accepted = [...byFinal.values()];
  await deps.db.transaction().execute(async (trx) => {
    const maker = new FolderMaker(trx, aircraft.id, user.id);
    const targetPaths = accepted.map((a) => joinPath(folder.path, a.relPath));
    const folderPaths = accepted.flatMap((a) => {
      const segs = a.relPath.split("/").slice(0, -1);
      return segs.map((_, i) => joinPath(folder.path, segs.slice(0, i + 1).join("/")));
    });
    await maker.prefetch([...targetPaths, ...folderPaths]);
    // A blob belongs to exactly one row: the same upload indexed into another folder is refused, and
    // so is one that is already an earlier version of a file or lies in the trash.
    const claimed = new Map<string, { path: string; aircraft_id: number }>();
    const kept = new Set<string>();
    for (let i = 0; i < accepted.length; i += 500) {
      const keys = accepted.slice(i, i + 500).map((a) => a.key);
      for (const r of await trx.selectFrom("storage_items").select(["blob_key", "path", "aircraft_id"]).where("blob_key", "in", keys).execute()) {
        if (r.blob_key) claimed.set(r.blob_key, r);
      }
      for (const r of await trx.selectFrom("file_versions").select("blob_key").where("blob_key", "in", keys).execute()) kept.add(r.blob_key);
      for (const r of await trx.selectFrom("trash_items").select("blob_key").where("blob_key", "in", keys).execute()) if (r.blob_key) kept.add(r.blob_key);
    }
    const toIndex: ItemRow[] = [];
    for (const cand of accepted) {
      const target = joinPath(folder.path, cand.relPath);
      const owner = claimed.get(cand.key);
      if (kept.has(cand.key)) {
        refused.push({ path: cand.rawPath, reason: "already_indexed", message: "This upload is already filed (as an earlier version, or in the trash)." });
        continue;
      }
      if (owner && (owner.aircraft_id !== aircraft.id || owner.path !== target)) {
        refused.push({ path: cand.rawPath, reason: "already_indexed", message: `This upload is already filed as ${owner.path}.` });
        continue;
      }
      const segs = cand.relPath.split("/");
      const name = segs.pop()!;
      let parent: { id: number; path: string };
      try {
        parent = await maker.ensure(folder, segs);
      } catch (err) {
        if (err instanceof ApiError) {
          refused.push({ path: cand.rawPath, reason: "conflict", message: err.error, key: cand.key });
          continue;
        }
        throw err;
      }
      const existing = maker.lookup(target) ?? (await trx.selectFrom("storage_items").select(["id", "is_folder"]).where("aircraft_id", "=", aircraft.id).where("path", "=", target).executeTakeFirst());
      const now = nowIso();
      if (existing && existing.is_folder) {
        refused.push({ path: cand.rawPath, reason: "conflict", message: `A folder named "${name}" already exists there.`, key: cand.key });
        continue;
      }
      let row: ItemRow;
      if (existing) {
        // The same name again: the content it had becomes a version (who filed it, when, its size).
        const before = await trx.selectFrom("storage_items").selectAll().where("id", "=", existing.id).executeTakeFirstOrThrow();
        if (before.blob_key && before.blob_key !== cand.key) {
          versioned.push(before.blob_key);
          await trx
            .insertInto("file_versions")
            .values({
              item_id: before.id,
              aircraft_id: aircraft.id,
              blob_key: before.blob_key,
              size: before.size,
              content_type: before.content_type,
              filed_by: before.created_by,
              filed_at: before.updated_at,
              replaced_by: user.id,
              replaced_at: now,
            })
            .execute();
        }
        row = await trx
          .updateTable("storage_items")
          .set({ size: cand.size, blob_key: cand.key, content_type: cand.contentType, updated_at: now, created_by: user.id })
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        row = await trx
          .insertInto("storage_items")
          .values({ aircraft_id: aircraft.id, parent_id: parent.id, path: target, name, is_folder: 0, size: cand.size, blob_key: cand.key, content_type: cand.contentType, created_by: user.id, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        maker.remember(target, row);
      }
      indexedIds.push(row.id);
      toIndex.push(row);
    }
    toIndex.push(...maker.created);
    await deps.search.index(toIndex.map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: aircraft.id, organization_id: aircraft.organization_id })));
  });

  // 3. After the commit: refused blobs (never filed) go; the new files' text is extracted in the
  // background (a replaced file is read again: search and the reports use the current version).
  await discardUnfiledBlobs(deps, refused.map((r) => r.key));
  if (indexedIds.length) await queueExtraction(deps, deps.jobs, indexedIds, { force: true });
  if (indexedIds.length) {
    await deps.audit.log({
      userId: user.id,
      action: "storage.index_files",
      entity: "aircraft",
      entityId: aircraft.id,
      organizationId: aircraft.organization_id,
      detail: { dir: folder.path, key: input.key, files: accepted.length, indexed: indexedIds.length, versions: versioned.length, flow },
      ip: user.ip,
    });
  }
  const parts = [`${plural(indexedIds.length, "file")} uploaded.`];
  if (missing.length) parts.push(`${plural(missing.length, "file")} did not arrive and must be uploaded again.`);
  if (refused.length) parts.push(`${plural(refused.length, "file")} refused.`);
  return c.json({
    indexed: await loadItems(deps, user, indexedIds),
    missing,
    refused: refused.map(({ path, reason, message }) => ({ path, reason, message })),
    message: parts.join(" "),
  });
}

async function createFolders(c: Ctx, flow: NamingFlow) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, FoldersInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  const base = await resolveFolder(deps, aircraft, { fileid: input.fileid, dir: input.dir ?? input.storagePath ?? "/" });
  const rels: string[] = [];
  for (const p of input.paths) {
    const clean = sanitizeFolderPath(p);
    if (!clean.ok) throw refuse(clean.reason === "empty" ? "Enter a folder name." : DROP_REASON_TEXT[clean.reason], { paths: [DROP_REASON_TEXT[clean.reason]] });
    rels.push(clean.path);
  }
  const targets: string[] = [];
  let created: ItemRow[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const maker = new FolderMaker(trx, aircraft.id, user.id);
    await maker.prefetch(rels.flatMap((r) => ancestorsOf(joinPath(base.path, r))));
    for (const r of rels) {
      const made = await maker.ensure(base, r.split("/"));
      targets.push(made.path);
    }
    created = maker.created;
    await deps.search.index(created.map((f) => ({ id: f.id, name: f.name, path: f.path, aircraft_id: aircraft.id, organization_id: aircraft.organization_id })));
  });
  if (created.length) {
    await deps.audit.log({
      userId: user.id,
      action: "storage.create_folders",
      entity: "aircraft",
      entityId: aircraft.id,
      organizationId: aircraft.organization_id,
      detail: { base: base.path, created: created.map((f) => f.path), flow },
      ip: user.ip,
    });
  }
  const unique = [...new Set(targets)];
  const byPath = new Map(
    (await deps.db.selectFrom("storage_items").select(["id", "path"]).where("aircraft_id", "=", aircraft.id).where("path", "in", unique).execute()).map((r) => [r.path, r.id]),
  );
  const folders = await loadItems(deps, user, unique.flatMap((t) => (byPath.has(t) ? [byPath.get(t)!] : [])));
  const message = created.length
    ? `${created.length === 1 ? "Folder" : `${created.length} folders`} created.`
    : targets.length === 1
      ? "That folder already exists."
      : "Those folders already exist.";
  return c.json({ folders, message });
}

async function splitFiles(c: Ctx) {
  const input = await readBody(c, SplitFilesInput);
  const batches = splitIntoBatches(
    input.files.map((f) => ({ path: f.path, size: f.size })),
    input.batch_size ?? UPLOAD_BATCH_SIZE,
    input.max_batch_bytes ?? UPLOAD_BATCH_MAX_BYTES,
  );
  return c.json({ batches });
}

type BatchEntry = { path: string; size: number; key: string };

const readBatchFiles = (json: string): BatchEntry[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as BatchEntry[]).filter((e) => e && typeof e.path === "string" && typeof e.key === "string") : [];
  } catch {
    return [];
  }
};

async function preprocessFiles(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, PreprocessInput);
  const { aircraftId, uid: keyUid } = parseUploadKey(input.key);
  if (input.aircraft_id != null && input.aircraft_id !== aircraftId) throw refuse(STORAGE_MESSAGES.badKey, { key: [STORAGE_MESSAGES.badKey] });
  await requireAccess(deps, user, aircraftId, "storage", "write");
  const aircraft = await loadAircraft(deps, user, aircraftId);
  await uploadBatch(deps, keyUid, aircraftId);
  const uid = input.uid ?? keyUid;
  const dir = input.dir != null && input.dir !== "" ? parseDir(input.dir) : null;
  let count = 0;
  await deps.db.transaction().execute(async (trx) => {
    const batch = await trx.selectFrom("upload_batches").selectAll().where("uid", "=", uid).executeTakeFirst();
    if (!batch || batch.user_id !== user.id || batch.aircraft_id !== aircraft.id) throw refuse("That upload batch was not found: start the upload again.");
    const entries = new Map(readBatchFiles(batch.files).map((e) => [e.path, e]));
    for (const f of input.files) {
      const path = f.path.replace(/^\/+/, "");
      if (!path || !isValidKey(`${input.key}${path}`)) throw refuse(`The file path "${f.path}" is not valid.`);
      entries.set(path, { path, size: f.size, key: input.key });
    }
    if (entries.size > BATCH_MAX_FILES) throw refuse(`One upload may hold at most ${BATCH_MAX_FILES} files.`);
    count = entries.size;
    await trx
      .updateTable("upload_batches")
      .set({ files: JSON.stringify([...entries.values()]), ...(dir ? { dir } : {}) })
      .where("uid", "=", uid)
      .execute();
  });
  await deps.audit.log({
    userId: user.id,
    action: "storage.preprocess_files",
    entity: "upload_batch",
    entityId: uid,
    organizationId: aircraft.organization_id,
    detail: { aircraft_id: aircraft.id, files: input.files.length, total: count },
    ip: user.ip,
  });
  return c.json({ uid, files: count });
}

async function validateFiles(c: Ctx) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, ValidateFilesQuery);
  if (query.dir) parseDir(query.dir);
  const batch = await deps.db.selectFrom("upload_batches").selectAll().where("uid", "=", query.uid).executeTakeFirst();
  if (!batch || batch.user_id !== user.id) throw notFound("That upload batch");
  await requireAccess(deps, user, batch.aircraft_id, "storage", "write");
  const entries = readBatchFiles(batch.files);
  const bad = await mapLimit(entries, BLOB_CONCURRENCY, async (e) => {
    const st = isValidKey(`${e.key}${e.path}`) ? await deps.blob.stat(`${e.key}${e.path}`) : null;
    return !st || st.size !== e.size;
  });
  return c.json({ files: entries.filter((_, i) => bad[i]).map((e) => ({ path: e.path, size: e.size })) });
}

// ---------------------------------------------------------------------------------------------
// Handlers: copy, move / rename, delete
// ---------------------------------------------------------------------------------------------

/** Rows of a folder's subtree (itself included), by path. */
async function subtree(db: Deps["db"] | Trx, aircraftId: number, item: ItemRow): Promise<ItemRow[]> {
  if (!item.is_folder) return [item];
  return db.selectFrom("storage_items").selectAll().where("aircraft_id", "=", aircraftId).where(underPath(item.path)).orderBy("path").execute();
}

/** A free name in a folder: "report.pdf" -> "report copy.pdf" -> "report copy 2.pdf". */
function freeName(name: string, isFolder: boolean, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = isFolder ? -1 : name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  for (let i = 1; ; i++) {
    const candidate = `${stem} copy${i === 1 ? "" : ` ${i}`}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function copyItems(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, CopyInput);
  const destAircraftId = input.to_aircraft_id ?? input.aircraft_id;
  await requireAccess(deps, user, input.aircraft_id, "storage", destAircraftId === input.aircraft_id ? "write" : "read");
  await requireAccess(deps, user, destAircraftId, "storage", "write");
  const source = await loadAircraft(deps, user, input.aircraft_id);
  const dest = destAircraftId === source.id ? source : await loadAircraft(deps, user, destAircraftId);
  const destFolder = await resolveFolder(deps, dest, { dir: input.to_dir });
  const items = topLevelOnly(await itemsOfAircraft(deps, source.id, input.ids));
  if (items.some((i) => i.path === "/")) throw refuse(STORAGE_MESSAGES.rootFolder);
  if (dest.id === source.id && items.some((i) => i.is_folder && isWithin(destFolder.path, i.path))) throw refuse(STORAGE_MESSAGES.intoItself);

  const trees: ItemRow[][] = [];
  let total = 0;
  for (const item of items) {
    const tree = await subtree(deps.db, source.id, item);
    total += tree.length;
    if (total > COPY_MAX_ITEMS) throw refuse(`At most ${COPY_MAX_ITEMS.toLocaleString("en-US")} files and folders can be copied at once.`);
    trees.push(tree);
  }
  const taken = new Set(
    (await deps.db.selectFrom("storage_items").select("name").where("parent_id", "=", destFolder.id).execute()).map((r) => r.name),
  );
  // Plan: new path and new blob key of every row; bytes are copied before the rows are written.
  const uid = randomUid();
  const plan: { row: ItemRow; newPath: string; newName: string; newKey: string | null }[] = [];
  for (const tree of trees) {
    // subtree() orders by path, so the selected item itself comes first.
    const topRow = tree[0]!;
    const newTopName = freeName(topRow.name, !!topRow.is_folder, taken);
    taken.add(newTopName);
    const newTopPath = joinPath(destFolder.path, newTopName);
    for (const r of tree) {
      const newPath = r.path === topRow.path ? newTopPath : `${newTopPath}${r.path.slice(topRow.path.length)}`;
      const newKey = r.is_folder ? null : `aircraft/${dest.id}/${uid}${newPath}`;
      if (newKey && !isValidKey(newKey)) throw refuse(`The path of "${r.name}" is too long to copy there.`);
      plan.push({ row: r, newPath, newName: r.path === topRow.path ? newTopName : r.name, newKey });
    }
  }
  const copied: string[] = [];
  try {
    await mapLimit(plan, 8, async (p) => {
      if (!p.newKey || !p.row.blob_key) return;
      await deps.blob.copy(p.row.blob_key, p.newKey);
      copied.push(p.newKey);
    });
  } catch (err) {
    await discardUnfiledBlobs(deps, copied);
    console.error("[storage] copy failed", err);
    throw refuse("Some files could not be copied (their content is missing). Nothing was copied.");
  }
  const topIds: number[] = [];
  const made: ItemRow[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      const newIdByPath = new Map<string, number>([[destFolder.path, destFolder.id]]);
      const sorted = [...plan].sort((a, b) => a.newPath.split("/").length - b.newPath.split("/").length);
      const now = nowIso();
      const topPaths = new Set(trees.map((t) => t[0]!.path));
      for (const p of sorted) {
        const parentId = newIdByPath.get(parentOf(p.newPath) ?? "/");
        if (parentId == null) throw new Error(`copy: parent of ${p.newPath} missing`);
        const row = await trx
          .insertInto("storage_items")
          .values({
            aircraft_id: dest.id,
            parent_id: parentId,
            path: p.newPath,
            name: p.newName,
            is_folder: p.row.is_folder,
            size: p.row.size,
            blob_key: p.newKey,
            content_type: p.row.content_type,
            created_by: user.id,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        newIdByPath.set(p.newPath, row.id);
        made.push(row);
        if (topPaths.has(p.row.path)) topIds.push(row.id);
      }
      await deps.search.index(made.map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: dest.id, organization_id: dest.organization_id })));
    });
  } catch (err) {
    await discardUnfiledBlobs(deps, copied);
    throw err;
  }
  const copiedFiles = made.filter((r) => !r.is_folder).map((r) => r.id);
  if (copiedFiles.length) await queueExtraction(deps, deps.jobs, copiedFiles);
  await deps.audit.log({
    userId: user.id,
    action: "storage.copy",
    entity: "aircraft",
    entityId: dest.id,
    organizationId: dest.organization_id,
    detail: { from_aircraft_id: source.id, ids: items.map((i) => i.id), to_dir: destFolder.path, items: plan.length },
    ip: user.ip,
  });
  return c.json({ items: await loadItems(deps, user, topIds), message: `${plural(items.length, "item")} copied.` });
}

async function moveItems(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, MoveInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  if (input.new_name != null && input.ids.length !== 1) throw refuse("Rename one item at a time.");
  const destFolder = input.to_dir != null && input.to_dir !== "" ? await resolveFolder(deps, aircraft, { dir: input.to_dir }) : null;
  const items = topLevelOnly(await itemsOfAircraft(deps, aircraft.id, input.ids));
  if (items.some((i) => i.path === "/")) throw refuse(STORAGE_MESSAGES.rootFolder);

  const plan: { item: ItemRow; newPath: string; newName: string; parentId: number }[] = [];
  const targets = new Set<string>();
  for (const item of items) {
    let newName = item.name;
    if (input.new_name != null) {
      if (item.is_folder) {
        newName = sanitizeFolderName(input.new_name);
        if (!newName) throw refuse("Enter a name.");
      } else {
        const r = sanitizeFileName(input.new_name, "standard");
        if (!r.ok) throw refuse(r.reason === "forbidden_extension" ? "Files of this type (exe, bat, sh) are not accepted." : DROP_REASON_TEXT[r.reason], { new_name: [DROP_REASON_TEXT[r.reason]] });
        newName = r.name;
      }
    }
    const parentPath = destFolder ? destFolder.path : (parentOf(item.path) ?? "/");
    const parentId = destFolder ? destFolder.id : item.parent_id!;
    const newPath = joinPath(parentPath, newName);
    if (item.is_folder && isWithin(parentPath, item.path)) throw refuse(STORAGE_MESSAGES.intoItself);
    if (newPath === item.path) continue;
    if (targets.has(newPath)) throw refuse(STORAGE_MESSAGES.nameTaken(newName));
    targets.add(newPath);
    plan.push({ item, newPath, newName, parentId });
  }
  if (plan.length) {
    const clash = await deps.db
      .selectFrom("storage_items")
      .select(["path", "name", "id"])
      .where("aircraft_id", "=", aircraft.id)
      .where("path", "in", [...targets])
      .execute();
    const movingIds = new Set(plan.map((p) => p.item.id));
    const blocking = clash.find((r) => !movingIds.has(r.id));
    if (blocking) throw refuse(STORAGE_MESSAGES.nameTaken(blocking.name));
  }
  // Retention (ADR 042): a move or rename may not take a file out of the record folder class whose
  // rule keeps it (else renaming "01 Certificates" and deleting would get around the rule).
  if (plan.length && (await hasRetentionRules(deps.db))) {
    const moves: { path: string; newPath: string; updated_at: string }[] = [];
    for (const p of plan) {
      for (const r of await subtree(deps.db, aircraft.id, p.item)) if (!r.is_folder) moves.push({ path: r.path, newPath: `${p.newPath}${r.path.slice(p.item.path.length)}`, updated_at: r.updated_at });
    }
    const block = await reclassBlock(deps.db, moves, nowMsOf(deps));
    if (block) throw deny(block);
  }

  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Park every moved item under a temporary path first so that swaps (a -> b, b -> a) never collide.
    for (const p of plan) {
      const tmp = `/.moving-${p.item.id}-${randomUid()}`;
      await sql`UPDATE storage_items SET path = ${tmp} || substr(path, length(${p.item.path}) + 1)
        WHERE aircraft_id = ${aircraft.id} AND ${underPath(p.item.path)}`.execute(trx);
      p.item = { ...p.item, path: tmp };
    }
    const reindex: ItemRow[] = [];
    for (const p of plan) {
      await sql`UPDATE storage_items SET path = ${p.newPath} || substr(path, length(${p.item.path}) + 1)
        WHERE aircraft_id = ${aircraft.id} AND ${underPath(p.item.path)}`.execute(trx);
      await trx.updateTable("storage_items").set({ name: p.newName, parent_id: p.parentId, updated_at: now }).where("id", "=", p.item.id).execute();
      reindex.push(...(await trx.selectFrom("storage_items").selectAll().where("aircraft_id", "=", aircraft.id).where(underPath(p.newPath)).execute()));
    }
    await deps.search.index(reindex.map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: aircraft.id, organization_id: aircraft.organization_id })));
  });
  if (plan.length) {
    await deps.audit.log({
      userId: user.id,
      action: input.new_name != null && !destFolder ? "storage.rename" : "storage.move",
      entity: "aircraft",
      entityId: aircraft.id,
      organizationId: aircraft.organization_id,
      detail: { moves: plan.map((p) => ({ id: p.item.id, to: p.newPath })) },
      ip: user.ip,
    });
  }
  const renamedOnly = input.new_name != null && !destFolder;
  return c.json({
    items: await loadItems(deps, user, plan.map((p) => p.item.id)),
    message: plan.length ? (renamedOnly ? "Renamed." : `${plural(plan.length, "item")} moved.`) : "Nothing to change.",
  });
}

async function deleteItems(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, DeleteInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  const items = topLevelOnly(await itemsOfAircraft(deps, aircraft.id, input.ids));
  if (items.some((i) => i.path === "/")) throw refuse(STORAGE_MESSAGES.rootFolder);
  // Into the aircraft's trash (ADR 042): a legal hold or a retention rule may refuse it first, and
  // then nothing changes.
  const nowMs = nowMsOf(deps);
  const deletedAt = new Date(nowMs).toISOString();
  let ids: number[] = [];
  let files = 0;
  const entries: number[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const rows: ItemRow[] = [];
    for (const item of items) rows.push(...(await subtree(trx, aircraft.id, item)));
    const block = await deletionBlock(trx, aircraft, rows, nowMs);
    if (block) throw deny(block);
    for (const item of items) {
      const moved = await moveToTrash(trx, item, user.id, deletedAt);
      ids.push(...moved.ids);
      files += moved.files;
      entries.push(moved.entryId);
    }
    await deps.search.remove(ids);
  });
  await deps.audit.log({
    userId: user.id,
    action: "storage.delete",
    entity: "aircraft",
    entityId: aircraft.id,
    organizationId: aircraft.organization_id,
    detail: { ids: items.map((i) => i.id), paths: items.map((i) => i.path), rows: ids.length, files, trash: entries },
    ip: user.ip,
  });
  return c.json({ deleted: ids.length, files, message: `${plural(items.length, "item")} moved to the trash.` });
}

// ---------------------------------------------------------------------------------------------
// Handlers: search
// ---------------------------------------------------------------------------------------------

async function search(c: Ctx) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, SearchQuery);
  const check = checkSearchQuery(query.query);
  if (!check.ok) throw refuse(check.message, { query: [check.message] });
  const folderPath = query.folder_path ? parseDir(query.folder_path) : null;

  let orgId: number | null = query.organization_id ?? null;
  if (orgId == null && query.organization) orgId = (await findOrganization(deps, user, query.organization)).id;
  if (orgId != null) await findOrganization(deps, user, orgId);
  if (!isStaff(user)) orgId = user.organization_id;
  // A user's search of all their aircraft needs their list whatever the organization says: both at once.
  const visible = query.aircraft_id == null && !isStaff(user) ? visibleAircraftIds(deps, user, "storage") : null;
  visible?.catch(() => undefined); // awaited below; a failure while the organization is read is not left unhandled
  const org = orgId != null ? await deps.db.selectFrom("organizations").select(["id", "search_all"]).where("id", "=", orgId).executeTakeFirst() : null;
  const searchAll = org?.search_all === 1;

  let scope: "aircraft" | "folder" | "all" = "all";
  let aircraftIds: number[] | "all";
  if (query.aircraft_id != null && !searchAll) {
    const aircraft = await loadAircraft(deps, user, query.aircraft_id);
    if (org && aircraft.organization_id !== org.id) throw notFound("That aircraft");
    aircraftIds = [aircraft.id];
    scope = folderPath && folderPath !== "/" ? "folder" : "aircraft";
  } else if (isStaff(user)) {
    // Staff: everything, or one organization.
    aircraftIds = "all";
  } else {
    aircraftIds = await (visible ?? visibleAircraftIds(deps, user, "storage"));
  }
  const result = await deps.search.search({
    text: check.query,
    aircraftIds,
    organizationId: orgId,
    folderPath: scope === "folder" ? folderPath : null,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    after: query.after ?? null,
  });
  const ids = result.hits.map((h) => h.id);
  const rows = ids.length
    ? await deps.db
        .selectFrom("storage_items")
        .innerJoin("aircraft", "aircraft.id", "storage_items.aircraft_id")
        .select(["storage_items.id", "storage_items.is_folder", "storage_items.blob_key", "storage_items.path", "storage_items.aircraft_id", "aircraft.name as aircraft_name"])
        .where("storage_items.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results = result.hits.flatMap((h) => {
    const r = byId.get(h.id);
    if (!r) return [];
    return [
      {
        id: h.id,
        name: h.name,
        path: r.path,
        s3_full_path: r.is_folder ? `aircraft/${r.aircraft_id}${r.path === "/" ? "" : r.path}/` : (r.blob_key ?? ""),
        resourcetype: r.is_folder ? ("collection" as const) : ("file" as const),
        aircraft_id: r.aircraft_id,
        aircraft_name: r.aircraft_name,
        organization_id: h.organization_id,
        highlight: h.highlight,
        dir: parentOf(r.path) ?? "/",
        match: h.match,
        snippet: h.snippet,
        snippet_marks: h.snippet_marks,
        match_page: h.match_page,
      },
    ];
  });
  return c.json({ results, total: result.total, total_exact: result.totalExact, next: result.next, page: query.page, per_page: query.per_page, scope });
}

// ---------------------------------------------------------------------------------------------
// Handlers: favourites and following
// ---------------------------------------------------------------------------------------------

async function favouritesList(c: Ctx) {
  const { user, deps } = ctx(c);
  const query = readQuery(c, PagedQuery);
  const base = () => {
    let q = deps.db
      .selectFrom("favourites as f")
      .innerJoin("storage_items as si", "si.id", "f.item_id")
      .innerJoin("aircraft", "aircraft.id", "si.aircraft_id")
      .where("f.user_id", "=", user.id);
    if (!isStaff(user)) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom("aircraft_access as aa")
            .select("aa.aircraft_id")
            .whereRef("aa.aircraft_id", "=", "si.aircraft_id")
            .where("aa.user_id", "=", user.id)
            .where("aa.product", "=", "storage"),
        ),
      );
      if (user.organization_id != null) q = q.where("aircraft.organization_id", "=", user.organization_id);
    }
    return q;
  };
  const total = Number((await base().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const rows = await base()
    .selectAll("si")
    .select(["aircraft.name as aircraft_name", "aircraft.msn as aircraft_msn"])
    .orderBy("f.created_at", "desc")
    .orderBy("si.id")
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return c.json({
    favourites: rows.map((r) => ({
      ...itemDto(r, true),
      aircraft_id: r.aircraft_id,
      aircraft: { id: r.aircraft_id, name: r.aircraft_name, msn: r.aircraft_msn },
      dir: parentOf(r.path) ?? "/",
    })),
    total,
    page: query.page,
    per_page: query.per_page,
  });
}

async function favouriteItem(deps: Deps, user: AuthUser, id: number) {
  const item = await deps.db.selectFrom("storage_items").select(["id", "aircraft_id", "path"]).where("id", "=", id).executeTakeFirst();
  if (!item) throw notFound("That file");
  try {
    await requireAccess(deps, user, item.aircraft_id, "storage", "read");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound("That file");
    throw err;
  }
  const aircraft = await deps.db.selectFrom("aircraft").select(["id", "organization_id"]).where("id", "=", item.aircraft_id).executeTakeFirstOrThrow();
  return { item, aircraft };
}

async function addFavourite(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, FavouriteInput);
  const { item, aircraft } = await favouriteItem(deps, user, input.id);
  await deps.db.insertInto("favourites").values({ user_id: user.id, item_id: item.id }).onConflict((oc) => oc.doNothing()).execute();
  await deps.audit.log({ userId: user.id, action: "storage.favourite", entity: "storage_item", entityId: item.id, organizationId: aircraft.organization_id, ip: user.ip });
  return c.json({ message: "Added to favourites." });
}

async function removeFavourite(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, FavouriteInput);
  const res = await deps.db.deleteFrom("favourites").where("user_id", "=", user.id).where("item_id", "=", input.id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound("That favourite");
  await deps.audit.log({ userId: user.id, action: "storage.unfavourite", entity: "storage_item", entityId: input.id, organizationId: user.organization_id, ip: user.ip });
  return c.json({ message: "Removed from favourites." });
}

async function followingList(c: Ctx) {
  const { user, deps } = ctx(c);
  const rows = await aircraftQuery(deps, user)
    .innerJoin("follows", (j) => j.onRef("follows.aircraft_id", "=", "aircraft.id").on("follows.user_id", "=", user.id))
    .orderBy("aircraft.name")
    .orderBy("aircraft.id")
    .execute();
  return c.json({ aircrafts: rows.map((r) => aircraftDto(r, user)) });
}

async function follow(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, FollowInput);
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  await deps.db.insertInto("follows").values({ user_id: user.id, aircraft_id: aircraft.id }).onConflict((oc) => oc.doNothing()).execute();
  await deps.audit.log({ userId: user.id, action: "storage.follow", entity: "aircraft", entityId: aircraft.id, organizationId: aircraft.organization_id, ip: user.ip });
  return c.json({ message: `You follow ${aircraft.name}.` });
}

async function unfollow(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, FollowInput);
  const res = await deps.db.deleteFrom("follows").where("user_id", "=", user.id).where("aircraft_id", "=", input.aircraft_id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound("That aircraft");
  await deps.audit.log({ userId: user.id, action: "storage.unfollow", entity: "aircraft", entityId: input.aircraft_id, organizationId: user.organization_id, ip: user.ip });
  return c.json({ message: "You no longer follow that aircraft." });
}

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

export function registerStorageRoutes(app: Hono<HonoEnv>) {
  for (const prefix of ["/storage/v2", "/storage/v2/uef"]) {
    const flow: NamingFlow = prefix.endsWith("/uef") ? "uef" : "standard";
    app.get(`${prefix}/aircraft.json`, aircraftList);
    app.get(`${prefix}/aircraft/:id{[0-9]+\\.json}`, aircraftDetail);
    app.get(`${prefix}/aircraft/:id{[0-9]+}/users.json`, aircraftUsersRoute);
    app.get(`${prefix}/aircraft/:id{[0-9]+}/files.json`, filesList);
    app.get(`${prefix}/aircraft/:id{[0-9]+}/zip`, zipFolder);
    app.post(`${prefix}/files/upload_link.json`, uploadLink);
    app.post(`${prefix}/files/index_files.json`, (c) => indexFiles(c, flow));
    app.post(`${prefix}/folders.json`, (c) => createFolders(c, flow));
  }
  app.post("/storage/v2/files/split_files.json", splitFiles);
  app.post("/storage/v2/uef/files/preprocess_files.json", preprocessFiles);
  app.get("/storage/v2/uef/files/validate_files.json", validateFiles);

  app.post("/storage/v2/files/copy.json", copyItems);
  app.post("/storage/v2/files/move.json", moveItems);
  app.post("/storage/v2/files/delete.json", deleteItems);

  app.get("/storage/organizations.json", (c) => listOrganizations(c, true));
  app.get("/storage/v2/uef/organizations.json", (c) => listOrganizations(c, false));
  app.get("/storage/organizations/:org{[^/]+\\.json}", async (c) => {
    const { user, deps } = ctx(c);
    const ref = decodeURIComponent(c.req.param("org").replace(/\.json$/, ""));
    return c.json({ organization: orgDto(await findOrganization(deps, user, ref)) });
  });
  app.get("/storage/clients.json", async (c) => {
    const { user, deps } = ctx(c);
    requireRole(user, ["admin", "member"]);
    const query = readQuery(c, ClientsQuery);
    const base = () => {
      let q = deps.db.selectFrom("users").where("role", "=", "client");
      if (query.organization_id != null) q = q.where("organization_id", "=", query.organization_id);
      return q;
    };
    const total = Number((await base().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const clients = await base()
      .select(["id", "email", "username", "organization_id"])
      .orderBy("username")
      .orderBy("id")
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    return c.json({ clients, total, page: query.page, per_page: query.per_page });
  });
  app.get("/storage/v2/organization/new_open_search.json", async (c) => {
    const { user, deps } = ctx(c);
    const query = readQuery(c, OpenSearchQuery);
    const ref = query.organization_id ?? user.organization_id;
    if (ref == null) return c.json({ result: false });
    const org = await findOrganization(deps, user, ref);
    return c.json({ result: org.search_all === 1 });
  });

  app.get("/storage/v2/search.json", search);

  app.get("/storage/v2/favourites.json", favouritesList);
  app.post("/storage/v2/favourites.json", addFavourite);
  app.post("/storage/v2/favourites/remove.json", removeFavourite);
  app.get("/storage/v2/following.json", followingList);
  app.post("/storage/v2/following.json", follow);
  app.post("/storage/v2/following/remove.json", unfollow);
}

// Exported for other areas that file records the same way (e.g. an aircraft created without its root folder).
export { rootFolder as ensureRootFolder };
// Shared with the versions and trash handlers (records.ts).
export { ctx, loadAircraft, visibleAircraft, listAircraft, aircraftUsers, topFolders, aircraftDto, aircraftIdParam, loadItems, itemDto, FolderMaker, randomUid, discardUnfiledBlobs, plural, type ItemRow, type AircraftRow };
