import { describe, expect, it } from "vitest";
import { dateTimeUtc, dateUtc, dayMonth, dayMonthYear, mediumDateTimeUtc } from "~/utils/dates";

// The one date module: each format is UTC and one locale, so the server and the browser render the
// same string. These are the exact strings the pages show.
describe("dates", () => {
  it("dateTimeUtc: '1 May 2024, 14:30 UTC'", () => {
    expect(dateTimeUtc("2024-05-01T14:30:59.123Z")).toBe("1 May 2024, 14:30 UTC");
    expect(dateTimeUtc("2024-05-01T23:30:00+02:00")).toBe("1 May 2024, 21:30 UTC");
    expect(dateTimeUtc("2024-09-07T04:05:00Z")).toBe("7 Sep 2024, 04:05 UTC");
    expect(dateTimeUtc(null)).toBe("");
    expect(dateTimeUtc("")).toBe("");
    expect(dateTimeUtc("not a date")).toBe("not a date");
  });

  it("dateUtc: the UTC day", () => {
    expect(dateUtc("2024-05-01T14:30:00.000Z")).toBe("1 May 2024");
    expect(dateUtc("2024-05-01T01:30:00+02:00")).toBe("30 Apr 2024");
    expect(dateUtc(undefined)).toBe("");
    expect(dateUtc("soon")).toBe("soon");
  });

  it("mediumDateTimeUtc: '3 May 2024, 14:22 UTC', also from a space-separated UTC time", () => {
    expect(mediumDateTimeUtc("2024-05-03T14:22:00Z")).toBe("3 May 2024, 14:22 UTC");
    expect(mediumDateTimeUtc("2024-05-03 14:22:00")).toBe("3 May 2024, 14:22 UTC");
    expect(mediumDateTimeUtc("garbage")).toBe("garbage");
  });

  it("dayMonthYear: '3 May 2024' for a calendar day, whatever the time zone", () => {
    expect(dayMonthYear("2024-05-03")).toBe("3 May 2024");
    expect(dayMonthYear("2024-12-31T23:59:59-10:00")).toBe("31 Dec 2024");
    // The month names are the module's own, whatever the runtime's locale data says of September.
    expect(dayMonthYear("2026-09-30")).toBe("30 Sep 2026");
    expect(dayMonthYear(null)).toBe("");
  });

  it("dayMonth: '2 Mar' for chart labels", () => {
    expect(dayMonth("2026-03-02")).toBe("2 Mar");
    expect(dayMonth("2026-12-25")).toBe("25 Dec");
  });
});
