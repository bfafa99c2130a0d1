// Spreadsheet helpers (SheetJS CE): workbooks for exports, and parsing + validation of uploaded tab data.
import * as XLSX from "@e965/xlsx";
import { refuse } from "../http";
import { UPLOAD_MAX_ROWS, VALIDATION_ERRORS_COLUMN, WATCH_COLUMN, type TabColumn } from "../../app/models/schemas/ops";
import { normalizeCell, type Cell, type TabView } from "./common";

export interface SheetSpec {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
  /** Column widths in characters (optional). */
  widths?: number[];
}

function sheetName(raw: string, used: Set<string>): string {
  const base = (
    raw
      .replace(/[\[\]:*?/\\]/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "Sheet"
  ).slice(0, 31);
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = base.slice(0, 31 - suffix.length) + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}

/** An .xlsx workbook with one sheet per spec (header row in bold-less plain text, frozen header). */
export function buildWorkbook(sheets: SheetSpec[]): Uint8Array {
  const wb = XLSX.utils.book_new();
  const used = new Set<string>();
  for (const s of sheets.length ? sheets : [{ name: "Sheet", columns: [], rows: [] }]) {
    const ws = XLSX.utils.aoa_to_sheet([s.columns, ...s.rows]);
    ws["!cols"] = s.columns.map((c, i) => {
      const w = s.widths?.[i] ?? Math.min(60, Math.max(c.length, ...s.rows.slice(0, 200).map((r) => String(r[i] ?? "").length)) + 2);
      return { wch: w };
    });
    XLSX.utils.book_append_sheet(wb, ws, sheetName(s.name, used));
  }
  const out = XLSX.write(wb, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
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
