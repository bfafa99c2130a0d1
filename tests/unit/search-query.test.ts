import { describe, expect, it } from "vitest";
import {
  DEFAULT_HINT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_INVALID_CHARS,
  SEARCH_MIN_LENGTH,
  TOOLTIP_DELAY_MS,
  checkSearchQuery,
} from "~/models/search-query";

describe("search-query rules (spec 000 §5, §9)", () => {
  it("has the spec's constants and characters", () => {
    expect(SEARCH_INVALID_CHARS.join(" ")).toBe("` ! @ # $ % ^ & * ( ) + = [ ] { } ; ' : \" \\ | , . < > / ? ~");
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(TOOLTIP_DELAY_MS).toBe(500);
    expect(DEFAULT_HINT).toBe("Special characters are not supported in search");
  });

  it("ignores empty and short queries after trimming", () => {
    expect(checkSearchQuery("")).toMatchObject({ ok: false, reason: "empty" });
    expect(checkSearchQuery("   ")).toMatchObject({ ok: false, reason: "empty" });
    expect(checkSearchQuery(" ab ")).toMatchObject({ ok: false, reason: "short" });
    expect(checkSearchQuery(" abc ")).toEqual({ ok: true, query: "abc" });
    expect(checkSearchQuery("task_card-01")).toEqual({ ok: true, query: "task_card-01" });
  });

  it("lists up to 10 distinct offending characters, then 'and N more'", () => {
    const r = checkSearchQuery("a!b!c@");
    expect(r).toMatchObject({ ok: false, reason: "chars", offending: ["!", "@"], more: 0 });
    expect(r.ok ? "" : r.message).toBe(`${DEFAULT_HINT}: ! @`);
    const all = checkSearchQuery(`x${SEARCH_INVALID_CHARS.join("")}`);
    expect(all).toMatchObject({ ok: false, reason: "chars", more: SEARCH_INVALID_CHARS.length - 10 });
    if (!all.ok) {
      expect(all.offending).toEqual(SEARCH_INVALID_CHARS.slice(0, 10));
      expect(all.message).toBe(`${DEFAULT_HINT}: ${SEARCH_INVALID_CHARS.slice(0, 10).join(" ")} and 20 more`);
    }
  });

  it("reports invalid characters even in a short query", () => {
    expect(checkSearchQuery("a.")).toMatchObject({ ok: false, reason: "chars", offending: ["."] });
  });
});
