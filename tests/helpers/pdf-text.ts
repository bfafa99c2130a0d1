/**
 * Reads a PDF the way a viewer does (pdf.js), for tests: page count, each page's text, the
 * document information and the bookmarks. A PDF pdf.js cannot open fails the test.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfRead {
  pages: number;
  /** Each page's text, items joined by spaces. */
  pageText: string[];
  /** All pages' text. */
  text: string;
  info: Record<string, unknown>;
  outline: string[];
  /** Page sizes in points, [width, height]. */
  sizes: [number, number][];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const head = Buffer.from(bytes.slice(0, 8)).toString("latin1");
  if (!head.startsWith("%PDF-")) throw new Error(`not a PDF: ${JSON.stringify(head)}`);
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pageText: string[] = [];
  const sizes: [number, number][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , w, h] = page.view;
    sizes.push([Math.round(w! * 100) / 100, Math.round(h! * 100) / 100]);
    const content = await page.getTextContent();
    pageText.push(
      content.items
        .map((i) => ("str" in i ? i.str : ""))
        .filter(Boolean)
        .join(" ")
        .replace(/\s+/g, " ")
    );
  }
  const meta = await doc.getMetadata();
  // Bookmarks in document order, nested ones after their parent.
  type Item = { title: string; items?: Item[] };
  const flat = (items: Item[]): string[] => items.flatMap((o) => [o.title, ...flat(o.items ?? [])]);
  const outline = flat(((await doc.getOutline()) ?? []) as Item[]);
  await doc.destroy();
  return { pages: doc.numPages, pageText, text: pageText.join("\n"), info: (meta.info ?? {}) as Record<string, unknown>, outline, sizes };
}
