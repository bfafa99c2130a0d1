// The portal on workerd beside the portal on Node, in front of the same upstream on Node (for the
// README's dated figures): the worker bundle's size (gzip), and the median time to first byte of
// /auth/login and of a signed-in page (/client/home) over loopback, 40 requests each after 10 to warm
// up, one at a time. The worker runs in Miniflare as `npm run test:edge` runs it (scripts/edge-local.ts);
// the Node portal is `server.ts` with MAIN_API_URL and OPS_API_URL (layout C). Neither inlines the
// stylesheet (both are sent its cookie), so both pages are the same markup.
//   npx tsx bench/edge.ts
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { buildEdgeChecked, edgeIsStale, WORKER_BUNDLE } from "../scripts/build-edge";
import { readStylesheet } from "../scripts/built-assets";
import { startEdgeStack } from "../scripts/edge-local";
import { copyDataDir, seedSnapshot } from "../tests/helpers/seed-snapshot";
import { kib, median, portalLogin } from "./lib";

const RUNS = 40;
const WARM_UP = 10;

/** The Node portal (server.ts) in front of a remote upstream, as a child process: its URL and how to stop it. */
async function startNodePortal(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const m = /portal on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve(m[1]!.replace("localhost", "127.0.0.1"));
    });
    child.once("exit", (code) => reject(new Error(`server.ts exited (${code}):\n${out}`)));
  });
  return { url, close: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))) };
}

/** Median milliseconds from sending the request to its answer's headers. */
async function ttfb(url: string, cookie: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const t = performance.now() - t0;
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= WARM_UP) times.push(t);
  }
  return median(times);
}

if (edgeIsStale() && !(await buildEdgeChecked({ quiet: true }))) process.exit(1);
const bundle = fs.readFileSync(WORKER_BUNDLE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-bench-edge-"));
copyDataDir(await seedSnapshot(), dataDir);
const edge = await startEdgeStack({ dataDir });
const node = await startNodePortal({
  MAIN_API_URL: edge.upstream.mainUrl,
  OPS_API_URL: edge.upstream.opsUrl,
  BLOB_PUBLIC_URL: edge.upstream.blobUrl,
  UPSTREAM_SECRET: edge.upstreamSecret,
  SESSION_SECRET: "bench-session-secret-0123456789abcdef",
});
try {
  const css = `aero_css=${path.basename(readStylesheet() ?? "")}`;
  const rows: [string, number, number][] = [];
  for (const [label, page, as] of [
    ["/auth/login (guest)", "/auth/login", null],
    ["/client/home (client@demo.aero)", "/client/home", "client@demo.aero"],
  ] as const) {
    const cookieFor = async (base: string) => (as ? `${await portalLogin(base, as)}; ${css}` : css);
    rows.push([label, await ttfb(edge.url + page, await cookieFor(edge.url)), await ttfb(node.url + page, await cookieFor(node.url))]);
  }
  console.log(`Worker bundle (${path.relative(process.cwd(), WORKER_BUNDLE)}): ${kib(bundle.length)}, gzip ${kib(zlib.gzipSync(bundle).length)}`);
  console.log(`Median time to first byte, ${RUNS} requests each (loopback, one at a time), same upstream on Node:`);
  console.log("| page | workerd (Miniflare) | Node (server.ts) |\n|---|---|---|");
  for (const [label, w, n] of rows) console.log(`| ${label} | ${w.toFixed(1)} ms | ${n.toFixed(1)} ms |`);
} finally {
  await node.close();
  await edge.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
