import { describe, expect, it } from "vitest";
import { renderPdf } from "../../upstream/lib/pdf";
import { readPdf } from "../helpers/pdf-text";

const raw = (b: Uint8Array) => Buffer.from(b).toString("latin1");

describe("renderPdf", () => {
  it("prints any script, in compressed streams, with the document information set", async () => {
    const bytes = await renderPdf({
      title: "General Information (MSN 1234)",
      subtitle: "Operator: Łódź Ærø Ωμέγα Київ İstanbul",
      sections: [{ heading: "Details", lines: ["Line (one)", "Back\\slash and café €"], fields: [["Registration", "SP-ŁÓD"]] }],
    });
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain("General Information (MSN 1234)");
    expect(pdf.text).toContain("Łódź Ærø Ωμέγα Київ İstanbul");
    expect(pdf.text).toContain("Back\\slash and café €");
    expect(pdf.text).toContain("SP-ŁÓD");
    expect(pdf.text).toContain("Page 1 of 1");
    expect(pdf.info).toMatchObject({ Title: "General Information (MSN 1234)", Author: "AeroRecords" });
    expect(pdf.sizes[0]).toEqual([595.28, 841.89]);
    const s = raw(bytes);
    expect(s).toContain("/FlateDecode");
    expect(s).toMatch(/\/FontFile2/); // the font is embedded
  });

  it("breaks long tables over several pages and repeats the header on each", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [String(i + 1), `Part ${i}`, "Serviceable"]);
    const pdf = await readPdf(
      await renderPdf({ title: "Components", sections: [{ heading: "List", table: { columns: ["No", "Part Name", "Status"], rows } }] })
    );
    expect(pdf.pages).toBeGreaterThan(2);
    for (const [i, t] of pdf.pageText.entries()) {
      expect(t, `page ${i + 1}`).toContain("No Part Name Status");
      expect(t).toContain(`Page ${i + 1} of ${pdf.pages}`);
    }
    expect(pdf.text).toContain("Part 199");
  });

  it("sets numbers right and a bold totals row, and long cells wrap rather than vanish", async () => {
    const long = "Replaced the number two hydraulic pump after a leak was found at the pressure port during the walk-round. ".repeat(4);
    const pdf = await readPdf(
      await renderPdf({
        title: "Hours",
        sections: [{ table: { columns: ["Task", "Hours"], rows: [[long, "2.5"]], numeric: [false, true], footer: ["Total", "2.5"] } }],
      })
    );
    expect(pdf.text).toContain("pressure port");
    expect(pdf.text).toMatch(/Total 2\.5/);
  });

  it("uses landscape pages for wide tables", async () => {
    const columns = Array.from({ length: 10 }, (_, i) => `Column ${i + 1}`);
    const pdf = await readPdf(await renderPdf({ title: "Wide", sections: [{ table: { columns, rows: [columns] } }] }));
    expect(pdf.sizes[0]).toEqual([841.89, 595.28]);
  });

  it("a binder has a contents page with page numbers and a bookmark per section", async () => {
    const section = (name: string, n: number) => ({
      heading: name,
      bookmark: true,
      table: { columns: ["Ref", "Item"], rows: Array.from({ length: n }, (_, i) => [String(i), `${name} item ${i}`]) },
    });
    const pdf = await readPdf(
      await renderPdf({ title: "Full Delivery Binder: MSN 1", contents: true, sections: [section("Alpha", 80), section("Beta", 3), section("Gamma", 1)] })
    );
    expect(pdf.outline).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(pdf.pageText[0]).toContain("Contents");
    // Alpha starts on page 2 and takes two pages; Beta on page 4, Gamma on 5.
    expect(pdf.pageText[0]).toMatch(/1\. Alpha 2 2\. Beta 4 3\. Gamma 5/);
    expect(pdf.pageText[1]).toContain("Alpha item 0");
    expect(pdf.pageText[3]).toContain("Beta item 0");
    expect(pdf.pageText[4]).toContain("Gamma item 0");
    expect(pdf.pages).toBe(5);
  });

  it("prints a signature block with its statement and blanks", async () => {
    const pdf = await readPdf(
      await renderPdf({
        title: "Work order",
        sections: [{ signature: { statement: "Certifies that the work specified was carried out.", blanks: ["Name", "Licence number", "Signature", "Date"] } }],
      })
    );
    expect(pdf.text).toContain("Certifies that the work specified was carried out.");
    for (const b of ["Name", "Licence number", "Signature", "Date"]) expect(pdf.text).toContain(b);
  });

  it("handles an empty document, empty tables and the standard font", async () => {
    const pdf = await readPdf(await renderPdf({ title: "", sections: [{ table: { columns: ["A"], rows: [] } }] }));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain("No rows.");
    const std = await renderPdf({ title: "Sample", font: "standard", sections: [{ lines: ["ASCII only"] }] });
    expect(raw(std)).toContain("/Helvetica");
    expect((await readPdf(std)).text).toContain("ASCII only");
  });
});
