// Writing tab rows: add or update one row (cell or whole item), delete a selection, bulk import.
import { sql, type Transaction } from "kysely";
import type { Deps } from "../context";
import { nowIso, type DB } from "../db";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { notFound, refuse } from "../http";
import type { TabRow } from "../../app/models/schemas/ops";
import { parseData, validateItem, type Cell, type TabView } from "./common";

export interface RowChange {
  id?: number;
  column_name?: string;
  column_value?: unknown;
  item?: Record<string, unknown>;
  watched?: boolean;
}

function storedTab(view: TabView): number {
  if (view.source !== "stored" || view.dbId == null) {
    throw refuse("Work orders are changed on the work order screens, not in the tab.");
  }
  return view.dbId;
}

/**
 * Adds a row (no id) or updates one (id): `item` holds whole-row values, `column_name` +
 * `column_value` one cell; both may be given. Values are checked against the columns' types;
 * non-editable columns are refused unless `allowLocked`.
 */
export async function upsertRow(
  deps: Deps,
  view: TabView,
  change: RowChange,
  opts: { allowLocked: boolean; userId: number }
): Promise<{ row: TabRow; created: boolean }> {
  const tabId = storedTab(view);
  const item: Record<string, unknown> = { ...(change.item ?? {}) };
  if (change.column_name != null) item[change.column_name] = change.column_value ?? null;
  const values = validateItem(view.columns, item, { allowLocked: opts.allowLocked });
  const now = nowIso();
  return deps.db.transaction().execute(async (trx) => {
    if (change.id != null) {
      const existing = await trx
        .selectFrom("tab_rows")
        .select(["id", "position", "data", "watched"])
        .where("id", "=", change.id)
        .where("tab_id", "=", tabId)
        .executeTakeFirst();
      if (!existing) throw notFound("That row");
      const data = { ...parseData(existing.data), ...values };
      const watched = change.watched == null ? existing.watched : change.watched ? 1 : 0;
      await trx
        .updateTable("tab_rows")
        .set({ data: JSON.stringify(data), watched, updated_by: opts.userId, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      return { created: false, row: { id: existing.id, position: existing.position, watched: watched === 1, data } };
    }
    const { max } = await trx
      .selectFrom("tab_rows")
      .select((eb) => eb.fn.max<number | null>("position").as("max"))
      .where("tab_id", "=", tabId)
      .executeTakeFirstOrThrow();
    const position = (max ?? 0) + 1;
    const data: Record<string, Cell> = {};
    for (const c of view.columns) data[c.name] = values[c.name] ?? null;
    const inserted = await trx
      .insertInto("tab_rows")
      .values({
        tab_id: tabId,
        position,
        data: JSON.stringify(data),
        watched: change.watched ? 1 : 0,
        updated_by: opts.userId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { created: true, row: { id: inserted.id, position, watched: !!change.watched, data } };
  });
}

/** Deletes the selected rows of a tab; 404 when none of them is in the tab. */
export async function deleteRows(deps: Deps, view: TabView, ids: number[]): Promise<number> {
  const tabId = storedTab(view);
  const res = await deps.db.deleteFrom("tab_rows").where("tab_id", "=", tabId).where("id", "in", ids).executeTakeFirst();
  const deleted = Number(res.numDeletedRows);
  if (deleted === 0) throw notFound("The selected rows");
  return deleted;
}

/** Rows ready to store (the sheet worker builds them): each row's cells as tab_rows.data's JSON text, and its watched flag. */
export interface ImportBatch {
  data: string[];
  watched: Uint8Array;
}

/** Rows written between two turns of the event loop during an import. */
const IMPORT_CHUNK = 2_000;
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows moved from the stage (or deleted for a replace) per step of an import's last transaction on SQLite. */
const MOVE_CHUNK = 500;
let stageCount = 0;

/**
 * Imports rows (already validated), all or nothing: appended, or replacing every row of the tab. A
 * tab takes 200,000 rows; writing them must not stop other users for the whole import (ADR 067):
 * - PostgreSQL: one transaction on its own pooled connection, the event loop let go every 2,000
 *   rows. Others use the pool's other connections and do not see the rows before the commit.
 * - SQLite: the portal's one connection is held by a transaction until it ends (every other query
 *   waits), so the rows are first written to a temporary table (this connection's own; it vanishes
 *   if the process dies) in short transactions with other requests' queries in between; one last
 *   transaction then deletes the earlier rows for a replace and moves the new ones with a single
 *   INSERT … SELECT: 0.25 s (append) to 0.5 s (replace) for 200,000 rows here, commit included,
 *   where writing them in one transaction held the connection 0.6 to 0.9 s.
 */
export async function importRows(
  deps: Deps,
  view: TabView,
  rows: ImportBatch,
  mode: "append" | "replace",
  userId: number
): Promise<{ imported: number; total: number }> {
  const tabId = storedTab(view);
  const target = { tabId, userId, now: nowIso(), mode };
  return isPostgres(deps.db) ? importInOneTransaction(deps.db, rows, target) : importThroughStage(deps.db, rows, target);
}

type ImportTarget = { tabId: number; userId: number; now: string; mode: "append" | "replace" };

async function importInOneTransaction(db: DB, rows: ImportBatch, t: ImportTarget) {
  return db.transaction().execute(async (trx) => {
    if (t.mode === "replace") await trx.deleteFrom("tab_rows").where("tab_id", "=", t.tabId).execute();
    let position = await lastPosition(trx, t.tabId);
    for (let from = 0; from < rows.data.length; from += IMPORT_CHUNK) {
      const to = Math.min(rows.data.length, from + IMPORT_CHUNK);
      // 500 rows of 7 values per statement: well under PostgreSQL's 65,535 parameters.
      for (let i = from; i < to; i += 500) {
        const values = [];
        for (let j = i; j < Math.min(to, i + 500); j++) {
          values.push({ tab_id: t.tabId, position: ++position, data: rows.data[j], watched: rows.watched[j] ? 1 : 0, updated_by: t.userId, created_at: t.now, updated_at: t.now });
        }
        await trx.insertInto("tab_rows").values(values).execute();
      }
      await letOthersRun();
    }
    return { imported: rows.data.length, total: await rowCount(trx, t.tabId) };
  });
}

async function importThroughStage(db: DB, rows: ImportBatch, t: ImportTarget) {
  const stage = sql.table(`tab_rows_import_${++stageCount}`);
  await sql`CREATE TEMP TABLE ${stage} (seq INTEGER PRIMARY KEY, data TEXT NOT NULL, watched INTEGER NOT NULL)`.execute(db);
  try {
    for (let from = 0; from < rows.data.length; from += IMPORT_CHUNK) {
      const to = Math.min(rows.data.length, from + IMPORT_CHUNK);
      await db.transaction().execute(async (trx) => {
        // 300 rows of 3 values per statement: under SQLite's historical 999 parameters.
        for (let i = from; i < to; i += 300) {
          const values = [];
          for (let j = i; j < Math.min(to, i + 300); j++) values.push(sql`(${j + 1}, ${rows.data[j]}, ${rows.watched[j] ? 1 : 0})`);
          await sql`INSERT INTO ${stage} (seq, data, watched) VALUES ${sql.join(values)}`.execute(trx);
        }
      });
      await letOthersRun();
    }
    // The move: one transaction (all or nothing; the reader threads see the tab as it was until the
    // commit), in bounded steps with the event loop let go between them. The sort and filter keys
    // the triggers keep (migration 021) make each row cost more here, so one statement for every
    // row would hold the process for seconds; other requests' writes wait for the commit.
    return await db.transaction().execute(async (trx) => {
      if (t.mode === "replace") {
        for (;;) {
          const { numDeletedRows } = await trx
            .deleteFrom("tab_rows")
            .where("id", "in", (eb) => eb.selectFrom("tab_rows").select("id").where("tab_id", "=", t.tabId).limit(MOVE_CHUNK))
            .executeTakeFirst();
          if (Number(numDeletedRows) === 0) break;
          await letOthersRun();
        }
      }
      const position = await lastPosition(trx, t.tabId);
      for (let from = 0; from < rows.data.length; from += MOVE_CHUNK) {
        await sql`
          INSERT INTO tab_rows (tab_id, position, data, watched, updated_by, created_at, updated_at)
          SELECT ${t.tabId}, ${position} + seq, data, watched, ${t.userId}, ${t.now}, ${t.now} FROM ${stage}
          WHERE seq > ${from} AND seq <= ${from + MOVE_CHUNK} ORDER BY seq`.execute(trx);
        await letOthersRun();
      }
      return { imported: rows.data.length, total: await rowCount(trx, t.tabId) };
    });
  } finally {
    await sql`DROP TABLE IF EXISTS ${stage}`.execute(db);
  }
}

async function lastPosition(db: DB | Transaction<Database>, tabId: number): Promise<number> {
  const { max } = await db
    .selectFrom("tab_rows")
    .select((eb) => eb.fn.max<number | null>("position").as("max"))
    .where("tab_id", "=", tabId)
    .executeTakeFirstOrThrow();
  return Number(max ?? 0);
}

async function rowCount(db: DB | Transaction<Database>, tabId: number): Promise<number> {
  const { total } = await db
    .selectFrom("tab_rows")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("tab_id", "=", tabId)
    .executeTakeFirstOrThrow();
  return Number(total);
}
