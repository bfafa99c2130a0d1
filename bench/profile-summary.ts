// Summarises a V8 CPU profile (`node --cpu-prof`): self time by area of the server (route matching,
// rendering, the app's own code, the upstream with Kysely and SQLite, zlib, GC, …) and the functions
// with the most self time. How bench/profile-summary.md was made:
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [--from-ms N] [--top 30] [--pages N]
// --from-ms skips the first N ms of the profile (the server's start-up before the load); --pages
// (the pages served meanwhile) adds each area's time per page.
// A native function without a script (JSON.parse, a regular expression) counts for the area of the
// nearest caller that has one.
import fs from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Route matching in Remix's router and server runtime, by function name (the rest of them is the runtime). */
const ROUTE_MATCHING =
  /^(matchRoutes|matchRoutesImpl|flattenRoutes|flattenRoute|rankRouteBranches|computeScore|compareIndexes|matchRouteBranch|matchPath|compilePath|explodeOptionalSegments|convertRoutesToDataRoutes|createRoutes|createStaticHandlerDataRoutes|groupRoutesByParentId|decodePath|stripBasename|joinPaths)$/;

/** The area of a script, by its path (first match wins). */
const AREAS: [string, RegExp][] = [
  ["route matching", /server-runtime\/dist\/(routeMatching|routes)\.js/],
  ["rendering (React)", /react-dom\/|\/react\/|\/react-router(-dom)?\/|scheduler\//],
  ["upstream: Kysely", /\/kysely\//],
  ["upstream: SQLite", /better-sqlite3|\/upstream\/db\//],
  ["upstream: handlers (Hono, upstream/)", /\/hono\/|@hono\/|\/upstream\//],
  ["zlib and compression", /node:zlib|\/compression\/|zlib\.js/],
  ["zod", /\/zod\//],
  ["Remix server runtime", /@remix-run\/(router|server-runtime|node|express)\//],
  ["Express", /\/express\/|\/body-parser\/|\/send\/|\/serve-static\/|\/router\/|\/finalhandler\//],
  ["cookies and signing", /\/cookie\/|\/cookie-signature\/|node:crypto|internal\/crypto/],
  ["fetch API objects (undici: Request, Response, Headers)", /undici|internal\/deps\/undici|internal\/webstreams/],
  ["the app (build/server: loaders, components)", /\/build\/server\//],
  ["the server (server.ts, scripts/)", /\/server\.ts|\/scripts\//],
  ["Node internals (http, streams, timers)", /^node:|internal\//],
  ["other packages", /node_modules/],
];
const SPECIAL = new Map([["(garbage collector)", "GC"], ["(program)", "V8 and native (program)"], ["(idle)", "idle"], ["(root)", "idle"]]);

function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) throw new Error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [--from-ms N] [--top N]");
  const opt = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const fromMs = opt("--from-ms", 0);
  const top = opt("--top", 30);
  const pages = opt("--pages", 0);
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const areaCache = new Map<number, string>();
  const areaOf = (id: number): string => {
    const cached = areaCache.get(id);
    if (cached) return cached;
    const n = byId.get(id)!;
    let area = SPECIAL.get(n.callFrame.functionName) ?? null;
    if (!area && /@remix-run\/(router|server-runtime)\//.test(n.callFrame.url) && ROUTE_MATCHING.test(n.callFrame.functionName)) area = "route matching";
    if (!area && n.callFrame.url) area = AREAS.find(([, re]) => re.test(n.callFrame.url))?.[0] ?? "other scripts";
    if (!area) area = parent.has(id) ? areaOf(parent.get(id)!) : "V8 and native (program)";
    areaCache.set(id, area);
    return area;
  };
  const shortUrl = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules\/|build\/|upstream\/|app\/|scripts\/|server\.ts)/, "$1");
  const fnKey = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url ? `${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : "(native)"}`;

  const selfByArea = new Map<string, number>();
  const selfByFn = new Map<string, { us: number; area: string }>();
  let t = profile.startTime;
  let total = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample's time is the gap to the next one (how Chrome's DevTools counts it).
    const us = profile.timeDeltas[i + 1] ?? 0;
    if ((t - profile.startTime) / 1000 < fromMs) continue;
    const id = profile.samples[i]!;
    const area = areaOf(id);
    if (area === "idle") {
      idle += us;
      continue;
    }
    total += us;
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + us);
    const key = fnKey(byId.get(id)!);
    const f = selfByFn.get(key) ?? { us: 0, area };
    f.us += us;
    selfByFn.set(key, f);
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
  const perPage = (us: number) => (pages ? ` ${(us / 1000 / pages).toFixed(2)} ms |` : "");
  console.log(`CPU (not idle): ${ms(total)}${pages ? `, ${(total / 1000 / pages).toFixed(2)} ms a page` : ""}; idle: ${ms(idle)}${fromMs ? ` (from ${fromMs} ms on)` : ""}\n`);
  console.log(`| Area | Self time | Share |${pages ? " A page |" : ""}\n|---|---:|---:|${pages ? "---:|" : ""}`);
  for (const [area, us] of [...selfByArea].sort((a, b) => b[1] - a[1])) console.log(`| ${area} | ${ms(us)} | ${pct(us)} |${perPage(us)}`);
  console.log(`\n| Function (self time, top ${top}) | Area | Self time | Share |\n|---|---|---:|---:|`);
  for (const [key, f] of [...selfByFn].sort((a, b) => b[1].us - a[1].us).slice(0, top)) console.log(`| \`${key}\` | ${f.area} | ${ms(f.us)} | ${pct(f.us)} |`);
}

main();
