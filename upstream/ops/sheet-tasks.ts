// What the sheet worker does with an uploaded spreadsheet (ADR 067): pre-scan it under the limits,
// read it, check it against the tab, then build either the rows to import or the validation
// workbook. Plain data in and out (the worker posts them back); nothing here touches the database.
import { VALIDATION_ERRORS_COLUMN, type ModuleProduct } from "../../app/models/schemas/ops";
import { displayValue, findColumn, normalizeCell, type AircraftCtx, type Cell, type TabView } from "./common";
import type { ImportBatch } from "./rows";
import type { SheetLimits } from "./sheet-limits";
import { aircraftWorkbookMeta, buildWorkbookStreamed, checkSheet, readSheet, requireSheetName, type CheckedSheet, type RowError, type SheetValue } from "./sheets";
import { isZip, scanXlsx } from "./xlsx-scan";

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export type SheetTask =
  | { kind: "import"; file: UploadedFile; view: TabView; limits: SheetLimits }
  | { kind: "validate"; file: UploadedFile; view: TabView; aircraft: AircraftCtx; product: ModuleProduct; limits: SheetLimits };

/** An import's reading: the rows to store, or the problems (all of them counted, the first 2,000 listed). */
export type ImportReading = { ok: true; rows: ImportBatch } | { ok: false; problems: number; fileErrors: string[]; rowErrors: RowError[] };

/** A validation: the workbook with the Errors column, and how many problems it lists. */
export interface ValidationReading {
  bytes: Uint8Array;
  errors: number;
}

export type SheetTaskResult<T extends SheetTask> = T extends { kind: "import" } ? ImportReading : ValidationReading;

/** Reads and checks an upload under the limits; throws the 422 of the first limit hit. */
export async function readUploadedSheet(file: UploadedFile, view: TabView, limits: SheetLimits): Promise<CheckedSheet> {
  requireSheetName(file.name);
  if (isZip(file.bytes)) await scanXlsx(file.bytes, limits);
  return checkSheet(view, readSheet(file.bytes, file.name, limits));
}

export async function runSheetTask(task: SheetTask): Promise<ImportReading | ValidationReading> {
  const checked = await readUploadedSheet(task.file, task.view, task.limits);
  return task.kind === "import" ? importReading(task.view, checked) : validationReading(task, checked);
}

function importReading(view: TabView, checked: CheckedSheet): ImportReading {
  const problems = checked.fileErrors.length + checked.rowErrors.length;
  if (problems > 0) return { ok: false, problems, fileErrors: checked.fileErrors, rowErrors: checked.rowErrors.slice(0, 2000) };
  const data: string[] = new Array(checked.rows.length);
  const watched = new Uint8Array(checked.rows.length);
  checked.rows.forEach((r, i) => {
    const cells: Record<string, Cell> = {};
    for (const c of view.columns) cells[c.name] = r.data[c.name] ?? null;
    data[i] = JSON.stringify(cells);
    watched[i] = r.watched ? 1 : 0;
  });
  return { ok: true, rows: { data, watched } };
}

/**
 * The validation workbook: the uploaded columns plus an Errors column, and a Summary sheet. A cell
 * that fits its tab column is written as the upload will read it (a date as a date cell, a number
 * as a number), so the returned workbook can be fixed and uploaded again; the rest as uploaded.
 */
async function validationReading(task: Extract<SheetTask, { kind: "validate" }>, checked: CheckedSheet): Promise<ValidationReading> {
  const { view, aircraft, product, file } = task;
  const headers = checked.headers.map((h, i) => h || `Column ${i + 1}`);
  const errorsCol = view.columns.some((x) => x.name === VALIDATION_ERRORS_COLUMN) ? `${VALIDATION_ERRORS_COLUMN} (validation)` : VALIDATION_ERRORS_COLUMN;
  const keep = headers
    .map((h, i) => (h.toLowerCase() === VALIDATION_ERRORS_COLUMN.toLowerCase() && errorsCol === VALIDATION_ERRORS_COLUMN ? -1 : i))
    .filter((i) => i >= 0);
  const cols = keep.map((i) => (checked.headers[i] ? findColumn(view.columns, checked.headers[i]) : undefined));
  const cell = (raw: unknown, k: number): SheetValue => {
    const col = cols[k];
    const res = col ? normalizeCell(col.type, raw, true) : null;
    return res?.ok ? res.value : displayValue(raw);
  };
  const rows = checked.rows.map((r) => [...keep.map((i, k) => cell(r.values[i], k)), r.errors.join(" ")]);
  const bad = checked.rows.filter((r) => r.errors.length).length;
  const summary: SheetValue[][] = [
    ["Tab", view.name],
    ["MSN", aircraft.msn],
    ["Rows checked", checked.rows.length],
    ["Rows with errors", bad],
    ...checked.fileErrors.map((e) => ["File error", e]),
    ["Result", bad === 0 && checked.fileErrors.length === 0 ? "The file can be uploaded." : "Fix the errors, then upload the file."],
  ];
  const bytes = await buildWorkbookStreamed(
    [
      { name: "Validation", columns: [...keep.map((i) => headers[i]), errorsCol], types: [...cols.map((c) => c?.type), "text"], rows, errorColumn: keep.length },
      { name: "Summary", columns: ["Check", "Result"], rows: summary },
    ],
    aircraftWorkbookMeta(aircraft, product, `Validation of ${file.name} for ${view.name}`)
  );
  return { bytes, errors: checked.rowErrors.length + checked.fileErrors.length };
}
