import { describe, expect, it } from "vitest";
import { SIZE_UNITS, formatBytes } from "~/models/size";

describe("formatBytes (Bytes to YB in steps of 1024)", () => {
  it("has the nine units", () => expect(SIZE_UNITS).toEqual(["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"]));
  it("formats", () => {
    expect(formatBytes(0)).toBe("0 Bytes");
    expect(formatBytes(-5)).toBe("0 Bytes");
    expect(formatBytes(Number.NaN)).toBe("0 Bytes");
    expect(formatBytes(1)).toBe("1 Bytes");
    expect(formatBytes(1023)).toBe("1023 Bytes");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1024 ** 2 * 5)).toBe("5 MB");
    expect(formatBytes(1024 ** 3 * 1.25)).toBe("1.25 GB");
    expect(formatBytes(1024 ** 4)).toBe("1 TB");
    expect(formatBytes(1024 ** 5)).toBe("1 PB");
    expect(formatBytes(1024 ** 6)).toBe("1 EB");
    expect(formatBytes(1024 ** 7)).toBe("1 ZB");
    expect(formatBytes(1024 ** 8)).toBe("1 YB");
    expect(formatBytes(1024 ** 9)).toBe("1024 YB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatBytes(1500, 0)).toBe("1 KB");
  });
});
