import { describe, expect, it } from "vitest";
import {
  FORBIDDEN_EXTENSIONS,
  SPECIAL_CHARS,
  SPECIAL_CHARS_WARNING,
  hasSpecialChars,
  sanitizeFileName,
  sanitizeFolderPath,
  sanitizeRelativePath,
  sanitizeUploads,
} from "~/models/file-names";

describe("file-name rules (spec 000 §5)", () => {
  it("has exactly the spec's special characters, the forbidden extensions and the warning", () => {
    expect(SPECIAL_CHARS.join(" ")).toBe("! @ # $ % ^ & * ( ) [ ] { } ; : ' \" , . < > / ? \\ | + = ~ `");
    expect(new Set(SPECIAL_CHARS).size).toBe(30);
    expect(FORBIDDEN_EXTENSIONS).toEqual(["exe", "bat", "sh"]);
    expect(SPECIAL_CHARS_WARNING).toBe("Please Note: Special characters in the folder OR file name will be replaced with _");
  });

  it("replaces every special character in the name part and keeps the last dot", () => {
    for (const ch of SPECIAL_CHARS) {
      if (ch === "/" || ch === "\\") continue; // separators in a relative path; tested below
      const r = sanitizeFileName(`a${ch}b.pdf`);
      expect(r, ch).toEqual({ ok: true, name: "a_b.pdf" });
    }
    expect(sanitizeFileName("Report (final) v1.2.pdf")).toEqual({ ok: true, name: "Report _final_ v1_2.pdf" });
    expect(sanitizeFileName("a/b.pdf")).toEqual({ ok: true, name: "a_b.pdf" });
    expect(sanitizeFileName("no extension")).toEqual({ ok: true, name: "no extension" });
    expect(sanitizeFileName("ends with dot.")).toEqual({ ok: true, name: "ends with dot_" });
  });

  it("drops exe, bat and sh whatever the case", () => {
    for (const n of ["setup.exe", "RUN.BAT", "install.Sh", "x (1).exe"]) expect(sanitizeFileName(n)).toEqual({ ok: false, reason: "forbidden_extension" });
    expect(sanitizeFileName("exe")).toEqual({ ok: true, name: "exe" });
    expect(sanitizeFileName("shell.shx").ok).toBe(true);
  });

  it("standard flow drops names outside the pattern; UEF lowercases extensions instead", () => {
    expect(sanitizeFileName("chart.pdf★")).toEqual({ ok: false, reason: "invalid_name" });
    expect(sanitizeFileName("logo★.png")).toEqual({ ok: false, reason: "invalid_name" });
    expect(sanitizeFileName("Ölwechsel Bericht.PDF")).toEqual({ ok: true, name: "Ölwechsel Bericht.PDF" });
    expect(sanitizeFileName("Scan 01.PDF", "uef")).toEqual({ ok: true, name: "Scan 01.pdf" });
    expect(sanitizeFileName("logo★.PNG", "uef")).toEqual({ ok: true, name: "logo★.png" });
    expect(sanitizeFileName("setup.EXE", "uef")).toEqual({ ok: false, reason: "forbidden_extension" });
  });

  it("sanitizes folder segments the same way and never lets a segment escape", () => {
    expect(sanitizeRelativePath("My Docs!/Sub (1)/v1.2/file.pdf")).toEqual({ ok: true, path: "My Docs_/Sub _1_/v1_2/file.pdf" });
    expect(sanitizeRelativePath("../../etc/passwd")).toEqual({ ok: true, path: "__/__/etc/passwd" });
    expect(sanitizeRelativePath("a\\b\\c.txt")).toEqual({ ok: true, path: "a/b/c.txt" });
    expect(sanitizeRelativePath("bin/evil.sh")).toEqual({ ok: false, reason: "forbidden_extension" });
    expect(sanitizeFolderPath("New (2024)/Q1")).toEqual({ ok: true, path: "New _2024_/Q1" });
    expect(sanitizeFolderPath("  /  ")).toEqual({ ok: false, reason: "empty" });
    expect(sanitizeRelativePath(`${"x".repeat(300)}.pdf`)).toEqual({ ok: false, reason: "too_long" });
  });

  it("splits a selection into accepted and dropped, keeping order and the first of duplicates", () => {
    const r = sanitizeUploads([
      { relativePath: "Docs/a!.pdf", size: 10 },
      { name: "tool.exe", size: 5 },
      { relativePath: "Docs/a@.pdf", size: 11 },
      { name: "fine.txt", size: 3 },
      { name: "bad★.txt", size: 3 },
    ]);
    expect(r.accepted).toEqual([
      { originalPath: "Docs/a!.pdf", path: "Docs/a_.pdf", size: 10 },
      { originalPath: "fine.txt", path: "fine.txt", size: 3 },
    ]);
    expect(r.dropped).toEqual([
      { originalPath: "tool.exe", reason: "forbidden_extension" },
      { originalPath: "Docs/a@.pdf", reason: "duplicate" },
      { originalPath: "bad★.txt", reason: "invalid_name" },
    ]);
  });

  it("tells when the warning applies", () => {
    expect(hasSpecialChars(["Docs/plain.pdf"])).toBe(false);
    expect(hasSpecialChars(["Docs (old)/plain.pdf"])).toBe(true);
    expect(hasSpecialChars(["v1.2.pdf"])).toBe(true);
  });
});
