// Shared bench helpers: start the production server on a temp DATA_DIR, sign in, time requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";

/**
 * `dataDir`: start on this data directory (a restored copy) and keep it on close; by default a fresh
 * temporary one, removed on close.
 */
export async function startBenchServer({ seed = true, jobs = true, dataDir: given }: { seed?: boolean; jobs?: boolean; dataDir?: string } = {}) {
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), "aero-bench-"));
  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "production";
  if (!seed) process.env.SEED_DEMO = "false";
  // jobs: false: no worker loops in the server; the seed's queued backfill is set aside (the bench
  // runs the jobs it measures itself).
  if (!jobs) process.env.JOB_WORKERS = "0";
  buildIfStale({ quiet: true });
  const { startServer } = await import("../server");
  const s = await startServer({ port: 0, host: "127.0.0.1", log: false });
  const url = s.url.replace("localhost", "127.0.0.1");
  // A fresh demo queues the seed's text extraction (OCR of its scanned pages: about a minute of CPU);
  // measure the portal, not that backfill: wait until the job queue has nothing left to do.
  if (s.upstream && !jobs) {
    await s.upstream.deps.db.updateTable("jobs").set({ status: "done" }).where("status", "=", "queued").execute();
  } else if (s.upstream) {
    const db = s.upstream.deps.db;
    const started = Date.now();
    for (;;) {
      const busy = await db.selectFrom("jobs").select((e) => e.fn.countAll<number>().as("n")).where("status", "in", ["queued", "running"]).executeTakeFirst();
      if (!Number(busy?.n)) break;
      if (Date.now() - started > 300_000) {
        console.warn(`bench: ${busy?.n} background jobs still queued after 300 s; measuring anyway`);
        break;
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  return {
    url,
    dataDir,
    upstream: s.upstream,
    async close() {
      await s.close();
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the portal's login form and returns the Cookie header to reuse. */
export async function portalLogin(baseUrl: string, email: string, password = "demo-pass-2026"): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`login failed for ${email}: ${res.status}`);
  return session;
}

export function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export async function timeIt(n: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) await fn(); // warm-up
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { median: median(times), p95: [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95) - 1] ?? median(times) };
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The columns of the benches' AeroOPS tab (ops-tab, tab-query, tab-grid-scroll). */
export const BENCH_TAB_COLUMNS = [
  { name: "Description", type: "text" },
  { name: "ATA", type: "text" },
  { name: "Part No", type: "text" },
  { name: "Serial No", type: "text" },
  { name: "Installed", type: "date" },
  { name: "Limit Months", type: "number" },
  { name: "Due", type: "date" },
];
const BENCH_WORDS = ["Escape Slide", "Oxygen Cylinder", "Fire Bottle", "Battery", "Locator Transmitter", "Recorder", "Life Vest", "Valve", "Pump", "Actuator"];
const benchDay = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);
/** Row i of that tab: "Valve" in one description of ten. */
export const benchTabRow = (i: number) => ({
  Description: `${BENCH_WORDS[i % BENCH_WORDS.length]} ${i}`,
  ATA: String(20 + (i % 30)),
  "Part No": `PN-${(i * 7919) % 100_000}`,
  "Serial No": `SN${(i * 104_729) % 1_000_000}`,
  Installed: benchDay(i * 13),
  "Limit Months": 12 + (i % 10) * 12,
  Due: benchDay(i * 13 + 900),
});
