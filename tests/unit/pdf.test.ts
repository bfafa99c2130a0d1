import { describe, expect, it } from "vitest";
import { pdfString, renderPdf, toWinAnsi, wrapText } from "../../upstream/lib/pdf";

const latin1 = (b: Uint8Array) => Buffer.from(b).toString("latin1");

/** Checks the structure of a PDF: header, trailer, startxref → xref, each xref offset → "n 0 obj". */
function checkPdf(bytes: Uint8Array): { pages: number; text: string } {
  const s = latin1(bytes);
  expect(s.startsWith("%PDF-1.4\n")).toBe(true);
  expect(s.trimEnd().endsWith("%%EOF")).toBe(true);
  const m = /startxref\n(\d+)\n%%EOF\s*$/.exec(s);
  expect(m).not.toBeNull();
  const xrefAt = Number(m![1]);
  expect(s.slice(xrefAt, xrefAt + 5)).toBe("xref\n");
  const header = /^xref\n0 (\d+)\n/.exec(s.slice(xrefAt));
  expect(header).not.toBeNull();
  const count = Number(header![1]);
  const entries = s
    .slice(xrefAt + header![0].length)
    .split("\n")
    .slice(0, count);
  expect(entries[0]).toBe("0000000000 65535 f ");
  for (let id = 1; id < count; id++) {
    const e = /^(\d{10}) 00000 n $/.exec(entries[id]);
    expect(e, `xref entry ${id}`).not.toBeNull();
    const off = Number(e![1]);
    expect(s.slice(off, off + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
  }
  // /Length of each stream matches
  const re = /<< \/Length (\d+) >>\nstream\n/g;
  let sm: RegExpExecArray | null;
  while ((sm = re.exec(s))) {
    const start = sm.index + sm[0].length;
    const len = Number(sm[1]);
    expect(s.slice(start + len, start + len + 10)).toBe("\nendstream");
  }
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(s)![1]);
  return { pages, text: s };
}

describe("renderPdf", () => {
  it("writes a valid single-page PDF with escaped text", () => {
    const bytes = renderPdf({
      title: "General Information (MSN 1234)",
      subtitle: "Back\\slash and café €",
      sections: [{ heading: "Details", lines: ["Line (one)", "Line two"] }],
    });
    const { pages, text } = checkPdf(bytes);
    expect(pages).toBe(1);
    expect(text).toContain("(General Information \\(MSN 1234\\)) Tj");
    expect(text).toContain("(Back\\\\slash and caf\\351 \\200) Tj");
    expect(text).toContain("/BaseFont /Helvetica ");
    expect(text).toContain("/Encoding /WinAnsiEncoding");
    expect(text).toContain("/MediaBox [0 0 595.28 841.89]");
  });

  it("breaks long tables over several pages and repeats the header", () => {
    const rows = Array.from({ length: 200 }, (_, i) => [String(i + 1), `Part ${i}`, "Serviceable"]);
    const bytes = renderPdf({
      title: "Components",
      sections: [{ heading: "List", table: { columns: ["No", "Part", "Status"], rows } }],
    });
    const { pages, text } = checkPdf(bytes);
    expect(pages).toBeGreaterThan(2);
    expect(text.match(/\(Part\) Tj/g)!.length).toBe(pages);
    expect(text).toContain(`(Page ${pages} of ${pages}) Tj`);
    expect(text).toContain("(Part 199) Tj");
  });

  it("uses landscape pages for wide tables", () => {
    const columns = Array.from({ length: 10 }, (_, i) => `Column ${i + 1}`);
    const bytes = renderPdf({ title: "Wide", sections: [{ table: { columns, rows: [columns] } }] });
    const { text } = checkPdf(bytes);
    expect(text).toContain("/MediaBox [0 0 841.89 595.28]");
  });

  it("handles an empty document and empty tables", () => {
    const { pages } = checkPdf(renderPdf({ title: "", sections: [{ table: { columns: ["A"], rows: [] } }] }));
    expect(pages).toBe(1);
  });

  it("wraps and escapes helpers", () => {
    expect(pdfString("a(b)c\\")).toBe("(a\\(b\\)c\\\\)");
    expect(toWinAnsi("€")).toEqual([0x80]);
    expect(toWinAnsi("漢")).toEqual([0x3f]);
    const lines = wrapText("word ".repeat(100).trim(), 10, 100);
    expect(lines.length).toBeGreaterThan(5);
    expect(wrapText("x".repeat(500), 10, 100).length).toBeGreaterThan(3);
  });
});
