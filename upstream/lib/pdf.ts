/**
 * The PDFs the ops API hands out (tab exports, general information, work orders, logbooks, binders)
 * and the demo seed's sample records, written with pdfkit (ADR 032).
 *
 * renderPdf(doc) lays out a title block, then sections (a heading, text lines, label/value fields,
 * a table, a signature block) on A4 pages, landscape when the widest table would not fit portrait.
 * Text is set in DejaVu Sans, embedded (subset) from the `dejavu-fonts-ttf` package, so Polish,
 * Turkish, Greek or Cyrillic names print as they are; the seed's ASCII samples may use the standard
 * Helvetica instead (`font: "standard"`: no font to embed, ten times faster). Streams are compressed.
 * Tables wrap long cells, repeat their header row on every page they continue on, and are striped.
 * Every page carries the title and "Page x of y". With `contents: true` the first page lists the
 * sections marked `bookmark` with their page numbers, and each such section is a PDF bookmark.
 * Electronic signatures print as framed blocks (`signed`), and files may ride along embedded in the
 * PDF (`attachments`: a work order's signature manifests, ADR 088).
 */
import { dateTimeUtc } from "../../app/utils/dates";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { PDFDocument as PDFLibDocument, StandardFonts, rgb } from "pdf-lib";

export interface PdfTable {
  columns: string[];
  rows: string[][];
  /** Right-aligned columns (numbers). */
  numeric?: boolean[];
  /** A last row set in bold (totals). */
  footer?: string[];
}

export interface PdfSignature {
  /** The statement above the signature lines. */
  statement: string;
  /** Labelled blanks to fill in by hand, e.g. Name, Licence number, Signature, Date. */
  blanks: string[];
}

/** One electronic signature as printed: who, then label / value rows; never split over two pages. */
export interface PdfSignedEntry {
  /** "Signed by {name}, {role}, authorisation {number}". */
  title: string;
  fields: [string, string][];
  /** Set apart in the warning colour ("signed version 1; changed since"). */
  warning?: string;
}

/** A file embedded in the PDF (its EmbeddedFiles: a viewer lists it among the attachments). */
export interface PdfAttachment {
  name: string;
  data: Uint8Array;
  /** Its MIME type. */
  type: string;
  description: string;
}

export interface PdfSection {
  heading?: string;
  lines?: string[];
  /** Label / value pairs in two columns. */
  fields?: [string, string][];
  table?: PdfTable;
  signature?: PdfSignature;
  /** Electronic signatures, each in a frame. */
  signed?: PdfSignedEntry[];
  /** A bookmark (and, with `contents`, an entry of the contents page); starts on a new page. */
  bookmark?: boolean;
  /** 2: a bookmark nested under the previous level-1 bookmark (indented in the contents). */
  level?: 1 | 2;
  /** A PNG or JPEG placed after the text, scaled to fit the page. */
  image?: Uint8Array;
  /** Another PDF whose pages follow this section, merged page by page (a binder's linked documents). */
  attachPdf?: Uint8Array;
}

export interface PdfDoc {
  title: string;
  subtitle?: string;
  sections: PdfSection[];
  /** A contents page listing the bookmarked sections with their page numbers. */
  contents?: boolean;
  subject?: string;
  /** The document's date (default now): its CreationDate, and the "Generated" line. */
  created?: Date;
  /** false: no "Generated …" line under the title (sample records, whose date is their own). */
  stamp?: boolean;
  /** "unicode" (default): DejaVu Sans embedded; "standard": Helvetica, for ASCII-only samples. */
  font?: "unicode" | "standard";
  attachments?: PdfAttachment[];
}

const MARGIN = 40;
const FOOTER = 26;
const TITLE_SIZE = 16;
const SUBTITLE_SIZE = 9.5;
const HEADING_SIZE = 12;
const TEXT_SIZE = 9.5;
const TABLE_SIZE = 8;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3;
const MIN_COL = 42;
const MAX_CELL_CHARS = 1500;
const INK = "#1b2430";
const MUTED = "#5b6573";
const RULE = "#c9d1db";
const HEAD_FILL = "#e8edf3";
const STRIPE = "#f6f8fa";
const WARN = "#8a5300";

let fontCache: { regular: Buffer; bold: Buffer } | null = null;
function unicodeFonts() {
  if (!fontCache) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
    fontCache = { regular: fs.readFileSync(path.join(dir, "DejaVuSans.ttf")), bold: fs.readFileSync(path.join(dir, "DejaVuSans-Bold.ttf")) };
  }
  return fontCache;
}

type Doc = InstanceType<typeof PDFDocument>;

const clip = (s: string) => (s.length > MAX_CELL_CHARS ? `${s.slice(0, MAX_CELL_CHARS - 1)}…` : s);

/** Natural widths of a table's columns at TABLE_SIZE (header bold), measured on its first 300 rows. */
function naturalWidths(doc: Doc, t: PdfTable, fonts: Fonts): number[] {
  return t.columns.map((c, i) => {
    doc.font(fonts.bold).fontSize(TABLE_SIZE);
    let w = doc.widthOfString(c);
    doc.font(fonts.regular);
    for (const r of t.rows.slice(0, 300)) w = Math.max(w, doc.widthOfString(clip(r[i] ?? "").slice(0, 120)));
    return Math.max(MIN_COL, Math.min(w + CELL_PAD_X * 2 + 1, 260));
  });
}

/** Column widths that fill the line: natural widths, shrunk (wide columns first) when they do not fit. */
function fitWidths(natural: number[], available: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) {
    const extra = (available - total) / natural.length;
    return natural.map((w) => w + extra);
  }
  // Shrink every column over the fair share towards it, keeping narrow ones as they are.
  let widths = [...natural];
  for (let pass = 0; pass < 8; pass++) {
    const sum = widths.reduce((a, b) => a + b, 0);
    if (sum <= available + 0.5) break;
    const over = sum - available;
    const wide = widths.map((w) => Math.max(0, w - Math.max(MIN_COL, available / widths.length)));
    const wideSum = wide.reduce((a, b) => a + b, 0) || 1;
    widths = widths.map((w, i) => Math.max(MIN_COL, w - (over * wide[i]!) / wideSum));
  }
  const sum = widths.reduce((a, b) => a + b, 0);
  return sum > available ? widths.map((w) => (w * available) / sum) : widths;
}

type Fonts = { regular: string; bold: string };

class Writer {
  y = MARGIN;
  readonly bottom: number;
  readonly width: number;
  constructor(
    readonly doc: Doc,
    readonly fonts: Fonts,
  ) {
    this.width = doc.page.width - MARGIN * 2;
    this.bottom = doc.page.height - MARGIN - FOOTER;
  }

  newPage() {
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** Starts a new page unless `h` points fit below. */
  ensure(h: number) {
    if (this.y + h > this.bottom) this.newPage();
  }

  text(str: string, opts: { size?: number; bold?: boolean; color?: string; gapAfter?: number; x?: number; width?: number } = {}) {
    const { doc } = this;
    const size = opts.size ?? TEXT_SIZE;
    const width = opts.width ?? this.width;
    doc.font(opts.bold ? this.fonts.bold : this.fonts.regular).fontSize(size);
    const h = doc.heightOfString(str, { width });
    if (h < this.bottom - MARGIN) this.ensure(h);
    doc.fillColor(opts.color ?? INK).text(str, MARGIN + (opts.x ?? 0), this.y, { width });
    this.y = Math.max(this.y + h, doc.y) + (opts.gapAfter ?? 0);
    if (this.y > this.bottom) this.newPage();
  }

  rule(color = RULE, weight = 0.75) {
    this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(weight).strokeColor(color).stroke();
  }

  fields(pairs: [string, string][]) {
    const { doc } = this;
    doc.fontSize(TEXT_SIZE).font(this.fonts.bold);
    const labelW = Math.min(180, Math.max(...pairs.map(([k]) => doc.widthOfString(k))) + 12);
    for (const [k, v] of pairs) {
      doc.font(this.fonts.regular).fontSize(TEXT_SIZE);
      const h = Math.max(doc.heightOfString(v || "—", { width: this.width - labelW }), TEXT_SIZE * 1.2) + 3;
      this.ensure(h);
      doc.font(this.fonts.bold).fillColor(MUTED).text(k, MARGIN, this.y, { width: labelW - 8 });
      doc.font(this.fonts.regular).fillColor(INK).text(v || "—", MARGIN + labelW, this.y, { width: this.width - labelW });
      this.y += h;
    }
  }

  table(t: PdfTable) {
    const { doc, fonts } = this;
    const widths = fitWidths(naturalWidths(doc, t, fonts), this.width);
    const xs = widths.reduce<number[]>((acc, w, i) => [...acc, (acc[i] ?? MARGIN) + w], [MARGIN]);
    const rowHeight = (cells: string[], bold: boolean) => {
      doc.font(bold ? fonts.bold : fonts.regular).fontSize(TABLE_SIZE);
      let h = 0;
      cells.forEach((c, i) => {
        const s = clip(c ?? "");
        const w = widths[i]! - CELL_PAD_X * 2;
        // One line when it fits: measuring the wrap of every short cell is the slow part.
        h = Math.max(h, s && doc.widthOfString(s) > w ? doc.heightOfString(s, { width: w }) : TABLE_SIZE * 1.18);
      });
      return h + CELL_PAD_Y * 2;
    };
    const drawRow = (cells: string[], h: number, kind: "head" | "body" | "foot", stripe: boolean) => {
      if (kind === "head") doc.rect(MARGIN, this.y, this.width, h).fill(HEAD_FILL);
      else if (stripe) doc.rect(MARGIN, this.y, this.width, h).fill(STRIPE);
      doc.font(kind === "body" ? fonts.regular : fonts.bold).fontSize(TABLE_SIZE).fillColor(INK);
      cells.forEach((c, i) => {
        const right = t.numeric?.[i];
        doc.text(clip(c ?? ""), xs[i]! + CELL_PAD_X, this.y + CELL_PAD_Y, { width: widths[i]! - CELL_PAD_X * 2, align: right ? "right" : "left", lineBreak: true });
      });
      this.y += h;
      doc.moveTo(MARGIN, this.y).lineTo(MARGIN + this.width, this.y).lineWidth(kind === "head" ? 0.8 : 0.3).strokeColor(kind === "head" ? "#8a97a8" : RULE).stroke();
    };
    const headH = rowHeight(t.columns, true);
    const header = () => drawRow(t.columns, headH, "head", false);
    this.ensure(headH + rowHeight(t.rows[0] ?? [""], false));
    header();
    t.rows.forEach((r, n) => {
      const h = rowHeight(r, false);
      if (this.y + h > this.bottom) {
        this.newPage();
        header();
      }
      drawRow(r, h, "body", n % 2 === 1);
    });
    if (t.footer) {
      const h = rowHeight(t.footer, true);
      if (this.y + h > this.bottom) {
        this.newPage();
        header();
      }
      drawRow(t.footer, h, "foot", false);
    }
    if (t.rows.length === 0) this.text("No rows.", { color: MUTED, size: TABLE_SIZE, gapAfter: 0 });
  }

  /** The height of a signature block, which is never split over two pages. */
  signatureHeight(s: PdfSignature) {
    this.doc.font(this.fonts.regular).fontSize(TEXT_SIZE);
    return this.doc.heightOfString(s.statement, { width: this.width - 20 }) + Math.ceil(s.blanks.length / 2) * 34 + 30;
  }

  signature(s: PdfSignature) {
    const { doc } = this;
    doc.font(this.fonts.regular).fontSize(TEXT_SIZE);
    const statementH = doc.heightOfString(s.statement, { width: this.width - 20 });
    const blanksH = Math.ceil(s.blanks.length / 2) * 34;
    this.ensure(statementH + blanksH + 30);
    const top = this.y;
    doc.rect(MARGIN, top, this.width, statementH + blanksH + 24).lineWidth(0.8).strokeColor("#8a97a8").stroke();
    doc.fillColor(INK).text(s.statement, MARGIN + 10, top + 10, { width: this.width - 20 });
    let y = top + 14 + statementH + 8;
    const colW = (this.width - 30) / 2;
    s.blanks.forEach((label, i) => {
      const x = MARGIN + 10 + (i % 2) * (colW + 10);
      if (i % 2 === 0 && i > 0) y += 34;
      doc.moveTo(x, y + 18).lineTo(x + colW, y + 18).lineWidth(0.6).strokeColor(INK).stroke();
      doc.font(this.fonts.regular).fontSize(7.5).fillColor(MUTED).text(label, x, y + 21, { width: colW });
    });
    this.y = top + statementH + blanksH + 24 + 8;
  }
}

/** A framed electronic signature: its title in bold, its rows, a warning line. */
function signedHeight(w: Writer, e: PdfSignedEntry, labelW: number) {
  const { doc } = w;
  doc.font(w.fonts.bold).fontSize(TEXT_SIZE);
  let h = doc.heightOfString(e.title, { width: w.width - 20 }) + 4;
  doc.font(w.fonts.regular).fontSize(TEXT_SIZE);
  for (const [, v] of e.fields) h += Math.max(doc.heightOfString(v || "—", { width: w.width - 20 - labelW }), TEXT_SIZE * 1.2) + 2;
  if (e.warning) h += doc.heightOfString(e.warning, { width: w.width - 20 }) + 4;
  return h + 16;
}

function signedEntry(w: Writer, e: PdfSignedEntry) {
  const { doc } = w;
  doc.font(w.fonts.bold).fontSize(TEXT_SIZE);
  const labelW = Math.min(140, Math.max(...e.fields.map(([k]) => doc.widthOfString(k)), 0) + 12);
  const h = signedHeight(w, e, labelW);
  w.ensure(h + 6);
  const top = w.y;
  doc.rect(MARGIN, top, w.width, h).lineWidth(0.8).strokeColor("#8a97a8").stroke();
  let y = top + 8;
  doc.font(w.fonts.bold).fontSize(TEXT_SIZE).fillColor(INK).text(e.title, MARGIN + 10, y, { width: w.width - 20 });
  y += doc.heightOfString(e.title, { width: w.width - 20 }) + 4;
  for (const [k, v] of e.fields) {
    doc.font(w.fonts.regular).fontSize(TEXT_SIZE);
    const rowH = Math.max(doc.heightOfString(v || "—", { width: w.width - 20 - labelW }), TEXT_SIZE * 1.2) + 2;
    doc.font(w.fonts.bold).fillColor(MUTED).text(k, MARGIN + 10, y, { width: labelW - 8 });
    doc.font(w.fonts.regular).fillColor(INK).text(v || "—", MARGIN + 10 + labelW, y, { width: w.width - 20 - labelW });
    y += rowH;
  }
  if (e.warning) {
    y += 2;
    doc.font(w.fonts.bold).fontSize(TEXT_SIZE).fillColor(WARN).text(e.warning, MARGIN + 10, y, { width: w.width - 20 });
  }
  w.y = top + h + 6;
}

function landscapeFor(doc: PdfDoc): boolean {
  const cols = Math.max(0, ...doc.sections.map((s) => s.table?.columns.length ?? 0));
  if (cols >= 8) return true;
  // Roughly: average 5.5 pt per character at 8 pt, the longest of header and first cells per column.
  const est = Math.max(
    0,
    ...doc.sections.map((s) =>
      s.table
        ? s.table.columns.reduce((sum, c, i) => sum + Math.min(260, Math.max(MIN_COL, 4.6 * Math.max(c.length, ...s.table!.rows.slice(0, 50).map((r) => Math.min(60, (r[i] ?? "").length))) + 10)), 0)
        : 0,
    ),
  );
  return est > 595.28 - MARGIN * 2 + 40;
}

/** Renders a document to the bytes of a PDF. */
export async function renderPdf(d: PdfDoc): Promise<Uint8Array> {
  // Attached PDFs are read first (pdf-lib) to know their page counts: blank pages hold their places
  // while pdfkit lays out (so the contents' page numbers are right), then they are swapped in.
  const attached = new Map<number, PDFLibDocument>();
  for (const [i, s] of d.sections.entries()) {
    if (!s.attachPdf) continue;
    try {
      const src = await PDFLibDocument.load(s.attachPdf, { ignoreEncryption: true, updateMetadata: false });
      const n = src.getPageCount();
      if (n === 0) throw new Error("no pages");
      attached.set(i, src);
      d = { ...d, sections: d.sections.map((x, j) => (j === i ? { ...x, lines: [...(x.lines ?? []), n === 1 ? "Its page follows." : `Its ${n} pages follow.`] } : x)) };
    } catch {
      d = { ...d, sections: d.sections.map((x, j) => (j === i ? { ...x, attachPdf: undefined, lines: [...(x.lines ?? []), "This PDF could not be merged into the binder (it is damaged or protected). Open it from the records."] } : x)) };
    }
  }
  const placeholders: { section: number; page: number; index: number }[] = [];
  const bytes = await renderWithPdfkit(d, attached, placeholders);
  if (!placeholders.length) return bytes;
  return mergeAttachments(bytes, attached, placeholders);
}

/** Swaps the placeholder pages for the attached documents' pages and numbers them like the rest. */
async function mergeAttachments(bytes: Uint8Array, attached: Map<number, PDFLibDocument>, placeholders: { section: number; page: number; index: number }[]) {
  const out = await PDFLibDocument.load(bytes, { updateMetadata: false });
  const total = out.getPageCount();
  const font = await out.embedFont(StandardFonts.Helvetica);
  const bySection = new Map<number, number[]>();
  for (const p of placeholders) bySection.set(p.section, [...(bySection.get(p.section) ?? []), p.page]);
  for (const [section, pages] of bySection) {
    const src = attached.get(section)!;
    const copied = await out.copyPages(src, src.getPageIndices());
    copied.forEach((page, n) => {
      const at = pages[n]!;
      out.removePage(at);
      out.insertPage(at, page);
      // "Page x of y" on the document's own page, on a white label in the bottom-right corner.
      const label = `Page ${at + 1} of ${total}`;
      const { width } = page.getSize();
      const box = page.getCropBox?.() ?? { x: 0, y: 0, width, height: page.getHeight() };
      const tw = font.widthOfTextAtSize(label, 7);
      const x = box.x + box.width - tw - 14;
      const y = box.y + 8;
      page.drawRectangle({ x: x - 4, y: y - 3, width: tw + 8, height: 12, color: rgb(1, 1, 1), opacity: 0.9 });
      page.drawText(label, { x, y, size: 7, font, color: rgb(0.36, 0.4, 0.45) });
    });
  }
  return out.save({ useObjectStreams: true });
}

async function renderWithPdfkit(d: PdfDoc, attached: Map<number, PDFLibDocument>, placeholders: { section: number; page: number; index: number }[]): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    layout: landscapeFor(d) ? "landscape" : "portrait",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    compress: true,
    bufferPages: true,
    autoFirstPage: true,
    info: { CreationDate: d.created ?? new Date(), Title: d.title, Author: "AeroRecords", Subject: d.subject ?? d.subtitle ?? d.title, Creator: "AeroRecords portal", Producer: "AeroRecords (pdfkit)" },
    lang: "en",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  let fonts: Fonts = { regular: "Helvetica", bold: "Helvetica-Bold" };
  if (d.font !== "standard") {
    const f = unicodeFonts();
    doc.registerFont("Sans", f.regular);
    doc.registerFont("Sans-Bold", f.bold);
    fonts = { regular: "Sans", bold: "Sans-Bold" };
  }
  const w = new Writer(doc, fonts);
  for (const a of d.attachments ?? []) {
    doc.file(Buffer.from(a.data), { name: a.name, type: a.type, description: a.description, creationDate: d.created ?? new Date() });
  }

  // Title block.
  w.text(d.title || "Untitled", { size: TITLE_SIZE, bold: true, gapAfter: 2 });
  if (d.subtitle) w.text(d.subtitle, { size: SUBTITLE_SIZE, color: MUTED, gapAfter: 2 });
  if (d.stamp !== false) w.text(`Generated ${dateTimeUtc((d.created ?? new Date()).toISOString())}`, { size: 7.5, color: MUTED, gapAfter: 6 });
  else w.y += 4;
  w.rule("#8a97a8", 1);
  w.y += 10;

  // The contents page: entries are written once the sections' pages are known.
  const marked = d.sections.filter((s) => s.bookmark && s.heading);
  const contents = d.contents && marked.length > 0;
  let contentsTop = 0;
  const perContentsPage = Math.floor((w.bottom - MARGIN - 60) / 16);
  if (contents) {
    w.text("Contents", { size: HEADING_SIZE, bold: true, gapAfter: 6 });
    contentsTop = w.y;
    for (let i = perContentsPage; i < marked.length; i += perContentsPage) w.newPage();
  }
  const starts: number[] = [];

  let topItem: ReturnType<typeof doc.outline.addItem> | null = null;
  let afterPlaceholders = false;
  d.sections.forEach((s, i) => {
    // Nothing is written on a page that an attached document's page will replace.
    if (afterPlaceholders && !s.bookmark) w.newPage();
    afterPlaceholders = false;
    if (s.bookmark) {
      if (i > 0 || contents) w.newPage();
      if (s.heading) {
        starts.push(doc.bufferedPageRange().count - 1);
        if (s.level === 2 && topItem) topItem.addItem(s.heading);
        else topItem = doc.outline.addItem(s.heading);
      }
    }
    if (s.heading) {
      // No heading alone at the foot of a page: it keeps with the first lines, or the whole signature block.
      const onlySignature = s.signature && !s.lines?.length && !s.fields?.length && !s.table;
      const onlySigned = s.signed?.length && !s.lines?.length && !s.fields?.length && !s.table;
      w.ensure(HEADING_SIZE * 1.4 + 4 + (onlySignature ? 8 + w.signatureHeight(s.signature!) : onlySigned ? 110 : TEXT_SIZE * 3));
      w.text(s.heading, { size: HEADING_SIZE, bold: true, gapAfter: 4 });
    }
    for (const line of s.lines ?? []) w.text(line, { gapAfter: 2 });
    if (s.fields?.length) {
      w.fields(s.fields);
      w.y += 4;
    }
    if (s.table) {
      if (s.lines?.length || s.fields?.length) w.y += 4;
      w.table(s.table);
    }
    if (s.signature) {
      w.y += 8;
      w.signature(s.signature);
    }
    if (s.signed?.length) {
      w.y += 4;
      for (const e of s.signed) signedEntry(w, e);
    }
    if (s.image) {
      if (w.y > w.bottom - 220) w.newPage();
      try {
        doc.image(Buffer.from(s.image), MARGIN, w.y, { fit: [w.width, w.bottom - w.y], align: "center" });
        w.y = w.bottom;
      } catch {
        w.text("This image could not be placed in the document (its format is not PNG or JPEG, or it is damaged). Open it from the records.", { color: MUTED });
      }
    }
    const src = attached.get(i);
    if (src) {
      for (let n = 0; n < src.getPageCount(); n++) {
        w.newPage();
        placeholders.push({ section: i, page: doc.bufferedPageRange().count - 1, index: n });
      }
      afterPlaceholders = true;
    }
    w.y += 12;
  });

  const range = doc.bufferedPageRange();
  const total = range.count;
  if (contents) {
    let topNo = 0;
    marked.forEach((s, i) => {
      const pageIndex = Math.floor(i / perContentsPage);
      doc.switchToPage(range.start + pageIndex);
      const y = (pageIndex === 0 ? contentsTop : MARGIN) + (i % perContentsPage) * 16;
      const label = s.level === 2 ? `      ${s.heading}` : `${++topNo}. ${s.heading}`;
      const page = `${(starts[i] ?? 0) + 1}`;
      doc.font(fonts.regular).fontSize(TEXT_SIZE).fillColor(INK);
      const pw = doc.widthOfString(page);
      const maxLabel = w.width - pw - 30;
      const shown = doc.widthOfString(label) > maxLabel ? `${label.slice(0, Math.floor((label.length * maxLabel) / doc.widthOfString(label)) - 1)}…` : label;
      doc.text(shown, MARGIN, y, { lineBreak: false });
      const lw = doc.widthOfString(shown);
      doc.moveTo(MARGIN + lw + 6, y + TEXT_SIZE * 0.85).lineTo(MARGIN + w.width - pw - 6, y + TEXT_SIZE * 0.85).dash(1, { space: 2 }).lineWidth(0.5).strokeColor(MUTED).stroke().undash();
      doc.text(page, MARGIN + w.width - pw, y, { lineBreak: false });
    });
  }

  // Footer on every page: the title and "Page x of y". (Bottom margin off, so the text does not flow on.)
  const footTitle = d.title.length > 90 ? `${d.title.slice(0, 89)}…` : d.title;
  const replaced = new Set(placeholders.map((p) => p.page));
  for (let i = 0; i < total; i++) {
    if (replaced.has(i)) continue;
    doc.switchToPage(range.start + i);
    const y = doc.page.height - MARGIN - 10;
    doc.page.margins.bottom = 0;
    doc.moveTo(MARGIN, y - 6).lineTo(doc.page.width - MARGIN, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font(fonts.regular).fontSize(7.5).fillColor(MUTED);
    doc.text(footTitle, MARGIN, y, { lineBreak: false, width: doc.page.width - MARGIN * 2 - 80 });
    const label = `Page ${i + 1} of ${total}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), y, { lineBreak: false });
  }

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
