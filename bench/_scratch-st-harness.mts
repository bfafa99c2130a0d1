import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { getRequestListener } from "@hono/node-server";
import { createLocalBlobStore } from "/work/main/upstream/blob/local";
import { ensureSpeedTestFiles } from "/work/main/upstream/blob/speedtest-files";

const dir = "/tmp/sthar/data";
fs.mkdirSync(dir, { recursive: true });
const blob = createLocalBlobStore(dir, { secret: "x".repeat(32), blobBaseUrl: "/_blob" });
await ensureSpeedTestFiles(blob);
const js = (await build({ entryPoints: ["/tmp/sthar/entry.ts"], bundle: true, write: false, format: "iife", alias: { "~": "/work/main/app" } })).outputFiles[0].text;
const blobL = getRequestListener((r) => blob.fetch(r));
const server = http.createServer((req, res) => {
  const u = new URL(req.url!, "http://x");
  if (u.pathname === "/") { res.setHeader("content-type", "text/html"); return res.end(`<html><body><script src="/e.js"></script></body></html>`); }
  if (u.pathname === "/e.js") { res.setHeader("content-type", "text/javascript"); return res.end(js); }
  if (u.pathname === "/resources/speed-test-link") {
    const f = u.searchParams.get("file");
    res.setHeader("content-type", "application/json");
    return res.end(JSON.stringify({ url: blob.signedGetUrl(`speedtest/${f}.bin`, { expiresInSeconds: 172800, noCache: true }), expires_in: 172800 }));
  }
  if (u.pathname.startsWith("/_blob")) return blobL(req, res);
  res.statusCode = 404; res.end();
});
const port = Number(process.env.PORT ?? 0);
await new Promise<void>((r) => server.listen(port, process.env.HOST ?? "127.0.0.1", r));
const addr = process.env.TARGET ?? `http://127.0.0.1:${(server.address() as any).port}`;
console.log("harness", addr);
if (process.env.SERVE_ONLY) await new Promise(() => {});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"] });
const rates = (process.env.RATES ?? "2,10,18,20,22,50").split(",").map(Number);
const latency = Number(process.env.LAT ?? 40);
const mode = process.env.MODE ?? "automatic";
for (const rate of rates) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(addr + "/");
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: rate * 1e6 / 8, uploadThroughput: rate * 1e6 / 8 });
  const t0 = Date.now();
  const r = await page.evaluate(`(async () => {
    const prog = [];
    try {
      const res = await window.runSpeedTest(${JSON.stringify(mode)}, { linkEndpoint: "/resources/speed-test-link", onProgress: (p) => { if (p.bytes >= {"1MB":1e6,"5MB":5e6,"10MB":1e7,"50MB":5e7}[p.file]) prog.push([p.file, p.connections, p.mbps.toFixed(2)]); } });
      return { bw: res.bandwidth.toFixed(2), dur: res.duration.toFixed(2), prog };
    } catch (e) { return { err: e.message }; }
  })()`);
  console.log(rate, "Mbps", JSON.stringify(r), ((Date.now() - t0) / 1000).toFixed(1) + "s");
  await ctx.close();
}
await browser.close();
server.close();
