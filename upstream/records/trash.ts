// The aircraft's trash (issue 19 item 2, ADR 042). A delete moves the rows of each deleted file or
// folder (its whole subtree) from storage_items into trash_items under one trash_entries row, in the
// delete's transaction; their blobs and the files' earlier versions stay where they are. The trash
// job (`TRASH_SWEEP_JOB`, queued at start and every hour by upstream/index.ts) empties the entries
// older than TRASH_RETENTION_DAYS: rows first (one transaction per entry), then their blobs. This job
// is the only place where a filed blob is ever deleted (backups rely on it, issue 19 item 4).
import { sql } from "kysely";
import type { Deps } from "../context";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { deletionBlock, trashRetentionDays } from "./rules";

type Trx = Transaction<Database>;

export const TRASH_SWEEP_JOB = "trash.sweep";
/** How often the periodic sweep is queued (it runs on the durable queue, deduplicated). */
export const TRASH_SWEEP_EVERY_MS = 60 * 60_000;
const SWEEP_BATCH = 200;

export const nowMsOf = (deps: Pick<Deps, "config">) => deps.config.clock?.now() ?? Date.now();

/** Rows of one aircraft at `p` or below it (case-sensitive). */
const underPath = (p: string) => sql<boolean>`(path = ${p} OR substr(path, 1, length(${p}) + 1) = ${`${p}/`})`;

/**
 * Moves one deleted item (and, for a folder, everything below it) into the trash; returns the entry
 * id and the moved ids. Runs inside the delete's transaction.
 */
export async function moveToTrash(
  trx: Trx,
  item: { id: number; aircraft_id: number; path: string; name: string; is_folder: number },
  userId: number,
  deletedAt: string,
): Promise<{ entryId: number; ids: number[]; files: number }> {
  const where = item.is_folder ? underPath(item.path) : sql<boolean>`id = ${item.id}`;
  const stats = await sql<{ files: number; folders: number; bytes: number }>`
    SELECT coalesce(sum(CASE WHEN is_folder = 0 THEN 1 ELSE 0 END), 0) AS files, coalesce(sum(CASE WHEN is_folder = 1 THEN 1 ELSE 0 END), 0) AS folders, coalesce(sum(size), 0) AS bytes
    FROM storage_items WHERE aircraft_id = ${item.aircraft_id} AND ${where}`.execute(trx);
  const s = stats.rows[0] ?? { files: 0, folders: 0, bytes: 0 };
  const entry = await trx
    .insertInto("trash_entries")
    .values({
      aircraft_id: item.aircraft_id,
      item_id: item.id,
      name: item.name,
      path: item.path,
      is_folder: item.is_folder,
      files: Number(s.files),
      folders: Number(s.folders),
      bytes: Number(s.bytes),
      deleted_by: userId,
      deleted_at: deletedAt,
      kept_reason: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO trash_items (id, entry_id, aircraft_id, parent_id, path, name, is_folder, size, blob_key, content_type, created_by, created_at, updated_at)
    SELECT id, ${entry.id}, aircraft_id, parent_id, path, name, is_folder, size, blob_key, content_type, created_by, created_at, updated_at
    FROM storage_items WHERE aircraft_id = ${item.aircraft_id} AND ${where}`.execute(trx);
  const ids = (await trx.selectFrom("trash_items").select("id").where("entry_id", "=", entry.id).execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx.deleteFrom("favourites").where("item_id", "in", chunk).execute();
    await trx.deleteFrom("storage_items").where("id", "in", chunk).execute();
  }
  return { entryId: entry.id, ids, files: Number(s.files) };
}

export interface SweepResult {
  emptied: number;
  kept: number;
  blobs: number;
}

/**
 * Empties the trash entries older than the retention period (all aircraft). An entry that a legal
 * hold or a retention rule protects stays, with the reason recorded for the trash page.
 */
export async function sweepTrash(deps: Pick<Deps, "db" | "blob" | "audit" | "config">): Promise<SweepResult> {
  const now = nowMsOf(deps);
  const cutoff = new Date(now - trashRetentionDays() * 86_400_000).toISOString();
  const out: SweepResult = { emptied: 0, kept: 0, blobs: 0 };
  let afterId = 0;
  for (;;) {
    const entries = await deps.db
      .selectFrom("trash_entries as t")
      .innerJoin("aircraft as a", "a.id", "t.aircraft_id")
      .select(["t.id", "t.aircraft_id", "t.path", "t.item_id", "t.kept_reason", "a.name", "a.msn", "a.organization_id"])
      .where("t.deleted_at", "<=", cutoff)
      .where("t.id", ">", afterId)
      .orderBy("t.id")
      .limit(SWEEP_BATCH)
      .execute();
    if (!entries.length) break;
    for (const e of entries) {
      afterId = e.id;
      const rows = await deps.db.selectFrom("trash_items").select(["id", "path", "is_folder", "updated_at", "blob_key"]).where("entry_id", "=", e.id).execute();
      const block = await deletionBlock(deps.db, { id: e.aircraft_id, name: e.name, msn: e.msn }, rows, now);
      if (block) {
        out.kept++;
        if (block !== e.kept_reason) await deps.db.updateTable("trash_entries").set({ kept_reason: block }).where("id", "=", e.id).execute();
        continue;
      }
      const ids = rows.map((r) => r.id);
      const keys = rows.flatMap((r) => (r.blob_key ? [r.blob_key] : []));
      await deps.db.transaction().execute(async (trx) => {
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          for (const v of await trx.selectFrom("file_versions").select("blob_key").where("item_id", "in", chunk).execute()) keys.push(v.blob_key);
          await trx.deleteFrom("file_versions").where("item_id", "in", chunk).execute();
          // Linked documents follow their file into the trash (ADR 047) and go when it is emptied.
          await trx.deleteFrom("document_links").where("file_id", "in", chunk).execute();
        }
        await trx.deleteFrom("trash_items").where("entry_id", "=", e.id).execute();
        await trx.deleteFrom("trash_entries").where("id", "=", e.id).execute();
      });
      // After the commit: a blob that cannot be deleted now is an unreferenced file, never a row
      // without its bytes.
      for (const k of keys) {
        try {
          await deps.blob.delete(k);
          out.blobs++;
        } catch (err) {
          console.error("[trash] could not delete blob", k, err);
        }
      }
      out.emptied++;
      await deps.audit.log({
        userId: null,
        action: "storage.trash_emptied",
        entity: "aircraft",
        entityId: e.aircraft_id,
        organizationId: e.organization_id,
        detail: { entry: e.id, path: e.path, item_id: e.item_id, rows: ids.length, blobs: keys.length },
      });
    }
  }
  return out;
}
