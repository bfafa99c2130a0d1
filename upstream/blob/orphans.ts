// Uploads whose record never arrived (ADR 068). A browser uploads straight to the blob store under a
// key prefix the API issued, then asks the API to file what it sent (index_files, a profile's photo
// or resume). When that second call never comes (the tab was closed, the portal was killed between
// the two), the blobs stay in the store with no row naming them. Every issued prefix is recorded
// (upload_intents); once a prefix's grace period has passed since its last link, the sweep removes
// its blobs that no row names, and counts them for the admin's OCR Status view.
import { sql } from "kysely";
import type { Deps } from "../context";
import type { DB } from "../db";
import { bumpCounter, readCounter } from "../jobs/recovery";

/** Hours after a prefix's last upload link before its unfiled blobs are removed (a storage upload may be resumed for 24 hours). */
export const DEFAULT_ORPHAN_GRACE_HOURS = 25;
export const ORPHAN_SWEEP_JOB = "orphan-upload-sweep";
/** How often each process that runs workers queues the sweep (one open sweep at a time). */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;
/** Prefixes looked at per sweep (the next sweep goes on). */
const PREFIXES_PER_SWEEP = 500;

export const ORPHAN_COUNTERS = { files: "orphans.swept.files", bytes: "orphans.swept.bytes", lastSweep: "orphans.last_sweep_at" } as const;

/** Records (or renews) an issued upload prefix. */
export async function recordUploadIntent(db: DB, prefix: string, nowMs = Date.now()) {
  const at = new Date(nowMs).toISOString();
  await db
    .insertInto("upload_intents")
    .values({ prefix, issued_at: at, swept_at: null })
    .onConflict((oc) => oc.column("prefix").doUpdateSet({ issued_at: at, swept_at: null }))
    .execute();
}

/** The keys among `keys` that some row names (a file, an earlier version, a file in the trash, a profile's photo or resume). */
async function referenced(db: DB, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const rows = await sql<{ k: string }>`
      SELECT blob_key AS k FROM storage_items WHERE blob_key IN (${sql.join(chunk)})
      UNION SELECT blob_key FROM file_versions WHERE blob_key IN (${sql.join(chunk)})
      UNION SELECT blob_key FROM trash_items WHERE blob_key IN (${sql.join(chunk)})
      UNION SELECT photo_key FROM consultants WHERE photo_key IN (${sql.join(chunk)})
      UNION SELECT resume_key FROM consultants WHERE resume_key IN (${sql.join(chunk)})`.execute(db);
    for (const r of rows.rows) if (r.k) found.add(r.k);
  }
  return found;
}

export interface OrphanSweepResult {
  prefixes: number;
  files: number;
  bytes: number;
}

/** Removes the unfiled blobs of every prefix whose grace period is over. */
export async function sweepOrphanUploads(deps: Pick<Deps, "db" | "blob">, opts: { graceHours?: number; now?: number } = {}): Promise<OrphanSweepResult> {
  const now = opts.now ?? Date.now();
  const cutoff = new Date(now - (opts.graceHours ?? DEFAULT_ORPHAN_GRACE_HOURS) * 3600_000).toISOString();
  const due = await deps.db
    .selectFrom("upload_intents")
    .select(["prefix", "issued_at"])
    .where("swept_at", "is", null)
    .where("issued_at", "<", cutoff)
    .orderBy("issued_at")
    .limit(PREFIXES_PER_SWEEP)
    .execute();
  let files = 0;
  let bytes = 0;
  for (const intent of due) {
    const objects = await deps.blob.list(intent.prefix);
    const keep = await referenced(deps.db, objects.map((o) => o.key));
    for (const o of objects) {
      if (keep.has(o.key)) continue;
      await deps.blob.delete(o.key);
      files++;
      bytes += o.size;
    }
    // Only if no new link was issued for the prefix meanwhile (a resumed upload).
    await deps.db.updateTable("upload_intents").set({ swept_at: new Date(now).toISOString() }).where("prefix", "=", intent.prefix).where("issued_at", "=", intent.issued_at).execute();
  }
  if (files) console.warn(`[blob] removed ${files} upload(s) whose record never arrived (${bytes} bytes)`);
  await bumpCounter(deps.db, ORPHAN_COUNTERS.files, files);
  await bumpCounter(deps.db, ORPHAN_COUNTERS.bytes, bytes);
  await deps.db
    .insertInto("kv")
    .values({ key: ORPHAN_COUNTERS.lastSweep, value: new Date(now).toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: new Date(now).toISOString() }))
    .execute();
  return { prefixes: due.length, files, bytes };
}

/** What the sweeps removed so far, and when the last one ran (the OCR Status view). */
export async function orphanSweepTotals(db: DB) {
  const last = await db.selectFrom("kv").select("value").where("key", "=", ORPHAN_COUNTERS.lastSweep).executeTakeFirst();
  const pending = await db.selectFrom("upload_intents").select((eb) => eb.fn.countAll<number>().as("n")).where("swept_at", "is", null).executeTakeFirst();
  return {
    files: await readCounter(db, ORPHAN_COUNTERS.files),
    bytes: await readCounter(db, ORPHAN_COUNTERS.bytes),
    last_sweep_at: last?.value ?? null,
    open_uploads: Number(pending?.n ?? 0),
  };
}
