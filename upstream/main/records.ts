// Records you can recover (issue 19 items 1-3, ADR 042), routes of the main API next to storage.ts:
// a file's versions (list, download, restore), the aircraft's trash (list, restore) and the admin's
// retention rules and legal holds. Contract: docs/api/storage.md "Versions, trash, retention",
// schemas in app/models/schemas/records.ts.
//
// Versions and the trash need Edit Access (write or su_write) to the aircraft, looking included:
// a reader sees neither and every call of theirs is refused (422). Retention rules and legal holds
// are read by admin and member and changed by admin only.
import { isPostgres } from "../db/dialect";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Deps, HonoEnv } from "../context";
import { requireAccess, requireRole } from "../access";
import { ApiError, notFound, readBody, readQuery, refuse } from "../http";
import { isValidKey } from "../blob/local";
import { queueExtraction } from "../jobs/extract-text";
import { DOWNLOAD_LINK_TTL_SECONDS } from "../../app/models/schemas/storage";
import {
  LegalHoldInput,
  LegalHoldRemoveInput,
  RestoreVersionInput,
  RetentionInput,
  TrashQuery,
  TrashRestoreInput,
  VersionsQuery,
} from "../../app/models/schemas/records";
import { RECORD_CLASSES } from "../../app/models/records-index";
import { basename, joinPath, parentOf } from "../../app/models/paths";
import { FolderMaker, aircraftIdParam, ctx, discardUnfiledBlobs, ensureRootFolder, loadAircraft, randomUid, type ItemRow } from "./storage";
import { nowMsOf } from "../records/trash";
import { trashRetentionDays } from "../records/rules";

type Ctx = Context<HonoEnv>;

/** Usernames of some user ids (one query). */
async function namesOf(deps: Deps, ids: (number | null)[]): Promise<Map<number, string>> {
  const want = [...new Set(ids.filter((i): i is number => i != null))];
  if (!want.length) return new Map();
  const rows = await deps.db.selectFrom("users").select(["id", "username"]).where("id", "in", want).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The aircraft, after checking the caller's Edit Access (a reader is refused, an outsider gets 404). */
async function writableAircraft(c: Ctx, aircraftId: number) {
  const { user, deps } = ctx(c);
  await requireAccess(deps, user, aircraftId, "storage", "write");
  return loadAircraft(deps, user, aircraftId);
}

async function fileOf(deps: Deps, aircraftId: number, fileId: number): Promise<ItemRow> {
  const file = await deps.db.selectFrom("storage_items").selectAll().where("id", "=", fileId).where("aircraft_id", "=", aircraftId).executeTakeFirst();
  if (!file) throw notFound("That file");
  if (file.is_folder) throw refuse("A folder has no versions: its files do.");
  return file;
}

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------


async function versionsList(c: Ctx) {
  const { deps } = ctx(c);
  const query = readQuery(c, VersionsQuery);
  const aircraft = await writableAircraft(c, aircraftIdParam(c));
  if (query.fileid == null) throw refuse("fileid is required.", { fileid: ["fileid is required."] });
  const file = await fileOf(deps, aircraft.id, query.fileid);
  if (query.download != null) {
    const v = await deps.db.selectFrom("file_versions").selectAll().where("id", "=", query.download).where("item_id", "=", file.id).executeTakeFirst();
    if (!v || !(await deps.blob.stat(v.blob_key))) throw notFound("That version");
    const url = await deps.blob.signedGetUrl(v.blob_key, { expiresInSeconds: DOWNLOAD_LINK_TTL_SECONDS, filename: file.name, download: true });
    return c.json({ url, name: file.name, size: v.size });
  }
  const past = await deps.db.selectFrom("file_versions").selectAll().where("item_id", "=", file.id).orderBy("id", "desc").execute();
  const names = await namesOf(deps, [file.created_by, ...past.flatMap((v) => [v.filed_by, v.replaced_by])]);
  const name = (id: number | null) => (id == null ? null : (names.get(id) ?? null));
  const total = past.length + 1;
  return c.json({
    file: { id: file.id, name: file.name, path: file.path, size: file.size, updated_at: file.updated_at },
    versions: [
      { id: null, number: total, current: true, size: file.size, content_type: file.content_type, filed_by: name(file.created_by), filed_at: file.updated_at, replaced_by: null, replaced_at: null },
      ...past.map((v, i) => ({
        id: v.id,
        number: total - 1 - i,
        current: false,
        size: v.size,
        content_type: v.content_type,
        filed_by: name(v.filed_by),
        filed_at: v.filed_at,
        replaced_by: name(v.replaced_by),
        replaced_at: v.replaced_at,
      })),
    ],
  });
}

/**
 * Restores an earlier version: its bytes are copied to a new blob that becomes the current content;
 * the content it replaces becomes a version like after an upload. Nothing is lost either way.
 */
async function restoreVersion(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, RestoreVersionInput);
  const aircraft = await writableAircraft(c, input.aircraft_id);
  const file = await fileOf(deps, aircraft.id, input.file_id);
  const version = await deps.db.selectFrom("file_versions").selectAll().where("id", "=", input.version_id).where("item_id", "=", file.id).executeTakeFirst();
  if (!version) throw notFound("That version");
  if (!(await deps.blob.stat(version.blob_key))) throw notFound("That version's content");
  const number = Number(
    (await deps.db.selectFrom("file_versions").select((eb) => eb.fn.countAll<number>().as("n")).where("item_id", "=", file.id).where("id", "<=", version.id).executeTakeFirstOrThrow()).n,
  );
  let newKey = `aircraft/${aircraft.id}/${randomUid()}${file.path}`;
  if (!isValidKey(newKey)) newKey = `aircraft/${aircraft.id}/${randomUid()}/restored`;
  await deps.blob.copy(version.blob_key, newKey);
  const now = new Date(nowMsOf(deps)).toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom("storage_items").selectAll().where("id", "=", file.id).executeTakeFirst();
      if (!cur) throw notFound("That file");
      if (cur.blob_key) {
        await trx
          .insertInto("file_versions")
          .values({ item_id: cur.id, aircraft_id: aircraft.id, blob_key: cur.blob_key, size: cur.size, content_type: cur.content_type, filed_by: cur.created_by, filed_at: cur.updated_at, replaced_by: user.id, replaced_at: now })
          .execute();
      }
      await trx.updateTable("storage_items").set({ blob_key: newKey, size: version.size, content_type: version.content_type, updated_at: now, created_by: user.id }).where("id", "=", cur.id).execute();
    });
  } catch (err) {
    await discardUnfiledBlobs(deps, [newKey]);
    throw err;
  }
  // Search and the reports read the current version: its text is extracted again.
  await queueExtraction(deps, deps.jobs, [file.id], { force: true });
  await deps.audit.log({
    userId: user.id,
    action: "storage.restore_version",
    entity: "aircraft",
    entityId: aircraft.id,
    organizationId: aircraft.organization_id,
    detail: { file_id: file.id, path: file.path, version_id: version.id, number },
    ip: user.ip,
  });
  return c.json({ message: `Version ${number} of ${file.name} restored: it is now the current version.`, file: { id: file.id, name: file.name, path: file.path, size: version.size } });
}

// ---------------------------------------------------------------------------------------------
// Trash
// ---------------------------------------------------------------------------------------------


async function trashList(c: Ctx) {
  const { deps } = ctx(c);
  const query = readQuery(c, TrashQuery);
  const aircraft = await writableAircraft(c, aircraftIdParam(c));
  const total = Number((await deps.db.selectFrom("trash_entries").select((eb) => eb.fn.countAll<number>().as("n")).where("aircraft_id", "=", aircraft.id).executeTakeFirstOrThrow()).n);
  const rows = await deps.db
    .selectFrom("trash_entries")
    .selectAll()
    .where("aircraft_id", "=", aircraft.id)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const names = await namesOf(deps, rows.map((r) => r.deleted_by));
  const days = trashRetentionDays();
  const hold = await deps.db.selectFrom("legal_holds").select(["reason", "placed_at"]).where("aircraft_id", "=", aircraft.id).executeTakeFirst();
  return c.json({
    entries: rows.map((r) => ({
      id: r.id,
      item_id: r.item_id,
      name: r.name,
      path: r.path,
      resourcetype: r.is_folder ? ("collection" as const) : ("file" as const),
      files: r.files,
      folders: r.folders,
      bytes: r.bytes,
      deleted_by: r.deleted_by == null ? null : (names.get(r.deleted_by) ?? null),
      deleted_at: r.deleted_at,
      expires_at: new Date(Date.parse(r.deleted_at) + days * 86_400_000).toISOString(),
      kept_reason: r.kept_reason,
    })),
    total,
    page: query.page,
    per_page: query.per_page,
    retention_days: days,
    legal_hold: hold ?? null,
  });
}

/** "report.pdf" → "report (restored).pdf" → "report (restored 2).pdf"; folders keep no extension. */
export function restoredName(name: string, isFolder: boolean, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = isFolder ? -1 : name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  for (let i = 1; ; i++) {
    const candidate = `${stem} (restored${i === 1 ? "" : ` ${i}`})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Puts a trash entry back where it was (ADR 042): the same ids, the same path. Missing folders on the
 * way are created again; a same-named item there now keeps its name and the restored one comes back
 * beside it as "name (restored)". A file now standing where a folder of the path should be refuses.
 */
async function trashRestore(c: Ctx) {
  const { user, deps } = ctx(c);
  const input = await readBody(c, TrashRestoreInput);
  const aircraft = await writableAircraft(c, input.aircraft_id);
  const entry = await deps.db.selectFrom("trash_entries").selectAll().where("id", "=", input.entry_id).where("aircraft_id", "=", aircraft.id).executeTakeFirst();
  if (!entry) throw notFound("That item of the trash");
  const root = await ensureRootFolder(deps, aircraft);
  const parentPath = parentOf(entry.path) ?? "/";
  let newTop = entry.path;
  let newName = entry.name;
  const restored: ItemRow[] = [];
  await deps.db.transaction().execute(async (trx) => {
    // Read again inside the transaction: a second restore (or the trash job) may have taken it.
    // PostgreSQL: the entry's row is locked, so a concurrent restore waits and then finds it gone
    // (SQLite has one writer at a time).
    const still = await trx.selectFrom("trash_entries").select("id").where("id", "=", entry.id).$if(isPostgres(trx), (q) => q.forUpdate()).executeTakeFirst();
    if (!still) throw notFound("That item of the trash");
    const rows = await trx.selectFrom("trash_items").selectAll().where("entry_id", "=", entry.id).execute();
    // Parents before their children (parent_id references storage_items).
    rows.sort((a, b) => a.path.split("/").length - b.path.split("/").length || a.path.localeCompare(b.path));
    const maker = new FolderMaker(trx, aircraft.id, user.id);
    const segs = parentPath.split("/").filter(Boolean);
    let parent: { id: number; path: string };
    try {
      parent = await maker.ensure(root, segs);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      throw refuse(`"${entry.name}" cannot be restored to ${parentPath}: ${err.error} Rename or move that file first.`);
    }
    const taken = new Set((await trx.selectFrom("storage_items").select("name").where("parent_id", "=", parent.id).execute()).map((r) => r.name));
    newName = restoredName(entry.name, !!entry.is_folder, taken);
    newTop = joinPath(parent.path, newName);
    for (const r of rows) {
      const top = r.id === entry.item_id;
      const row = await trx
        .insertInto("storage_items")
        .values({
          id: r.id,
          aircraft_id: aircraft.id,
          parent_id: top ? parent.id : r.parent_id,
          path: top ? newTop : `${newTop}${r.path.slice(entry.path.length)}`,
          name: top ? newName : r.name,
          is_folder: r.is_folder,
          size: r.size,
          blob_key: r.blob_key,
          content_type: r.content_type,
          created_by: r.created_by,
          created_at: r.created_at,
          updated_at: r.updated_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      restored.push(row);
    }
    await trx.deleteFrom("trash_items").where("entry_id", "=", entry.id).execute();
    await trx.deleteFrom("trash_entries").where("id", "=", entry.id).execute();
    await deps.search.index([...maker.created, ...restored].map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: aircraft.id, organization_id: aircraft.organization_id })));
  });
  const fileIds = restored.filter((r) => !r.is_folder).map((r) => r.id);
  if (fileIds.length) await queueExtraction(deps, deps.jobs, fileIds, { force: true });
  const renamed = newName !== entry.name;
  await deps.audit.log({
    userId: user.id,
    action: "storage.trash_restore",
    entity: "aircraft",
    entityId: aircraft.id,
    organizationId: aircraft.organization_id,
    detail: { entry: entry.id, item_id: entry.item_id, from: entry.path, to: newTop, rows: restored.length },
    ip: user.ip,
  });
  const where = parentOf(newTop) ?? "/";
  const message = renamed
    ? `"${entry.name}" restored to ${where} as "${basename(newTop)}": an item named "${entry.name}" is there now.`
    : `"${entry.name}" restored to ${where}.`;
  return c.json({ message, path: newTop, renamed, item_id: entry.item_id });
}

// ---------------------------------------------------------------------------------------------
// Retention rules and legal holds (admin)
// ---------------------------------------------------------------------------------------------

async function retentionState(c: Ctx) {
  const { user, deps } = ctx(c);
  requireRole(user, ["admin", "member"]);
  const rules = await deps.db.selectFrom("retention_rules").selectAll().execute();
  const holds = await deps.db
    .selectFrom("legal_holds as h")
    .innerJoin("aircraft as a", "a.id", "h.aircraft_id")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .select(["h.aircraft_id", "a.name as aircraft_name", "a.msn", "o.name as organization", "h.reason", "h.placed_by", "h.placed_at"])
    .orderBy("h.placed_at", "desc")
    .execute();
  const names = await namesOf(deps, [...rules.map((r) => r.updated_by), ...holds.map((h) => h.placed_by)]);
  const byKey = new Map(rules.map((r) => [r.class_key, r]));
  return c.json({
    classes: RECORD_CLASSES.map((e) => {
      const r = byKey.get(e.key);
      return {
        key: e.key,
        label: e.label,
        keep: r?.keep ?? ("none" as const),
        years: r?.keep === "years" ? r.years : null,
        updated_by: r?.updated_by != null ? (names.get(r.updated_by) ?? null) : null,
        updated_at: r?.updated_at ?? null,
      };
    }),
    holds: holds.map((h) => ({ ...h, placed_by: h.placed_by != null ? (names.get(h.placed_by) ?? null) : null })),
    trash_retention_days: trashRetentionDays(),
  });
}

async function setRetention(c: Ctx) {
  const { user, deps } = ctx(c);
  requireRole(user, ["admin"]);
  const input = await readBody(c, RetentionInput);
  const cls = RECORD_CLASSES.find((e) => e.key === input.class_key);
  if (!cls) throw refuse("That record folder class does not exist.", { class_key: ["That record folder class does not exist."] });
  const now = new Date(nowMsOf(deps)).toISOString();
  if (input.keep === "none") await deps.db.deleteFrom("retention_rules").where("class_key", "=", cls.key).execute();
  else {
    const values = { keep: input.keep, years: input.keep === "years" ? input.years! : null, updated_by: user.id, updated_at: now };
    await deps.db
      .insertInto("retention_rules")
      .values({ class_key: cls.key, ...values })
      .onConflict((oc) => oc.column("class_key").doUpdateSet(values))
      .execute();
  }
  await deps.audit.log({ userId: user.id, action: "storage.retention_rule", entity: "retention_rule", entityId: cls.key, detail: { keep: input.keep, years: input.years ?? null }, ip: user.ip });
  const message =
    input.keep === "none"
      ? `${cls.label}: no retention rule.`
      : input.keep === "life"
        ? `${cls.label}: kept for the life of the aircraft.`
        : `${cls.label}: kept for at least ${input.years} year${input.years === 1 ? "" : "s"}.`;
  return c.json({ message });
}

async function placeHold(c: Ctx) {
  const { user, deps } = ctx(c);
  requireRole(user, ["admin"]);
  const input = await readBody(c, LegalHoldInput);
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  const existing = await deps.db.selectFrom("legal_holds").select("aircraft_id").where("aircraft_id", "=", aircraft.id).executeTakeFirst();
  if (existing) throw refuse(`${aircraft.name} (MSN ${aircraft.msn}) is already under a legal hold.`);
  await deps.db.insertInto("legal_holds").values({ aircraft_id: aircraft.id, reason: input.reason, placed_by: user.id, placed_at: new Date(nowMsOf(deps)).toISOString() }).execute();
  await deps.audit.log({ userId: user.id, action: "storage.legal_hold", entity: "aircraft", entityId: aircraft.id, organizationId: aircraft.organization_id, detail: { reason: input.reason }, ip: user.ip });
  return c.json({ message: `${aircraft.name} (MSN ${aircraft.msn}) is under a legal hold: nothing of its records can be deleted.` });
}

async function releaseHold(c: Ctx) {
  const { user, deps } = ctx(c);
  requireRole(user, ["admin"]);
  const input = await readBody(c, LegalHoldRemoveInput);
  const aircraft = await loadAircraft(deps, user, input.aircraft_id);
  const res = await deps.db.deleteFrom("legal_holds").where("aircraft_id", "=", aircraft.id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound("That legal hold");
  await deps.audit.log({ userId: user.id, action: "storage.legal_hold_released", entity: "aircraft", entityId: aircraft.id, organizationId: aircraft.organization_id, ip: user.ip });
  return c.json({ message: `The legal hold on ${aircraft.name} (MSN ${aircraft.msn}) is released.` });
}

export function registerRecordsRoutes(app: Hono<HonoEnv>) {
  app.get("/storage/v2/aircraft/:id{[0-9]+}/versions.json", versionsList);
  app.post("/storage/v2/files/restore_version.json", restoreVersion);
  app.get("/storage/v2/aircraft/:id{[0-9]+}/trash.json", trashList);
  app.post("/storage/v2/trash/restore.json", trashRestore);
  app.get("/storage/v2/retention.json", retentionState);
  app.post("/storage/v2/retention.json", setRetention);
  app.post("/storage/v2/legal_holds.json", placeHold);
  app.post("/storage/v2/legal_holds/remove.json", releaseHold);
}
