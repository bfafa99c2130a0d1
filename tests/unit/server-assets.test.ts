// server.ts's content negotiation for the built assets compressed at build time (issue 12).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { pickEncoding } from "../../server";
import { compressAssets } from "../../scripts/compress-assets";

describe("built assets", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
  });

  it("writes .br and .gz beside each script and stylesheet once, and again only when the file changes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-assets-"));
    try {
      fs.mkdirSync(path.join(dir, "routes"));
      const js = path.join(dir, "routes", "a.js");
      fs.writeFileSync(js, "export const x = 1;\n".repeat(200));
      fs.writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(10));
      expect(compressAssets(dir)).toBe(1);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(fs.readFileSync(js, "utf8"));
      expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(fs.readFileSync(js, "utf8"));
      expect(fs.existsSync(path.join(dir, "logo.png.br"))).toBe(false);
      expect(compressAssets(dir)).toBe(0); // nothing to do the second time
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(js, later, later);
      expect(compressAssets(dir)).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
