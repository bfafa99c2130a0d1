// Prints, per page: gzipped JS shipped, HTML+CSS bytes (gzip), and the server's median answer time.
import zlib from "node:zlib";
import { kib, portalLogin, startBenchServer, timeIt } from "./lib";

const PAGES: { path: string; as?: string }[] = [
  { path: "/" },
  { path: "/auth/login" },
  { path: "/client/home", as: "client@demo.aero" },
  { path: "/storage/overview", as: "client@demo.aero" },
  { path: "/admin/analytics", as: "admin@demo.aero" },
];

const gz = (b: Buffer | string) => zlib.gzipSync(b, { level: 6 }).length;

export async function pageWeight(srv: { url: string }) {
  const cookies = new Map<string, string>();
  const rows: string[][] = [];
  const assetCache = new Map<string, Buffer>();
  const asset = async (href: string) => {
    if (!assetCache.has(href)) assetCache.set(href, Buffer.from(await (await fetch(new URL(href, srv.url))).arrayBuffer()));
    return assetCache.get(href)!;
  };
  for (const p of PAGES) {
    let cookie = "";
    if (p.as) {
      if (!cookies.has(p.as)) cookies.set(p.as, await portalLogin(srv.url, p.as));
      cookie = cookies.get(p.as)!;
    }
    const get = () => fetch(srv.url + p.path, { headers: { cookie }, redirect: "manual" });
    const res = await get();
    const html = await res.text();
    if (res.status !== 200) {
      rows.push([p.path, p.as ?? "guest", `HTTP ${res.status}`, "", "", ""]);
      continue;
    }
    const scripts = new Set<string>();
    for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) scripts.add(m[1]);
    for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) scripts.add(m[1]);
    let js = 0;
    for (const s of scripts) js += gz(await asset(s));
    let css = 0;
    for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css += gz(await asset(m[1]));
    const t = await timeIt(30, async () => {
      const r = await get();
      await r.arrayBuffer();
    });
    rows.push([p.path, p.as ?? "guest", kib(js), kib(gz(html)), kib(css), `${t.median.toFixed(1)} ms`]);
  }
  console.log("\nPage weight (gzip) and server answer time (median of 30, production build, loopback)");
  const head = ["page", "as", "JS", "HTML", "CSS", "median"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(r));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const srv = await startBenchServer();
  try {
    await pageWeight(srv);
  } finally {
    await srv.close();
  }
}
