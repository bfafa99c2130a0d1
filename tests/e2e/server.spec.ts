// server.ts: security headers, an enforced CSP whose nonce is on every inline script, immutable
// caching of built assets, compression (but never on the blob store), the embedded upstream mounts.
import { expect, test } from "./fixtures";

test("pages carry the security headers and an enforced CSP with this response's nonce", async ({ request }) => {
  const res = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["content-security-policy"]).toBeTruthy();
  expect(h["content-security-policy-report-only"]).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(h["content-security-policy"])?.[1];
  expect(nonce).toBeTruthy();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["x-powered-by"]).toBeUndefined();
  expect(h["content-encoding"]).toBe("gzip");
  const html = await res.text();
  // Every script carries it: the page script (a module), and on a hydrating page Remix's inline ones.
  const scripts = [...html.matchAll(/<script([^>]*)>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const m of scripts) expect(m[1]).toContain(`nonce="${nonce}"`);
  // A second response gets a different nonce.
  const again = await request.get("/");
  expect(/'nonce-([^']+)'/.exec(again.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
});

test("built assets are cached immutably; the blob store is never compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const a = await request.get(asset!);
  expect(a.status()).toBe(200);
  expect(a.headers()["cache-control"]).toContain("immutable");
  expect(a.headers()["cache-control"]).toContain("max-age=31536000");

  const blob = await request.get("/_blob/o/speedtest/1MB.bin", { headers: { "Accept-Encoding": "gzip" } });
  expect(blob.status()).toBe(403); // unsigned
  expect(blob.headers()["content-encoding"]).toBeUndefined();
});

test("the embedded upstream answers at /_api/main and /_api/ops and refuses calls without credentials", async ({ request }) => {
  expect((await request.get("/_api/main/healthz.json")).status()).toBe(200);
  expect((await request.get("/_api/main/storage/v2/aircraft.json")).status()).toBe(401);
  expect((await request.post("/_api/ops/v1/ops_tab_info/list_tabs.json", { data: {} })).status()).toBe(401);
  const health = await request.get("/healthz");
  expect(await health.json()).toEqual({ ok: true });
});

test("a form posted from another site gets a short 403 page, not a server error (issue 10)", async ({ request }) => {
  const res = await request.post("/auth/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: "client@demo.aero", password: "demo-pass-2026" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("This form was not accepted");
  expect(res.headers()["set-cookie"]).toBeUndefined();
  // "Origin: null" (a sandboxed page) is another site too; the portal's own origin passes.
  expect((await request.post("/auth/login", { headers: { Origin: "null" }, form: { email: "x@y.z", password: "p" }, maxRedirects: 0 })).status()).toBe(403);
  const own = new URL(res.url()).origin;
  expect((await request.post("/auth/login", { headers: { Origin: own }, form: { email: "client@demo.aero", password: "demo-pass-2026" }, maxRedirects: 0 })).status()).toBe(302);
});

test("built assets are served compressed at build time: brotli or gzip by Accept-Encoding (issue 12)", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const plain = await request.get(asset!, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const text = await plain.text();
  const br = await request.get(asset!, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(br.headers()["vary"]).toContain("Accept-Encoding");
  expect(br.headers()["content-type"]).toContain("javascript");
  expect(br.headers()["cache-control"]).toContain("immutable");
  expect(Number(br.headers()["content-length"])).toBeLessThan(Buffer.byteLength(text));
  expect(await br.text()).toBe(text);
  const gz = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gz.headers()["content-encoding"]).toBe("gzip");
  expect(Number(gz.headers()["content-length"])).toBeGreaterThan(0); // a file on disk: a length, not chunked on the fly
  expect(await gz.text()).toBe(text);
});
