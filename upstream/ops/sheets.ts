// Spreadsheet helpers: workbooks for exports written with ExcelJS (typed cells, styles; ADR 036), and
// parsing + validation of uploaded tab data with SheetJS CE (it reads .xlsx, .xls and .csv).
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import { refuse } from "../http";
import { UPLOAD_MAX_ROWS, VALIDATION_ERRORS_COLUMN, WATCH_COLUMN, type ModuleProduct, type TabColumn } from "../../app/models/schemas/ops";
import { normalizeCell, PRODUCT_LABEL, type AircraftCtx, type Cell, type TabView } from "./common";

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

/** The value written for a cell of a column of the given type. */
function cellValue(v: SheetValue | undefined, type: string | undefined): string | number | Date | null {
  if (v === undefined || v === null || v === "") return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (type === "date") return isoToDate(v) ?? v;
  if (type === "number" && NUMERIC.test(v.trim())) {
    const n = Number(v.trim());
    if (Number.isFinite(n)) return n;
  }
  return v.length > MAX_CELL_CHARS ? v.slice(0, MAX_CELL_CHARS) : v;
}

const shownLength = (v: string | number | Date | null) =>
  v === null ? 0 : v instanceof Date ? 10 : Math.max(...String(v).split("\n").map((l) => l.length));

function addSheet(wb: ExcelJS.Workbook, s: SheetSpec, name: string) {
  const ws = wb.addWorksheet(name, { views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }] });
  const n = Math.max(s.columns.length, ...s.rows.slice(0, MEASURE_ROWS).map((r) => r.length), 0);
  const measured = Array.from({ length: n }, (_, i) => (s.columns[i] ?? "").length + 3); // room for the filter button
  const header = ws.addRow(s.columns);
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

/** Reads an .xlsx / .xls / .csv upload: its first sheet's header row and data rows (with sheet row numbers). */
export function readSheet(bytes: Uint8Array, filename: string): { headers: string[]; rows: { rowNumber: number; values: unknown[] }[] } {
  const lower = filename.toLowerCase();
  const isCsv = lower.endsWith(".csv");
  if (!isCsv && !lower.endsWith(".xlsx") && !lower.endsWith(".xls")) throw refuse("Upload an .xlsx, .xls or .csv file.");
  let wb: XLSX.WorkBook;
  try {
    wb = isCsv
      ? XLSX.read(
          Buffer.from(bytes)
            .toString("utf8")
            .replace(/^\uFEFF/, ""),
          { type: "string", raw: true }
        )
      : XLSX.read(bytes, { type: "array", cellDates: false, dense: false });
  } catch {
    throw refuse("The file could not be read as a spreadsheet.");
  }
  const ws = wb.SheetNames.length ? wb.Sheets[wb.SheetNames[0]] : undefined;
  if (!ws || !ws["!ref"]) throw refuse("The file has no rows.");
  const range = XLSX.utils.decode_range(ws["!ref"]);
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
  if (aoa.length === 0) throw refuse("The file has no rows.");
  const headers = (aoa[0] ?? []).map((h) => (h == null ? "" : String(h).trim()));
  const rows: { rowNumber: number; values: unknown[] }[] = [];
  for (let i = 1; i < aoa.length; i++) {
    const values = aoa[i] ?? [];
    if (values.every((v) => v == null || (typeof v === "string" && v.trim() === ""))) continue;
    rows.push({ rowNumber: range.s.r + i + 1, values });
  }
  return { headers, rows };
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
  if (sheet.rows.length > UPLOAD_MAX_ROWS) fileErrors.push(`The file has ${sheet.rows.length} rows; at most ${UPLOAD_MAX_ROWS} can be uploaded at once.`);

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
