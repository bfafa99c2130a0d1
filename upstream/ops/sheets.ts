// Spreadsheet helpers: workbooks for exports written with ExcelJS (typed cells, styles; ADR 036), and
// parsing + validation of uploaded tab data with SheetJS CE (it reads .xlsx, .xls and .csv).
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import { refuse } from "../http";
import { VALIDATION_ERRORS_COLUMN, WATCH_COLUMN, type ModuleProduct, type TabColumn } from "../../app/models/schemas/ops";
import { DEFAULT_SHEET_LIMITS, SHEET_LIMIT_MESSAGES, type SheetLimits } from "./sheet-limits";
import { isZip, UNREADABLE_SHEET } from "./xlsx-scan";
import { normalizeCell, PRODUCT_LABEL, type AircraftCtx, type Cell, type TabView } from "./common";
import { neutraliseFormula, restoreFormula } from "../lib/formula-guard";

export type SheetValue = string | number | boolean | Date | null;

export interface SheetSpec {
  name: string;
  columns: string[];
  rows: SheetValue[][];
  /**
   * Column types (a tab column's `type`: text / number / date / select; anything else is text).
   * In a date column, `YYYY-MM-DD` strings become date cells; in a number column, numeric strings
   * become numbers. Values that do not fit stay as they are. A `Date` value is a date cell anywhere.
   */
  types?: (string | undefined)[];
  /** Column widths in characters (optional; else measured from the header and the first rows). */
  widths?: number[];
  /** A column whose non-empty cells are problems (the validation workbook's Errors): light red. */
  errorColumn?: number;
}

/** Workbook properties: what a file manager and Excel's File > Info show. */
export interface WorkbookMeta {
  title?: string;
  subject?: string;
  keywords?: string;
  description?: string;
  category?: string;
}

/** The properties of a workbook about one aircraft: `what` (e.g. the tab's name) of MSN … (registration). */
export function aircraftWorkbookMeta(a: AircraftCtx, product: ModuleProduct, what: string): WorkbookMeta {
  const issue = product === "ops" ? a.ops_issue_date : a.oil_issue_date;
  const label = PRODUCT_LABEL[product];
  return {
    title: `${what}: MSN ${a.msn}`,
    subject: `${label} ${what}, MSN ${a.msn} (${a.registration})`,
    keywords: [`MSN ${a.msn}`, a.registration, label, a.org_name].filter(Boolean).join("; "),
    description: [
      `MSN ${a.msn}`,
      `Registration ${a.registration}`,
      a.org_name,
      `${product === "ops" ? "OPS" : "OIL"} issue date ${issue ?? "none"}`,
    ].join(" | "),
    category: label,
  };
}

export const WORKBOOK_AUTHOR = "AeroRecords";
export const DATE_FORMAT = "yyyy-mm-dd";
const MAX_WIDTH = 60;
const MIN_WIDTH = 6;
const MEASURE_ROWS = 500;
/** Excel's limit of characters in a cell. */
const MAX_CELL_CHARS = 32_767;
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFDCE6F1" } };
const ERROR_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFDE2E1" } };
const HEADER_BORDER: Partial<ExcelJS.Borders> = { bottom: { style: "thin", color: { argb: "FF8EA9C8" } } };

export function sheetName(raw: string, used: Set<string>): string {
  const base =
    (
      raw
        .replace(/[\[\]:*?/\\]/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 31)
        .replace(/^'+|'+$/g, "")
        .trim() || "Sheet"
    ).replace(/^history$/i, "History (tab)"); // Excel reserves "History"
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = base.slice(0, 31 - suffix.length).replace(/'+$/, "") + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** `YYYY-MM-DD` → a Date at midnight UTC (what Excel shows as that day), or null when it is no real date. */
export function isoToDate(s: string): Date | null {
  const m = ISO_DATE.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/**
 * The value written for a cell of a column of the given type. Text that begins like a formula gets
 * an apostrophe in front (neutraliseFormula, ADR 069); numbers and dates stay typed cells.
 */
function cellValue(v: SheetValue | undefined, type: string | undefined): string | number | Date | null {
  if (v === undefined || v === null || v === "") return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (type === "date") return isoToDate(v) ?? textCell(v);
  if (type === "number" && NUMERIC.test(v.trim())) {
    const n = Number(v.trim());
    if (Number.isFinite(n)) return n;
  }
  return textCell(v);
}

const textCell = (v: string) => {
  const text = neutraliseFormula(v);
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
};

const shownLength = (v: string | number | Date | null) =>
  v === null ? 0 : v instanceof Date ? 10 : Math.max(...String(v).split("\n").map((l) => l.length));

function addSheet(wb: ExcelJS.Workbook, s: SheetSpec, name: string) {
  const ws = wb.addWorksheet(name, { views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }] });
  const n = Math.max(s.columns.length, ...s.rows.slice(0, MEASURE_ROWS).map((r) => r.length), 0);
  const measured = Array.from({ length: n }, (_, i) => (s.columns[i] ?? "").length + 3); // room for the filter button
  const header = ws.addRow(s.columns.map((c) => neutraliseFormula(c)));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = HEADER_BORDER;
    cell.alignment = { vertical: "middle" };
  });
  s.rows.forEach((r, ri) => {
    const values = r.map((v, i) => cellValue(v, s.types?.[i]));
    const row = ws.addRow(values);
    values.forEach((v, i) => {
      if (v instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
      if (ri < MEASURE_ROWS && i < n) measured[i] = Math.max(measured[i], shownLength(v) + 2);
    });
    if (s.errorColumn !== undefined) {
      const e = values[s.errorColumn];
      if (e !== null && e !== undefined && String(e).trim() !== "") {
        const cell = row.getCell(s.errorColumn + 1);
        cell.fill = ERROR_FILL;
        cell.font = { color: { argb: "FF9C0006" } };
      }
    }
  });
  for (let i = 0; i < n; i++) {
    const width = s.widths?.[i] ?? measured[i];
    ws.getColumn(i + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width));
  }
  if (s.columns.length > 0) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, s.rows.length + 1), column: s.columns.length } };
}

/**
 * An .xlsx workbook with one sheet per spec. Every sheet has its header in row 1 (bold, light fill,
 * frozen, with an autofilter over the header and the data), typed cells (dates as date cells shown
 * `yyyy-mm-dd`, numbers as numbers) and column widths from the header and the content (at most 60).
 * The aircraft (MSN, registration, issue date) goes in the workbook properties, not above the table:
 * files users re-import (DFP, validation workbook) must keep the header in row 1.
 */
export async function buildWorkbook(sheets: SheetSpec[], meta: WorkbookMeta = {}): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = WORKBOOK_AUTHOR;
  wb.lastModifiedBy = WORKBOOK_AUTHOR;
  wb.company = WORKBOOK_AUTHOR;
  wb.title = meta.title ?? "";
  wb.subject = meta.subject ?? "";
  wb.keywords = meta.keywords ?? "";
  wb.description = meta.description ?? "";
  wb.category = meta.category ?? "";
  const now = new Date();
  wb.created = now;
  wb.modified = now;
  const used = new Set<string>();
  for (const s of sheets.length ? sheets : [{ name: "Sheet", columns: [], rows: [] }]) addSheet(wb, s, sheetName(s.name, used));
  const out = (await wb.xlsx.writeBuffer()) as unknown as Uint8Array; // a Node Buffer at run time
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * The workbook of buildWorkbook (the same header, fills, widths, date cells, filter and properties),
 * written row by row with ExcelJS's streaming writer: for sheets of up to 200,000 rows (the
 * validation workbook; ADR 067), whose in-memory model would take gigabytes (2 GB of heap for
 * 150,000 rows of 10 columns). Widths are measured on the first rows before any is written.
 */
export async function buildWorkbookStreamed(sheets: SheetSpec[], meta: WorkbookMeta = {}): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const wb = streamingWriter(out, meta);
  const used = new Set<string>();
  for (const s of sheets.length ? sheets : [{ name: "Sheet", columns: [], rows: [] }]) {
    const n = Math.max(s.columns.length, ...s.rows.slice(0, MEASURE_ROWS).map((r) => r.length), 0);
    const measured = Array.from({ length: n }, (_, i) => (s.columns[i] ?? "").length + 3);
    for (const r of s.rows.slice(0, MEASURE_ROWS)) r.forEach((v, i) => (measured[i] = Math.max(measured[i], shownLength(cellValue(v, s.types?.[i])) + 2)));
    const ws = streamedSheet(wb, s, sheetName(s.name, used), s.rows.length, measured);
    for (let ri = 0; ri < s.rows.length; ri++) {
      const values = s.rows[ri].map((v, i) => cellValue(v, s.types?.[i]));
      const row = ws.addRow(values);
      values.forEach((v, i) => {
        if (v instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
      });
      if (s.errorColumn !== undefined) {
        const e = values[s.errorColumn];
        if (e !== null && e !== undefined && String(e).trim() !== "") {
          const cell = row.getCell(s.errorColumn + 1);
          cell.fill = ERROR_FILL;
          cell.font = { color: { argb: "FF9C0006" } };
        }
      }
      row.commit();
      // Let the zip stream take what was written, so the rows do not pile up in memory.
      if (ri % 5_000 === 4_999) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    ws.commit();
  }
  await wb.commit();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * ExcelJS's streaming writer leaves docProps/app.xml's Company empty (it ignores the property): the
 * name goes into that file as the writer adds it to the zip, as buildWorkbook's file has it.
 */
function writeCompany(wb: ExcelJS.stream.xlsx.WorkbookWriter) {
  const w = wb as unknown as { addApp: () => Promise<void>; zip: { append: (data: string, opts: { name: string }) => void } };
  const addApp = w.addApp.bind(wb);
  w.addApp = async () => {
    const append = w.zip.append;
    w.zip.append = (data, opts) =>
      append.call(w.zip, opts.name === "docProps/app.xml" ? data.replace(/<Company\s*\/>|<Company><\/Company>/, `<Company>${WORKBOOK_AUTHOR}</Company>`) : data, opts);
    try {
      await addApp();
    } finally {
      w.zip.append = append;
    }
  };
}

/** ExcelJS's streaming writer into `out`, with buildWorkbook's document properties (and its Company). */
function streamingWriter(out: PassThrough, meta: WorkbookMeta): ExcelJS.stream.xlsx.WorkbookWriter {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  writeCompany(wb);
  const now = new Date();
  // The core properties the writer puts in docProps/core.xml.
  Object.assign(wb as unknown as Record<string, unknown>, {
    creator: WORKBOOK_AUTHOR,
    lastModifiedBy: WORKBOOK_AUTHOR,
    created: now,
    modified: now,
    title: meta.title ?? "",
    subject: meta.subject ?? "",
    keywords: meta.keywords ?? "",
    description: meta.description ?? "",
    category: meta.category ?? "",
    company: WORKBOOK_AUTHOR,
  });
  return wb;
}

/** A sheet of the streaming writer with buildWorkbook's frozen, filtered, styled header row (committed). */
function streamedSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, s: { columns: string[]; widths?: number[] }, name: string, rowCount: number, measured: number[]) {
  const ws = wb.addWorksheet(name, {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
    ...(s.columns.length > 0 ? { autoFilter: { from: { row: 1, column: 1 }, to: { row: Math.max(1, rowCount + 1), column: s.columns.length } } } : {}),
  });
  ws.columns = measured.map((m, i) => ({ width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, s.widths?.[i] ?? m)) }));
  const header = ws.addRow(s.columns.map((c) => neutraliseFormula(c)));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = HEADER_BORDER;
    cell.alignment = { vertical: "middle" };
  });
  header.commit();
  return ws;
}

/** A sheet whose rows come in chunks (a tab read by keyset, rowChunks): `rowCount` rows in all. */
export interface ChunkedSheet extends Omit<SheetSpec, "rows" | "errorColumn"> {
  rowCount: number;
  chunks: AsyncIterable<SheetValue[][]>;
}

/**
 * The workbook of buildWorkbook (header, fills, widths, date cells, filter, properties) written while
 * its rows are read, chunk by chunk, into a stream (ExcelJS's streaming writer): an export of a
 * 100,000-row tab holds one chunk of rows and the zip's buffers, never the rows or a workbook model.
 * Widths are measured on the first chunk. The stream ends with an error if reading the rows fails.
 */
export function workbookStream(sheets: ChunkedSheet[], meta: WorkbookMeta = {}): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const wb = streamingWriter(out, meta);
  const write = async () => {
    const used = new Set<string>();
    const all: ChunkedSheet[] = sheets.length ? sheets : [{ name: "Sheet", columns: [], rowCount: 0, chunks: (async function* () {})() }];
    for (const s of all) {
      const it = s.chunks[Symbol.asyncIterator]();
      const firstChunk = await it.next();
      const first = firstChunk.done ? [] : firstChunk.value;
      const n = Math.max(s.columns.length, ...first.slice(0, MEASURE_ROWS).map((r) => r.length), 0);
      const measured = Array.from({ length: n }, (_, i) => (s.columns[i] ?? "").length + 3);
      for (const r of first.slice(0, MEASURE_ROWS)) r.forEach((v, i) => (measured[i] = Math.max(measured[i], shownLength(cellValue(v, s.types?.[i])) + 2)));
      const ws = streamedSheet(wb, s, sheetName(s.name, used), s.rowCount, measured);
      for (let chunk = first; ; ) {
        for (const r of chunk) {
          const values = r.map((v, i) => cellValue(v, s.types?.[i]));
          const row = ws.addRow(values);
          values.forEach((v, i) => {
            if (v instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
          });
          row.commit();
        }
        // Let the zip stream hand on what was written before the next chunk is read.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const next = await it.next();
        if (next.done) break;
        chunk = next.value;
      }
      ws.commit();
    }
    await wb.commit();
  };
  write().catch((err) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

/** Refuses a file whose name is not that of a spreadsheet the import reads. */
export function requireSheetName(filename: string) {
  if (!/\.(xlsx|xls|csv)$/i.test(filename)) throw refuse("Upload an .xlsx, .xls or .csv file.");
}

/**
 * Reads an .xlsx / .xls / .csv upload: its first sheet's header row and data rows (with sheet row
 * numbers), under the limits (ADR 067). SheetJS parses the first sheet only and stops at row
 * `maxRows + 2`; the content is then held to the rows, columns and cell-length limits, the first hit
 * refused. An .xlsx is pre-scanned (scanXlsx) before it comes here: SheetJS alone would unpack all
 * of it first. Meant for the sheet worker (sheet-pool.ts), not the request thread.
 */
export function readSheet(
  bytes: Uint8Array,
  filename: string,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS
): { headers: string[]; rows: { rowNumber: number; values: unknown[] }[] } {
  requireSheetName(filename);
  const isCsv = filename.toLowerCase().endsWith(".csv");
  // Header row + maxRows data rows + one more: content in that row is a file over the limit.
  const bounded = { sheetRows: limits.maxRows + 2, sheets: 0, dense: true };
  let wb: XLSX.WorkBook;
  try {
    wb = isCsv
      ? XLSX.read(
          Buffer.from(bytes)
            .toString("utf8")
            .replace(/^\uFEFF/, ""),
          { type: "string", raw: true, ...bounded }
        )
      : XLSX.read(bytes, { type: "array", cellDates: false, ...bounded });
  } catch {
    throw refuse(UNREADABLE_SHEET);
  }
  if (wb.SheetNames.length > limits.maxSheets) throw refuse(SHEET_LIMIT_MESSAGES.sheets(limits));
  const ws = wb.SheetNames.length ? wb.Sheets[wb.SheetNames[0]] : undefined;
  if (!ws || !ws["!ref"]) throw refuse("The file has no rows.");
  if (!isZip(bytes)) {
    // A .csv's range counts its blank lines, an .xls's is its DIMENSIONS record: reaching the row
    // after the last one allowed means rows were left unread. (An .xlsx's rows were counted by the
    // pre-scan; its <dimension> may be stale.)
    const declared = XLSX.utils.decode_range(ws["!fullref"] ?? ws["!ref"]);
    if (declared.e.r > limits.maxRows) throw refuse(SHEET_LIMIT_MESSAGES.rows(limits));
    if (declared.e.c >= limits.maxColumns) throw refuse(SHEET_LIMIT_MESSAGES.columns(limits));
  }
  const range = contentRange(ws, limits);
  ws["!ref"] = XLSX.utils.encode_range(range);
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
  if (aoa.length === 0) throw refuse("The file has no rows.");
  // A header written by an export went through neutraliseFormula like every text cell (ADR 069).
  const headers = (aoa[0] ?? []).map((h) => (h == null ? "" : restoreFormula(String(h).trim())));
  const rows: { rowNumber: number; values: unknown[] }[] = [];
  for (let i = 1; i < aoa.length; i++) {
    const values = aoa[i] ?? [];
    if (values.every((v) => v == null || (typeof v === "string" && v.trim() === ""))) continue;
    rows.push({ rowNumber: range.s.r + i + 1, values });
  }
  return { headers, rows };
}

/**
 * The sheet's range from its start to its last cell holding a value, each such cell held to the
 * limits in reading order. The end a file declares (an .xlsx `<dimension>`, an .xls DIMENSIONS
 * record) is not trusted: "A1:XFD200000" over ten cells would have sheet_to_json fill billions of nulls.
 */
function contentRange(ws: XLSX.WorkSheet, limits: SheetLimits): XLSX.Range {
  const start = XLSX.utils.decode_range(ws["!ref"]!).s;
  let lastRow = start.r;
  let lastCol = start.c;
  const visit = (r: number, c: number, cell: XLSX.CellObject | undefined) => {
    if (!cell || cell.v === undefined || cell.v === null || r < start.r || c < start.c) return;
    // 0-based r: row r + 1 of the sheet; row 1 is the header, so data fills rows 2 … maxRows + 1.
    if (r > limits.maxRows) throw refuse(SHEET_LIMIT_MESSAGES.rows(limits));
    if (c >= limits.maxColumns) throw refuse(SHEET_LIMIT_MESSAGES.columns(limits));
    if (typeof cell.v === "string" && cell.v.length > limits.maxCellChars) throw refuse(SHEET_LIMIT_MESSAGES.cell(limits, r + 1));
    if (r > lastRow) lastRow = r;
    if (c > lastCol) lastCol = c;
  };
  const dense = (ws as XLSX.DenseWorkSheet)["!data"] as (XLSX.CellObject | undefined)[][] | undefined;
  if (dense) {
    for (let r = 0; r < dense.length; r++) {
      const row = dense[r];
      if (row) for (let c = 0; c < row.length; c++) visit(r, c, row[c]);
    }
  } else {
    const cells = Object.keys(ws)
      .filter((k) => k[0] !== "!")
      .map((k) => ({ at: XLSX.utils.decode_cell(k), cell: ws[k] as XLSX.CellObject }))
      .sort((a, b) => a.at.r - b.at.r || a.at.c - b.at.c);
    for (const { at, cell } of cells) visit(at.r, at.c, cell);
  }
  return { s: start, e: { r: lastRow, c: lastCol } };
}

export interface RowError {
  row: number;
  column: string | null;
  error: string;
}

export interface CheckedSheet {
  headers: string[];
  /** Uploaded rows in file order, with their normalized data and the watched flag (oil). */
  rows: { rowNumber: number; values: unknown[]; data: Record<string, Cell>; watched: boolean | null; errors: string[] }[];
  fileErrors: string[];
  rowErrors: RowError[];
}

const truthy = (v: unknown) => {
  const s = String(v ?? "")
    .trim()
    .toLowerCase();
  return ["watched", "watch", "yes", "y", "true", "1", "x"].includes(s);
};

/**
 * Checks an uploaded sheet against a tab's columns: every header must be a column of the tab (the oil
 * Watch/Unwatch column and a trailing Errors column from validate_tab_data are understood), no header
 * twice, and every cell must fit its column's type.
 */
export function checkSheet(view: TabView, sheet: { headers: string[]; rows: { rowNumber: number; values: unknown[] }[] }): CheckedSheet {
  const fileErrors: string[] = [];
  const rowErrors: RowError[] = [];
  const columns: TabColumn[] = view.columns;
  type Target = { kind: "column"; col: TabColumn } | { kind: "watch" } | { kind: "ignore" };
  const targets: Target[] = [];
  const seen = new Map<string, number>();
  const hasErrorsColumn = columns.some((c) => c.name.toLowerCase() === VALIDATION_ERRORS_COLUMN.toLowerCase());
  sheet.headers.forEach((h, i) => {
    const key = h.toLowerCase();
    if (h === "") {
      const used = sheet.rows.some((r) => r.values[i] != null && String(r.values[i]).trim() !== "");
      if (used) fileErrors.push(`Column ${XLSX.utils.encode_col(i)} has values but no header.`);
      targets.push({ kind: "ignore" });
      return;
    }
    if (seen.has(key)) {
      fileErrors.push(`The column "${h}" appears twice.`);
      targets.push({ kind: "ignore" });
      return;
    }
    seen.set(key, i);
    const col = columns.find((c) => c.name === h) ?? columns.find((c) => c.name.toLowerCase() === key);
    if (col) targets.push({ kind: "column", col });
    else if (view.product === "oil" && key === WATCH_COLUMN.name.toLowerCase()) targets.push({ kind: "watch" });
    else if (!hasErrorsColumn && key === VALIDATION_ERRORS_COLUMN.toLowerCase()) targets.push({ kind: "ignore" });
    else if (key === `${VALIDATION_ERRORS_COLUMN} (validation)`.toLowerCase()) targets.push({ kind: "ignore" }); // validate_tab_data's, when the tab has an Errors column
    else {
      fileErrors.push(`Unknown column "${h}": this tab has the columns ${columns.map((c) => `"${c.name}"`).join(", ") || "(none)"}.`);
      targets.push({ kind: "ignore" });
    }
  });
  if (sheet.headers.every((h) => h === "")) fileErrors.push("The first row must hold the column names.");
  if (sheet.rows.length === 0) fileErrors.push("The file has no data rows.");

  const rows = sheet.rows.map((r) => {
    const data: Record<string, Cell> = {};
    const errors: string[] = [];
    let watched: boolean | null = null;
    targets.forEach((t, i) => {
      const raw = r.values[i];
      if (t.kind === "watch") watched = truthy(raw);
      if (t.kind !== "column") return;
      const res = normalizeCell(t.col.type, raw, true);
      if (res.ok) data[t.col.name] = res.value;
      else {
        const msg = `"${t.col.name}" ${res.error}.`;
        errors.push(msg);
        rowErrors.push({ row: r.rowNumber, column: t.col.name, error: msg });
      }
    });
    // cells beyond the header row
    for (let i = targets.length; i < r.values.length; i++) {
      const v = r.values[i];
      if (v != null && String(v).trim() !== "") {
        const msg = `Column ${XLSX.utils.encode_col(i)} has a value but no header.`;
        errors.push(msg);
        rowErrors.push({ row: r.rowNumber, column: null, error: msg });
        break;
      }
    }
    return { rowNumber: r.rowNumber, values: r.values, data, watched, errors };
  });
  return { headers: sheet.headers, rows, fileErrors, rowErrors };
}
