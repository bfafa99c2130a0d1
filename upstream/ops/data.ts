// Tab data: /v1/ops_data/* and /v1/oil_data/* (rows, uploads, validation, DFP, header data, oil↔ops links, binders).
import { dayMonthYear } from "../../app/utils/dates";
import { isPostgres, jsonGetText } from "../db/dialect";
import type { Hono } from "hono";
import { sql } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import { accessLevel, isStaff } from "../access";
import { ApiError, notFound, readBody, readBounded, refuse, validate } from "../http";
import { renderPdf, type PdfSection } from "../lib/pdf";
import { linkedFilesByRow, rowLabel } from "../main/links";
import {
  AddOpsDataInput,
  BINDER_MAX_ROWS_PER_TAB,
  BinderDownloadInput,
  BinderInput,
  DeleteRowsInput,
  GetTabDataInput,
  GetTabPageInput,
  HeaderDataInput,
  OIL_OPS_LINK_COLUMNS,
  OilLinkedRowInput,
  OilLinkPkInput,
  OilLinkTabInput,
  TabRefInput,
  UPLOAD_MAX_BYTES,
  UpdateOilDataInput,
  UploadTabDataFields,
  ValidationWorkbookInput,
  WATCH_COLUMN,
  type ModuleProduct,
} from "../../app/models/schemas/ops";
import {
  aircraftTab,
  aircraftTabs,
  aircraftWithAccess,
  allRows,
  apiColumns,
  audit,
  blobAnswer,
  blobRoute,
  displayRow,
  PDF_TYPE,
  PRODUCT_LABEL,
  queryRows,
  tabJson,
  tabWithAccess,
  touchIssueDate,
  XLSX_TYPE,
  type AircraftCtx,
  type Ctx,
  type TabView,
} from "./common";
import { deleteRows, importRows, upsertRow } from "./rows";
import { aircraftWorkbookMeta, buildWorkbook } from "./sheets";
import { sheetLimitsOf } from "./sheet-limits";
import { readSheetOffThread } from "./sheet-pool";
import { both } from "./tabs";
import { keepValidation, keptValidation, validationWorkbookAnswer } from "./validation-workbooks";

// ---------------------------------------------------------------------------------------------
// Multipart upload (tab data files)
// ---------------------------------------------------------------------------------------------

/** Reads a multipart body with a hard size cap; returns its text fields and its `file`. */
export async function readUpload(c: Ctx): Promise<{ fields: Record<string, string>; file: { name: string; bytes: Uint8Array } }> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("multipart/form-data")) throw refuse("Send the file as multipart/form-data in the field `file`.");
  const buf = await readBounded(c, UPLOAD_MAX_BYTES + 256 * 1024, () => new ApiError(413, `The file is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`));
  if (!buf) throw refuse("Choose a file to upload.");
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(buf), { headers: { "content-type": type } }).formData();
  } catch {
    throw refuse("The upload could not be read.");
  }
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Uint8Array } | null = null;
  for (const [k, v] of form.entries()) {
    if (typeof v === "string") fields[k] = v;
    else if (k === "file") file = { name: v.name || "upload", bytes: new Uint8Array(await v.arrayBuffer()) };
  }
  if (!file || file.bytes.byteLength === 0) throw refuse("Choose a file to upload.", { file: ["Choose a file to upload."] });
  // A NUL or another control character in the name (only a hand-made body has one): refused with the API's 422.
  if (/[\u0000-\u001f\u007f]/.test(file.name)) throw refuse("A file name may not contain control characters.", { file: ["A file name may not contain control characters."] });
  if (file.bytes.byteLength > UPLOAD_MAX_BYTES) throw new ApiError(413, `The file is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
  return { fields, file };
}

// ---------------------------------------------------------------------------------------------
// Oil ↔ ops links: rows of the same aircraft sharing a Serial No or Part No value
// ---------------------------------------------------------------------------------------------

interface LinkRow {
  oil_tab_id: string;
  oil_row_id: number;
  ops_tab_id: string;
  ops_tab_name: string;
  ops_row_id: number;
  match_column: string;
  value: string;
}

const linkKeys = () =>
  sql.join(
    OIL_OPS_LINK_COLUMNS.map((k) => sql`SELECT ${k} AS col`),
    sql` UNION ALL `
  );

/** At most this many ops rows are narrowed to by the page's values; more, and every ops row is read. */
const LINK_CANDIDATES_CAP = 20_000;

/**
 * The ops rows that may share a link value with these oil rows: those whose text holds one of the
 * oil rows' values (Serial No, Part No), found through the tabs' text index (SQLite's trigram index,
 * PostgreSQL's pg_trgm) rather than by reading every ops row's JSON (1.5 s next to a 100,000-row
 * ops tab). The link itself is then checked as before (trimmed, case-insensitive, same column), so
 * the candidates only need to include every real match. null: the values do not suit the index (one
 * shorter than 3 characters or longer than 100, LIKE's own characters, non-ASCII letters whose case the two checks fold
 * differently, too many values or candidates), and every ops row is read as before.
 */
async function opsLinkCandidates(deps: Deps, aircraftId: number, oilTabId: number | undefined, oilRowIds: number[]): Promise<number[] | null> {
  if (!oilRowIds.length) return [];
  const db = deps.db;
  const oilTab = oilTabId != null ? sql`AND r.tab_id = ${oilTabId}` : sql``;
  const got = await sql<{ v: string | null }>`
    SELECT DISTINCT trim(${jsonGetText(db, sql`r.data`, sql`k.col`)}) AS v
    FROM tab_rows r CROSS JOIN (${linkKeys()}) k WHERE r.id IN (${sql.join(oilRowIds)}) ${oilTab}`.execute(db);
  const values = got.rows.map((r) => r.v).filter((v): v is string => !!v);
  if (!values.length) return [];
  // A serial or part number is short: a long value (a cell may hold 10,000 characters) would make the
  // index's pattern as long, so it reads every ops row as before.
  if (values.length > 200 || values.some((v) => v.length < 3 || v.length > 100 || /[\\%_]|[^\x20-\x7e]/.test(v))) return null;
  const ops = sql`JOIN tabs tb ON tb.id = t.tab_id WHERE tb.aircraft_id = ${aircraftId} AND tb.product = 'ops' AND tb.is_template = 0`;
  const found = isPostgres(db)
    ? await sql<{ id: number }>`SELECT t.row_id AS id FROM tab_row_text t ${ops}
        AND (${sql.join(values.map((v) => sql`t.text ILIKE ${`%${v}%`}`), sql` OR `)}) LIMIT ${LINK_CANDIDATES_CAP + 1}`.execute(db)
    : await sql<{ id: number }>`SELECT t.row_id AS id FROM (${sql.join(
        values.map((v) => sql`SELECT m.rowid AS row_id FROM tab_row_trigrams m WHERE m.text LIKE ${`%${v}%`}`),
        sql` UNION `
      )}) x CROSS JOIN tab_row_text t ON t.row_id = x.row_id ${ops} LIMIT ${LINK_CANDIDATES_CAP + 1}`.execute(db);
  return found.rows.length > LINK_CANDIDATES_CAP ? null : found.rows.map((r) => Number(r.id));
}

async function findLinks(
  deps: Deps,
  aircraftId: number,
  f: { oilTabId?: number; opsTabId?: number; oilRowId?: number; oilRowIds?: number[]; opsRowIds?: number[] },
): Promise<LinkRow[]> {
  if (f.oilRowIds && !f.opsRowIds) {
    // An oil page's links: the ops side narrowed to the rows that may match (or all, when null).
    const candidates = await opsLinkCandidates(deps, aircraftId, f.oilTabId, f.oilRowIds);
    if (candidates && !candidates.length) return [];
    if (candidates) f = { ...f, opsRowIds: candidates };
  }
  const keys = linkKeys();
  const oilTab = f.oilTabId != null ? sql`AND t.id = ${f.oilTabId}` : sql``;
  const oilRow = f.oilRowId != null ? sql`AND r.id = ${f.oilRowId}` : sql``;
  const opsTab = f.opsTabId != null ? sql`AND t.id = ${f.opsTabId}` : sql``;
  // A page's rows only: an empty list matches nothing. With ids the rows are found by id: the join
  // on "+r.tab_id" keeps SQLite's planner from reading the whole tab through its tab_id index
  // (600 ms for a 100,000-row tab; 7 ms by id).
  const only = (ids: number[] | undefined) => (ids ? sql`AND r.id IN (${ids.length ? sql.join(ids) : sql`NULL`})` : sql``);
  const tabJoin = (ids: number[] | undefined) => (ids ? sql`t.id = +r.tab_id` : sql`t.id = r.tab_id`);
  // Asked for a page's rows, each side's values are read once (MATERIALIZED) and then joined:
  // PostgreSQL inlined the two CTEs and read each pair's JSON in the join's filter (an ops page's 100
  // values × every oil row: 30 ms for 124 oil rows, 1 ms materialized); SQLite gains a little too.
  const once = f.opsRowIds ? sql`MATERIALIZED` : sql``;
  const res = await sql<LinkRow>`
    WITH keys AS (${keys}),
    oilk AS ${once} (
      SELECT r.id AS row_id, t.tab_key, k.col,
             ${jsonGetText(deps.db, sql`r.data`, sql`k.col`)} AS raw
      FROM tab_rows r JOIN tabs t ON ${tabJoin(f.oilRowIds)} CROSS JOIN keys k
      WHERE t.aircraft_id = ${aircraftId} AND t.product = 'oil' AND t.is_template = 0 ${oilTab} ${oilRow} ${only(f.oilRowIds)}
    ),
    opsk AS ${once} (
      SELECT r.id AS row_id, t.tab_key, t.tab_name, t.tab_position, k.col,
             upper(trim(${jsonGetText(deps.db, sql`r.data`, sql`k.col`)})) AS v
      FROM tab_rows r JOIN tabs t ON ${tabJoin(f.opsRowIds)} CROSS JOIN keys k
      WHERE t.aircraft_id = ${aircraftId} AND t.product = 'ops' AND t.is_template = 0 ${opsTab} ${only(f.opsRowIds)}
    )
    SELECT oilk.tab_key AS oil_tab_id, oilk.row_id AS oil_row_id, opsk.tab_key AS ops_tab_id, opsk.tab_name AS ops_tab_name,
           opsk.row_id AS ops_row_id, oilk.col AS match_column, trim(oilk.raw) AS value
    FROM oilk JOIN opsk ON opsk.col = oilk.col AND opsk.v = upper(trim(oilk.raw))
    WHERE oilk.raw IS NOT NULL AND trim(oilk.raw) <> ''
    ORDER BY oilk.row_id, opsk.tab_position, opsk.row_id, oilk.col
    LIMIT 20000
  `.execute(deps.db);
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Header data
// ---------------------------------------------------------------------------------------------

function headerJson(a: AircraftCtx, access: string) {
  return {
    registration: a.registration,
    ops_issue_date: a.ops_issue_date,
    oil_issue_date: a.oil_issue_date,
    msn: a.msn,
    msn_id: a.msn,
    org_msn_id: a.id,
    organization: a.org_slug,
    organization_name: a.org_name,
    aircraft_name: a.name,
    manufacturer: a.manufacturer,
    model: a.model,
    status: a.status,
    access_type: access,
  };
}

// ---------------------------------------------------------------------------------------------
// Binders
// ---------------------------------------------------------------------------------------------

async function tabHasRows(deps: Deps, view: TabView): Promise<boolean> {
  if (view.source === "work_orders") {
    const r = await deps.db
      .selectFrom("work_orders")
      .select("id")
      .where("aircraft_id", "=", view.aircraftId!)
      .where("kind", "=", view.woKind!)
      .limit(1)
      .executeTakeFirst();
    return !!r;
  }
  const r = await deps.db.selectFrom("tab_rows").select("id").where("tab_id", "=", view.dbId!).limit(1).executeTakeFirst();
  return !!r;
}

async function aircraftHasData(deps: Deps, aircraftId: number, product: ModuleProduct): Promise<boolean> {
  const r = await deps.db
    .selectFrom("tab_rows")
    .innerJoin("tabs", "tabs.id", "tab_rows.tab_id")
    .select("tab_rows.id")
    .where("tabs.aircraft_id", "=", aircraftId)
    .where("tabs.product", "=", product)
    .where("tabs.is_template", "=", 0)
    .limit(1)
    .executeTakeFirst();
  if (r) return true;
  if (product !== "ops") return false;
  const w = await deps.db.selectFrom("work_orders").select("id").where("aircraft_id", "=", aircraftId).limit(1).executeTakeFirst();
  return !!w;
}

/** Which binders of a tab can be downloaded (binder_availability.json, and get_tab_data.json with `binder`). */
async function binderAvailability(deps: Deps, aircraft: AircraftCtx, view: TabView) {
  const current = await tabHasRows(deps, view);
  const full = current || (await aircraftHasData(deps, aircraft.id, view.product));
  const text =
    current && full
      ? "Current Binder and Full Delivery Binder are available."
      : full
      ? `Only the Full Delivery Binder is available: ${view.name} has no rows.`
      : `No binder is available: MSN ${aircraft.msn} has no ${PRODUCT_LABEL[view.product]} data yet.`;
  return { msg: full ? ("available" as const) : ("not_available" as const), text, current, full };
}

export async function tabSection(deps: Deps, view: TabView, sort: { sortColumn?: string; sortOrder?: "asc" | "desc" }, cap: number): Promise<PdfSection> {
  const { rows, total } = await allRows(deps, view, sort, cap);
  const withWatch = apiColumns(view).length > view.columns.length;
  const columns = view.columns.map((col) => col.name);
  if (withWatch) columns.push(WATCH_COLUMN.name);
  return {
    heading: view.name,
    lines: total > rows.length ? [`The first ${rows.length} of ${total} rows.`] : undefined,
    table: { columns, rows: rows.map((r) => displayRow(view.columns, r, withWatch)) },
  };
}

export function aircraftSubtitle(a: AircraftCtx, product: ModuleProduct) {
  const issue = product === "ops" ? a.ops_issue_date : a.oil_issue_date;
  return [
    `MSN ${a.msn}`,
    `Registration ${a.registration}`,
    a.org_name,
    issue ? `${product === "ops" ? "OPS" : "OIL"} issue date ${dayMonthYear(issue)}` : null,
  ]
    .filter(Boolean)
    .join("  |  ");
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export function registerDataRoutes(app: Hono<HonoEnv>) {
  const staffOrLocked = (user: AuthUser) => isStaff(user);

  const getTabData = (forced?: ModuleProduct) => async (c: Ctx) => {
    const deps = c.get("deps");
    const input = await readBody(c, GetTabDataInput);
    const { aircraft, view } = await tabWithAccess(c, input, "read", forced ?? input.product ?? "ops");
    const { rows, total, totalCapped, next, prev } = await queryRows(deps, view, {
      page: input.page,
      perPage: input.per_page,
      sortColumn: input.sort_column,
      sortOrder: input.sort_order,
      filter: input.filter,
      watchedOnly: input.watched_only,
      after: input.after,
      before: input.before,
    });
    const binder = input.binder ? await binderAvailability(deps, aircraft, view) : undefined;
    // The caller's kept validation workbook the tab page's URL names (one call for the page; ADR 079).
    const validation = input.validation === undefined ? undefined : await keptValidation(deps, c.get("user").id, input.validation);
    return c.json({
      tab: tabJson(view, aircraft),
      columns: apiColumns(view),
      rows,
      total,
      total_capped: totalCapped,
      page: input.page,
      per_page: input.per_page,
      next,
      prev,
      ...(binder ? { binder } : {}),
      ...(validation === undefined ? {} : { validation }),
    });
  };
  app.on("POST", both("/v1/ops_data/get_tab_data"), getTabData());
  app.on("POST", both("/v1/oil_data/get_tab_data"), getTabData("oil"));

  /**
   * A tab page's data in one call: the top bar's header, the aircraft's tabs (the tab bar), the page
   * of rows as get_tab_data answers it (with `binder` / `validation` when asked) and, on an ops tab
   * with `links`, the oil rows linked to the page's rows with their tabs' names. The tab is found by
   * its key whatever the case; an unknown one answers `data: null` (the page sends the reader back to
   * the aircraft). A sort column the tab does not have is ignored (`sort_column: null`), not refused.
   * Four calls of a tab page folded into one: each call costs its own authentication, access check
   * and JSON round trip (ADR 081).
   */
  const getTabPage = (product: ModuleProduct) => async (c: Ctx) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, GetTabPageInput);
    const { aircraft, access } = await aircraftWithAccess(deps, user, input, product, "read");
    const views = await aircraftTabs(deps, aircraft.id, product);
    const wanted = input.tab_id.toLowerCase();
    const view = views.find((v) => v.key.toLowerCase() === wanted);
    const base = { header: headerJson(aircraft, access), tabs: views.map((t) => tabJson(t, aircraft)) };
    if (!view) return c.json({ ...base, data: null, sort_column: null, links: null });
    const sortable = view.columns.find((col) => col.name === input.sort_column && col.type !== WATCH_COLUMN.type);
    const [page, binder, validation] = await Promise.all([
      queryRows(deps, view, {
        page: input.page,
        perPage: input.per_page,
        sortColumn: sortable?.name,
        sortOrder: input.sort_order,
        filter: input.filter,
        watchedOnly: input.watched_only,
        after: input.after,
        before: input.before,
      }),
      input.binder ? binderAvailability(deps, aircraft, view) : undefined,
      input.validation === undefined ? undefined : keptValidation(deps, user.id, input.validation),
    ]);
    let links = null;
    if (product === "ops" && input.links && view.source === "stored") {
      const oilAccess = !!(await accessLevel(deps, user, aircraft.id, "oil"));
      const found = oilAccess && page.rows.length ? await findLinks(deps, aircraft.id, { opsTabId: view.dbId!, opsRowIds: page.rows.map((r) => r.id) }) : [];
      const oilTabs = found.length ? await aircraftTabs(deps, aircraft.id, "oil") : [];
      links = { links: found, ops_access: true, oil_access: oilAccess, tab_names: Object.fromEntries(oilTabs.map((t) => [t.key, t.name])) };
    } else if (product === "oil" && input.links && view.source === "stored") {
      // An oil page's links to AeroOPS rows (the ops tabs' names are in the links themselves).
      const opsAccess = !!(await accessLevel(deps, user, aircraft.id, "ops"));
      const found = opsAccess && page.rows.length ? await findLinks(deps, aircraft.id, { oilTabId: view.dbId!, oilRowIds: page.rows.map((r) => r.id) }) : [];
      links = { links: found, ops_access: opsAccess, oil_access: true, tab_names: {} };
    }
    return c.json({
      ...base,
      sort_column: sortable?.name ?? null,
      data: {
        tab: tabJson(view, aircraft),
        columns: apiColumns(view),
        rows: page.rows,
        total: page.total,
        total_capped: page.totalCapped,
        page: input.page,
        per_page: input.per_page,
        next: page.next,
        prev: page.prev,
        ...(binder ? { binder } : {}),
        ...(validation === undefined ? {} : { validation }),
      },
      links,
    });
  };
  app.on("POST", both("/v1/ops_data/get_tab_page"), getTabPage("ops"));
  app.on("POST", both("/v1/oil_data/get_tab_page"), getTabPage("oil"));

  app.on("POST", both("/v1/ops_data/add_ops_data_v2"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, AddOpsDataInput);
    const { aircraft } = await aircraftWithAccess(deps, user, input, "ops", "write");
    const view = await aircraftTab(deps, aircraft.id, "ops", input.tab_id);
    const res = await upsertRow(deps, view, input, { allowLocked: staffOrLocked(user), userId: user.id });
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, res.created ? "ops.row.create" : "ops.row.update", "tab_row", res.row.id, aircraft.organization_id, {
      aircraft_id: aircraft.id,
      tab_id: view.key,
      columns: input.item ? Object.keys(input.item) : [input.column_name],
    });
    return c.json({ message: res.created ? "The row was added." : "The change was saved.", ...res });
  });

  app.on("POST", both("/v1/oil_data/update_oil_data"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, UpdateOilDataInput);
    const { aircraft } = await aircraftWithAccess(deps, user, input, "oil", "write");
    const view = await aircraftTab(deps, aircraft.id, "oil", input.tab_id);
    const res = await upsertRow(deps, view, input, { allowLocked: staffOrLocked(user), userId: user.id });
    const onlyWatch = input.item == null && input.column_name == null;
    if (!onlyWatch) await touchIssueDate(deps, aircraft.id, "oil");
    await audit(c, res.created ? "oil.row.create" : onlyWatch ? "oil.row.watch" : "oil.row.update", "tab_row", res.row.id, aircraft.organization_id, {
      aircraft_id: aircraft.id,
      tab_id: view.key,
      watched: input.watched,
    });
    const message = res.created
      ? "The row was added."
      : onlyWatch
      ? res.row.watched
        ? "The row is now watched."
        : "The row is no longer watched."
      : "The change was saved.";
    return c.json({ message, ...res });
  });

  app.on("POST", both("/v1/ops_data/delete_template_data_by_selection"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, DeleteRowsInput);
    const { product, aircraft, view } = await tabWithAccess(c, input, "write");
    const deleted = await deleteRows(deps, view, input.ids);
    await touchIssueDate(deps, aircraft.id, product);
    await audit(c, `${product}.rows.delete`, "tab", view.dbId, aircraft.organization_id, {
      aircraft_id: aircraft.id,
      tab_id: view.key,
      ids: input.ids,
      deleted,
    });
    return c.json({ message: `${deleted} row(s) deleted.`, deleted });
  });

  // --- uploads -----------------------------------------------------------------------------

  const uploadTarget = async (c: Ctx, level: "read" | "write") => {
    const { fields, file } = await readUpload(c);
    const input = validate(UploadTabDataFields, fields);
    const { product, aircraft, view } = await tabWithAccess(c, input, level);
    if (view.source !== "stored") throw refuse("Work orders cannot be uploaded into a tab.");
    return { input, product, aircraft, view, file };
  };

  app.on("POST", both("/v1/ops_data/upload_ops_data"), async (c) => {
    const deps = c.get("deps");
    const { input, product, aircraft, view, file } = await uploadTarget(c, "write");
    // Read in a worker thread under the limits (ADR 067): a hostile file is refused, never run here.
    const read = await readSheetOffThread({ kind: "import", file, view, limits: sheetLimitsOf(deps.config.sheetLimits) });
    if (!read.ok) {
      const errors: Record<string, string[]> = {};
      if (read.fileErrors.length) errors.file = read.fileErrors;
      for (const e of read.rowErrors.slice(0, 500)) (errors[`row ${e.row}`] ??= []).push(e.error);
      const first = read.fileErrors[0] ?? `Row ${read.rowErrors[0].row}: ${read.rowErrors[0].error}`;
      return c.json(
        {
          error: `The file has ${read.problems} error(s); nothing was imported. ${first}`,
          errors,
          row_errors: [...read.fileErrors.map((e) => ({ row: 1, column: null, error: e })), ...read.rowErrors],
        },
        422
      );
    }
    const res = await importRows(deps, view, read.rows, input.mode, c.get("user").id);
    await touchIssueDate(deps, aircraft.id, product);
    await audit(c, `${product}.rows.upload`, "tab", view.dbId, aircraft.organization_id, {
      aircraft_id: aircraft.id,
      tab_id: view.key,
      file: file.name,
      mode: input.mode,
      imported: res.imported,
    });
    return c.json({
      message:
        input.mode === "replace"
          ? `${res.imported} row(s) imported; they replace the earlier rows of ${view.name}.`
          : `${res.imported} row(s) added to ${view.name}.`,
      imported: res.imported,
      mode: input.mode,
      total: res.total,
    });
  });

  /** Checks an upload against its tab: the workbook with an Errors column, and how many rows have errors. */
  const validateUpload = async (c: Ctx) => {
    const { view, aircraft, file, product } = await uploadTarget(c, "read");
    // The reading and the workbook with its Errors column (ExcelJS: seconds for 200,000 rows) are built off this thread.
    const limits = sheetLimitsOf(c.get("deps").config.sheetLimits);
    const { bytes, errors } = await readSheetOffThread({ kind: "validate", file, view, aircraft, product, limits });
    return { bytes, errors, source: file.name, filename: `${file.name.replace(/\.(xlsx|xls|csv)$/i, "")}_validation.xlsx` };
  };

  app.on(
    "POST",
    both("/v1/ops_data/validate_tab_data"),
    blobRoute(async (c) => {
      const { bytes, errors, filename } = await validateUpload(c);
      return blobAnswer(bytes, XLSX_TYPE, filename, {
        "x-validation-errors": String(errors),
        "access-control-expose-headers": "x-validation-errors, content-disposition",
      });
    })
  );

  // The same check, the workbook kept 30 minutes for the caller instead of answered (ADR 079): a
  // page without JavaScript offers it after its redirect (validation_workbook, get_tab_data's `validation`).
  app.on("POST", both("/v1/ops_data/keep_validation"), async (c) => {
    const workbook = await validateUpload(c);
    return c.json(await keepValidation(c.get("deps"), c.get("user").id, workbook));
  });

  app.on(
    "POST",
    both("/v1/ops_data/validation_workbook"),
    blobRoute(async (c) => {
      const { id } = await readBody(c, ValidationWorkbookInput);
      return validationWorkbookAnswer(c.get("deps"), c.get("user").id, id);
    })
  );

  // --- DFP: the tab's data file package (an .xlsx of its rows) -------------------------------

  app.on("POST", both("/v1/ops_data/is_tab_has_dfp"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, TabRefInput);
    const { aircraft, view } = await tabWithAccess(c, input, "read");
    return c.json({ result: await tabHasRows(deps, view) });
  });

  app.on(
    "POST",
    both("/v1/ops_data/download_dfp"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, TabRefInput);
      const { aircraft, view, product } = await tabWithAccess(c, input, "read");
      const { rows } = await allRows(deps, view, {});
      if (rows.length === 0) throw refuse(`${view.name} has no data file package: the tab has no rows.`);
      const withWatch = apiColumns(view).length > view.columns.length;
      const bytes = await buildWorkbook(
        [
          {
            name: view.name,
            columns: [...view.columns.map((x) => x.name), ...(withWatch ? [WATCH_COLUMN.name] : [])],
            types: [...view.columns.map((x) => x.type), ...(withWatch ? ["text"] : [])],
            rows: rows.map((r) => [...view.columns.map((x) => r.data[x.name] ?? null), ...(withWatch ? [r.watched ? "Watched" : "Unwatched"] : [])]),
          },
        ],
        aircraftWorkbookMeta(aircraft, product, `${view.name} data file package`)
      );
      return blobAnswer(bytes, XLSX_TYPE, `${aircraft.msn}_${view.name}_DFP.xlsx`);
    })
  );

  // --- header data -------------------------------------------------------------------------

  app.on("POST", both("/v1/ops_data/get_ops_header_data"), async (c) => {
    const input = await readBody(c, HeaderDataInput);
    const { aircraft, access } = await aircraftWithAccess(c.get("deps"), c.get("user"), input, "ops", "read");
    return c.json(headerJson(aircraft, access));
  });
  app.on("POST", both("/v1/oil_data/get_oil_header_data"), async (c) => {
    const input = await readBody(c, HeaderDataInput);
    const { aircraft, access } = await aircraftWithAccess(c.get("deps"), c.get("user"), input, "oil", "read");
    return c.json(headerJson(aircraft, access));
  });

  // --- oil ↔ ops links ---------------------------------------------------------------------

  app.on("POST", both("/v1/oil_data/get_oil_ops_link_ids"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OilLinkTabInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "oil", "read");
    const view = await aircraftTab(deps, aircraft.id, "oil", input.tab_id);
    const opsAccess = !!(await accessLevel(deps, c.get("user"), aircraft.id, "ops"));
    const links = opsAccess ? await findLinks(deps, aircraft.id, { oilTabId: view.dbId!, oilRowIds: input.row_ids }) : [];
    return c.json({ links, ops_access: opsAccess, oil_access: true });
  });

  app.on("POST", both("/v1/oil_data/get_ops_ids_direct_link"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OilLinkTabInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "ops", "read");
    const view = await aircraftTab(deps, aircraft.id, "ops", input.tab_id);
    if (view.source !== "stored") return c.json({ links: [], ops_access: true, oil_access: true });
    const oilAccess = !!(await accessLevel(deps, c.get("user"), aircraft.id, "oil"));
    const links = oilAccess ? await findLinks(deps, aircraft.id, { opsTabId: view.dbId!, opsRowIds: input.row_ids }) : [];
    return c.json({ links, ops_access: true, oil_access: oilAccess });
  });

  app.on("POST", both("/v1/oil_data/get_oil_linked_row_id"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OilLinkedRowInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "oil", "read");
    const view = await aircraftTab(deps, aircraft.id, "oil", input.tab_id);
    const row = await deps.db.selectFrom("tab_rows").select("id").where("id", "=", input.row_id).where("tab_id", "=", view.dbId!).executeTakeFirst();
    if (!row) throw notFound("That row");
    const opsAccess = !!(await accessLevel(deps, c.get("user"), aircraft.id, "ops"));
    const links = opsAccess ? await findLinks(deps, aircraft.id, { oilTabId: view.dbId!, oilRowId: row.id }) : [];
    return c.json({ links, ops_access: opsAccess, oil_access: true });
  });

  app.on("POST", both("/v1/oil_data/get_oil_ops_link_pk"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OilLinkPkInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "oil", "read");
    const opsAccess = !!(await accessLevel(deps, c.get("user"), aircraft.id, "ops"));
    const products: ModuleProduct[] = opsAccess ? ["oil", "ops"] : ["oil"];
    const rows = await deps.db
      .selectFrom("tab_columns")
      .innerJoin("tabs", "tabs.id", "tab_columns.tab_id")
      .select(["tabs.tab_key", "tabs.tab_name", "tabs.product", "tabs.tab_position", "tab_columns.name"])
      .where("tabs.aircraft_id", "=", aircraft.id)
      .where("tabs.is_template", "=", 0)
      .where("tabs.product", "in", products)
      .where("tab_columns.name", "in", [...OIL_OPS_LINK_COLUMNS])
      .orderBy("tabs.product", "desc")
      .orderBy("tabs.tab_position")
      .orderBy("tab_columns.position")
      .execute();
    const tabs = new Map<string, { tab_id: string; tab_name: string; product: ModuleProduct; key_columns: string[] }>();
    for (const r of rows) {
      const k = `${r.product}:${r.tab_key}`;
      const t = tabs.get(k) ?? { tab_id: r.tab_key, tab_name: r.tab_name, product: r.product, key_columns: [] };
      t.key_columns.push(r.name);
      tabs.set(k, t);
    }
    return c.json({ link_columns: [...OIL_OPS_LINK_COLUMNS], tabs: [...tabs.values()] });
  });

  // --- binders -----------------------------------------------------------------------------
  // After each tab, the documents linked to its rows (or to its work orders): PDFs merged page by
  // page, PNG and JPEG images placed on a page, other files listed (issue 17 item 6, ADR 047).

  app.on("POST", both("/v1/ops_data/binder_availability"), async (c) => {
    const input = await readBody(c, BinderInput);
    const { aircraft, view } = await tabWithAccess(c, input, "read");
    return c.json(await binderAvailability(c.get("deps"), aircraft, view));
  });

  app.on(
    "POST",
    both("/v1/ops_data/binder_download"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const input = await readBody(c, BinderDownloadInput);
      const { product, aircraft, view } = await tabWithAccess(c, input, "read");
      if (input.kind === "current") {
        if (!(await tabHasRows(deps, view))) throw refuse(`The Current Binder is not available: ${view.name} has no rows.`);
        const budget = await attachBudget(deps, c.get("user"), aircraft.id);
        const docs = await linkedDocumentSections(deps, view, budget);
        const bytes = await renderPdf({
          title: `Current Binder: ${view.name}`,
          subtitle: aircraftSubtitle(aircraft, product),
          sections: [{ ...(await tabSection(deps, view, {}, BINDER_MAX_ROWS_PER_TAB)), bookmark: docs.length > 0 }, ...docs],
          contents: docs.length > 0,
        });
        return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_${view.name}_Current_Binder.pdf`);
      }
      if (!(await aircraftHasData(deps, aircraft.id, product)))
        throw refuse(`The Full Delivery Binder is not available: MSN ${aircraft.msn} has no ${PRODUCT_LABEL[product]} data yet.`);
      const tabs = await aircraftTabs(deps, aircraft.id, product);
      // A contents page with each tab's page number, then each tab from a new page, bookmarked.
      const sections: PdfSection[] = [];
      const budget = await attachBudget(deps, c.get("user"), aircraft.id);
      for (const t of tabs) {
        sections.push({ ...(await tabSection(deps, t, {}, BINDER_MAX_ROWS_PER_TAB)), bookmark: true });
        sections.push(...(await linkedDocumentSections(deps, t, budget)));
      }
      const bytes = await renderPdf({ title: `Full Delivery Binder: MSN ${aircraft.msn}`, subtitle: aircraftSubtitle(aircraft, product), sections, contents: true, subject: `Every ${PRODUCT_LABEL[product]} tab of MSN ${aircraft.msn}` });
      return blobAnswer(bytes, PDF_TYPE, `${aircraft.msn}_Full_Delivery_Binder.pdf`);
    })
  );
}

// ---------------------------------------------------------------------------------------------
// Linked documents in binders
// ---------------------------------------------------------------------------------------------

/** A binder merges at most this many documents and this many bytes of them; the rest are listed. */
export const BINDER_MAX_DOCUMENTS = 200;
export const BINDER_MAX_DOCUMENT_BYTES = 250 * 1024 * 1024;
/** Linked documents are records of the aircraft's storage: only a caller who may read those gets them. */
async function attachBudget(deps: Deps, user: AuthUser, aircraftId: number) {
  return { documents: 0, bytes: 0, allowed: (await accessLevel(deps, user, aircraftId, "storage")) != null };
}

const PDF_NAME = /\.pdf$/i;
const PLACEABLE_IMAGE = /\.(png|jpe?g)$/i;

/** The sections that follow a tab in a binder: one per linked document, bookmarked under the tab. */
export async function linkedDocumentSections(deps: Deps, view: TabView, budget: { documents: number; bytes: number; allowed: boolean }): Promise<PdfSection[]> {
  if (!budget.allowed) return [];
  const groups: { label: string; files: Awaited<ReturnType<typeof linkedFilesByRow>> extends Map<number, infer F> ? F : never }[] = [];
  if (view.source === "stored" && view.dbId != null) {
    const rows = await deps.db.selectFrom("tab_rows").select(["id", "position", "data"]).where("tab_id", "=", view.dbId).orderBy("position").limit(BINDER_MAX_ROWS_PER_TAB).execute();
    const byRow = new Map<number, Awaited<ReturnType<typeof linkedFilesByRow>> extends Map<number, infer F> ? F : never>();
    for (let i = 0; i < rows.length; i += 500) for (const [k, v] of await linkedFilesByRow(deps.db, rows.slice(i, i + 500).map((r) => r.id))) byRow.set(k, v);
    const columns = view.columns.map((c) => c.name);
    for (const r of rows) {
      const files = byRow.get(r.id);
      if (!files?.length) continue;
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(r.data);
      } catch {
        /* shown without cells */
      }
      groups.push({ label: rowLabel(view.name, r.position, data, columns), files });
    }
  } else if (view.source === "work_orders" && view.aircraftId != null && view.woKind) {
    const links = await deps.db
      .selectFrom("document_links as l")
      .innerJoin("work_orders as w", "w.id", "l.work_order_id")
      .innerJoin("storage_items as s", "s.id", "l.file_id")
      .select(["w.id as wo_id", "w.number", "w.title", "s.id as file_id", "s.name", "s.blob_key", "s.content_type", "s.size"])
      .where("l.status", "=", "linked")
      .where("w.aircraft_id", "=", view.aircraftId)
      .where("w.kind", "=", view.woKind)
      .orderBy("w.number")
      .orderBy("l.id")
      .execute();
    const byWo = new Map<number, (typeof groups)[number]>();
    for (const l of links) {
      const g = byWo.get(l.wo_id) ?? { label: `Work order ${l.number}${l.title ? `: ${l.title}` : ""}`, files: [] };
      g.files.push({ file_id: l.file_id, name: l.name, blob_key: l.blob_key, content_type: l.content_type, size: l.size });
      byWo.set(l.wo_id, g);
    }
    groups.push(...byWo.values());
  }
  const sections: PdfSection[] = [];
  for (const g of groups) {
    for (const f of g.files) {
      const lines = [`Linked to ${g.label}.`, `${f.name} · ${formatBytes(f.size)}`];
      const section: PdfSection = { heading: f.name, bookmark: true, level: 2, lines };
      const pdf = PDF_NAME.test(f.name) || f.content_type === "application/pdf";
      const image = PLACEABLE_IMAGE.test(f.name) || f.content_type === "image/png" || f.content_type === "image/jpeg";
      if (!pdf && !image) {
        lines.push("This type of file cannot be placed in a binder. It is kept in the aircraft's records.");
      } else if (!f.blob_key || budget.documents >= BINDER_MAX_DOCUMENTS || budget.bytes + f.size > BINDER_MAX_DOCUMENT_BYTES) {
        lines.push(f.blob_key ? "Not included: the binder has reached its size limit. Open it from the aircraft's records." : "The file's content is not stored.");
      } else {
        const res = await deps.blob.read(f.blob_key);
        if (!res.ok) {
          lines.push("The stored file could not be read. Open it from the aircraft's records.");
        } else {
          const bytes = new Uint8Array(await res.arrayBuffer());
          budget.documents++;
          budget.bytes += bytes.byteLength;
          if (pdf) section.attachPdf = bytes;
          else section.image = bytes;
        }
      }
      sections.push(section);
    }
  }
  return sections;
}

function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
