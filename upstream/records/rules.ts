// Retention rules and legal holds (issue 19 item 3, ADR 042): what may leave an aircraft's records.
// A delete (into the trash) and the trash job's emptying both ask `deletionBlock` first; it names the
// first thing that forbids it, in words a user can act on, or answers null.
//
// - Legal hold: nothing of the aircraft may be deleted or emptied from its trash.
// - A retention rule of a record folder class (the top-level folder, records-index.ts): "life" keeps
//   every file of that class for the life of the aircraft; "years" keeps a file until N years after
//   its current content was filed (its updated_at).
import type { Kysely } from "kysely";
import type { Database, RetentionKeep } from "../db/schema";
import { RECORD_CLASSES, recordClassOf } from "../../app/models/records-index";

type Db = Kysely<Database>;

export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/** Days an item stays in the trash before the job empties it: TRASH_RETENTION_DAYS, default 30. */
export function trashRetentionDays(): number {
  const v = Number(process.env.TRASH_RETENTION_DAYS);
  return Number.isFinite(v) && v >= 0 ? Math.floor(v) : DEFAULT_TRASH_RETENTION_DAYS;
}

export interface RetentionRule {
  class_key: string;
  keep: RetentionKeep;
  years: number | null;
}

export const RETENTION_MAX_YEARS = 100;

export function ruleText(label: string, rule: { keep: RetentionKeep; years: number | null }) {
  return rule.keep === "life" ? `${label} records are kept for the life of the aircraft` : `${label} records are kept for at least ${rule.years} year${rule.years === 1 ? "" : "s"}`;
}

export async function legalHoldOf(db: Db, aircraftId: number) {
  return (await db.selectFrom("legal_holds").selectAll().where("aircraft_id", "=", aircraftId).executeTakeFirst()) ?? null;
}

export async function retentionRules(db: Db): Promise<Map<string, RetentionRule>> {
  const rows = await db.selectFrom("retention_rules").select(["class_key", "keep", "years"]).execute();
  return new Map(rows.map((r) => [r.class_key, r]));
}

/** The date (ISO day) from which a file filed at `filedAt` may be deleted under `years`. */
const keptUntil = (filedAt: string, years: number) => {
  const d = new Date(filedAt);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

export interface DeletableRow {
  path: string;
  is_folder: number;
  updated_at: string;
}

/**
 * Why these rows (the files and folders a delete or an emptying would remove) may not go, or null.
 * `what` starts the sentence ("This delete", "Emptying the trash").
 */
export async function deletionBlock(db: Db, aircraft: { id: number; name: string; msn: string }, rows: DeletableRow[], nowMs: number): Promise<string | null> {
  const hold = await legalHoldOf(db, aircraft.id);
  if (hold) return `${aircraft.name} (MSN ${aircraft.msn}) is under a legal hold (${hold.reason}): nothing of its records can be deleted until an admin releases the hold.`;
  const rules = await retentionRules(db);
  if (!rules.size) return null;
  for (const r of rows) {
    if (r.is_folder) continue;
    const cls = recordClassOf(r.path);
    const rule = cls ? rules.get(cls.key) : undefined;
    if (!cls || !rule) continue;
    if (rule.keep === "life") return `"${r.path}" cannot be deleted: ${ruleText(cls.label, rule)}.`;
    const until = keptUntil(r.updated_at, rule.years ?? 0);
    if (until.getTime() > nowMs) {
      return `"${r.path}" cannot be deleted before ${until.toISOString().slice(0, 10)}: ${ruleText(cls.label, rule)} (a retention rule).`;
    }
  }
  return null;
}

export const retentionClasses = () => RECORD_CLASSES;

/**
 * Why moving or renaming these files would take one out of the record folder class whose rule keeps
 * it (a loophole around `deletionBlock`: rename "01 Certificates", then delete), or null.
 */
export async function reclassBlock(db: Db, moves: { path: string; newPath: string; updated_at: string }[], nowMs: number): Promise<string | null> {
  const rules = await retentionRules(db);
  if (!rules.size) return null;
  for (const m of moves) {
    const cls = recordClassOf(m.path);
    const rule = cls ? rules.get(cls.key) : undefined;
    if (!cls || !rule || recordClassOf(m.newPath)?.key === cls.key) continue;
    if (rule.keep === "years" && keptUntil(m.updated_at, rule.years ?? 0).getTime() <= nowMs) continue;
    const until = rule.keep === "years" ? ` before ${keptUntil(m.updated_at, rule.years ?? 0).toISOString().slice(0, 10)}` : "";
    return `"${m.path}" cannot leave the ${cls.label} records${until}: ${ruleText(cls.label, rule)} (a retention rule). Copy it instead.`;
  }
  return null;
}

export const hasRetentionRules = async (db: Db) => (await retentionRules(db)).size > 0;
