// Linked documents (issue 17 item 5, ADR 047; docs/api/storage.md "Linked documents"): a stored file
// linked to an AeroOPS / AeroOIL tab row or to a work order of the same aircraft, seen from both
// sides; links suggested from the file's extracted text (an AD or SB number, a part or serial
// number, a work order number that a row carries) for a user to accept or reject.
//
// Access: the links are records of the aircraft's storage. Reading them needs storage Read Access;
// linking, accepting, rejecting, unlinking and re-scanning need Edit Access.
import type { Context, Hono } from "hono";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { DB } from "../db";
import { nowIso } from "../db";
import { accessLevel, atLeast, requireAccess } from "../access";
import { notFound, readBody, readQuery, refuse } from "../http";
import type { Job, JobQueue } from "../jobs/queue";
import { parentOf } from "../../app/models/paths";
import { LinkCountsQuery, LinkCreateInput, LinkDecideInput, LinkScanInput, LinksQuery, type DocumentLink, type LinkTarget } from "../../app/models/schemas/links";

type Ctx = Context<HonoEnv>;

export const SUGGEST_JOB = "suggest-links";
/** At most this many suggestions are made for one file in one scan. */
export const SUGGESTIONS_PER_FILE = 25;
/** The target list offers at most this many rows per tab. */
const TARGET_ROWS_PER_TAB = 500;
const LIST_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// Targets: how a row or a work order reads in a list
// ---------------------------------------------------------------------------------------------

type RowData = Record<string, unknown>;

const parseData = (json: string): RowData => {
  try {
    const v = JSON.parse(json);
    return v && typeof v === "object" ? (v as RowData) : {};
  } catch {
    return {};
  }
};

const cellString = (v: unknown) => (v === null || v === undefined || typeof v === "boolean" ? "" : String(v).trim());

/** "AD Status, row 3: 2019-0123 · Landing gear" (the first two filled cells, in column order). */
export function rowLabel(tabName: string, position: number, data: RowData, columns: string[]) {
  const names = columns.length ? columns : Object.keys(data);
  const cells = names.map((n) => cellString(data[n])).filter(Boolean).slice(0, 2).map((s) => (s.length > 40 ? `${s.slice(0, 39)}…` : s));
  return `${tabName}, row ${position}${cells.length ? `: ${cells.join(" · ")}` : ""}`;
}

const woLabel = (number: string, title: string) => `Work order ${number}${title ? `: ${title}` : ""}`;

async function columnsByTab(db: DB, tabIds: number[]) {
  const out = new Map<number, string[]>();
  if (!tabIds.length) return out;
  const cols = await db.selectFrom("tab_columns").select(["tab_id", "name"]).where("tab_id", "in", tabIds).orderBy("tab_id").orderBy("position").execute();
  for (const c of cols) out.set(c.tab_id, [...(out.get(c.tab_id) ?? []), c.name]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------

interface LinkFilter {
  status?: "linked" | "suggested";
  row_id?: number;
  work_order_id?: number;
  file_id?: number;
  tab_key?: string;
}

/** The aircraft's links (or suggestions), newest first, with their file and target. */
export async function listLinks(db: DB, aircraftId: number, f: LinkFilter, limit = LIST_MAX): Promise<DocumentLink[]> {
  let q = db
    .selectFrom("document_links as l")
    .innerJoin("storage_items as s", "s.id", "l.file_id")
    .leftJoin("tab_rows as r", "r.id", "l.row_id")
    .leftJoin("tabs as t", "t.id", "r.tab_id")
    .leftJoin("work_orders as w", "w.id", "l.work_order_id")
    .leftJoin("users as u", "u.id", "l.created_by")
    .select([
      "l.id",
      "l.status",
      "l.reason",
      "l.page",
      "l.created_at",
      "l.row_id",
      "l.work_order_id",
      "u.first_name",
      "u.last_name",
      "s.id as file_id",
      "s.name as file_name",
      "s.path as file_path",
      "s.size as file_size",
      "s.content_type",
      "t.id as tab_db_id",
      "t.product",
      "t.tab_key",
      "t.tab_name",
      "r.position as row_position",
      "r.data as row_data",
      "w.number as wo_number",
      "w.title as wo_title",
      "w.kind as wo_kind",
    ])
    .where("l.aircraft_id", "=", aircraftId)
    .where("s.is_folder", "=", 0);
  q = f.status ? q.where("l.status", "=", f.status) : q.where("l.status", "in", ["linked", "suggested"]);
  if (f.row_id) q = q.where("l.row_id", "=", f.row_id);
  if (f.work_order_id) q = q.where("l.work_order_id", "=", f.work_order_id);
  if (f.file_id) q = q.where("l.file_id", "=", f.file_id);
  if (f.tab_key) q = q.where("t.tab_key", "=", f.tab_key);
  const rows = await q.orderBy("l.created_at", "desc").orderBy("l.id", "desc").limit(limit).execute();
  const cols = await columnsByTab(db, [...new Set(rows.map((r) => r.tab_db_id).filter((x): x is number => x != null))]);
  return rows.map((r) => {
    const target: LinkTarget =
      r.row_id != null
        ? {
            kind: "row",
            product: (r.product as "ops" | "oil" | null) ?? null,
            tab_key: r.tab_key ?? null,
            tab_name: r.tab_name ?? null,
            row_id: r.row_id,
            row_position: r.row_position ?? null,
            work_order_id: null,
            work_order_number: null,
            work_order_kind: null,
            label: rowLabel(r.tab_name ?? "Tab", r.row_position ?? 0, parseData(r.row_data ?? "{}"), cols.get(r.tab_db_id ?? 0) ?? []),
          }
        : {
            kind: "work_order",
            product: null,
            tab_key: null,
            tab_name: null,
            row_id: null,
            row_position: null,
            work_order_id: r.work_order_id,
            work_order_number: r.wo_number ?? null,
            work_order_kind: r.wo_kind ?? null,
            label: woLabel(r.wo_number ?? "", r.wo_title ?? ""),
          };
    return {
      id: r.id,
      status: r.status as DocumentLink["status"],
      reason: r.reason,
      page: r.page,
      created_at: r.created_at,
      created_by_name: r.first_name ? `${r.first_name} ${r.last_name ?? ""}`.trim() : null,
      file: { id: r.file_id, name: r.file_name, path: r.file_path, dir: parentOf(r.file_path) ?? "/", size: r.file_size, content_type: r.content_type },
      target,
    };
  });
}

async function linkCounts(db: DB, aircraftId: number) {
  const rows = await db
    .selectFrom("document_links")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("aircraft_id", "=", aircraftId)
    .groupBy("status")
    .execute();
  const out = { linked: 0, suggested: 0, rejected: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

async function scanning(jobs: JobQueue, aircraftId: number) {
  const open = await jobs.pending(SUGGEST_JOB, { payloadKey: "aircraft_id", ids: [aircraftId] });
  return open.queued + open.running > 0;
}

async function aircraftLinks(c: Ctx) {
  const user = c.get("user");
  const deps = c.get("deps");
  const id = Number(c.req.param("id"));
  const level = await accessLevel(deps, user, id, "storage");
  if (!level) throw notFound("That aircraft");
  const q = readQuery(c, LinksQuery);
  const aircraft = await deps.db.selectFrom("aircraft").select(["id", "name", "msn", "registration"]).where("id", "=", id).executeTakeFirstOrThrow();
  const filter = { row_id: q.row_id, work_order_id: q.work_order_id, file_id: q.file_id, tab_key: q.tab_key };
  const [links, suggestions, counts, scan] = await Promise.all([
    listLinks(deps.db, id, { ...filter, status: "linked" }),
    listLinks(deps.db, id, { ...filter, status: "suggested" }),
    linkCounts(deps.db, id),
    scanning(deps.jobs, id),
  ]);
  return c.json({ aircraft, links, suggestions, counts, can_write: atLeast(level, "write"), scanning: scan, scope: await scopeOf(deps.db, id, filter) });
}

/** Linked documents per row and per work order, counted by the database (no list is read). */
async function aircraftLinkCounts(c: Ctx) {
  const user = c.get("user");
  const deps = c.get("deps");
  const id = Number(c.req.param("id"));
  if (!(await accessLevel(deps, user, id, "storage"))) throw notFound("That aircraft");
  const q = readQuery(c, LinkCountsQuery);
  const base = () =>
    deps.db
      .selectFrom("document_links as l")
      .innerJoin("storage_items as s", "s.id", "l.file_id")
      .where("l.aircraft_id", "=", id)
      .where("l.status", "=", "linked")
      .where("s.is_folder", "=", 0);
  let rowsQ = base()
    .innerJoin("tab_rows as r", "r.id", "l.row_id")
    .innerJoin("tabs as t", "t.id", "r.tab_id")
    .select(["l.row_id as key", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("l.row_id");
  if (q.tab_key) rowsQ = rowsQ.where("t.tab_key", "=", q.tab_key);
  let woQ = base()
    .where("l.work_order_id", "is not", null)
    .select(["l.work_order_id as key", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("l.work_order_id");
  if (q.work_order_id) woQ = woQ.where("l.work_order_id", "=", q.work_order_id);
  const byKey = (list: { key: number | null; n: number | string }[]) => Object.fromEntries(list.filter((r) => r.key != null).map((r) => [String(r.key), Number(r.n)]));
  // Asked for one work order's count, the rows are not counted (and the other way round).
  const [rows, wos] = await Promise.all([q.work_order_id ? [] : rowsQ.execute(), q.tab_key ? [] : woQ.execute()]);
  return c.json({ rows: byKey(rows), work_orders: byKey(wos) });
}

/** What a filtered list is narrowed to, in words; an id of another aircraft is a 404. */
async function scopeOf(db: DB, aircraftId: number, f: { row_id?: number; work_order_id?: number; file_id?: number }) {
  if (f.file_id) {
    const file = await db.selectFrom("storage_items").select(["id", "name"]).where("id", "=", f.file_id).where("aircraft_id", "=", aircraftId).where("is_folder", "=", 0).executeTakeFirst();
    if (!file) throw notFound("That document");
    return { label: file.name, file };
  }
  if (f.row_id) {
    const row = await db
      .selectFrom("tab_rows as r")
      .innerJoin("tabs as t", "t.id", "r.tab_id")
      .select(["r.position", "r.data", "t.id as tab_id", "t.tab_name"])
      .where("r.id", "=", f.row_id)
      .where("t.aircraft_id", "=", aircraftId)
      .executeTakeFirst();
    if (!row) throw notFound("That row");
    const cols = await columnsByTab(db, [row.tab_id]);
    return { label: rowLabel(row.tab_name, row.position, parseData(row.data), cols.get(row.tab_id) ?? []), file: null };
  }
  if (f.work_order_id) {
    const wo = await db.selectFrom("work_orders").select(["number", "title"]).where("id", "=", f.work_order_id).where("aircraft_id", "=", aircraftId).executeTakeFirst();
    if (!wo) throw notFound("That work order");
    return { label: woLabel(wo.number, wo.title), file: null };
  }
  return null;
}

/** What a document can be linked to: the aircraft's tabs' rows (by tab) and its work orders. */
async function linkTargets(c: Ctx) {
  const user = c.get("user");
  const deps = c.get("deps");
  const id = Number(c.req.param("id"));
  await requireAccess(deps, user, id, "storage", "read");
  const tabs = await deps.db
    .selectFrom("tabs")
    .select(["id", "product", "tab_key", "tab_name"])
    .where("aircraft_id", "=", id)
    .where("is_template", "=", 0)
    .orderBy("product", "desc")
    .orderBy("tab_position")
    .execute();
  const cols = await columnsByTab(deps.db, tabs.map((t) => t.id));
  const groups = [];
  for (const t of tabs) {
    const rows = await deps.db.selectFrom("tab_rows").select(["id", "position", "data"]).where("tab_id", "=", t.id).orderBy("position").limit(TARGET_ROWS_PER_TAB + 1).execute();
    if (!rows.length) continue;
    const total = rows.length > TARGET_ROWS_PER_TAB ? Number((await deps.db.selectFrom("tab_rows").select((eb) => eb.fn.countAll<number>().as("n")).where("tab_id", "=", t.id).executeTakeFirst())?.n ?? 0) : rows.length;
    groups.push({
      label: `${t.product === "oil" ? "AeroOIL" : "AeroOPS"}: ${t.tab_name}`,
      product: t.product,
      tab_key: t.tab_key,
      options: rows.slice(0, TARGET_ROWS_PER_TAB).map((r) => ({ row_id: r.id, work_order_id: null, label: rowLabel(t.tab_name, r.position, parseData(r.data), cols.get(t.id) ?? []) })),
      more: Math.max(0, total - TARGET_ROWS_PER_TAB),
    });
  }
  const wos = await deps.db.selectFrom("work_orders").select(["id", "number", "title"]).where("aircraft_id", "=", id).orderBy("created_at", "desc").limit(TARGET_ROWS_PER_TAB).execute();
  if (wos.length) groups.push({ label: "Work orders", product: null, tab_key: null, options: wos.map((w) => ({ row_id: null, work_order_id: w.id, label: woLabel(w.number, w.title) })), more: 0 });
  return c.json({ groups });
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** Checks that the file and the row / work order belong to the aircraft; 404 otherwise. */
async function checkTarget(db: DB, aircraftId: number, input: { file_id: number; row_id?: number; work_order_id?: number }) {
  const file = await db.selectFrom("storage_items").select(["id", "name"]).where("id", "=", input.file_id).where("aircraft_id", "=", aircraftId).where("is_folder", "=", 0).executeTakeFirst();
  if (!file) throw notFound("That document");
  if (input.row_id != null) {
    const row = await db
      .selectFrom("tab_rows as r")
      .innerJoin("tabs as t", "t.id", "r.tab_id")
      .select(["r.id", "r.position", "t.tab_name"])
      .where("r.id", "=", input.row_id)
      .where("t.aircraft_id", "=", aircraftId)
      .where("t.is_template", "=", 0)
      .executeTakeFirst();
    if (!row) throw notFound("That row");
    return { file, what: `${row.tab_name}, row ${row.position}` };
  }
  const wo = await db.selectFrom("work_orders").select(["id", "number"]).where("id", "=", input.work_order_id!).where("aircraft_id", "=", aircraftId).executeTakeFirst();
  if (!wo) throw notFound("That work order");
  return { file, what: `work order ${wo.number}` };
}

async function createLink(c: Ctx) {
  const user: AuthUser = c.get("user");
  const deps = c.get("deps");
  const input = await readBody(c, LinkCreateInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const { file, what } = await checkTarget(deps.db, input.aircraft_id, input);
  const existing = await deps.db
    .selectFrom("document_links")
    .select(["id", "status"])
    .where("file_id", "=", input.file_id)
    .where(input.row_id != null ? "row_id" : "work_order_id", "=", (input.row_id ?? input.work_order_id)!)
    .executeTakeFirst();
  if (existing?.status === "linked") throw refuse(`${file.name} is already linked to ${what}.`);
  let linkId: number;
  if (existing) {
    await deps.db.updateTable("document_links").set({ status: "linked", decided_by: user.id, decided_at: nowIso() }).where("id", "=", existing.id).execute();
    linkId = existing.id;
  } else {
    const r = await deps.db
      .insertInto("document_links")
      .values({ aircraft_id: input.aircraft_id, file_id: input.file_id, row_id: input.row_id ?? null, work_order_id: input.work_order_id ?? null, status: "linked", created_by: user.id, decided_by: user.id, decided_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    linkId = r.id;
  }
  await deps.audit.log({ userId: user.id, action: "storage.link", entity: "file", entityId: input.file_id, detail: { aircraft_id: input.aircraft_id, row_id: input.row_id ?? null, work_order_id: input.work_order_id ?? null }, ip: user.ip });
  return c.json({ message: `${file.name} is linked to ${what}.`, link_id: linkId });
}

async function decideLink(c: Ctx) {
  const user: AuthUser = c.get("user");
  const deps = c.get("deps");
  const input = await readBody(c, LinkDecideInput);
  const link = await deps.db
    .selectFrom("document_links as l")
    .innerJoin("storage_items as s", "s.id", "l.file_id")
    .select(["l.id", "l.aircraft_id", "l.status", "l.file_id", "s.name"])
    .where("l.id", "=", input.link_id)
    .executeTakeFirst();
  // An invisible aircraft's link reads as not found, like the aircraft itself.
  if (!link || !(await accessLevel(deps, user, link.aircraft_id, "storage"))) throw notFound("That link");
  await requireAccess(deps, user, link.aircraft_id, "storage", "write");
  let message: string;
  if (input.decision === "unlink") {
    if (link.status !== "linked") throw refuse(`${link.name} is not linked there.`);
    // Unlinked by a user: remembered as rejected, so the scan does not suggest it again.
    await deps.db.updateTable("document_links").set({ status: "rejected", decided_by: user.id, decided_at: nowIso() }).where("id", "=", link.id).execute();
    message = `${link.name} is no longer linked.`;
  } else {
    if (link.status !== "suggested") throw refuse(`That suggestion was already ${link.status === "linked" ? "accepted" : "rejected"}.`);
    const status = input.decision === "accept" ? "linked" : "rejected";
    await deps.db.updateTable("document_links").set({ status, decided_by: user.id, decided_at: nowIso() }).where("id", "=", link.id).execute();
    message = input.decision === "accept" ? `${link.name} is linked.` : "The suggestion is rejected; it will not be suggested again.";
  }
  await deps.audit.log({ userId: user.id, action: `storage.link_${input.decision}`, entity: "file", entityId: link.file_id, detail: { link_id: link.id, aircraft_id: link.aircraft_id }, ip: user.ip });
  return c.json({ message, link_id: link.id });
}

async function scanAircraft(c: Ctx) {
  const user: AuthUser = c.get("user");
  const deps = c.get("deps");
  const input = await readBody(c, LinkScanInput);
  await requireAccess(deps, user, input.aircraft_id, "storage", "write");
  const id = await queueSuggestions(deps.jobs, input.aircraft_id);
  return c.json({
    message: id == null ? "A search for suggested links is already queued for this aircraft." : "The documents are being searched for suggested links. Refresh in a minute.",
    link_id: null,
  });
}

export function registerLinkRoutes(app: Hono<HonoEnv>) {
  app.get("/storage/v2/aircraft/:id{[0-9]+}/links.json", aircraftLinks);
  app.get("/storage/v2/aircraft/:id{[0-9]+}/link_counts.json", aircraftLinkCounts);
  app.get("/storage/v2/aircraft/:id{[0-9]+}/link_targets.json", linkTargets);
  app.post("/storage/v2/links.json", createLink);
  app.post("/storage/v2/links/decide.json", decideLink);
  app.post("/storage/v2/links/scan.json", scanAircraft);
}

// ---------------------------------------------------------------------------------------------
// Suggestions from the extracted text
// ---------------------------------------------------------------------------------------------

/** Queues a scan of one aircraft (every document with text) or of one file. */
export function queueSuggestions(queue: JobQueue, aircraftId: number, fileId?: number) {
  const payload = fileId ? { aircraft_id: aircraftId, file_id: fileId } : { aircraft_id: aircraftId };
  return queue.enqueue(SUGGEST_JOB, payload, { dedupeKey: `${SUGGEST_JOB}:${aircraftId}:${fileId ?? "all"}` });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ].*)?$/;
/** Columns whose plain numbers are identifiers too (an engine serial "598211"), not quantities. */
const ID_COLUMN = /serial|s\/n|\bsn\b|\besn\b|\bmsn\b|part|p\/n|\bpn\b|number|\bno\b|reference|\bref\b|certificate|work order|\bwo\b/i;
/**
 * Whether a cell value is an identifier worth looking for in documents: one token of 5 to 40
 * characters with a digit, and either a letter or a separator (an AD "2019-0123", an SB "72-0345",
 * a part number "3214552-05", a serial "SN12345"), or a plain number of 5+ digits in a serial or
 * part number column; not a date, not a quantity (hours, cycles, amounts), not a phrase.
 */
export function isIdentifier(v: string, column = "") {
  const s = v.trim();
  if (s.length < 5 || s.length > 40) return false;
  if (/\s/.test(s)) return false;
  if (!/\d/.test(s)) return false;
  if (ISO_DATE.test(s)) return false;
  if (/^\d+$/.test(s)) return ID_COLUMN.test(column);
  if (/^[\d.,]+$/.test(s)) return false;
  if (!/[A-Za-z]/.test(s) && !/[-/]/.test(s)) return false;
  return s.replace(/[^A-Za-z0-9]/g, "").length >= 4;
}

/** A document naming more rows of one tab than this is a listing of the tab (a status report, an
 *  export), not the record of one row: it suggests nothing for that tab. */
export const LISTING_ROWS = 6;

const normalize = (s: string) => s.toUpperCase().replace(/[ \t\r\n]+/g, " ");
const isWordChar = (ch: string | undefined) => !!ch && /[A-Z0-9]/.test(ch);

/** The first whole-token occurrence of `needle` (normalized) in `hay` (normalized), or -1. */
export function findToken(hay: string, needle: string) {
  let from = 0;
  for (;;) {
    const at = hay.indexOf(needle, from);
    if (at < 0) return -1;
    if (!isWordChar(hay[at - 1]) && !isWordChar(hay[at + needle.length])) return at;
    from = at + 1;
  }
}

interface Candidate {
  value: string;
  needle: string;
  row_id: number | null;
  work_order_id: number | null;
  /** The tab (rows) or "wo" (work orders): the unit of the listing rule. */
  group: string;
  where: string;
}

async function candidates(db: DB, aircraftId: number): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const rows = await db
    .selectFrom("tab_rows as r")
    .innerJoin("tabs as t", "t.id", "r.tab_id")
    .select(["r.id", "r.position", "r.data", "t.id as tab_id", "t.tab_name", "t.product"])
    .where("t.aircraft_id", "=", aircraftId)
    .where("t.is_template", "=", 0)
    .execute();
  for (const r of rows) {
    const data = parseData(r.data);
    for (const [col, v] of Object.entries(data)) {
      const s = cellString(v);
      if (isIdentifier(s, col)) out.push({ value: s, needle: normalize(s), row_id: r.id, work_order_id: null, group: `t${r.tab_id}`, where: `${col}, ${r.product === "oil" ? "AeroOIL " : ""}${r.tab_name} row ${r.position}` });
    }
  }
  const wos = await db.selectFrom("work_orders").select(["id", "number"]).where("aircraft_id", "=", aircraftId).execute();
  for (const w of wos) if (isIdentifier(w.number, "work order")) out.push({ value: w.number, needle: normalize(w.number), row_id: null, work_order_id: w.id, group: "wo", where: `work order ${w.number}` });
  return out;
}

/** Scans files' text for the aircraft's identifiers and records new suggestions; returns how many. */
export async function suggestLinks(db: DB, aircraftId: number, fileId?: number) {
  const cands = await candidates(db, aircraftId);
  if (!cands.length) return 0;
  // The ids first, then one file's text at a time: an aircraft's texts together can be hundreds of MB.
  let q = db
    .selectFrom("file_text as ft")
    .innerJoin("storage_items as s", "s.id", "ft.file_id")
    .select(["ft.file_id"])
    .where("s.aircraft_id", "=", aircraftId)
    .where("ft.status", "=", "done")
    .where("ft.text", "is not", null);
  if (fileId) q = q.where("ft.file_id", "=", fileId);
  const ids = (await q.execute()).map((r) => r.file_id);
  let made = 0;
  for (const id of ids) {
    const f = await db.selectFrom("file_text").select(["file_id", "text"]).where("file_id", "=", id).executeTakeFirst();
    if (!f?.text) continue;
    const known = await db.selectFrom("document_links").select(["row_id", "work_order_id"]).where("file_id", "=", f.file_id).execute();
    const seen = new Set(known.map((k) => (k.row_id != null ? `r${k.row_id}` : `w${k.work_order_id}`)));
    const text = normalize(f.text ?? "");
    // Every match first, then the listing rule per tab, then at most SUGGESTIONS_PER_FILE new ones.
    const hits: { cand: Candidate; at: number }[] = [];
    const perGroup = new Map<string, Set<string>>();
    for (const cand of cands) {
      const at = findToken(text, cand.needle);
      if (at < 0) continue;
      hits.push({ cand, at });
      const key = cand.row_id != null ? `r${cand.row_id}` : `w${cand.work_order_id}`;
      perGroup.set(cand.group, (perGroup.get(cand.group) ?? new Set()).add(key));
    }
    let forFile = 0;
    for (const { cand, at } of hits) {
      if (forFile >= SUGGESTIONS_PER_FILE) break;
      if ((perGroup.get(cand.group)?.size ?? 0) > LISTING_ROWS) continue;
      const key = cand.row_id != null ? `r${cand.row_id}` : `w${cand.work_order_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const page = (text.slice(0, at).match(/\f/g)?.length ?? 0) + 1;
      await db
        .insertInto("document_links")
        .values({ aircraft_id: aircraftId, file_id: f.file_id, row_id: cand.row_id, work_order_id: cand.work_order_id, status: "suggested", reason: `“${cand.value}” (${cand.where}) found on page ${page}`, page })
        .onConflict((oc) => oc.doNothing())
        .execute();
      forFile++;
      made++;
    }
  }
  return made;
}

/** The job handler: one file (after its text was extracted) or a whole aircraft. */
export function suggestLinksHandler(deps: Pick<Deps, "db">) {
  return async (job: Job) => {
    const aircraftId = Number(job.payload.aircraft_id);
    const fileId = job.payload.file_id == null ? undefined : Number(job.payload.file_id);
    const exists = await deps.db.selectFrom("aircraft").select("id").where("id", "=", aircraftId).executeTakeFirst();
    if (!exists) return;
    await suggestLinks(deps.db, aircraftId, fileId);
  };
}

/** The documents linked to the rows of tabs (for the binders), by row id, in link order. */
export async function linkedFilesByRow(db: DB, rowIds: number[]) {
  const out = new Map<number, { file_id: number; name: string; blob_key: string | null; content_type: string | null; size: number }[]>();
  if (!rowIds.length) return out;
  const rows = await db
    .selectFrom("document_links as l")
    .innerJoin("storage_items as s", "s.id", "l.file_id")
    .select(["l.row_id", "s.id as file_id", "s.name", "s.blob_key", "s.content_type", "s.size"])
    .where("l.status", "=", "linked")
    .where("l.row_id", "in", rowIds)
    .orderBy("l.id")
    .execute();
  for (const r of rows) out.set(r.row_id!, [...(out.get(r.row_id!) ?? []), { file_id: r.file_id, name: r.name, blob_key: r.blob_key, content_type: r.content_type, size: r.size }]);
  return out;
}
