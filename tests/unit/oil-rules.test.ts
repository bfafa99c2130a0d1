// The oil status page's title (spec 001 §2 "Status pages", ADR 037): Status Overview before
// 2024-08-19, Status Dashboard from that day on; the aircraft's OIL issue date rules, else today.
import { describe, expect, it } from "vitest";
import { STATUS_TITLE_CUTOFF, statusPageTitle } from "~/models/oil-rules";

describe("statusPageTitle", () => {
  it("is Status Overview the day before the cut-off and earlier", () => {
    expect(statusPageTitle("2024-08-18")).toBe("Status Overview");
    expect(statusPageTitle("2024-03-15")).toBe("Status Overview");
    expect(statusPageTitle("2019-12-31T23:59:59Z")).toBe("Status Overview");
  });

  it("is Status Dashboard on the cut-off day and after", () => {
    expect(STATUS_TITLE_CUTOFF).toBe("2024-08-19");
    expect(statusPageTitle("2024-08-19")).toBe("Status Dashboard");
    expect(statusPageTitle("2024-08-19T00:00:00Z")).toBe("Status Dashboard");
    expect(statusPageTitle("2026-09-12")).toBe("Status Dashboard");
  });

  it("falls back to today without an issue date (or with an unreadable one)", () => {
    const before = new Date("2024-08-18T23:00:00Z");
    const on = new Date("2024-08-19T00:00:00Z");
    expect(statusPageTitle(null, before)).toBe("Status Overview");
    expect(statusPageTitle(undefined, on)).toBe("Status Dashboard");
    expect(statusPageTitle("", before)).toBe("Status Overview");
    expect(statusPageTitle("not a date", on)).toBe("Status Dashboard");
    expect(statusPageTitle("2024-13-45", before)).toBe("Status Overview");
  });

  it("lets the issue date win over today", () => {
    expect(statusPageTitle("2024-01-01", new Date("2026-11-25T12:00:00Z"))).toBe("Status Overview");
    expect(statusPageTitle("2025-01-01", new Date("2020-01-01T12:00:00Z"))).toBe("Status Dashboard");
  });
});
