// The one helper behind every exported text cell and every imported one (ADR 069).
import { describe, expect, it } from "vitest";
import { neutraliseFormula, restoreFormula } from "../../upstream/lib/formula-guard";

describe("neutraliseFormula / restoreFormula", () => {
  it("puts an apostrophe in front of text that begins with =, +, -, @, a tab or a carriage return (OWASP)", () => {
    for (const text of ["=1+2", "+A1", "-x", "-5", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"http://x\")"]) expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it("leaves any other text as it is", () => {
    for (const text of ["plain", " =1", "x=1", "'quoted", "''", "", "\nx", "5-3", "—x", "ＡＢ"]) expect(neutraliseFormula(text)).toBe(text);
  });

  it("gives one more apostrophe to text already written with apostrophes before a formula character", () => {
    expect(neutraliseFormula("'=x")).toBe("''=x");
    expect(neutraliseFormula("''-x")).toBe("'''-x");
  });

  it("takes exactly one apostrophe away, only before a formula character", () => {
    expect(restoreFormula("'=1+2")).toBe("=1+2");
    expect(restoreFormula("''=x")).toBe("'=x");
    expect(restoreFormula("'\tx")).toBe("\tx");
    expect(restoreFormula("'plain")).toBe("'plain");
    expect(restoreFormula("=1+2")).toBe("=1+2");
    expect(restoreFormula("'")).toBe("'");
  });

  it("round-trips every value", () => {
    for (const text of ["=1+2", "+A1", "-x", "@SUM(A1)", "\tx", "\rx", "'=x", "''@y", "'plain", "plain", "", "'", "-"]) {
      expect(restoreFormula(neutraliseFormula(text)), JSON.stringify(text)).toBe(text);
    }
  });
});

describe("a column name that begins like a formula", () => {
  it("is written with an apostrophe in the export's header row, and read back without it", async () => {
    const XLSX = await import("@e965/xlsx");
    const { buildWorkbook, readSheet } = await import("../../upstream/ops/sheets");
    const bytes = await buildWorkbook([{ name: "Tab", columns: ["=HEAD", "Plain"], rows: [["=1+2", "x"]] }]);
    const ws = XLSX.read(bytes, { type: "array" }).Sheets.Tab!;
    expect(ws.A1?.v).toBe("'=HEAD");
    expect(ws.A2?.v).toBe("'=1+2");
    const sheet = readSheet(bytes, "tab.xlsx");
    expect(sheet.headers).toEqual(["=HEAD", "Plain"]);
  });
});
