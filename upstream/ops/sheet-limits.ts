// The limits of reading an uploaded spreadsheet (a tab's Validate and Import; ADR 067): each one is
// far above real use and stops a small file that would unpack into gigabytes or millions of rows.
// The SHEET_* environment variables set them (loadUpstreamConfig); the messages name the limit hit.
import { UPLOAD_MAX_ROWS } from "../../app/models/schemas/ops";

export interface SheetLimits {
  /** Data rows of the first sheet (the header row aside): SHEET_MAX_ROWS. */
  maxRows: number;
  /** Columns of the first sheet: SHEET_MAX_COLUMNS. */
  maxColumns: number;
  /** Sheets of a workbook: SHEET_MAX_SHEETS. */
  maxSheets: number;
  /** Bytes of every part of an .xlsx once inflated, counted as they inflate: SHEET_MAX_UNPACKED_MB. */
  maxUnpackedBytes: number;
  /** Characters of one cell (Excel's own limit by default): SHEET_MAX_CELL_CHARS. */
  maxCellChars: number;
  /** The heap of the thread that reads the file (V8's old generation): SHEET_PARSE_MEMORY_MB. */
  parseMemoryMb: number;
  /** How long that thread may take: SHEET_PARSE_TIMEOUT_MS. */
  parseTimeoutMs: number;
}

const MB = 1024 * 1024;

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxRows: UPLOAD_MAX_ROWS,
  maxColumns: 500,
  maxSheets: 50,
  maxUnpackedBytes: 256 * MB,
  maxCellChars: 32_767,
  parseMemoryMb: 512,
  parseTimeoutMs: 60_000,
};

/** The environment variable of each limit, and the unit it is written in. */
export const SHEET_LIMIT_VARIABLES = {
  maxRows: "SHEET_MAX_ROWS",
  maxColumns: "SHEET_MAX_COLUMNS",
  maxSheets: "SHEET_MAX_SHEETS",
  maxUnpackedBytes: "SHEET_MAX_UNPACKED_MB",
  maxCellChars: "SHEET_MAX_CELL_CHARS",
  parseMemoryMb: "SHEET_PARSE_MEMORY_MB",
  parseTimeoutMs: "SHEET_PARSE_TIMEOUT_MS",
} as const satisfies Record<keyof SheetLimits, string>;

/**
 * The limits from the SHEET_* variables, the defaults for those unset. Throws at start, naming the
 * variable, when one is not a positive whole number: a typo must not lift a limit silently.
 */
export function loadSheetLimits(env: Record<string, string | undefined> = process.env): SheetLimits {
  const limits = { ...DEFAULT_SHEET_LIMITS };
  for (const [key, name] of Object.entries(SHEET_LIMIT_VARIABLES) as [keyof SheetLimits, string][]) {
    const raw = (env[name] ?? "").trim();
    if (raw === "") continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(env[name])}.`);
    limits[key] = key === "maxUnpackedBytes" ? n * MB : n;
  }
  return limits;
}

/** The limits a configuration asks for, completed with the defaults. */
export const sheetLimitsOf = (given: Partial<SheetLimits> | undefined): SheetLimits => ({
  ...DEFAULT_SHEET_LIMITS,
  ...Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined)),
});

const count = (n: number) => n.toLocaleString("en-US");
const many = (n: number, one: string, other: string) => `${count(n)} ${n === 1 ? one : other}`;
const megabytes = (bytes: number) => count(Math.round((bytes / MB) * 10) / 10);
const seconds = (ms: number) => count(ms / 1000);

/** What a refused file is told: one message per limit, the first limit hit. */
export const SHEET_LIMIT_MESSAGES = {
  rows: (l: SheetLimits) => `This file has more than ${many(l.maxRows, "row", "rows")}; a tab takes at most ${count(l.maxRows)}.`,
  columns: (l: SheetLimits) => `This file has more than ${many(l.maxColumns, "column", "columns")}; a tab takes at most ${count(l.maxColumns)}.`,
  sheets: (l: SheetLimits) => `This file has more than ${many(l.maxSheets, "sheet", "sheets")}; an import reads workbooks of at most ${count(l.maxSheets)}.`,
  unpacked: (l: SheetLimits) => `This file unpacks to more than ${megabytes(l.maxUnpackedBytes)} MB; an import reads at most ${megabytes(l.maxUnpackedBytes)} MB. Split it into smaller files.`,
  cell: (l: SheetLimits, row: number) => `A cell in row ${count(row)} is longer than ${many(l.maxCellChars, "character", "characters")}; a cell takes at most ${count(l.maxCellChars)}.`,
  memory: () => "The file needs more memory than a tab import may use; split it into smaller files.",
  time: (l: SheetLimits) => `Reading the file took longer than ${seconds(l.parseTimeoutMs)} s; split it into smaller files.`,
  busy: () => "Other spreadsheets are being read right now; try again in a minute.",
};
