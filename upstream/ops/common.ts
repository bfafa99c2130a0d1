// Shared helpers of the ops/oil API: aircraft resolution + access, tab loading, cell typing,
// server-side paging/sorting of tab rows, blob answers.
import { isPostgres, LIKE } from "../db/dialect";
import type { Context } from "hono";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { AccessLevel, AircraftStatus, Database } from "../db/schema";
import { nowIso } from "../db";
import { requireAccess } from "../access";
import { ApiError, notFound, refuse } from "../http";
import { restoreFormula } from "../lib/formula-guard";
import { contentDisposition, downloadName } from "../../app/utils/content-disposition";
import {
  WATCH_COLUMN,
  WORK_ORDER_TABS,
  type AircraftRef,
  type ModuleProduct,
  type Tab,
  type TabColumn,
  type TabRow,
  type WorkOrderKind,
} from "../../app/models/schemas/ops";

export type Ctx = Context<HonoEnv>;

// ---------------------------------------------------------------------------------------------
// Aircraft
// ---------------------------------------------------------------------------------------------

export interface AircraftCtx {
  id: number;
  organization_id: number;
  msn: string;
  name: string;
  registration: string;
  manufacturer: string;
  model: string;
  status: AircraftStatus;
  ops_issue_date: string | null;
  oil_issue_date: string | null;
  org_slug: string;
  org_name: string;
}

const aircraftColumns = [
  "aircraft.id",
  "aircraft.organization_id",
  "aircraft.msn",
  "aircraft.name",
  "aircraft.registration",
  "aircraft.manufacturer",
  "aircraft.model",
  "aircraft.status",
  "aircraft.ops_issue_date",
  "aircraft.oil_issue_date",
  "organizations.slug as org_slug",
  "organizations.name as org_name",
] as const;

/** The aircraft a payload names (org_msn_id, or organization slug + MSN); 404 when unknown or inconsistent. */
export async function findAircraft(deps: Deps, ref: AircraftRef): Promise<AircraftCtx> {
  let q = deps.db.selectFrom("aircraft").innerJoin("organizations", "organizations.id", "aircraft.organization_id").select(aircraftColumns);
  if (ref.org_msn_id != null) {
    q = q.where("aircraft.id", "=", ref.org_msn_id);
    if (ref.organization) q = q.where("organizations.slug", "=", ref.organization);
    if (ref.msn_id) q = q.where("aircraft.msn", "=", ref.msn_id);
  } else if (ref.organization && ref.msn_id) {
    q = q.where("organizations.slug", "=", ref.organization).where("aircraft.msn", "=", ref.msn_id);
  } else {
    throw refuse("Choose an aircraft: give org_msn_id, or organization and msn_id.");
  }
  const row = await q.executeTakeFirst();
  if (!row) throw notFound("That aircraft");
  return row;
}

export async function findAircraftById(deps: Deps, id: number): Promise<AircraftCtx> {
  return findAircraft(deps, { org_msn_id: id });
}

/** Resolves the aircraft and checks the caller's access level for the product (404 invisible, 422 too low). */
export async function aircraftWithAccess(
  deps: Deps,
  user: AuthUser,
  ref: AircraftRef,
  product: ModuleProduct,
  min: AccessLevel
): Promise<{ aircraft: AircraftCtx; access: AccessLevel }> {
  const aircraft = await findAircraft(deps, ref);
  const access = await requireAccess(deps, user, aircraft.id, product, min);
  return { aircraft, access };
}

/** The product's name in messages. */
export const PRODUCT_LABEL: Record<ModuleProduct, string> = { ops: "AeroOPS", oil: "AeroOIL" };

/**
 * A tab route's target: the aircraft of `input` (the user needs `min` access to the product) and its
 * tab `input.tab_id`. The product is `input.product`, ops when absent.
 */
export async function tabWithAccess(
  c: Ctx,
  input: AircraftRef & { tab_id: string; product?: ModuleProduct },
  min: AccessLevel,
  product: ModuleProduct = input.product ?? "ops"
): Promise<{ product: ModuleProduct; aircraft: AircraftCtx; view: TabView }> {
  const deps = c.get("deps");
  const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, product, min);
  const view = await aircraftTab(deps, aircraft.id, product, input.tab_id);
  return { product, aircraft, view };
}

export const today = () => nowIso().slice(0, 10);

/** Data of a product changed: the aircraft's issue date for that product becomes today. */
export async function touchIssueDate(deps: Deps, aircraftId: number, product: ModuleProduct) {
  const set = product === "ops" ? { ops_issue_date: today() } : { oil_issue_date: today() };
  await deps.db.updateTable("aircraft").set(set).where("id", "=", aircraftId).execute();
}

export function audit(c: Ctx, action: string, entity: string, entityId: string | number | null, organizationId: number | null, detail?: unknown) {
  const user = c.get("user");
  return c.get("deps").audit.log({ userId: user.id, action, entity, entityId, organizationId, detail, ip: user.ip });
}

// ---------------------------------------------------------------------------------------------
// Tabs
// ---------------------------------------------------------------------------------------------

export interface TabView {
  /** tabs.id for stored tabs, null for derived (work-order) tabs. */
  dbId: number | null;
  key: string;
  name: string;
  position: number;
  group: string;
  product: ModuleProduct;
  source: "stored" | "work_orders";
  woKind?: WorkOrderKind;
  /** The tab's own columns (without the oil watch column). */
  columns: TabColumn[];
  aircraftId: number | null;
  manufacturerId: number | null;
}

/** Columns of the derived work-order tabs. */
export const WORK_ORDER_COLUMNS: TabColumn[] = [
  { id: -1, name: "Number", position: 1, type: "text", editable: false },
  { id: -2, name: "Title", position: 2, type: "text", editable: false },
  { id: -3, name: "Status", position: 3, type: "text", editable: false },
  { id: -4, name: "Version", position: 4, type: "number", editable: false },
  { id: -5, name: "Created At", position: 5, type: "date", editable: false },
  { id: -6, name: "Updated At", position: 6, type: "date", editable: false },
];
export const WORK_ORDER_TAB_NAMES: Record<keyof typeof WORK_ORDER_TABS, string> = {
  aircraftwo: "Aircraft WO",
  enginewo: "Engine WO",
  componentwo: "Component WO",
};
export const isWorkOrderTab = (key: string): key is keyof typeof WORK_ORDER_TABS => Object.prototype.hasOwnProperty.call(WORK_ORDER_TABS, key);

type TabRowDb = {
  id: number;
  tab_key: string;
  tab_name: string;
  tab_position: number;
  group_name: string;
  product: "ops" | "oil";
  aircraft_id: number | null;
  manufacturer_id: number | null;
};

/** Loads the columns of many tabs in one query. */
export async function columnsByTab(deps: Deps, tabIds: number[]): Promise<Map<number, TabColumn[]>> {
  const map = new Map<number, TabColumn[]>();
  if (tabIds.length === 0) return map;
  const cols = await deps.db
    .selectFrom("tab_columns")
    .select(["id", "tab_id", "name", "position", "type", "editable"])
    .where("tab_id", "in", tabIds)
    .orderBy("tab_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const c of cols) {
    const list = map.get(c.tab_id) ?? [];
    list.push({ id: c.id, name: c.name, position: c.position, type: c.type, editable: c.editable === 1 });
    map.set(c.tab_id, list);
  }
  return map;
}

function toView(t: TabRowDb, columns: TabColumn[]): TabView {
  return {
    dbId: t.id,
    key: t.tab_key,
    name: t.tab_name,
    position: t.tab_position,
    group: t.group_name,
    product: t.product,
    source: "stored",
    columns,
    aircraftId: t.aircraft_id,
    manufacturerId: t.manufacturer_id,
  };
}

const tabSelect = ["id", "tab_key", "tab_name", "tab_position", "group_name", "product", "aircraft_id", "manufacturer_id"] as const;

/** Tab rows as views, with their columns (one query for all of them). */
async function withColumns(deps: Deps, rows: TabRowDb[]): Promise<TabView[]> {
  const cols = await columnsByTab(
    deps,
    rows.map((r) => r.id)
  );
  return rows.map((r) => toView(r, cols.get(r.id) ?? []));
}

/** Every tab of an aircraft for a product, sorted by tab_position; ops gains the three work-order tabs. */
export async function aircraftTabs(deps: Deps, aircraftId: number, product: ModuleProduct): Promise<TabView[]> {
  const rows = await deps.db
    .selectFrom("tabs")
    .select(tabSelect)
    .where("aircraft_id", "=", aircraftId)
    .where("product", "=", product)
    .where("is_template", "=", 0)
    .orderBy("tab_position")
    .orderBy("id")
    .execute();
  const views = await withColumns(deps, rows);
  if (product === "ops" && views.length > 0) {
    // Work-order tabs (only for an aircraft registered for ops, i.e. with ops tabs) follow the fixed
    // tabs and precede the first dynamic tab.
    const fixed = views.filter((v) => v.key === "generalInformation" || v.key === "opsNotifications");
    const base = fixed.length ? Math.max(...fixed.map((v) => v.position)) : 0;
    const woViews: TabView[] = (Object.keys(WORK_ORDER_TABS) as (keyof typeof WORK_ORDER_TABS)[]).map((key, i) => ({
      dbId: null,
      key,
      name: WORK_ORDER_TAB_NAMES[key],
      position: base + (i + 1) / 10, // between the last fixed tab and the next integer position
      group: "Work Orders",
      product: "ops",
      source: "work_orders",
      woKind: WORK_ORDER_TABS[key],
      columns: WORK_ORDER_COLUMNS,
      aircraftId,
      manufacturerId: null,
    }));
    views.push(...woViews);
    views.sort((a, b) => a.position - b.position || (a.dbId ?? 0) - (b.dbId ?? 0));
  }
  return views;
}

/** One tab of an aircraft (stored or derived); 404 when it does not exist. */
export async function aircraftTab(deps: Deps, aircraftId: number, product: ModuleProduct, key: string): Promise<TabView> {
  if (product === "ops" && isWorkOrderTab(key)) {
    const all = await aircraftTabs(deps, aircraftId, "ops");
    const found = all.find((v) => v.key === key);
    if (!found) throw notFound("That tab");
    return found;
  }
  const t = await deps.db
    .selectFrom("tabs")
    .select(tabSelect)
    .where("aircraft_id", "=", aircraftId)
    .where("product", "=", product)
    .where("is_template", "=", 0)
    .where("tab_key", "=", key)
    .executeTakeFirst();
  if (!t) throw notFound("That tab");
  return (await withColumns(deps, [t]))[0];
}

export async function manufacturerByName(deps: Deps, name: string) {
  const m = await deps.db
    .selectFrom("manufacturers")
    .select(["id", "name"])
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
  if (!m) throw notFound("That manufacturer");
  return m;
}

export async function templateTabs(deps: Deps, manufacturerId: number): Promise<TabView[]> {
  const rows = await deps.db
    .selectFrom("tabs")
    .select(tabSelect)
    .where("manufacturer_id", "=", manufacturerId)
    .where("is_template", "=", 1)
    .orderBy("tab_position")
    .orderBy("id")
    .execute();
  return withColumns(deps, rows);
}

export async function templateTab(deps: Deps, manufacturerId: number, key: string): Promise<TabView> {
  const t = await deps.db
    .selectFrom("tabs")
    .select(tabSelect)
    .where("manufacturer_id", "=", manufacturerId)
    .where("is_template", "=", 1)
    .where("tab_key", "=", key)
    .executeTakeFirst();
  if (!t) throw notFound("That template tab");
  return (await withColumns(deps, [t]))[0];
}

/** Columns as the API shows them: oil tabs gain the Watch/Unwatch column. */
export function apiColumns(view: TabView): TabColumn[] {
  if (view.product !== "oil" || view.source !== "stored" || view.manufacturerId != null) return view.columns;
  const last = view.columns.reduce((m, c) => Math.max(m, c.position), 0);
  return [...view.columns, { id: 0, name: WATCH_COLUMN.name, position: last + 1, type: WATCH_COLUMN.type, editable: true }];
}

export function tabJson(view: TabView, aircraft: Pick<AircraftCtx, "msn" | "org_slug"> | null): Tab {
  return {
    tab_id: view.key,
    tab_name: view.name,
    tab_position: Math.round(view.position * 10) / 10,
    group_name: view.group,
    columns: apiColumns(view),
    msn_id: aircraft?.msn ?? null,
    organization: aircraft?.org_slug ?? null,
    product: view.product,
    source: view.source,
  };
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

export type Cell = string | number | null;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(y: number, m: number, d: number) {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
/** Excel serial day number → YYYY-MM-DD (1900 date system, with Excel's leap-year bug). */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const ms = Math.round((Math.floor(serial) - 25569) * 86400_000);
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Normalizes a value for a column of the given type. Empty → null. Returns an error text when the
 * value does not fit. `fromSheet` allows Excel date serials in date columns and takes away the
 * apostrophe an export put in front of a formula-like text (restoreFormula).
 */
export function normalizeCell(type: string, raw: unknown, fromSheet = false): { ok: true; value: Cell } | { ok: false; error: string } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { ok: true, value: null };
  // An exported text cell that began like a formula carries an apostrophe in front (ADR 069).
  if (fromSheet && typeof raw === "string") raw = restoreFormula(raw);
  if (typeof raw === "boolean") raw = raw ? "true" : "false";
  if (raw instanceof Date) raw = Number.isNaN(raw.getTime()) ? "" : raw.toISOString().slice(0, 10);
  if (typeof raw !== "string" && typeof raw !== "number") return { ok: false, error: "is not a valid value" };
  switch (type) {
    case "number": {
      const n = typeof raw === "number" ? raw : Number(raw.trim().replace(/,(?=\d{3}\b)/g, ""));
      if (!Number.isFinite(n)) return { ok: false, error: "must be a number" };
      return { ok: true, value: n };
    }
    case "date": {
      if (typeof raw === "number") {
        const iso = fromSheet ? excelSerialToIso(raw) : null;
        return iso ? { ok: true, value: iso } : { ok: false, error: "must be a date (YYYY-MM-DD)" };
      }
      const s = raw.trim();
      const m = DATE_RE.exec(s.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s);
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return { ok: false, error: "must be a date (YYYY-MM-DD)" };
      return { ok: true, value: m[0] };
    }
    default: {
      const s = typeof raw === "number" ? String(raw) : raw;
      if (s.length > 10_000) return { ok: false, error: "has more than 10000 characters" };
      return { ok: true, value: s };
    }
  }
}

export function parseData(text: string): Record<string, Cell> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Finds a column by name (exact, else case-insensitive). */
export function findColumn(columns: TabColumn[], name: string): TabColumn | undefined {
  return columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
}

/**
 * Validates a partial row (column name → raw value) against the tab's columns. Unknown columns,
 * wrong types and (unless allowed) non-editable columns are errors. Returns the normalized values.
 */
export function validateItem(columns: TabColumn[], item: Record<string, unknown>, opts: { allowLocked: boolean }) {
  const values: Record<string, Cell> = {};
  const errors: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(item)) {
    const col = findColumn(columns, name);
    if (!col) {
      (errors[name] ??= []).push(`There is no column "${name}" in this tab.`);
      continue;
    }
    if (!col.editable && !opts.allowLocked) {
      (errors[col.name] ??= []).push(`The column "${col.name}" cannot be edited.`);
      continue;
    }
    const r = normalizeCell(col.type, raw);
    if (!r.ok) (errors[col.name] ??= []).push(`"${col.name}" ${r.error}.`);
    else values[col.name] = r.value;
  }
  if (Object.keys(errors).length) {
    const first = Object.values(errors)[0][0];
    throw refuse(first, errors);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Rows: paging, sorting, filtering on the server
// ---------------------------------------------------------------------------------------------

export interface RowQuery {
  page: number;
  perPage: number;
  sortColumn?: string;
  sortOrder?: "asc" | "desc";
  filter?: string;
  watchedOnly?: boolean;
  /** The page after the row of this cursor (a `next` of an earlier answer); `page` is then only its number. */
  after?: string;
  /** The page before the row of this cursor (a `prev` of an earlier answer). */
  before?: string;
}

export interface RowPage {
  rows: TabRow[];
  /** Rows that match; at most ROW_COUNT_CAP when `totalCapped` (a filter matched more). */
  total: number;
  totalCapped: boolean;
  /** Cursors of the next and previous page (keyset), null where there is none. */
  next: string | null;
  prev: string | null;
}

export const jsonPath = (name: string) => `$."${name}"`;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => "\\" + m)}%`;

/** A filter's count stops here: "more than 10,000 rows" (ADR 081). */
export const ROW_COUNT_CAP = 10_000;
/**
 * Up to this many matches a filtered page starts from the matches (sorted); beyond, it walks the
 * sort order and checks each row. SQLite sorts 10,000 matches in about 20 ms, walking the order costs
 * up to a scan of the tab when the matches sort last; PostgreSQL joins many matches to their keys
 * slowly (a hash join over the column's keys: 96 ms for 10,000) and walks the order quickly (ADR 081).
 */
const fewMatchesOf = (db: Kysely<Database>) => (isPostgres(db) ? 1_000 : ROW_COUNT_CAP);

function sortColumnOf(view: TabView, sortColumn?: string): TabColumn | null {
  if (!sortColumn) return null;
  const col = findColumn(view.columns, sortColumn);
  if (!col) throw refuse(`You cannot sort by "${sortColumn}": there is no such column in this tab.`);
  return col;
}

// Rows are read through their keys (ADR 081, migration 021): tab_row_text (position, watched, the
// cells' text the filter reads) and tab_cells (a cell's sort key: num_key for a number column, else
// text_key, '' when empty). The order of a tab sorted by a column is two segments, each one ordered
// index range: the cells with a value (by key, position, id) and then the empty ones (by position,
// id), in the chosen direction both; unsorted, one segment: position, id. A page is read from a
// cursor (the key, position and id of the row before it) or, for a page number alone, by OFFSET.

type Segment = "plain" | "keyed" | "empty";
/** Where a row is in the order: segment, sort key, position, id. */
type Cursor = [segment: 0 | 1, key: string | number | null, position: number, id: number];

interface Order {
  tabId: number;
  col: TabColumn | null;
  desc: boolean;
  filter?: string;
  watchedOnly?: boolean;
  /** Matches of filter/watchedOnly: "few" starts from them, "many" walks the order and checks each row. */
  matches: "all" | "few" | "many";
  /** SQLite, an indexed filter with few matches: their ids, read once from the trigram index (the count is their number). */
  matchIds?: number[];
}

const segmentsOf = (o: Order): Segment[] => (o.col ? ["keyed", "empty"] : ["plain"]);
const keyColumn = (o: Order) => sql.ref(o.col?.type === "number" ? "c.num_key" : "c.text_key");

/**
 * SQLite: the filter as the trigram index can take it (migration 026), or null. The index finds
 * words of 3 characters or more; a filter holding LIKE's own characters (%, _, \) keeps the scan
 * with its ESCAPE, which the index's LIKE does not take.
 */
function indexedFilter(db: Kysely<Database>, o: Order): string | null {
  if (!o.filter || isPostgres(db) || [...o.filter].length < 3 || /[\\%_]/.test(o.filter)) return null;
  return `%${o.filter}%`;
}

/**
 * SQLite, a filter the index takes: the tab's matching rows from the trigram index (alias m; its
 * rowid is the row's id), with tab_row_text (alias t) joined when `withText` (the watched flag, the
 * position), and the conditions. The second LIKE holds the index to this tab ("t176t").
 */
function indexedMatches(o: Order, pattern: string, withText: boolean) {
  const from = withText ? sql`tab_row_trigrams m CROSS JOIN tab_row_text t ON t.row_id = m.rowid` : sql`tab_row_trigrams m`;
  const where = [sql`m.text LIKE ${pattern}`, sql`m.tab_tag LIKE ${`t${o.tabId}t`}`];
  if (o.watchedOnly) where.push(sql`t.watched = 1`);
  return { from, where };
}

/** tab_row_text conditions of filter/watchedOnly (alias t). */
function matchConditions(db: Kysely<Database>, o: Order): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (o.filter) out.push(isPostgres(db) ? sql`t.text ILIKE ${likePattern(o.filter)}` : sql`t.text LIKE ${likePattern(o.filter)} ESCAPE '\\'`);
  if (o.watchedOnly) out.push(sql`t.watched = 1`);
  return out;
}

/** The FROM, WHERE and ORDER BY of one segment strictly after `from` (in the order, or against it when `reverse`). */
function segmentQuery(db: Kysely<Database>, o: Order, seg: Segment, reverse: boolean, from: Cursor | null) {
  const desc = o.desc !== reverse;
  const dir = sql.raw(desc ? "DESC" : "ASC");
  const cmp = sql.raw(desc ? "<" : ">");
  const match = matchConditions(db, o);
  const ids = o.matches === "few" ? o.matchIds : undefined;
  // The ids of few matches (SQLite's trigram index, read once by queryRows), as a table.
  const idSet = ids ? sql`json_each(${JSON.stringify(ids)}) m` : null;
  if (seg === "plain" && idSet) {
    // Few matches of an indexed filter: their rows, sorted by position.
    const where = from ? sql`(t.position, t.row_id) ${cmp} (${from[2]}, ${from[3]})` : sql`1`;
    return { from: sql`${idSet} CROSS JOIN tab_row_text t ON t.row_id = m.value`, where, order: sql`t.position ${dir}, t.row_id ${dir}`, select: sql`t.row_id, t.position, NULL AS k` };
  }
  if (seg === "plain") {
    const where = [sql`t.tab_id = ${o.tabId}`, ...match];
    if (from) where.push(sql`(t.position, t.row_id) ${cmp} (${from[2]}, ${from[3]})`);
    return { from: sql`tab_row_text t`, where: sql.join(where, sql` AND `), order: sql`t.position ${dir}, t.row_id ${dir}`, select: sql`t.row_id, t.position, NULL AS k` };
  }
  const where: RawBuilder<unknown>[] = [sql`c.tab_id = ${o.tabId}`, sql`c.col = ${o.col!.name}`];
  let key: RawBuilder<unknown> = sql`NULL`;
  let order: RawBuilder<unknown>;
  if (seg === "keyed") {
    key = keyColumn(o);
    // The conditions of the partial indexes (021): number keys, or text keys with a value.
    where.push(o.col!.type === "number" ? sql`c.num_key IS NOT NULL` : sql`c.num_key IS NULL AND c.text_key > ''`);
    if (from) where.push(sql`(${key}, c.position, c.row_id) ${cmp} (${from[1]}, ${from[2]}, ${from[3]})`);
    order = sql`${key} ${dir}, c.position ${dir}, c.row_id ${dir}`;
  } else {
    where.push(sql`c.num_key IS NULL AND c.text_key = ''`);
    if (from) where.push(sql`(c.position, c.row_id) ${cmp} (${from[2]}, ${from[3]})`);
    order = sql`c.position ${dir}, c.row_id ${dir}`;
  }
  let from_: RawBuilder<unknown> = sql`tab_cells c`;
  if (idSet) {
    // Few matches of a filter the index takes (SQLite): from their ids to their cells, then sorted.
    from_ = sql`${idSet} CROSS JOIN tab_cells c ON c.row_id = m.value`;
  } else if (o.matches === "few") {
    // Few matches: from them (the filter's scan, or PostgreSQL's trigram index) to their cells, then sorted.
    from_ = isPostgres(db) ? sql`tab_row_text t JOIN tab_cells c ON c.row_id = t.row_id` : sql`tab_row_text t CROSS JOIN tab_cells c ON c.row_id = t.row_id`;
    where.push(sql`t.tab_id = ${o.tabId}`, ...match);
  } else if (o.matches === "many") {
    // Many matches: the order's index walked, each row checked against the set of matches built once
    // (SQLite's IN list; on PostgreSQL the OR keeps it a hashed subplan rather than a join that
    // would sort every match).
    // SQLite's unary + keeps the planner from starting at the set (it would then sort every match).
    const matches = sql`(SELECT t.row_id FROM tab_row_text t WHERE ${sql.join([sql`t.tab_id = ${o.tabId}`, ...match], sql` AND `)})`;
    where.push(isPostgres(db) ? sql`(c.row_id IN ${matches} OR c.row_id < 0)` : sql`+c.row_id IN ${matches}`);
  }
  return { from: from_, where: sql.join(where, sql` AND `), order, select: sql`c.row_id, c.position, ${key} AS k` };
}

/** One segment's rows strictly after `from`, at most `limit`, after skipping `offset`. */
async function readSegment(db: Kysely<Database>, o: Order, seg: Segment, reverse: boolean, from: Cursor | null, limit: number, offset = 0): Promise<Cursor[]> {
  const q = segmentQuery(db, o, seg, reverse, from);
  const rows = await sql<{ row_id: number; position: number; k: string | number | null }>`
    SELECT ${q.select} FROM ${q.from} WHERE ${q.where} ORDER BY ${q.order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const s = seg === "empty" ? 1 : 0;
  const numeric = o.col?.type === "number";
  return rows.rows.map((r): Cursor => [s, r.k == null ? null : numeric ? Number(r.k) : String(r.k), Number(r.position), Number(r.row_id)]);
}

async function segmentCount(db: Kysely<Database>, o: Order, seg: Segment): Promise<number> {
  const q = segmentQuery(db, o, seg, false, null);
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${q.from} WHERE ${q.where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Up to `limit` rows strictly after `from` in the order (or before it: `reverse`), across segments. */
async function readAfter(db: Kysely<Database>, o: Order, from: Cursor | null, limit: number, reverse = false): Promise<Cursor[]> {
  let segs = segmentsOf(o);
  if (reverse) segs = [...segs].reverse();
  const out: Cursor[] = [];
  for (const seg of segs) {
    const index = seg === "empty" ? 1 : 0;
    if (from && (reverse ? index > from[0] : index < from[0])) continue; // a segment before the cursor's
    const start = from && from[0] === index ? from : null;
    out.push(...(await readSegment(db, o, seg, reverse, start, limit - out.length)));
    if (out.length >= limit) break;
  }
  return out;
}

/** Up to `limit` rows from the `offset`-th in the order (a page number without a cursor). */
async function readAt(db: Kysely<Database>, o: Order, offset: number, limit: number): Promise<Cursor[]> {
  const out: Cursor[] = [];
  let skip = offset;
  for (const seg of segmentsOf(o)) {
    const got = await readSegment(db, o, seg, false, null, limit - out.length, skip);
    out.push(...got);
    if (out.length >= limit) break;
    if (skip > 0) {
      // Short of the page: how many rows this segment had, to skip the rest in the next one.
      const counted = got.length ? 0 : await segmentCount(db, o, seg);
      skip = got.length ? 0 : Math.max(0, skip - counted);
    }
  }
  return out;
}

const encodeCursor = (o: Order, c: Cursor) => Buffer.from(JSON.stringify([o.col?.name ?? null, o.desc ? 1 : 0, ...c])).toString("base64url");
/** The cursor's place, or null when it is not one of this order (another sort, or garbled). */
function decodeCursor(o: Order, text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const v = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(v) || v.length !== 6 || v[0] !== (o.col?.name ?? null) || v[1] !== (o.desc ? 1 : 0)) return null;
    const [, , s, k, p, i] = v;
    if ((s !== 0 && s !== 1) || !Number.isFinite(p) || !Number.isInteger(i)) return null;
    if (!(k === null || (o.col?.type === "number" ? typeof k === "number" : typeof k === "string"))) return null;
    if (s === 0 && o.col && k === null) return null;
    return [s, k, p, i];
  } catch {
    return null;
  }
}

/**
 * How many rows match (exact without a filter; capped at ROW_COUNT_CAP with one). A filter SQLite's
 * trigram index takes reads the matches' ids instead of counting them (the index re-checks each
 * candidate's text, the costly part): the page's query then starts from those ids rather than
 * asking the index a second time.
 */
async function countRows(db: Kysely<Database>, o: Order): Promise<{ total: number; capped: boolean; ids?: number[] }> {
  if (!o.filter && !o.watchedOnly) {
    const { n } = await db.selectFrom("tab_rows").select((eb) => eb.fn.countAll<number>().as("n")).where("tab_id", "=", o.tabId).executeTakeFirstOrThrow();
    return { total: Number(n), capped: false };
  }
  const indexed = indexedFilter(db, o);
  if (indexed) {
    const m = indexedMatches(o, indexed, !!o.watchedOnly);
    const r = await sql<{ id: number }>`SELECT m.rowid AS id FROM ${m.from} WHERE ${sql.join(m.where, sql` AND `)} LIMIT ${ROW_COUNT_CAP + 1}`.execute(db);
    if (r.rows.length > ROW_COUNT_CAP) return { total: ROW_COUNT_CAP, capped: true };
    return { total: r.rows.length, capped: false, ids: r.rows.map((x) => Number(x.id)) };
  }
  const where = sql.join([sql`t.tab_id = ${o.tabId}`, ...matchConditions(db, o)], sql` AND `);
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM tab_row_text t WHERE ${where} LIMIT ${ROW_COUNT_CAP + 1}) n`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  return n > ROW_COUNT_CAP ? { total: ROW_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** The stored rows of these ids, in this order. */
async function rowsByIds(db: Kysely<Database>, ids: number[]): Promise<TabRow[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom("tab_rows").select(["id", "position", "watched", "data"]).where("id", "in", ids).execute();
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: Number(r.id), position: Number(r.position), watched: r.watched === 1, data: parseData(r.data) }] : [];
  });
}

function orderOf(view: TabView, q: Pick<RowQuery, "sortColumn" | "sortOrder" | "filter" | "watchedOnly">): Order {
  return { tabId: view.dbId!, col: sortColumnOf(view, q.sortColumn), desc: q.sortOrder === "desc", filter: q.filter || undefined, watchedOnly: q.watchedOnly || undefined, matches: "all" };
}

/**
 * A page of rows of a tab: sorted by a column (numbers by value, text case-insensitively, empty
 * cells last in both directions, then position and id), filtered (a case-insensitive substring of
 * any cell) and/or watched only. Its cost follows the page, not the tab (ADR 081).
 */
export async function queryRows(deps: Deps, view: TabView, q: RowQuery, { fewMatches = fewMatchesOf(deps.db) }: { fewMatches?: number } = {}): Promise<RowPage> {
  if (view.source === "work_orders") return { ...(await queryWorkOrderRows(deps, view, q)), totalCapped: false, next: null, prev: null };
  const db = deps.db;
  const o = orderOf(view, q);
  const { total, capped, ids } = await countRows(db, o);
  if (o.filter || o.watchedOnly) o.matches = !capped && total <= fewMatches ? "few" : "many";
  if (o.matches === "few") o.matchIds = ids;
  const after = decodeCursor(o, q.after);
  const before = after ? null : decodeCursor(o, q.before);
  let found: Cursor[];
  let more: boolean;
  if (before) {
    found = (await readAfter(db, o, before, q.perPage, true)).reverse();
    more = true;
  } else {
    found = after ? await readAfter(db, o, after, q.perPage + 1) : await readAt(db, o, (q.page - 1) * q.perPage, q.perPage + 1);
    more = found.length > q.perPage;
    found = found.slice(0, q.perPage);
  }
  const first = found[0];
  const last = found[found.length - 1];
  return {
    total,
    totalCapped: capped,
    rows: await rowsByIds(db, found.map((c) => c[3])),
    next: more && last ? encodeCursor(o, last) : null,
    prev: first && (q.page > 1 || after || before) ? encodeCursor(o, first) : null,
  };
}

/**
 * Every row of a tab in the requested order, `chunk` rows a query (keyset), up to `cap`: the exports
 * read a 100,000-row tab without holding it, and without a query that reads it all at once.
 */
export async function* rowChunks(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" }, { chunk = 1_000, cap = 200_000 } = {}): AsyncGenerator<TabRow[]> {
  if (view.source === "work_orders") {
    for (let page = 1; (page - 1) * chunk < cap; page++) {
      const { rows } = await queryWorkOrderRows(deps, view, { page, perPage: Math.min(chunk, cap - (page - 1) * chunk), ...sort });
      if (rows.length) yield rows;
      if (rows.length < chunk) return;
    }
    return;
  }
  const o = orderOf(view, sort);
  let from: Cursor | null = null;
  for (let read = 0; read < cap; ) {
    const found = await readAfter(deps.db, o, from, Math.min(chunk, cap - read));
    if (found.length === 0) return;
    read += found.length;
    from = found[found.length - 1];
    yield await rowsByIds(deps.db, found.map((c) => c[3]));
    if (found.length < chunk) return;
  }
}

async function queryWorkOrderRows(deps: Deps, view: TabView, q: RowQuery): Promise<{ rows: TabRow[]; total: number }> {
  let base = deps.db
    .selectFrom("work_orders as w")
    .innerJoin("work_order_versions as v", (j) =>
      j.onRef("v.work_order_id", "=", "w.id").on("v.version", "=", sql<number>`(SELECT MAX(version) FROM work_order_versions WHERE work_order_id = w.id)`)
    )
    .where("w.aircraft_id", "=", view.aircraftId!)
    .where("w.kind", "=", view.woKind!);
  if (q.filter) {
    const p = likePattern(q.filter);
    const like = LIKE(deps.db);
    base = base.where(sql<boolean>`(w.number ${like} ${p} ESCAPE '\\' OR w.title ${like} ${p} ESCAPE '\\' OR w.status ${like} ${p} ESCAPE '\\')`);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const sortCol = sortColumnOf(view, q.sortColumn);
  const dir = q.sortOrder === "desc" ? sql.raw("DESC") : sql.raw("ASC");
  const sortSql: Record<string, string> = {
    Number: "w.number",
    Title: "w.title",
    Status: "w.status",
    Version: "v.version",
    "Created At": "w.created_at",
    "Updated At": "v.created_at",
  };
  let rowsQ = base.select(["w.id", "w.number", "w.title", "w.status", "w.created_at", "v.version", "v.created_at as updated_at"]);
  if (sortCol) rowsQ = rowsQ.orderBy(sql`${sql.raw(sortSql[sortCol.name])} ${dir}`);
  rowsQ = rowsQ.orderBy(sql`w.created_at ${dir}`).orderBy(sql`w.id ${dir}`);
  const rows = await rowsQ
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r, i) => ({
      id: r.id,
      position: (q.page - 1) * q.perPage + i + 1,
      watched: false,
      data: {
        Number: r.number,
        Title: r.title,
        Status: r.status,
        Version: r.version,
        "Created At": r.created_at.slice(0, 10),
        "Updated At": r.updated_at.slice(0, 10),
      },
    })),
  };
}

/** All rows of a tab (exports), in the requested order, capped; read in chunks (rowChunks). */
export async function allRows(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" }, cap = 100_000): Promise<{ rows: TabRow[]; total: number }> {
  const rows: TabRow[] = [];
  for await (const chunk of rowChunks(deps, view, sort, { cap })) rows.push(...chunk);
  const total = rows.length < cap ? rows.length : await tabRowCount(deps, view);
  return { rows, total };
}

/** How many rows a tab has. */
export async function tabRowCount(deps: Deps, view: TabView): Promise<number> {
  if (view.source === "work_orders") return (await queryWorkOrderRows(deps, view, { page: 1, perPage: 1 })).total;
  return (await countRows(deps.db, orderOf(view, {}))).total;
}

/** A row as a list of display strings in column order (exports, PDFs). */
export function displayRow(columns: TabColumn[], row: TabRow, withWatch: boolean): string[] {
  const out = columns.map((c) => displayValue(row.data[c.name]));
  if (withWatch) out.push(row.watched ? "Watched" : "Unwatched");
  return out;
}
export function displayValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// ---------------------------------------------------------------------------------------------
// Blob answers
// ---------------------------------------------------------------------------------------------

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PDF_TYPE = "application/pdf";

/** A download's file name (letters of every script kept; app/utils/content-disposition.ts). */
export const safeFilename = downloadName;

export function blobAnswer(bytes: Uint8Array, contentType: string, filename: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
      "content-disposition": contentDisposition(filename),
      "cache-control": "no-store",
      ...extraHeaders,
    },
  });
}

/**
 * Wraps a blob endpoint: any refusal (invalid input, no access, unknown record) is answered as
 * 422 {error, Message: {error}} because the portal reads the error from the Message object.
 */
export function blobRoute(handler: (c: Ctx) => Promise<Response>) {
  return async (c: Ctx) => {
    try {
      return await handler(c);
    } catch (err) {
      if (err instanceof ApiError) return c.json({ error: err.error, Message: { error: err.error } }, 422);
      throw err;
    }
  };
}

/** Reads the request body as JSON (or form) and validates it with the schema's own error answer. */
export { readBody } from "../http";
