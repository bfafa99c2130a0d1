// The last validation workbook of each user, kept 30 minutes (ADR 079): a tab's "Validate" without
// JavaScript posts, is redirected, and the page it lands on offers the workbook; the portal keeps
// nothing itself (it may run where memory lasts one request). One row per user in
// validation_workbooks (a newer workbook replaces it), the bytes in the blob store under
// validation/<user id>/; expired ones go when anyone keeps a new one, and are never given out.
import type { Deps } from "../context";
import { refuse } from "../http";
import { XLSX_TYPE } from "./common";

export const VALIDATION_KEEP_MS = 30 * 60_000;
/** A larger workbook is not kept (far above what a 10 MB upload makes). */
export const VALIDATION_KEEP_MAX_BYTES = 64 * 1024 * 1024;
export const VALIDATION_GONE = "This validation workbook has expired (they are kept for 30 minutes). Validate the file again.";

const prefixOf = (userId: number) => `validation/${userId}/`;
const kept = (row: { id: string; filename: string; source: string; errors: number; expires_at: string }) => ({
  id: row.id,
  filename: row.filename,
  source: row.source,
  errors: row.errors,
  expires_at: row.expires_at,
});

/** Keeps a user's validation workbook in place of their last one; answers what keep_validation says of it. */
export async function keepValidation(deps: Deps, userId: number, workbook: { bytes: Uint8Array; filename: string; source: string; errors: number }, now = Date.now()) {
  if (workbook.bytes.byteLength > VALIDATION_KEEP_MAX_BYTES) throw refuse(`The validation workbook is larger than ${VALIDATION_KEEP_MAX_BYTES / 1024 / 1024} MB: validate a smaller file.`);
  const id = crypto.randomUUID();
  const row = {
    id,
    blob_key: `${prefixOf(userId)}${id}.xlsx`,
    filename: workbook.filename,
    source: workbook.source,
    errors: workbook.errors,
    expires_at: new Date(now + VALIDATION_KEEP_MS).toISOString(),
  };
  await deps.blob.put(row.blob_key, workbook.bytes, XLSX_TYPE);
  await deps.db
    .insertInto("validation_workbooks")
    .values({ ...row, user_id: userId })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  // The user's earlier workbook (or two, after two validations at once), then everyone's expired ones.
  for (const o of await deps.blob.list(prefixOf(userId))) if (o.key !== row.blob_key) await deps.blob.delete(o.key);
  await sweepExpired(deps, now);
  return kept(row);
}

/** A user's kept workbook of this id, if it has not expired; null for any other id. */
async function keptRow(deps: Deps, userId: number, id: string, now = Date.now()) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await deps.db.selectFrom("validation_workbooks").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return row && row.expires_at > new Date(now).toISOString() ? row : null;
}

/** What get_tab_data's `validation` answers: the kept workbook, or null once it is gone (or not the caller's). */
export async function keptValidation(deps: Deps, userId: number, id: string) {
  const row = await keptRow(deps, userId, id);
  return row && kept(row);
}

/** The kept workbook as an attachment (streamed from the blob store); refused once it is gone. */
export async function validationWorkbookAnswer(deps: Deps, userId: number, id: string): Promise<Response> {
  const row = await keptRow(deps, userId, id);
  const file = row && (await deps.blob.read(row.blob_key, { filename: row.filename, download: true, noCache: true }));
  if (!file || file.status !== 200) throw refuse(VALIDATION_GONE);
  return file;
}

async function sweepExpired(deps: Deps, now: number) {
  const expired = await deps.db
    .selectFrom("validation_workbooks")
    .select(["id", "blob_key"])
    .where("expires_at", "<=", new Date(now).toISOString())
    .limit(100)
    .execute();
  if (!expired.length) return;
  for (const e of expired) await deps.blob.delete(e.blob_key);
  await deps.db.deleteFrom("validation_workbooks").where("id", "in", expired.map((e) => e.id)).execute();
}
