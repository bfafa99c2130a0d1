// A page's HTML goes to gzip in one piece (app/entry.server.tsx). React writes a page in 2 KiB
// pieces, and Remix's adapter flushes the compression stream after each piece it is handed: each
// piece handed on alone became its own deflate block ended by a sync flush (the bytes 00 00 FF FF),
// which cost zlib time and doubled the page's gzip size (bench/profile-summary.md).
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => portal?.close());

/** The raw gzip answer of a GET (fetch() would unpack it). */
function gzipGet(url: string, cookie: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, "accept-encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

/** Sync flushes in a deflate stream: each ends with an empty stored block, 00 00 FF FF. */
function syncFlushes(gz: Buffer): number {
  let n = 0;
  for (let i = gz.indexOf(Buffer.from([0, 0, 0xff, 0xff])); i >= 0; i = gz.indexOf(Buffer.from([0, 0, 0xff, 0xff]), i + 1)) n++;
  return n;
}

describe("a page's gzip answer", () => {
  it("is compressed in one piece, not one per 2 KiB React wrote", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const res = await gzipGet(`${portal.url}/client/home`, b.cookieHeader());
    expect(res.status).toBe(200);
    expect(res.encoding).toBe("gzip");
    const html = zlib.gunzipSync(res.body).toString("utf8");
    expect(html.length).toBeGreaterThan(16 * 1024);
    // The whole page (single fetch's data stream ends it with its empty Suspense boundary's marks).
    expect(html).toMatch(/<\/html>(<!--\$--><!--\/\$-->)?$/);
    expect(syncFlushes(res.body)).toBeLessThanOrEqual(2);
  });
});
