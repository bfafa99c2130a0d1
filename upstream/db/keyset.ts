// Keyset paging (ADR 084): "the rows after this key" instead of OFFSET, so a deep page costs what the
// first one does. A list's order is a list of key columns, each ascending or descending, the last
// one unique (the id); a cursor is the key of the row a page ends or starts at, opaque to clients.
//
// Orders that mix directions (folders first, size descending, then name ascending) cannot be one
// row-value comparison, and "a > x OR (a = x AND b > y) …" as one predicate makes SQLite scan from
// the start. So a seek runs one query per key column, deepest first: equal on the columns before it,
// strictly after on it, ordered by the rest; each is a range of one index, and the seek stops as
// soon as the page is full (usually after two or three short reads).
import { sql, type RawBuilder } from "kysely";

export interface KeyColumn {
  /** The column as ordered (`si.name COLLATE NOCASE`, `lower(si.name)`). */
  expr: RawBuilder<unknown>;
  desc: boolean;
  /** What a cursor holds for it: checked when a cursor is read. */
  kind: "int" | "text" | "flag";
  /** A cursor value as compared with `expr` (the same collation); the value itself by default. */
  value?: (v: unknown) => RawBuilder<unknown>;
}

export type KeyValue = number | string;
export type SeekDirection = "after" | "before";

const valueOf = (col: KeyColumn, v: KeyValue) => (col.value ? col.value(v) : sql`${v}`);

/** ORDER BY of the columns (reversed: the order read backwards, for a seek "before"). */
export function orderOf(cols: KeyColumn[], reversed = false): RawBuilder<unknown> {
  return sql.join(cols.map((c) => sql`${c.expr} ${sql.raw(c.desc !== reversed ? "DESC" : "ASC")}`));
}

/**
 * The predicates of a seek from `key`, one per query, deepest first. `inclusive`: the row at `key`
 * itself is part of the answer (a page that starts at a known row). Strictly after on a flag (folders
 * first) is equality with the other value, or nothing: an index range the planner reads in order.
 */
export function seekLevels(cols: KeyColumn[], key: KeyValue[], direction: SeekDirection, inclusive = false): RawBuilder<boolean>[] {
  const levels: RawBuilder<boolean>[] = [];
  for (let k = cols.length - 1; k >= 0; k--) {
    const col = cols[k]!;
    const forward = direction === "after" ? !col.desc : col.desc;
    const parts = cols.slice(0, k).map((c, j) => sql<boolean>`${c.expr} = ${valueOf(c, key[j]!)}`);
    if (col.kind === "flag") {
      const next = forward ? 1 : 0;
      if (key[k] === next) continue; // nothing lies beyond the last value of a flag
      parts.push(sql<boolean>`${col.expr} = ${next}`);
    } else {
      const last = inclusive && k === cols.length - 1;
      parts.push(sql<boolean>`${col.expr} ${sql.raw(forward ? (last ? ">=" : ">") : last ? "<=" : "<")} ${valueOf(col, key[k]!)}`);
    }
    levels.push(sql<boolean>`(${sql.join(parts, sql` AND `)})`);
  }
  return levels;
}

/** The predicates of a read from the list's start: one per value of a leading flag (each an index range read in order), else none. */
export function startLevels(cols: KeyColumn[]): RawBuilder<boolean>[] {
  const first = cols[0]!;
  if (first.kind !== "flag") return [sql<boolean>`1 = 1`];
  return (first.desc ? [1, 0] : [0, 1]).map((v) => sql<boolean>`${first.expr} = ${v}`);
}

/**
 * Reads up to `limit` rows from `key` in `direction` (from the list's start when `key` is null), in the
 * list's order: a seek "before" answers the rows just before the key, still in the list's order.
 * `read(where, order, limit)` runs one query of the list with that extra predicate, order and limit.
 */
export async function seek<R>(
  cols: KeyColumn[],
  key: KeyValue[] | null,
  direction: SeekDirection,
  limit: number,
  read: (where: RawBuilder<boolean>, order: RawBuilder<unknown>, limit: number) => Promise<R[]>,
  { inclusive = false }: { inclusive?: boolean } = {},
): Promise<R[]> {
  const rows: R[] = [];
  const order = orderOf(cols, direction === "before");
  for (const where of key ? seekLevels(cols, key, direction, inclusive) : startLevels(cols)) {
    if (rows.length >= limit) break;
    rows.push(...(await read(where, order, limit - rows.length)));
  }
  return direction === "before" ? rows.reverse() : rows;
}

/**
 * The key of the row at `position` (0-based) in the list's order, or null past the end: a numbered
 * page's first key. `readAt(where, order, offset)` reads the key columns alone (an index-only scan);
 * a leading flag is counted first so that each OFFSET walks one index range in order. Given the
 * list's `total`, a row in its second half is read from the end (the list's order reversed), so the
 * last pages cost what the first ones do and no page walks more than half the list.
 */
export async function keyAt(
  cols: KeyColumn[],
  position: number,
  readAt: (where: RawBuilder<boolean>, order: RawBuilder<unknown>, offset: number) => Promise<KeyValue[] | null>,
  count: (where: RawBuilder<boolean>) => Promise<number>,
  total?: number,
): Promise<KeyValue[] | null> {
  if (total != null && position >= total) return null;
  const fromEnd = total != null && position > total / 2;
  const order = orderOf(cols, fromEnd);
  const flag = cols[0]!.kind === "flag";
  // The sides of a leading flag, in the order read, with the value each holds.
  const sides = startLevels(cols).map((where, i) => ({ where, value: cols[0]!.desc ? 1 - i : i }));
  if (fromEnd) sides.reverse();
  let skip = fromEnd ? total - 1 - position : position;
  // The side where the flag is set is the one counted (folders: the few beside many files); the
  // other is what the total leaves.
  let setSide: number | null = null;
  const sizeOf = async (i: number) => {
    if (total == null || !flag) return count(sides[i]!.where);
    setSide ??= await count(sides.find((x) => x.value === 1)!.where);
    return sides[i]!.value === 1 ? setSide : total - setSide;
  };
  for (const [i, side] of sides.entries()) {
    if (i < sides.length - 1) {
      const n = await sizeOf(i);
      if (skip >= n) {
        skip -= n;
        continue;
      }
    }
    return readAt(side.where, order, skip);
  }
  return null;
}

/** Rows strictly before `key` in the list's order (which page holds a row), one range count per level. */
export async function countBefore(cols: KeyColumn[], key: KeyValue[], count: (where: RawBuilder<boolean>) => Promise<number>): Promise<number> {
  let n = 0;
  for (const where of seekLevels(cols, key, "before")) n += await count(where);
  return n;
}

// ---- cursors ------------------------------------------------------------------------------------

export interface Cursor {
  direction: SeekDirection;
  key: KeyValue[];
}

/**
 * A cursor as a URL-safe opaque string: the direction, the key, and the list and order it belongs
 * to (`scope`), so that a cursor of one order is never read as a key of another.
 */
export function encodeCursor(scope: string, direction: SeekDirection, key: KeyValue[]): string {
  return Buffer.from(JSON.stringify([scope, direction === "after" ? "a" : "b", ...key]), "utf8").toString("base64url");
}

/** Reads a cursor of `scope` with `cols`' key; null when it is damaged, of another order, or of the wrong shape. */
export function decodeCursor(raw: string, scope: string, cols: KeyColumn[]): Cursor | null {
  if (raw.length > 2_000 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== cols.length + 2 || parsed[0] !== scope || (parsed[1] !== "a" && parsed[1] !== "b")) return null;
  const key = parsed.slice(2) as unknown[];
  const fits = key.every((v, i) => {
    const kind = cols[i]!.kind;
    if (kind === "text") return typeof v === "string" && v.length <= 1_000;
    if (kind === "flag") return v === 0 || v === 1;
    return typeof v === "number" && Number.isSafeInteger(v);
  });
  return fits ? { direction: parsed[1] === "a" ? "after" : "before", key: key as KeyValue[] } : null;
}
