/**
 * Minimal hand-written PDF 1.4 renderer.
 *
 * renderPdf(doc) lays out a title, an optional subtitle and a list of sections
 * (optional heading, optional text lines, optional table) on A4 pages with the
 * Helvetica / Helvetica-Bold base fonts (WinAnsiEncoding). Long lines are
 * wrapped, long tables continue on the next page with their header repeated,
 * and a document whose widest table would not fit in portrait is laid out in
 * landscape. Every page carries a "Page n of m" footer. The cross-reference
 * table is computed from the real byte offsets of each object.
 *
 * No dependencies: the content streams are plain (uncompressed) text.
 */

export interface PdfTable {
  columns: string[];
  rows: string[][];
}

export interface PdfSection {
  heading?: string;
  lines?: string[];
  table?: PdfTable;
}

export interface PdfDoc {
  title: string;
  subtitle?: string;
  sections: PdfSection[];
}

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

const A4_SHORT = 595.28;
const A4_LONG = 841.89;
const MARGIN = 40;
const FOOTER_SPACE = 24;

const TITLE_SIZE = 16;
const SUBTITLE_SIZE = 10;
const HEADING_SIZE = 12;
const TEXT_SIZE = 10;
const TABLE_SIZE = 8;
const CELL_PAD = 3;
const MIN_COL_WIDTH = 40;
const MAX_CELL_LINES = 6;

// Helvetica glyph widths (per 1000 em) for WinAnsi codes 32..126.
const HELV_WIDTHS: number[] = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
// Helvetica-Bold glyph widths for WinAnsi codes 32..126.
const HELV_BOLD_WIDTHS: number[] = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

// Unicode → WinAnsi (cp1252) for the 0x80..0x9F block.
const CP1252_EXTRA: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Map a JS string to WinAnsi byte codes ("?" for anything unrepresentable). */
export function toWinAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09) out.push(0x20);
    else if (cp >= 0x20 && cp <= 0x7e) out.push(cp);
    else if (cp >= 0xa0 && cp <= 0xff) out.push(cp);
    else if (CP1252_EXTRA[cp] !== undefined) out.push(CP1252_EXTRA[cp]);
    else if (cp < 0x20 || cp === 0x7f) {
      // control characters are dropped
      continue;
    } else out.push(0x3f);
  }
  return out;
}

function glyphWidth(code: number, bold: boolean): number {
  if (code >= 32 && code <= 126) return (bold ? HELV_BOLD_WIDTHS : HELV_WIDTHS)[code - 32];
  return 556; // good-enough average for Latin-1 / cp1252 extras
}

export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const c of toWinAnsi(text)) w += glyphWidth(c, bold);
  return (w * size) / 1000;
}

/** A PDF literal string "(…)" with ( ) \ escaped and non-ASCII as octal escapes. */
export function pdfString(text: string): string {
  let s = "(";
  for (const c of toWinAnsi(text)) {
    if (c === 0x28 || c === 0x29 || c === 0x5c) s += "\\" + String.fromCharCode(c);
    else if (c >= 0x20 && c <= 0x7e) s += String.fromCharCode(c);
    else s += "\\" + c.toString(8).padStart(3, "0");
  }
  return s + ")";
}

/** Break text into lines no wider than maxWidth (hard-splitting very long words). */
export function wrapText(text: string, size: number, maxWidth: number, bold = false): string[] {
  const result: string[] = [];
  for (const para of String(text).split(/\r?\n/)) {
    const words = para.split(/ +/).filter((w, i, a) => w !== "" || a.length === 1);
    let line = "";
    for (let word of words) {
      const candidate = line ? line + " " + word : word;
      if (textWidth(candidate, size, bold) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) result.push(line);
      line = "";
      // hard-split a word wider than the line
      while (textWidth(word, size, bold) > maxWidth && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && textWidth(word.slice(0, cut), size, bold) > maxWidth) cut--;
        result.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    result.push(line);
  }
  return result;
}

function fmt(n: number): string {
  return (Math.round(n * 100) / 100).toString();
}

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

interface Page {
  ops: string[];
}

class Layout {
  pages: Page[] = [];
  y = 0;
  readonly width: number;
  readonly height: number;
  readonly contentWidth: number;

  constructor(landscape: boolean) {
    this.width = landscape ? A4_LONG : A4_SHORT;
    this.height = landscape ? A4_SHORT : A4_LONG;
    this.contentWidth = this.width - 2 * MARGIN;
    this.newPage();
  }

  get page(): Page {
    return this.pages[this.pages.length - 1];
  }

  newPage(): void {
    this.pages.push({ ops: [] });
    this.y = this.height - MARGIN;
  }

  get bottom(): number {
    return MARGIN + FOOTER_SPACE;
  }

  /** Ensure `h` points are available; start a new page otherwise. Returns true when a page was added. */
  ensure(h: number): boolean {
    if (this.y - h < this.bottom && this.y < this.height - MARGIN) {
      this.newPage();
      return true;
    }
    return false;
  }

  text(x: number, baseline: number, str: string, size: number, bold = false): void {
    this.page.ops.push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${fmt(x)} ${fmt(baseline)} Td ${pdfString(str)} Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, fillGray?: number): void {
    if (fillGray !== undefined) {
      this.page.ops.push(`${fmt(fillGray)} g ${fmt(x)} ${fmt(y)} ${fmt(w)} ${fmt(h)} re f 0 g`);
    }
    this.page.ops.push(`${fmt(x)} ${fmt(y)} ${fmt(w)} ${fmt(h)} re S`);
  }

  hline(x1: number, x2: number, y: number): void {
    this.page.ops.push(`${fmt(x1)} ${fmt(y)} m ${fmt(x2)} ${fmt(y)} l S`);
  }

  paragraph(str: string, size: number, bold = false, indent = 0): void {
    const leading = size * 1.3;
    for (const line of wrapText(str, size, this.contentWidth - indent, bold)) {
      this.ensure(leading);
      this.y -= leading;
      this.text(MARGIN + indent, this.y + size * 0.25, line, size, bold);
    }
  }

  gap(h: number): void {
    this.y -= h;
  }

  table(t: PdfTable): void {
    const ncols = Math.max(t.columns.length, ...t.rows.map((r) => r.length), 1);
    const columns = Array.from({ length: ncols }, (_, i) => t.columns[i] ?? "");
    const widths = columnWidths(columns, t.rows, this.contentWidth);
    const leading = TABLE_SIZE * 1.25;

    const cellLines = (row: string[], bold: boolean): string[][] =>
      widths.map((w, i) => {
        const lines = wrapText(String(row[i] ?? ""), TABLE_SIZE, w - 2 * CELL_PAD, bold);
        if (lines.length > MAX_CELL_LINES) {
          const kept = lines.slice(0, MAX_CELL_LINES);
          kept[MAX_CELL_LINES - 1] = kept[MAX_CELL_LINES - 1] + "...";
          return kept;
        }
        return lines;
      });
    const rowHeight = (cells: string[][]): number => Math.max(1, ...cells.map((c) => c.length)) * leading + 2 * CELL_PAD;

    const headerCells = cellLines(columns, true);
    const headerH = rowHeight(headerCells);

    const drawRow = (cells: string[][], h: number, header: boolean): void => {
      let x = MARGIN;
      const top = this.y;
      for (let i = 0; i < widths.length; i++) {
        this.rect(x, top - h, widths[i], h, header ? 0.88 : undefined);
        let ly = top - CELL_PAD - TABLE_SIZE;
        for (const line of cells[i]) {
          this.text(x + CELL_PAD, ly + 1, line, TABLE_SIZE, header);
          ly -= leading;
        }
        x += widths[i];
      }
      this.y -= h;
    };

    this.ensure(headerH + (t.rows.length ? rowHeight(cellLines(t.rows[0], false)) : 0));
    this.page.ops.push("0.5 w");
    drawRow(headerCells, headerH, true);
    for (const row of t.rows) {
      const cells = cellLines(row, false);
      const h = rowHeight(cells);
      if (this.ensure(h)) {
        this.page.ops.push("0.5 w");
        drawRow(headerCells, headerH, true);
      }
      drawRow(cells, h, false);
    }
    if (t.rows.length === 0) {
      this.ensure(leading + 2 * CELL_PAD);
      this.y -= leading + 2 * CELL_PAD;
      this.text(MARGIN + CELL_PAD, this.y + CELL_PAD + 1, "No rows.", TABLE_SIZE);
    }
  }
}

/** Natural width of each column, scaled down to fit `available` (never below MIN_COL_WIDTH unless forced). */
function columnWidths(columns: string[], rows: string[][], available: number): number[] {
  const natural = columns.map((c, i) => {
    let w = textWidth(c, TABLE_SIZE, true);
    for (const r of rows.slice(0, 500)) w = Math.max(w, textWidth(String(r[i] ?? ""), TABLE_SIZE));
    return Math.min(Math.max(w + 2 * CELL_PAD + 1, MIN_COL_WIDTH), 260);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) {
    // stretch proportionally to fill the line
    return natural.map((w) => (w / total) * available);
  }
  // shrink: give every column at least its minimum, share the rest proportionally
  const min = Math.min(MIN_COL_WIDTH, available / columns.length);
  const extra = available - min * columns.length;
  const over = natural.map((w) => Math.max(0, w - min));
  const overTotal = over.reduce((a, b) => a + b, 0) || 1;
  return over.map((o) => min + (o / overTotal) * extra);
}

/** True when the document has a table too wide for a portrait page. */
function needsLandscape(doc: PdfDoc): boolean {
  const portraitWidth = A4_SHORT - 2 * MARGIN;
  for (const s of doc.sections) {
    if (!s.table) continue;
    const ncols = Math.max(s.table.columns.length, ...s.table.rows.map((r) => r.length), 0);
    if (ncols > 6) return true;
    const natural = s.table.columns.reduce((sum, c, i) => {
      let w = textWidth(c, TABLE_SIZE, true);
      for (const r of s.table!.rows.slice(0, 200)) w = Math.max(w, textWidth(String(r[i] ?? ""), TABLE_SIZE));
      return sum + Math.min(Math.max(w + 2 * CELL_PAD + 1, MIN_COL_WIDTH), 260);
    }, 0);
    if (natural > portraitWidth) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Serialisation
// ---------------------------------------------------------------------------

function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

/** Render a document to the bytes of a PDF 1.4 file. */
export function renderPdf(doc: PdfDoc): Uint8Array {
  const layout = new Layout(needsLandscape(doc));

  layout.paragraph(doc.title || "Untitled", TITLE_SIZE, true);
  if (doc.subtitle) {
    layout.gap(2);
    layout.paragraph(doc.subtitle, SUBTITLE_SIZE);
  }
  layout.gap(6);
  layout.page.ops.push("0.75 w");
  layout.hline(MARGIN, layout.width - MARGIN, layout.y);
  layout.gap(8);

  for (const section of doc.sections) {
    if (section.heading) {
      layout.ensure(HEADING_SIZE * 1.3 + TEXT_SIZE * 2.6); // keep a heading with what follows
      layout.gap(4);
      layout.paragraph(section.heading, HEADING_SIZE, true);
      layout.gap(3);
    }
    for (const line of section.lines ?? []) layout.paragraph(line, TEXT_SIZE);
    if (section.table) {
      if (section.lines?.length) layout.gap(4);
      layout.table(section.table);
    }
    layout.gap(10);
  }

  // footer: page numbers
  const total = layout.pages.length;
  layout.pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${total}`;
    const w = textWidth(label, 8);
    p.ops.push(`BT /F1 8 Tf ${fmt(layout.width - MARGIN - w)} ${fmt(MARGIN - 4)} Td ${pdfString(label)} Tj ET`);
    const t = doc.title.length > 80 ? doc.title.slice(0, 77) + "..." : doc.title;
    p.ops.push(`BT /F1 8 Tf ${fmt(MARGIN)} ${fmt(MARGIN - 4)} Td ${pdfString(t)} Tj ET`);
  });

  // objects: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then (page, content) pairs
  const objects: string[] = [];
  const pageIds: number[] = [];
  const firstPageObj = 6;
  layout.pages.forEach((_, i) => pageIds.push(firstPageObj + i * 2));

  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  const now = new Date();
  const pdfDate =
    "D:" +
    now.getUTCFullYear().toString() +
    String(now.getUTCMonth() + 1).padStart(2, "0") +
    String(now.getUTCDate()).padStart(2, "0") +
    String(now.getUTCHours()).padStart(2, "0") +
    String(now.getUTCMinutes()).padStart(2, "0") +
    String(now.getUTCSeconds()).padStart(2, "0") +
    "Z";
  objects[5] = `<< /Title ${pdfString(doc.title)} /Producer (Aviation Records Portal) /CreationDate (${pdfDate}) >>`;
  layout.pages.forEach((p, i) => {
    const pageId = pageIds[i];
    const contentId = pageId + 1;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(layout.width)} ${fmt(layout.height)}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`;
    const stream = p.ops.join("\n");
    // content is ASCII + latin1 octets already escaped → length in bytes == string length
    objects[contentId] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) {
    out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  }
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return latin1Bytes(out);
}
