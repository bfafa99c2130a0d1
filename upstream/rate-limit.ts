// Rate limits of the public endpoints that write or mail (error reports, contact, registration and
// reset mails), kept in the database (table rate_hits, migration 017, ADR 057) so that they hold
// across every portal process sharing it. A sliding window per rule and client key; the per-account
// sign-in lock-out has its own table (login_attempts, ADR 026).
import { sql } from "kysely";
import type { DB } from "./db";

export interface RateRule {
  /** The bucket prefix: one rule's keys never count against another's. */
  name: string;
  /** Requests allowed per key within the window. */
  limit: number;
  windowMs: number;
}

/** Callers without a known address share this key; it gets ten times the limit (they are many people, not one). */
export const UNKNOWN_CLIENT = "unknown";

/** Rows older than this are removed by anyone's hit now and then (no window is longer). */
const KEEP_MS = 24 * 60 * 60_000;
let hitsSincePrune = 0;

/**
 * Counts a request of `key` under `rule`; false (and nothing counted) when the key is over its limit.
 * The count and the insert are one statement, so that parallel requests from several processes
 * cannot all slip under the limit.
 */
export async function hitRate(db: DB, rule: RateRule, key: string, now = Date.now()): Promise<boolean> {
  const bucket = `${rule.name}:${key}`;
  const max = key === UNKNOWN_CLIENT ? rule.limit * 10 : rule.limit;
  const since = now - rule.windowMs;
  const inserted = await sql`
    INSERT INTO rate_hits (bucket, at)
    SELECT ${bucket}, ${now}
    WHERE (SELECT count(*) FROM rate_hits WHERE bucket = ${bucket} AND at > ${since}) < ${max}`.execute(db);
  const ok = Number(inserted.numAffectedRows ?? 0n) > 0;
  await db.deleteFrom("rate_hits").where("bucket", "=", bucket).where("at", "<=", since).execute();
  if (++hitsSincePrune >= 1000) {
    hitsSincePrune = 0;
    await db.deleteFrom("rate_hits").where("at", "<", now - KEEP_MS).execute();
  }
  return ok;
}
