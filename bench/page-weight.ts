// What a page costs on a thin link (issue 12), for ~10 representative pages:
//   - JS, HTML and CSS bytes, gzip and brotli (JS as the browser fetches it when the page loads: the
//     scripts and modulepreloads of the HTML, the page script's imports and the widgets the page
//     names; code a page imports later, on use, is not counted; CSS the stylesheets linked);
//   - upstream calls per page and the server's median answer time (30 runs, loopback);
//   - first contentful paint in headless Chromium on an emulated 400 kbps / 400 ms link (cold cache,
//     median of 3), and its ratio to the physical minimum: two round trips plus the HTML and CSS bytes
//     as sent, at 400 kbps;
//   - signed-in pages per second at 10 and 50 connections (autocannon, 5 s each): client home, a
//     folder page, an AeroOPS tab page, the AeroOIL status dashboard, beside a static file.
//   npx tsx bench/page-weight.ts           (BENCH_FCP=0 skips the browser part)
import zlib from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { JS_FLOOR_BYTES, servedPageJs } from "../tests/helpers/js-weight";
import { kib, median, portalLogin, startBenchServer, timeIt } from "./lib";

export const THIN_LINK = { kbps: 400, rttMs: 400 };
/**
 * The empty Remix v2 page on this stack (React + Remix runtime, gzip): the JS floor of DESIGN §6,
 * measured by bench/js-floor.ts and pinned in tests/helpers/js-weight.ts (85,988 bytes, 84.0 KiB).
 */
export const JS_FLOOR_KIB = JS_FLOOR_BYTES / 1024;

interface Page {
  path: string;
  as?: string;
  island?: boolean;
}

/** Pages of the demo that the bench needs by URL: a folder, an AeroOPS tab, the AeroOIL status dashboard. */
export async function demoPages(url: string) {
  const cookie = await portalLogin(url, "client@demo.aero");
  const html = async (path: string) => (await fetch(url + path, { headers: { cookie } })).text();
  const folder = (await html("/storage/overview")).match(/href="(\/storage\/aircraft\/\d+\/files)"/)?.[1] ?? "/storage/aircraft/1/files";
  const dashboard = ((await html("/client/Aerooil")).match(/href="(\/client\/Aerooil\/statusDashboard\?[^"]+)"/)?.[1] ?? "/client/Aerooil/statusDashboard").replace(/&amp;/g, "&");
  const aircraft = /org_msn_id=(\d+)/.exec(dashboard)?.[1] ?? "1";
  const tabs = (await html(`/client/Aeroops/aeroplane?org_msn_id=${aircraft}`)).split('aria-label="Tabs"')[1] ?? "";
  const opsTab = ([...tabs.matchAll(/href="(\/client\/Aeroops\/[^"?\/]+\?[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")).find((h) => !/\/(aeroplane|maintenance|workorder|logbooks)\?/.test(h))) ?? `/client/Aeroops/aeroplane?org_msn_id=${aircraft}`;
  return { folder, dashboard, opsTab };
}

async function pages(srv: { url: string; upstream: unknown }): Promise<Page[]> {
  const { folder, dashboard, opsTab } = await demoPages(srv.url);
  return [
    { path: "/" },
    { path: "/auth/login" },
    { path: "/client/home", as: "client@demo.aero" },
    { path: "/storage/overview", as: "client@demo.aero" },
    { path: folder, as: "client@demo.aero", island: true },
    { path: opsTab, as: "client@demo.aero", island: true },
    { path: dashboard, as: "client@demo.aero" },
    { path: "/storage/search?query=certificate", as: "client@demo.aero" },
    { path: "/client/dashboard", as: "client@demo.aero" },
    { path: "/consultant/home", as: "consultant@demo.aero" },
    { path: "/admin/analytics", as: "admin@demo.aero" },
    { path: "/admin/user-access-control", as: "admin@demo.aero" },
    { path: "/user/settings", as: "client@demo.aero" },
  ];
}

const gz = (b: Buffer | string) => zlib.gzipSync(b, { level: 9 }).length;
const br = (b: Buffer | string) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export interface PageFigures {
  path: string;
  as: string;
  island: boolean;
  jsGzip: number;
  jsBrotli: number;
  htmlGzip: number;
  htmlBrotli: number;
  cssGzip: number;
  cssBrotli: number;
  upstreamCalls: number;
  serverMs: number;
  fcpMs: number | null;
  minimumMs: number;
}

export async function measurePages(srv: { url: string; upstream: unknown }, { fcp = true } = {}): Promise<PageFigures[]> {
  const cookies = new Map<string, string>();
  const cookieFor = async (email?: string) => {
    if (!email) return "";
    if (!cookies.has(email)) cookies.set(email, await portalLogin(srv.url, email));
    return cookies.get(email)!;
  };
  const assetCache = new Map<string, Buffer>();
  const asset = async (href: string) => {
    if (!assetCache.has(href)) assetCache.set(href, Buffer.from(await (await fetch(new URL(href, srv.url), { headers: { "accept-encoding": "identity" } })).arrayBuffer()));
    return assetCache.get(href)!;
  };
  const out: PageFigures[] = [];
  const list = await pages(srv);
  const browser = fcp ? await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] }) : null;
  try {
    for (const p of list) {
      const cookie = await cookieFor(p.as);
      const get = () => fetch(srv.url + p.path, { headers: { cookie }, redirect: "manual" });
      const res = await get();
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${p.path}: HTTP ${res.status}`);
      const calls = Number(/upstream;desc="(\d+) calls/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? 0);
      let jsGzip = 0;
      let jsBrotli = 0;
      // What the page loads when it opens (its scripts, the page script's imports and the widgets its
      // HTML names: tests/helpers/js-weight.ts).
      for (const s of servedPageJs(html).files) {
        const b = await asset(s);
        jsGzip += gz(b);
        jsBrotli += br(b);
      }
      let cssGzip = 0;
      let cssBrotli = 0;
      // The stylesheet: linked, or inlined on a first visit (then prefetched for the next pages).
      let linkedCss = 0;
      for (const m of html.matchAll(/<link[^>]*rel="(stylesheet|prefetch)"[^>]*href="([^"]+\.css)"/g)) {
        const b = await asset(m[2]!);
        cssGzip += gz(b);
        cssBrotli += br(b);
        if (m[1] === "stylesheet") linkedCss += br(b);
      }
      const t = await timeIt(30, async () => {
        const r = await get();
        await r.arrayBuffer();
      });
      // The physical minimum on the thin link: two round trips (connection, request) and the bytes of
      // the HTML and CSS as the server sends them (gzip; brotli for the built CSS). An inlined
      // stylesheet is already in the HTML.
      const bytes = gz(html) + (linkedCss || (html.includes("data-inline-css") ? 0 : cssBrotli));
      const minimumMs = 2 * THIN_LINK.rttMs + ((bytes * 8) / (THIN_LINK.kbps * 1000)) * 1000;
      let fcpMs: number | null = null;
      if (browser) {
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const context = await browser.newContext();
          if (cookie) {
            const [name, ...v] = cookie.split("=");
            await context.addCookies([{ name: name!, value: v.join("="), url: srv.url }]);
          }
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency: THIN_LINK.rttMs,
            downloadThroughput: (THIN_LINK.kbps * 1000) / 8,
            uploadThroughput: (THIN_LINK.kbps * 1000) / 8,
          });
          // Results of earlier runs would skip the speed test's files (as they do for a real user).
          await page.goto(srv.url + p.path, { waitUntil: "commit" });
          const v = await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const seen = performance.getEntriesByName("first-contentful-paint")[0];
                if (seen) return resolve(seen.startTime);
                new PerformanceObserver((l) => {
                  const e = l.getEntriesByName("first-contentful-paint")[0];
                  if (e) resolve(e.startTime);
                }).observe({ type: "paint", buffered: true });
              }),
          );
          runs.push(v);
          await context.close();
        }
        fcpMs = median(runs);
      }
      out.push({
        path: p.path,
        as: p.as ?? "guest",
        island: Boolean(p.island),
        jsGzip,
        jsBrotli,
        htmlGzip: gz(html),
        htmlBrotli: br(html),
        cssGzip,
        cssBrotli,
        upstreamCalls: calls,
        serverMs: t.median,
        fcpMs,
        minimumMs,
      });
    }
  } finally {
    await browser?.close();
  }
  return out;
}

/** Signed-in pages per second at a number of connections (autocannon, loopback). */
export async function pagesPerSecond(url: string, cookie: string, connections: number, seconds = 5): Promise<number> {
  const r = await autocannon({ url, connections, duration: seconds, headers: { cookie, "accept-encoding": "gzip" } });
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return r.requests.average;
}

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(r));
}

export async function pageWeight(srv: { url: string; upstream: unknown }) {
  const fcp = process.env.BENCH_FCP !== "0";
  const figures = await measurePages(srv, { fcp });
  console.log(`\nPage weight, upstream calls, server time and first paint on ${THIN_LINK.kbps} kbps / ${THIN_LINK.rttMs} ms (production build, loopback)`);
  table(
    ["page", "as", "JS gzip / br", "over floor", "HTML gzip / br", "CSS gzip / br", "upstream calls", "server median", `FCP ${THIN_LINK.kbps} kbps`, "minimum", "ratio"],
    figures.map((f) => [
      f.path,
      f.as,
      `${kib(f.jsGzip)} / ${kib(f.jsBrotli)}`,
      `${(f.jsGzip / 1024 - JS_FLOOR_KIB).toFixed(1)} KiB${f.island ? " (island)" : ""}`,
      `${kib(f.htmlGzip)} / ${kib(f.htmlBrotli)}`,
      `${kib(f.cssGzip)} / ${kib(f.cssBrotli)}`,
      String(f.upstreamCalls),
      `${f.serverMs.toFixed(1)} ms`,
      f.fcpMs == null ? "—" : `${f.fcpMs.toFixed(0)} ms`,
      `${f.minimumMs.toFixed(0)} ms`,
      f.fcpMs == null ? "—" : `${(f.fcpMs / f.minimumMs).toFixed(2)}×`,
    ]),
  );
  // Signed-in pages per second: the four pages, and a static file through the same server
  // (what the server does around a page: the ceiling).
  const { folder, dashboard, opsTab } = await demoPages(srv.url);
  const rows: string[][] = [];
  const session = await portalLogin(srv.url, "client@demo.aero");
  for (const path of ["/favicon.svg", "/client/home", folder, opsTab, dashboard]) {
    // A returning browser: it has the stylesheet (the aero_css cookie), so pages link it.
    const first = await fetch(srv.url + path, { headers: { cookie: session } });
    await first.arrayBuffer();
    const css = first.headers.getSetCookie().find((c) => c.startsWith("aero_css="))?.split(";")[0];
    const cookie = css ? `${session}; ${css}` : session;
    const at10 = await pagesPerSecond(srv.url + path, cookie, 10);
    const at50 = await pagesPerSecond(srv.url + path, cookie, 50);
    rows.push([path, "client@demo.aero", at10.toFixed(0), at50.toFixed(0)]);
  }
  console.log("\nSigned-in pages per second (autocannon, 5 s each, loopback, one process; the first row a static file)");
  table(["page", "as", "10 connections", "50 connections"], rows);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const srv = await startBenchServer();
  try {
    await pageWeight(srv);
  } finally {
    await srv.close();
  }
}
