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
