// The pre-scan of an uploaded .xlsx (ADR 067), before SheetJS reads it. SheetJS inflates a whole part
// into one string and splits every row of the sheet before it looks at `sheetRows`, so a 600 KB file
// of two million rows costs it minutes and gigabytes. Here the zip's entries are inflated as streams
// (node:zlib), their real inflated bytes counted (the sizes the zip declares are not trusted), and the
// first sheet's XML is scanned tag by tag for its rows and columns, holding one chunk at a time: the
// scan stops at the first limit hit, with the message of that limit.
import zlib from "node:zlib";
import { ApiError, refuse } from "../http";
import { SHEET_LIMIT_MESSAGES, type SheetLimits } from "./sheet-limits";

export const UNREADABLE_SHEET = "The file could not be read as a spreadsheet.";
const unreadable = () => refuse(UNREADABLE_SHEET);

/** Parts of a zip; a workbook has a few dozen (a few hundred with 50 sheets and their drawings). */
const MAX_ENTRIES = 10_000;
/** The longest tag the scan accepts (a row or cell tag is tens of bytes; a sheet tag a few hundred). */
const MAX_TAG_CHARS = 64 * 1024;
const CHUNK = 64 * 1024;

/** A zip's local file header signature: "PK\x03\x04". SheetJS reads such a file as a zip whatever its name. */
export const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

/** The entries the central directory lists (ZIP64 understood). */
function centralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  // The end record (22 bytes and a comment of at most 65,535), looked for from the end.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) throw unreadable();
    const end64 = Number(view.getBigUint64(locator + 8, true));
    if (end64 + 56 > bytes.length || view.getUint32(end64, true) !== 0x06064b50) throw unreadable();
    count = Number(view.getBigUint64(end64 + 32, true));
    offset = Number(view.getBigUint64(end64 + 48, true));
  }
  if (count > MAX_ENTRIES) throw refuse(`This file holds more than ${MAX_ENTRIES.toLocaleString("en-US")} parts; it is not a workbook an import can read.`);
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) throw unreadable();
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    let compressedSize = view.getUint32(p + 20, true);
    const uncompressed32 = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    let localOffset = view.getUint32(p + 42, true);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > bytes.length) throw unreadable();
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + p + 46, nameLength).toString("utf8");
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // The ZIP64 extra field (0x0001) holds, in this order, the 64-bit values whose 32-bit field is full.
      for (let e = p + 46 + nameLength; e + 4 <= p + 46 + nameLength + extraLength; ) {
        const id = view.getUint16(e, true);
        const size = view.getUint16(e + 2, true);
        if (id === 0x0001) {
          let q = e + 4;
          const read = () => {
            if (q + 8 > e + 4 + size) throw unreadable();
            const v = Number(view.getBigUint64(q, true));
            q += 8;
            return v;
          };
          if (uncompressed32 === 0xffffffff) read();
          if (compressedSize === 0xffffffff) compressedSize = read();
          if (localOffset === 0xffffffff) localOffset = read();
        }
        e += 4 + size;
      }
    }
    entries.push({ name: name.replace(/^\/+/, ""), method, flags, compressedSize, localOffset });
    p = next;
  }
  return entries;
}

/** The compressed bytes of an entry (after its local header). */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw unreadable();
  return bytes.subarray(start, end);
}

/**
 * Inflates an entry as a stream, giving each chunk to `onChunk` (which throws to stop). Refuses
 * encrypted parts and compression methods other than stored and deflate, as SheetJS would.
 */
async function inflateEntry(bytes: Uint8Array, entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
  if (entry.flags & 0x1) throw unreadable();
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) onChunk(Buffer.from(data.buffer, data.byteOffset + i, Math.min(CHUNK, data.length - i)));
    return;
  }
  if (entry.method !== 8) throw unreadable();
  const inflate = zlib.createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) onChunk(chunk);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unreadable(); // broken deflate data
  } finally {
    inflate.destroy();
  }
}

type TagHandler = (name: string, attrs: string, closing: boolean, selfClosing: boolean) => void;

/**
 * The tags of an XML stream, chunk by chunk (text between tags is skipped, never kept). Names lose
 * their namespace prefix (`x:row` is `row`). Tag names and attributes the scan reads are ASCII, so
 * the bytes are read as latin1: a character split between two chunks cannot break a tag.
 */
class TagScanner {
  private rest = "";
  constructor(private readonly onTag: TagHandler) {}

  write(chunk: Buffer) {
    const s = this.rest + chunk.toString("latin1");
    let i = 0;
    for (;;) {
      const lt = s.indexOf("<", i);
      if (lt < 0) {
        this.rest = "";
        return;
      }
      const gt = s.indexOf(">", lt + 1);
      if (gt < 0) {
        this.rest = s.slice(lt);
        if (this.rest.length > MAX_TAG_CHARS) throw unreadable();
        return;
      }
      this.tag(s, lt + 1, gt);
      i = gt + 1;
    }
  }

  private tag(s: string, from: number, to: number) {
    const closing = s.charCodeAt(from) === 47; // </name>
    let p = closing ? from + 1 : from;
    let q = p;
    for (; q < to; q++) {
      const c = s.charCodeAt(q);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47) break;
      if (c === 58) p = q + 1; // prefix:name
    }
    const selfClosing = !closing && s.charCodeAt(to - 1) === 47;
    this.onTag(s.slice(p, q), s.slice(q, selfClosing ? to - 1 : to), closing, selfClosing);
  }
}

const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const decodeXml = (v: string) =>
  v.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-f]+|#\d+);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === "amp") return "&";
    if (k === "lt") return "<";
    if (k === "gt") return ">";
    if (k === "quot") return '"';
    if (k === "apos") return "'";
    const n = k.startsWith("#x") ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(n) && n <= 0x10ffff ? String.fromCodePoint(n) : m;
  });

function attributes(attrs: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of attrs.matchAll(ATTRIBUTE)) out.set(m[1], decodeXml(m[2] ?? m[3] ?? ""));
  return out;
}

/** The value of attribute `r` (a row's number, a cell's reference), without the cost of reading the rest. */
const R_ATTRIBUTE = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;

/** 1-based column of a cell reference ("B7" → 2), or null when it has no letters. */
function columnOf(ref: string): number | null {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
    if (n > 1e9) break;
  }
  return i === 0 ? null : n;
}

/** A part's path resolved against the part it is named in (OPC: relative, or absolute from the root). */
function resolvePart(from: string, target: string): string {
  const base = target.startsWith("/") ? [] : from.split("/").slice(0, -1);
  for (const seg of target.replace(/^\/+/, "").split("/")) {
    if (seg === "..") base.pop();
    else if (seg !== "." && seg !== "") base.push(seg);
  }
  return base.join("/");
}

const relsOf = (part: string) => {
  const i = part.lastIndexOf("/");
  return `${part.slice(0, i + 1)}_rels/${part.slice(i + 1)}.rels`;
};

export interface XlsxScan {
  /** Inflated bytes of every entry. */
  unpackedBytes: number;
  sheets: number;
  /** The first sheet's entry, when the workbook names it. */
  firstSheet: string | null;
}

/**
 * Walks an .xlsx zip under the limits: the unpacked size of every entry, the workbook's number of
 * sheets, and the first sheet's last row (its row number: the header row and `maxRows` data rows fit)
 * and widest row. Throws the 422 of the first limit hit; a file that is no readable zip is refused as
 * unreadable.
 */
export async function scanXlsx(bytes: Uint8Array, limits: SheetLimits): Promise<XlsxScan> {
  const entries = centralDirectory(bytes);
  const byName = new Map<string, ZipEntry>();
  const byLowerName = new Map<string, ZipEntry>();
  for (const e of entries) {
    if (!byName.has(e.name)) byName.set(e.name, e);
    if (!byLowerName.has(e.name.toLowerCase())) byLowerName.set(e.name.toLowerCase(), e);
  }
  const find = (name: string) => byName.get(name) ?? byLowerName.get(name.toLowerCase()) ?? null;
  const done = new Set<ZipEntry>();
  let unpacked = 0;

  const read = async (entry: ZipEntry, onTag?: TagHandler) => {
    done.add(entry);
    const tags = onTag ? new TagScanner(onTag) : null;
    await inflateEntry(bytes, entry, (chunk) => {
      unpacked += chunk.length;
      if (unpacked > limits.maxUnpackedBytes) throw refuse(SHEET_LIMIT_MESSAGES.unpacked(limits));
      tags?.write(chunk);
    });
  };

  // The workbook part, as the package's relationships name it.
  let workbookPath = "xl/workbook.xml";
  const rootRels = find("_rels/.rels");
  if (rootRels) {
    let target = null as string | null;
    await read(rootRels, (name, attrs, closing) => {
      if (closing || name !== "Relationship" || target) return;
      const a = attributes(attrs);
      if ((a.get("Type") ?? "").endsWith("/officeDocument") && a.get("Target")) target = a.get("Target")!;
    });
    if (target) workbookPath = resolvePart("", target);
  }

  // Its sheets: how many, and the relationship id of the first.
  let sheets = 0;
  let firstSheetRel = null as string | null;
  const workbook = find(workbookPath);
  if (workbook) {
    await read(workbook, (name, attrs, closing) => {
      if (closing || name !== "sheet") return;
      sheets += 1;
      if (sheets > limits.maxSheets) throw refuse(SHEET_LIMIT_MESSAGES.sheets(limits));
      if (sheets === 1) {
        for (const [k, v] of attributes(attrs)) if (k.endsWith(":id")) firstSheetRel = v;
      }
    });
  }

  let firstSheet = null as ZipEntry | null;
  const workbookRels = workbook ? find(relsOf(workbook.name)) : null;
  if (workbookRels) {
    await read(workbookRels, (name, attrs, closing) => {
      if (closing || name !== "Relationship" || firstSheet || !firstSheetRel) return;
      const a = attributes(attrs);
      if (a.get("Id") === firstSheetRel && a.get("Target")) firstSheet = find(resolvePart(workbook!.name, a.get("Target")!));
    });
  }

  // The first sheet's rows and columns. When the workbook does not say which part it is, every
  // worksheet part is held to the limits (the stricter reading).
  const worksheets: ZipEntry[] = firstSheet ? [firstSheet] : entries.filter((e) => /(^|\/)worksheets\/[^/]+\.xml$/i.test(e.name));
  for (const sheet of worksheets) {
    if (done.has(sheet)) continue;
    let row = 0;
    let column = 0;
    await read(sheet, (name, attrs, closing, selfClosing) => {
      if (closing) return;
      if (name === "row") {
        if (selfClosing) return; // a row without cells: nothing of it is read
        const r = R_ATTRIBUTE.exec(attrs);
        const n = r ? Number.parseInt(r[1], 10) : NaN;
        row = Number.isFinite(n) ? n : row + 1;
        column = 0;
        // Row 1 holds the header: data rows 2 … maxRows + 1 fit.
        if (row > limits.maxRows + 1) throw refuse(SHEET_LIMIT_MESSAGES.rows(limits));
      } else if (name === "c") {
        const r = R_ATTRIBUTE.exec(attrs);
        const c = r ? columnOf(r[1]) : null;
        column = c ?? column + 1;
        // A cell without content (`<c r="ZZ9" s="3"/>`, a format) is not read as a value.
        if (!selfClosing && column > limits.maxColumns) throw refuse(SHEET_LIMIT_MESSAGES.columns(limits));
      }
    });
  }

  // Everything else only counts towards the unpacked size.
  for (const entry of entries) if (!done.has(entry)) await read(entry);
  return { unpackedBytes: unpacked, sheets, firstSheet: firstSheet?.name ?? null };
}
