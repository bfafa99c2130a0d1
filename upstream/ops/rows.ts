// Writing tab rows: add or update one row (cell or whole item), delete a selection, bulk import.
import type { Deps } from "../context";
import { nowIso } from "../db";
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

/** Imports rows (already validated) in one transaction: appended, or replacing every row of the tab. */
export async function importRows(
  deps: Deps,
  view: TabView,
  rows: { data: Record<string, Cell>; watched: boolean | null }[],
  mode: "append" | "replace",
  userId: number
): Promise<{ imported: number; total: number }> {
  const tabId = storedTab(view);
  const now = nowIso();
  return deps.db.transaction().execute(async (trx) => {
    if (mode === "replace") await trx.deleteFrom("tab_rows").where("tab_id", "=", tabId).execute();
    const { max } = await trx
      .selectFrom("tab_rows")
      .select((eb) => eb.fn.max<number | null>("position").as("max"))
      .where("tab_id", "=", tabId)
      .executeTakeFirstOrThrow();
    let position = max ?? 0;
    const values = rows.map((r) => {
      const data: Record<string, Cell> = {};
      for (const c of view.columns) data[c.name] = r.data[c.name] ?? null;
      position += 1;
      return { tab_id: tabId, position, data: JSON.stringify(data), watched: r.watched ? 1 : 0, updated_by: userId, created_at: now, updated_at: now };
    });
    // SQLite limits bound parameters per statement: insert in chunks.
    for (let i = 0; i < values.length; i += 100) {
      await trx
        .insertInto("tab_rows")
        .values(values.slice(i, i + 100))
        .execute();
    }
    const { total } = await trx
      .selectFrom("tab_rows")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("tab_id", "=", tabId)
      .executeTakeFirstOrThrow();
    return { imported: rows.length, total: Number(total) };
  });
}
