// Contract tests of the limits on reading an uploaded spreadsheet (ADR 067) over HTTP against the
// seeded embedded upstream: a tab's Validate and Import refuse, with the limit's message, a file of
// millions of rows, a zip bomb, too many columns or sheets, an over-long cell, a file that needs
// more memory or time than a reading may take; the upstream keeps answering others meanwhile; a
// large legitimate import still works, and a file of exactly the row limit is taken.
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import { TabDataAnswer, UploadAnswer, UPLOAD_MAX_BYTES } from "../../app/models/schemas/ops";
import { loadUpstreamConfig } from "../../upstream/config";
import { DEFAULT_SHEET_LIMITS, type SheetLimits } from "../../upstream/ops/sheet-limits";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
const TAB = { organization: "skyline", msn_id: "5123", tab_id: "opsNotifications" };
const UNREADABLE = "The file could not be read as a spreadsheet.";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The tests that build or read hundreds of megabytes (unpacked) get more than the default 30 s on a loaded machine. */
const HEAVY = 90_000;

beforeAll(async () => {
  up = await startTestUpstream();
  H.client = await up.signIn("client@demo.aero"); // Edit Access on MSN 5123's AeroOPS
  H.reader = await up.signIn("reader@demo.aero");
});
afterAll(() => up?.close());
/** Each test that narrows a limit does it through the upstream's configuration, read on every request. */
const useLimits = (limits: Partial<SheetLimits>) => void (up.upstream.deps.config.sheetLimits = limits);
afterEach(() => void (up.upstream.deps.config.sheetLimits = undefined));

// --- files ---------------------------------------------------------------------------------------

type Part = { name: string; data: string | Buffer | (() => Iterable<Buffer>) };

/** A zip of deflated parts, written by hand: a generated part is deflated as a stream, never held whole. */
async function zip(parts: Part[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    let crc = 0;
    let size = 0;
    const deflate = zlib.createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on("data", (b: Buffer) => compressed.push(b));
    const ended = new Promise((resolve) => deflate.on("end", resolve));
    const chunks = typeof part.data === "function" ? part.data() : [Buffer.from(part.data)];
    for (const chunk of chunks) {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once("drain", resolve));
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(compressed);
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22); // a zip bomb's is modulo 2^32: the reader must not trust it anyway
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size >>> 0, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, data);
    central.push(entry, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const NS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A minimal .xlsx: one sheet whose XML is given (opening and closing tags included), shared strings. */
function minimalXlsx(sheet: Part["data"], sharedStrings: string[]): Promise<Buffer> {
  return zip([
    {
      name: "[Content_Types].xml",
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Rows" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: "xl/worksheets/sheet1.xml", data: sheet },
    {
      name: "xl/sharedStrings.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`,
    },
  ]);
}

const SHEET_OPEN = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
const SHEET_CLOSE = `</sheetData></worksheet>`;

/** A header "Reference" and `rows` rows of one shared string, the rows written as a stream. */
function manyRowsXlsx(rows: number) {
  const row = `<row><c t="s"><v>1</v></c></row>`;
  return minimalXlsx(function* () {
    yield Buffer.from(`${SHEET_OPEN}<row><c t="s"><v>0</v></c></row>`);
    for (let left = rows; left > 0; left -= 100_000) yield Buffer.alloc(row.length * Math.min(left, 100_000), row);
    yield Buffer.from(SHEET_CLOSE);
  }, ["Reference", "ON-BIG"]);
}

/** A workbook written by SheetJS, as users' tools write them. */
function workbookFile(sheets: unknown[][][], name = "data.xlsx", bookType: XLSX.BookType = "xlsx") {
  const wb = XLSX.utils.book_new();
  sheets.forEach((aoa, i) => XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), `Sheet${i + 1}`));
  return new File([new Uint8Array(XLSX.write(wb, { type: "buffer", bookType }) as Buffer)], name);
}
const referenceRows = (n: number, tag: string) => [["Reference", "Description"], ...Array.from({ length: n }, (_, i) => [`${tag}-${i + 1}`, `Imported row ${i + 1}`])];

// --- calls ---------------------------------------------------------------------------------------

function send(who: string, what: "upload_ops_data" | "validate_tab_data", file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...TAB, ...fields })) form.set(k, v);
  form.set("file", file);
  return fetch(`${up.opsUrl}/v1/ops_data/${what}.json`, { method: "POST", headers: H[who], body: form });
}
async function refusal(res: Response): Promise<string> {
  const body = (await res.json()) as { error: string };
  expect(res.status, body.error).toBe(422);
  return body.error;
}
async function rowCount() {
  const res = await upstreamFetch(`${up.opsUrl}/v1/ops_data/get_tab_data.json`, "POST", H.reader, { ...TAB, per_page: 1 });
  expect(res.status).toBe(200);
  return TabDataAnswer.parse(await res.json()).total;
}
/** Validate (as the reader) and Import (as the client): both refused with `message`, nothing imported. */
async function refusedBoth(file: File, message: string) {
  const before = await rowCount();
  expect(await refusal(await send("reader", "validate_tab_data", file))).toBe(message);
  expect(await refusal(await send("client", "upload_ops_data", file))).toBe(message);
  expect(await rowCount()).toBe(before);
}

// --- tests ---------------------------------------------------------------------------------------

describe("spreadsheet limits", () => {
  it("refuses a small file of two million rows on Validate and Import, and answers others meanwhile", async () => {
    const bytes = await manyRowsXlsx(2_000_000);
    expect(bytes.length).toBeLessThan(UPLOAD_MAX_BYTES / 10); // a few hundred KB
    const file = new File([new Uint8Array(bytes)], "two-million.xlsx", { type: XLSX_TYPE });
    const before = await rowCount();
    const message = "This file has more than 200,000 rows; a tab takes at most 200,000.";

    let pending = true;
    const uploads = Promise.all([send("reader", "validate_tab_data", file), send("client", "upload_ops_data", file)]).finally(() => (pending = false));
    // Another client, for as long as the two files are read: the health check and a tab read are answered.
    const statuses: number[] = [];
    while (pending) {
      const answers = await Promise.all([fetch(`${up.mainUrl}/healthz.json`), upstreamFetch(`${up.opsUrl}/v1/ops_data/get_tab_data.json`, "POST", H.client, { ...TAB, per_page: 10 })]);
      for (const res of answers) {
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const [validated, imported] = await uploads;
    expect(await refusal(validated)).toBe(message);
    expect(await refusal(imported)).toBe(message);
    expect(await rowCount()).toBe(before);
  }, HEAVY);

  it("refuses a zip bomb: a tiny .xlsx whose sheet unpacks past the limit", async () => {
    const blanks = Buffer.alloc(1024 * 1024, " ");
    const bytes = await minimalXlsx(function* () {
      yield Buffer.from(`${SHEET_OPEN}<row><c t="s"><v>0</v></c></row>`);
      for (let i = 0; i < 260; i++) yield blanks; // 260 MB of white space
      yield Buffer.from(SHEET_CLOSE);
    }, ["Reference"]);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    await refusedBoth(new File([new Uint8Array(bytes)], "bomb.xlsx"), "This file unpacks to more than 256 MB; an import reads at most 256 MB. Split it into smaller files.");
  }, HEAVY);

  it("refuses too many columns, too many sheets and an over-long cell, each with its message", async () => {
    const header = ["Reference", ...Array.from({ length: 500 }, (_, i) => `Extra ${i + 1}`)];
    await refusedBoth(workbookFile([[header, header.map(() => "x")]]), "This file has more than 500 columns; a tab takes at most 500.");
    await refusedBoth(new File([`${header.join(",")}\n`], "wide.csv"), "This file has more than 500 columns; a tab takes at most 500.");

    const sheets = Array.from({ length: 51 }, () => [["Reference"], ["ON-S-1"]]);
    await refusedBoth(workbookFile(sheets), "This file has more than 50 sheets; an import reads workbooks of at most 50.");
    await refusedBoth(workbookFile(sheets, "data.xls", "xls"), "This file has more than 50 sheets; an import reads workbooks of at most 50.");

    const long = "x".repeat(32_768);
    const cellMessage = "A cell in row 3 is longer than 32,767 characters; a cell takes at most 32,767.";
    const rows = [0, 1, 2].map((i) => `<row><c t="s"><v>${i}</v></c></row>`).join(""); // SheetJS does not write such a cell: by hand
    await refusedBoth(new File([new Uint8Array(await minimalXlsx(`${SHEET_OPEN}${rows}${SHEET_CLOSE}`, ["Reference", "ON-L-1", long]))], "long.xlsx"), cellMessage);
    await refusedBoth(new File([`Reference\nON-L-1\n${long}\n`], "long.csv"), cellMessage);

    // Smaller limits, set by configuration (SHEET_MAX_COLUMNS, SHEET_MAX_SHEETS, SHEET_MAX_CELL_CHARS).
    useLimits({ maxColumns: 3, maxSheets: 1, maxCellChars: 10 });
    await refusedBoth(workbookFile([[["Reference", "Description", "Status", "Date"]]]), "This file has more than 3 columns; a tab takes at most 3.");
    await refusedBoth(workbookFile([[["Reference"]], [["Reference"]]]), "This file has more than 1 sheet; an import reads workbooks of at most 1.");
    await refusedBoth(workbookFile([[["Reference"], ["ON-12345678"]]]), "A cell in row 2 is longer than 10 characters; a cell takes at most 10.");
  });

  it("imports 30,000 rows, and takes a file of exactly the row limit but not one row more", async () => {
    const before = await rowCount();
    const big = workbookFile([referenceRows(30_000, "ON-30K")], "thirty-thousand.xlsx");
    const validated = await send("reader", "validate_tab_data", big);
    expect(validated.status).toBe(200);
    expect(validated.headers.get("x-validation-errors")).toBe("0");
    const back = XLSX.read(new Uint8Array(await validated.arrayBuffer()), { type: "array" });
    expect(XLSX.utils.sheet_to_json<unknown[]>(back.Sheets.Validation, { header: 1 }).length).toBe(30_001);
    const imported = UploadAnswer.parse(await (await send("client", "upload_ops_data", big)).json());
    expect(imported).toMatchObject({ imported: 30_000, mode: "append", total: before + 30_000 });
    expect(await rowCount()).toBe(before + 30_000);
    const found = await upstreamFetch(`${up.opsUrl}/v1/ops_data/get_tab_data.json`, "POST", H.reader, { ...TAB, filter: "ON-30K-29999" });
    expect(TabDataAnswer.parse(await found.json()).rows[0].data).toMatchObject({ Reference: "ON-30K-29999", Description: "Imported row 29999" });

    // SHEET_MAX_ROWS=50: 50 data rows (the header aside) are taken, in each format; 51 are not.
    useLimits({ maxRows: 50 });
    const message = "This file has more than 50 rows; a tab takes at most 50.";
    for (const [name, bookType] of [["exact.xlsx", "xlsx"], ["exact.xls", "xls"], ["exact.csv", "csv"]] as const) {
      const replaced = UploadAnswer.parse(await (await send("client", "upload_ops_data", workbookFile([referenceRows(50, name)], name, bookType), { mode: "replace" })).json());
      expect(replaced).toMatchObject({ imported: 50, mode: "replace", total: 50 });
      await refusedBoth(workbookFile([referenceRows(51, name)], name, bookType), message);
    }
    await refusedBoth(new File([new Uint8Array(await manyRowsXlsx(51))], "hand-made.xlsx"), message);
  }, HEAVY);

  it("answers a file that needs more memory or time than a reading may take with a 422, and goes on serving", async () => {
    const file = workbookFile([referenceRows(20_000, "ON-M")]);
    useLimits({ parseMemoryMb: 16 });
    await refusedBoth(file, "The file needs more memory than a tab import may use; split it into smaller files.");
    useLimits({ parseTimeoutMs: 20 });
    await refusedBoth(file, "Reading the file took longer than 0.02 s; split it into smaller files.");
    useLimits({});
    const again = await send("reader", "validate_tab_data", file);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-validation-errors")).toBe("0");
  }, HEAVY);

  it("still answers a malformed file as unreadable", async () => {
    const good = new Uint8Array(await workbookFile([referenceRows(3, "ON-X")]).arrayBuffer());
    await refusedBoth(new File([good.slice(0, good.length >> 1)], "cut.xlsx"), UNREADABLE);
    await refusedBoth(new File(["PK\u0003\u0004 not really a zip"], "fake.xlsx"), UNREADABLE);
  });
});

describe("configuration", () => {
  it("reads the SHEET_* variables, the defaults for those unset, and refuses a value that is not a positive whole number", () => {
    const env = { DATA_DIR: up.dataDir };
    expect(loadUpstreamConfig(env).sheetLimits).toEqual(DEFAULT_SHEET_LIMITS);
    expect(DEFAULT_SHEET_LIMITS).toEqual({
      maxRows: 200_000,
      maxColumns: 500,
      maxSheets: 50,
      maxUnpackedBytes: 256 * 1024 * 1024,
      maxCellChars: 32_767,
      parseMemoryMb: 512,
      parseTimeoutMs: 60_000,
    });
    const set = loadUpstreamConfig({
      ...env,
      SHEET_MAX_ROWS: "300000",
      SHEET_MAX_COLUMNS: "50",
      SHEET_MAX_SHEETS: "5",
      SHEET_MAX_UNPACKED_MB: "64",
      SHEET_MAX_CELL_CHARS: "1000",
      SHEET_PARSE_MEMORY_MB: "1024",
      SHEET_PARSE_TIMEOUT_MS: "30000",
    }).sheetLimits;
    expect(set).toEqual({ maxRows: 300_000, maxColumns: 50, maxSheets: 5, maxUnpackedBytes: 64 * 1024 * 1024, maxCellChars: 1000, parseMemoryMb: 1024, parseTimeoutMs: 30_000 });
    expect(() => loadUpstreamConfig({ ...env, SHEET_MAX_ROWS: "lots" })).toThrow(/SHEET_MAX_ROWS must be a positive whole number/);
    expect(() => loadUpstreamConfig({ ...env, SHEET_PARSE_TIMEOUT_MS: "0" })).toThrow(/SHEET_PARSE_TIMEOUT_MS/);
  });
});
