// Data at scale: the figures of a large data set, on SQLite and on PostgreSQL side by side, through
// the portal's pages (HTTP GETs of a signed-in browser without JavaScript, production build):
// - a 100,000-row AeroOPS tab: a page sorted by a text column and filtered by a word;
// - a 14-row tab of another user, idle and while a third client pages through the big tab (the
//   increase is what one user's heavy page costs everyone else);
// - content search over 10,000 documents' extracted text: a common word, two words, a 3-letter prefix;
// - a folder of 20,000 files: page 1 and page 400; the audit log (admin page): page 1 and page 400;
// - the longest event-loop block of the server's process during the measurements.
// Each figure is p50 / p95 of n requests after warm-up, with the upstream's share of the p50 (the
// portal's Server-Timing). A request is given up after 30 s ("timeout"), and a slow figure takes
// fewer samples (at least 3) once its time budget is spent, so a slow baseline still finishes. On
// PostgreSQL the query of a request given up goes on: before each figure the bench waits for the
// database to be idle (cancelling after a minute) and reports the time it waited.
//
// The data set is built through the upstream's own paths (the tab API, the portal's workbook import,
// upload links, the blob store, index_files, the text extraction job's handler, the audit log),
// once, and cached in .cache/bench-scale/<engine>-<key>/: SQLite as a copy of the data directory,
// PostgreSQL as a pg_dump (custom format) beside the data directory's blobs, restored into a
// throwaway cluster (scripts/pg-temp.ts) for each run. <key> changes with DATASET_VERSION and with
// the migrations (upstream/db/migrations/), so the cache is rebuilt when either changes.
//
//   npm run bench -- scale          (or: npx tsx bench/scale.ts; BENCH_SCALE_ENGINES=sqlite|pg)
//
// Processes: this one (the table) runs per engine one child to build the cache when it is missing
// (BENCH_SCALE_CHILD=build) and one to measure (BENCH_SCALE_CHILD=measure); each child starts the
// production server in its own process, so the event-loop delay it reports is the server's (the
// bench's own client runs in the same process, and its share of that loop is small).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import pg from "pg";
import { BENCH_TAB_COLUMNS, portalLogin, startBenchServer } from "./lib";
import { buildIfStale } from "../scripts/build-if-stale";
import { findPgBin, startTempPostgres, type TempPostgres } from "../scripts/pg-temp";
import { pgDump, pgRestore } from "../upstream/db/pg-tools";
import { extractText, extractTextHandler } from "../upstream/jobs/extract-text";

/** Bump when the data set's contents change: the cached copies are then rebuilt. */
const DATASET_VERSION = 1;
const TIMEOUT_MS = 30_000;
const RUNS = 60;
/**
 * Warm-up requests of a figure before its samples: a server in service has compiled its hot code,
 * and the first 20-30 requests of a page in a fresh process measure V8's compiler (the big tab's
 * first 30 requests: p95 71-80 ms; the next 100: 46-51 ms). Fewer when a request is slow.
 */
const WARMUP = 20;
/** Time one figure may take before it stops with fewer samples (at least MIN_RUNS). */
const BUDGET_MS = 45_000;
const MIN_RUNS = 3;

const BIG_ROWS = 100_000;
const SMALL_ROWS = 14;
const DOCUMENTS = 10_000;
const FOLDER_FILES = 20_000;
const AUDIT_ENTRIES = 25_000;
const PASSWORD = "demo-pass-2026";

const self = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(self), "..");
const CACHE = path.join(ROOT, ".cache", "bench-scale");
const ENGINES = { sqlite: "SQLite", pg: "PostgreSQL" } as const;
type Engine = keyof typeof ENGINES;

/** What the measuring run needs to know about the cached data set. */
interface Meta {
  bigAircraft: number;
  smallAircraft: number;
  bigTab: string;
  smallTab: string;
  folderAircraft: number;
  folder: string;
  filterWord: string;
  sortColumn: string;
  searches: { label: string; query: string }[];
  built: string;
  buildSeconds: number;
}

/** One printed figure: a label and its cell. */
type Row = [string, string];

// ---------------------------------------------------------------------------------------------
// The parent: per engine, build the cache if needed, measure, then one table
// ---------------------------------------------------------------------------------------------

function datasetKey(): string {
  const dir = path.join(ROOT, "upstream", "db", "migrations");
  const hash = crypto.createHash("sha256").update(`dataset ${DATASET_VERSION}\n`);
  for (const f of fs.readdirSync(dir).sort()) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
  hash.update(fs.readFileSync(path.join(ROOT, "upstream", "db", "index.ts"))); // the list of migrations
  return hash.digest("hex").slice(0, 12);
}

async function parent() {
  buildIfStale();
  // Working copies and half builds a stopped run left behind.
  for (const d of fs.existsSync(CACHE) ? fs.readdirSync(CACHE) : []) if (d.startsWith("run-") || d.includes(".tmp-")) fs.rmSync(path.join(CACHE, d), { recursive: true, force: true });
  const key = datasetKey();
  const hasPg = !!findPgBin();
  const wanted = (process.env.BENCH_SCALE_ENGINES ?? "sqlite,pg").split(",").map((s) => s.trim()) as Engine[];
  const engines = wanted.filter((e) => e in ENGINES && (e !== "pg" || hasPg));
  if (wanted.includes("pg") && !hasPg) console.log("PostgreSQL is not installed: SQLite only (Debian: apt-get install postgresql).");
  const results: { engine: Engine; rows: Row[] }[] = [];
  for (const engine of engines) {
    const cacheDir = path.join(CACHE, `${engine}-${key}`);
    let cluster: TempPostgres | null = null;
    const { DATABASE_URL: _ignored, ...env } = process.env;
    try {
      if (engine === "pg") cluster = await startTempPostgres();
      const run = (mode: "build" | "measure", database: string, extra: Record<string, string> = {}) => {
        const childEnv: NodeJS.ProcessEnv = { ...env, BENCH_SCALE_CHILD: mode, BENCH_SCALE_DIR: cacheDir, ...extra };
        if (cluster) childEnv.DATABASE_URL = cluster.urlFor(database);
        return spawnSync(process.execPath, ["--import", "tsx", self], { stdio: "inherit", env: childEnv, cwd: ROOT }).status;
      };
      if (!fs.existsSync(path.join(cacheDir, "meta.json"))) {
        console.log(`\n--- ${ENGINES[engine]}: building the data set (once; cached in ${path.relative(ROOT, cacheDir)})`);
        if (cluster) await createDatabase(cluster, "aero_build");
        if (run("build", "aero_build") !== 0 || !fs.existsSync(path.join(cacheDir, "meta.json"))) {
          console.log(`(the ${ENGINES[engine]} data set could not be built)`);
          continue;
        }
        // Older data sets of this engine are of no more use.
        for (const d of fs.readdirSync(CACHE)) if (d.startsWith(`${engine}-`) && d !== path.basename(cacheDir)) fs.rmSync(path.join(CACHE, d), { recursive: true, force: true });
      }
      console.log(`\n--- ${ENGINES[engine]}: measuring`);
      if (cluster) await createDatabase(cluster, "aero");
      const json = path.join(os.tmpdir(), `aero-bench-scale-${process.pid}-${engine}.json`);
      run("measure", "aero", { BENCH_JSON: json });
      try {
        results.push({ engine, rows: JSON.parse(fs.readFileSync(json, "utf8")) as Row[] });
        fs.rmSync(json);
      } catch {
        console.log(`(no figures from the ${ENGINES[engine]} run)`);
      }
    } finally {
      await cluster?.stop();
    }
  }
  if (!results.length) return;
  const labels = [...new Set(results.flatMap((r) => r.rows.map((x) => x[0])))];
  const head = ["measure", ...results.map((r) => ENGINES[r.engine])];
  const table = labels.map((l) => [l, ...results.map((r) => r.rows.find((x) => x[0] === l)?.[1] ?? "")]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(`\nData at scale, side by side (production build, loopback, ${os.cpus().length} cores; p50 / p95 of n requests after warm-up, upstream share of p50)`);
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of table) console.log(line(r));
}

async function createDatabase(cluster: TempPostgres, name: string) {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32): the same data set on every build. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAB_COLUMNS = BENCH_TAB_COLUMNS;
// 40 components, two of them valves: the filter word "Valve" matches 5 % of the rows.
const COMPONENTS = [
  "Escape Slide", "Oxygen Cylinder", "Fire Bottle", "Main Battery", "Emergency Locator Transmitter", "Flight Data Recorder",
  "Cockpit Voice Recorder", "Life Vest", "Bleed Valve", "Fuel Pump", "Flap Actuator", "Starter Generator", "Brake Assembly",
  "Main Wheel", "Nose Wheel", "Landing Light", "Pitot Probe", "Static Port Heater", "Air Data Module", "Weather Radar",
  "Transponder", "VHF Radio", "Cabin Pressure Controller", "Outflow Regulator", "Pack Heat Exchanger", "Ozone Converter",
  "Water Heater", "Lavatory Smoke Detector", "Cargo Smoke Detector", "Galley Oven", "Seat Belt Sign", "Portable Extinguisher",
  "Crew Oxygen Mask", "Hydraulic Accumulator", "Shutoff Valve", "Engine Fire Detector", "APU Starter", "Windshield Wiper",
  "Ice Detector", "Fuel Quantity Probe",
];
const SIDES = ["LH", "RH", "Fwd", "Aft", "Centre", "No. 1", "No. 2"];
const day = (n: number) => new Date(Date.UTC(2016, 0, 1) + (n % 4000) * 86_400_000).toISOString().slice(0, 10);
function tabRow(i: number, rnd: () => number): (string | number)[] {
  const installed = Math.floor(rnd() * 3600);
  const limit = 12 * (1 + Math.floor(rnd() * 10));
  return [
    `${COMPONENTS[Math.floor(rnd() * COMPONENTS.length)]} ${SIDES[Math.floor(rnd() * SIDES.length)]}`,
    String(21 + Math.floor(rnd() * 30)),
    `PN-${String(Math.floor(rnd() * 1e6)).padStart(6, "0")}`,
    `SN${String(i * 7919 + Math.floor(rnd() * 1000)).padStart(8, "0")}`,
    day(installed),
    limit,
    day(installed + Math.round(limit * 30.4)),
  ];
}

async function workbook(rows: (string | number)[][]): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Data");
  ws.addRow(TAB_COLUMNS.map((c) => c.name));
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
}

// Words of maintenance records. The searched ones are drawn per document with set odds: "corrosion"
// in ~35 % of the documents, "hydraulic" ~30 % and "actuator" with half of those (the two words
// together ~15 %), and "cor…" (corrosion, corrective, core) in ~55 %.
const WORDS = (
  "inspection aircraft check panel access removed installed torque serviceable wing fuselage bracket clamp seal gasket " +
  "fastener rivet bolt washer lubricated cleaned visual detailed zonal borescope engine nacelle pylon landing gear brake " +
  "tyre wheel flap slat aileron elevator rudder spoiler cabin cargo door lavatory galley duct harness connector wiring " +
  "chafing crack dent scratch wear within limits found satisfactory replaced repaired reference manual task card " +
  "deferred defect logbook release certificate inspector technician station shift compartment floor beam frame stringer " +
  "skin doubler sealant primer paint placard lamp switch circuit breaker relay sensor probe filter element pressure " +
  "temperature quantity fuel oil pump motor valve bearing bushing spring pin cotter safety wire lockwire tag hose tube " +
  "fitting leak test operational functional system no fault evidence damage nick gouge erosion delamination disbond " +
  "blend repair structural record ata chapter interval hours cycles calendar limit due next accomplished signed stamped"
).split(" ");
const CONTROLLED = ["corrosion", "hydraulic", "actuator", "corrective", "core"];

function documentText(n: number): string {
  const rnd = random(1_000 + n);
  const pick = () => WORDS[Math.floor(WORDS.length * rnd() * rnd())]!; // skewed towards the first words
  const has = {
    corrosion: rnd() < 0.35,
    hydraulic: rnd() < 0.3,
    actuator: false,
    corrective: rnd() < 0.25,
    core: rnd() < 0.1,
  };
  has.actuator = has.hydraulic ? rnd() < 0.5 : rnd() < 0.05;
  const topics = CONTROLLED.filter((w) => has[w as keyof typeof has]);
  const year = 2016 + (n % 10);
  const lines = [
    `WORK PACKAGE WP-${year}-${String(n).padStart(5, "0")}`,
    `Check ${["A", "B", "C", "D"][n % 4]}-check, station ${["LHR", "DUB", "SIN", "MIA", "TLS"][n % 5]}, ${day(n * 3)}`,
  ];
  const tasks = 20 + Math.floor(rnd() * 10);
  for (let t = 0; t < tasks; t++) {
    const words = Array.from({ length: 14 + Math.floor(rnd() * 8) }, pick);
    if (topics.length && rnd() < 0.3) words.splice(Math.floor(rnd() * words.length), 0, topics[Math.floor(rnd() * topics.length)]!);
    const ref = `${21 + Math.floor(rnd() * 60)}-${String(Math.floor(rnd() * 100)).padStart(2, "0")}-${String(Math.floor(rnd() * 100)).padStart(2, "0")}`;
    lines.push(`Task ${ref}: ${words.join(" ")}. PN-${String(Math.floor(rnd() * 1e6)).padStart(6, "0")} SN${Math.floor(rnd() * 1e7)}.`);
  }
  // Every chosen topic word at least once.
  for (const w of topics) lines.push(`Finding: ${w} ${pick()} ${pick()} ${pick()}, ${pick()} ${pick()}.`);
  lines.push(`Certified by inspector ${100 + (n % 400)}.`);
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// The build (child): a fresh demo seed plus the data set, through the upstream's own paths
// ---------------------------------------------------------------------------------------------

async function build() {
  const cacheDir = process.env.BENCH_SCALE_DIR!;
  const engine: Engine = process.env.DATABASE_URL ? "pg" : "sqlite";
  const started = performance.now();
  const stamp = (what: string) => console.log(`[build ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`);
  // Built beside the cache and moved into place at the end: a build stopped halfway leaves no cache.
  const tmp = `${cacheDir}.tmp-${process.pid}`;
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir, { recursive: true });
  process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true })); // a failed build's
  const srv = await startBenchServer({ jobs: false, dataDir });
  const deps = srv.upstream!.deps;
  const url = srv.url;
  stamp("demo seed ready");

  // The API as client@demo.aero (Edit Access to every Skyline aircraft); tabs are created by an
  // admin (a Super User's right).
  const signIn = async (email: string) => {
    const res = await fetch(`${url}/_api/main/users/sign_in.json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { email, password: PASSWORD } }),
    });
    const { token } = (await res.json()) as { token: string };
    return { "X-User-Email": email, "X-User-Token": token, "X-User-Uuid": process.env.CLIENT_UUID!, "content-type": "application/json" };
  };
  const asClient = await signIn("client@demo.aero");
  const asAdmin = await signIn("admin@demo.aero");
  const apiPost = async <T>(p: string, body: unknown, headers = asClient): Promise<T> => {
    const res = await fetch(`${url}${p}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const cookie = await portalLogin(url, "client@demo.aero");
  const client = await deps.db.selectFrom("users").select(["id"]).where("email", "=", "client@demo.aero").executeTakeFirstOrThrow();
  const aircraftOf = (msn: string) => deps.db.selectFrom("aircraft").select(["id", "organization_id"]).where("msn", "=", msn).executeTakeFirstOrThrow();
  // The big tab on MSN 5123 (client@demo.aero); the small tab on MSN 8842, which reader@demo.aero reads.
  const big = await aircraftOf("5123");
  const small = await aircraftOf("8842");

  // ---- tabs: created by the ops API, rows imported as workbooks through the portal ----------------
  const createTab = async (aircraftId: number, name: string) =>
    (await apiPost<{ tab: { tab_id: string } }>("/_api/ops/v1/ops_tab_info/create.json", { org_msn_id: aircraftId, tab_name: name, group_name: "Records", columns: TAB_COLUMNS }, asAdmin)).tab.tab_id;
  const importRows = async (aircraftId: number, key: string, rows: (string | number)[][], mode: "append" | "replace") => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("mode", mode);
    form.set("file", new Blob([await workbook(rows)]), "rows.xlsx");
    const res = await fetch(`${url}/client/Aeroops/${key}?org_msn_id=${aircraftId}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: url }, redirect: "manual" });
    if (res.status !== 302) throw new Error(`import into ${key}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  };
  const bigTab = await createTab(big.id, "Component history");
  const rnd = random(42);
  const CHUNK = 20_000;
  for (let i = 0; i < BIG_ROWS; i += CHUNK) {
    await importRows(big.id, bigTab, Array.from({ length: Math.min(CHUNK, BIG_ROWS - i) }, (_, k) => tabRow(i + k, rnd)), i === 0 ? "replace" : "append");
    stamp(`big tab: ${Math.min(BIG_ROWS, i + CHUNK).toLocaleString("en-US")} rows imported`);
  }
  const smallTab = await createTab(small.id, "Emergency equipment");
  await importRows(small.id, smallTab, Array.from({ length: SMALL_ROWS }, (_, k) => tabRow(k, rnd)), "replace");
  stamp(`small tab: ${SMALL_ROWS} rows`);

  // ---- files: upload link, blobs in the store, index_files (1,000 a call, the API's maximum) --------
  const file = async (aircraftId: number, dir: string, files: { path: string; bytes: Uint8Array; type: string }[]) => {
    const link = await apiPost<{ key_prefix: string }>("/_api/main/storage/v2/files/upload_link.json", { aircraft_id: aircraftId, dir: "/" });
    for (const f of files) await deps.blob.put(`${link.key_prefix}${f.path}`, f.bytes, f.type);
    const answer = await apiPost<{ indexed: { id: number }[]; refused: unknown[]; missing: unknown[] }>("/_api/main/storage/v2/files/index_files.json", {
      key: link.key_prefix,
      aircraft_id: aircraftId,
      dir,
      files: files.map((f) => ({ path: f.path, size: f.bytes.byteLength })),
    });
    if (answer.indexed.length !== files.length) throw new Error(`index_files: ${answer.indexed.length} of ${files.length} filed (${JSON.stringify([answer.refused, answer.missing]).slice(0, 300)})`);
    return answer.indexed.map((r) => r.id);
  };
  await apiPost("/_api/main/storage/v2/folders.json", { aircraft_id: big.id, dir: "/", paths: ["Task cards"] });
  const enc = new TextEncoder();
  for (let i = 0; i < FOLDER_FILES; i += 1_000) {
    await file(
      big.id,
      "/Task cards",
      Array.from({ length: 1_000 }, (_, k) => {
        const n = i + k + 1;
        return { path: `Task card ${String(n).padStart(5, "0")}.pdf`, bytes: enc.encode(`%PDF-1.4\n% task card ${n}\n${"x".repeat(n % 997)}\n%%EOF\n`), type: "application/pdf" };
      })
    );
    if ((i + 1_000) % 5_000 === 0) stamp(`folder: ${(i + 1_000).toLocaleString("en-US")} files`);
  }

  // Documents: spread over two aircraft, a folder a year; their text stored by the extraction job's
  // handler (plain text, read in this process rather than in the job sandbox).
  const handler = extractTextHandler(deps, (bytes, f) => extractText(bytes, f, null));
  const docAircraft = [big.id, small.id];
  await apiPost("/_api/main/storage/v2/folders.json", { aircraft_id: big.id, dir: "/", paths: ["Work packages"] });
  await apiPost("/_api/main/storage/v2/folders.json", { aircraft_id: small.id, dir: "/", paths: ["Work packages"] });
  let textBytes = 0;
  for (let i = 0; i < DOCUMENTS; i += 1_000) {
    const aircraftId = docAircraft[(i / 1_000) % 2]!;
    const files = Array.from({ length: 1_000 }, (_, k) => {
      const n = i + k + 1;
      const bytes = enc.encode(documentText(n));
      textBytes += bytes.byteLength;
      return { path: `${2016 + (n % 10)}/WP-${2016 + (n % 10)}-${String(n).padStart(5, "0")}.txt`, bytes, type: "text/plain" };
    });
    const ids = await file(aircraftId, "/Work packages", files);
    for (let j = 0; j < ids.length; j += 8) {
      await Promise.all(ids.slice(j, j + 8).map((id) => handler({ id: 0, kind: "extract-text", payload: { file_id: id }, attempts: 1, max_attempts: 1 })));
    }
    stamp(`documents: ${(i + 1_000).toLocaleString("en-US")} filed and their text stored`);
  }

  // ---- audit entries through the one append path ---------------------------------------------------
  for (let i = 0; i < AUDIT_ENTRIES; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, AUDIT_ENTRIES - i) }, (_, k) =>
        deps.audit.log({ userId: client.id, action: "storage.download", entity: "file", entityId: 1_000 + i + k, organizationId: big.organization_id, detail: { bench: true }, ip: "127.0.0.1" })
      )
    );
    if ((i + 50) % 5_000 === 0) stamp(`audit: ${(i + 50).toLocaleString("en-US")} entries`);
  }

  await srv.close();
  const meta: Meta = {
    bigAircraft: big.id,
    smallAircraft: small.id,
    bigTab,
    smallTab,
    folderAircraft: big.id,
    folder: "/Task cards",
    filterWord: "Valve",
    sortColumn: "Description",
    searches: [
      { label: "one common word", query: "corrosion" },
      { label: "two words", query: "hydraulic actuator" },
      { label: "3-letter prefix", query: "cor" },
    ],
    built: new Date().toISOString(),
    buildSeconds: Math.round((performance.now() - started) / 1000),
  };
  if (engine === "pg") {
    await pgDump(process.env.DATABASE_URL!, path.join(tmp, "db.dump"));
    stamp("pg_dump written");
  }
  fs.writeFileSync(path.join(tmp, "meta.json"), JSON.stringify(meta, null, 2));
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.renameSync(tmp, cacheDir);
  stamp(`data set cached (${(textBytes / 1024 / 1024).toFixed(1)} MiB of document text)`);
}

// ---------------------------------------------------------------------------------------------
// The measurements (child)
// ---------------------------------------------------------------------------------------------

/**
 * A working copy of the cached data directory beside it (same file system): the blobs hard-linked
 * (tens of thousands of files the run only reads; the store replaces a blob by rename, never in
 * place), the files at the top (the SQLite database, the secrets) copied.
 */
function restoreDataDir(from: string): string {
  const dir = fs.mkdtempSync(path.join(CACHE, "run-"));
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, e.name);
    if (e.isDirectory() && spawnSync("cp", ["-al", src, dir]).status === 0) continue;
    fs.cpSync(src, path.join(dir, e.name), { recursive: true });
  }
  return dir;
}

interface Sample {
  ms: number;
  upstream: number | null;
  timedOut: boolean;
}

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(1)} ms`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function timedGet(url: string, cookie: string, expect?: string): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await res.text();
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    if (expect && !body.includes(expect)) throw new Error(`${url}: the page does not show "${expect}"`);
    const dur = /upstream;(?:[^,"]|"[^"]*")*dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
    return { ms: took, upstream: dur ? Number(dur[1]) : null, timedOut: took > TIMEOUT_MS };
  } catch (err) {
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return { ms: performance.now() - t0, upstream: null, timedOut: true };
    throw err;
  }
}

interface Figure {
  samples: Sample[];
  timeouts: number;
  /** The first (warm-up) request's time when it timed out: on SQLite the answer still comes, late. */
  late?: number;
  /** A wrong answer (a status other than 200, a page without what it must show): no figure. */
  error?: string;
}

/** Warm-up (WARMUP requests, one when slow), then up to RUNS requests, fewer once BUDGET_MS is spent. */
/** Seconds spent waiting for database work of requests the bench gave up on, and queries cancelled. */
const leftRunning = { seconds: 0, cancelled: 0 };

/**
 * PostgreSQL goes on with the query of a request the bench gave up on (a client that went away is
 * not cancelled yet): before the next figure, wait until the database has no other active query (at
 * most a minute, then cancel it) so that it does not measure that one.
 */
async function settle() {
  if (!process.env.DATABASE_URL) return;
  const c = new pg.Client(process.env.DATABASE_URL);
  await c.connect();
  try {
    const active = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
    const t0 = performance.now();
    while ((await c.query(active)).rowCount) {
      if (performance.now() - t0 > 60_000) {
        leftRunning.cancelled += (await c.query(`SELECT pg_cancel_backend(pid) FROM (${active}) a`)).rowCount ?? 0;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    leftRunning.seconds += (performance.now() - t0) / 1000;
  } finally {
    await c.end();
  }
}

async function series(urlOf: (i: number) => string, cookie: string, expect?: string, { quiet = true } = {}): Promise<Figure> {
  if (quiet) await settle();
  try {
    return await sampled(urlOf, cookie, expect);
  } catch (err) {
    console.warn(err);
    return { samples: [], timeouts: 0, error: err instanceof Error ? err.message : String(err) };
  }
}

async function sampled(urlOf: (i: number) => string, cookie: string, expect?: string): Promise<Figure> {
  const started = performance.now();
  const first = await timedGet(urlOf(0), cookie, expect);
  if (first.timedOut) return { samples: [], timeouts: 1, late: first.ms };
  let warm = 1;
  // Warm-up within a tenth of the budget; a slow first request (a baseline) is its only warm-up.
  while (warm < WARMUP && (warm < 2 || performance.now() - started < BUDGET_MS / 10) && first.ms < BUDGET_MS / RUNS) await timedGet(urlOf(warm++), cookie, expect);
  const samples: Sample[] = [];
  let timeouts = 0;
  for (let i = 0; i < RUNS; i++) {
    if (samples.length >= MIN_RUNS && performance.now() - started > BUDGET_MS) break;
    const s = await timedGet(urlOf(i + warm), cookie, expect);
    if (s.timedOut) {
      timeouts++;
      break;
    }
    samples.push(s);
  }
  return { samples, timeouts };
}

function cell(f: Figure): string {
  if (f.error) return `error (${f.error.replace(/^https?:\/\/[^/]+/, "").slice(0, 80)})`;
  if (!f.samples.length) return `timeout (> ${TIMEOUT_MS / 1000} s${f.late != null && f.late > TIMEOUT_MS + 1_000 ? `; the request took ${ms(f.late)}` : ""})`;
  const times = f.samples.map((s) => s.ms);
  const p50 = percentile(times, 50);
  const ups = f.samples.map((s) => s.upstream).filter((u): u is number => u != null);
  const share = ups.length ? ` · upstream ${Math.round((percentile(ups, 50) / p50) * 100)} %` : "";
  return `${ms(p50)} / ${ms(percentile(times, 95))} (n=${times.length}${f.timeouts ? `, then a timeout` : ""})${share}`;
}
const p95 = (f: Figure) => (f.samples.length ? percentile(f.samples.map((s) => s.ms), 95) : null);
const p50 = (f: Figure) => (f.samples.length ? percentile(f.samples.map((s) => s.ms), 50) : null);

async function measure() {
  const cacheDir = process.env.BENCH_SCALE_DIR!;
  const meta = JSON.parse(fs.readFileSync(path.join(cacheDir, "meta.json"), "utf8")) as Meta;
  const engine: Engine = process.env.DATABASE_URL ? "pg" : "sqlite";
  const t0 = performance.now();
  const dataDir = restoreDataDir(path.join(cacheDir, "data"));
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true })); // the working copy goes
  if (engine === "pg") {
    await pgRestore(process.env.DATABASE_URL!, path.join(cacheDir, "db.dump"));
    // pg_restore leaves the planner without statistics and the tables without a visibility map (an
    // index-only scan then reads every row's heap page); a live database has both (autovacuum, which
    // since PostgreSQL 13 also runs after inserts).
    const c = new pg.Client(process.env.DATABASE_URL);
    await c.connect();
    await c.query("VACUUM ANALYZE");
    await c.end();
  }
  console.log(`data set restored in ${((performance.now() - t0) / 1000).toFixed(1)} s (built ${meta.built} in ${meta.buildSeconds} s)`);
  const srv = await startBenchServer({ seed: false, jobs: false, dataDir });
  const rows: Row[] = [];
  try {
    const url = srv.url;
    const client = await portalLogin(url, "client@demo.aero");
    const reader = await portalLogin(url, "reader@demo.aero");
    const admin = await portalLogin(url, "admin@demo.aero");
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const log = (label: string, value: string) => {
      rows.push([label, value]);
      console.log(`${label}: ${value}`);
    };

    // ---- tabs ------------------------------------------------------------------------------------
    const tabUrl = (aircraftId: number, key: string, q: string) => `${url}/client/Aeroops/${key}?org_msn_id=${aircraftId}${q}`;
    const sortQ = `&sort_column=${encodeURIComponent(meta.sortColumn)}&sort_order=asc`;
    const bigPage = await series(() => tabUrl(meta.bigAircraft, meta.bigTab, `${sortQ}&filter=${meta.filterWord}`), client, meta.filterWord);
    log(`Tab of ${BIG_ROWS.toLocaleString("en-US")} rows: a page sorted by ${meta.sortColumn}, filtered by "${meta.filterWord}"`, cell(bigPage));
    const smallUrl = tabUrl(meta.smallAircraft, meta.smallTab, "");
    const idle = await series(() => smallUrl, reader);
    log(`Tab of ${SMALL_ROWS} rows (another user), idle`, cell(idle));
    // Another client pages through the big tab (sorted, pages 1-20 over and over) meanwhile.
    let stop = false;
    let backgroundPages = 0;
    const background = (async () => {
      for (let page = 1; !stop; page = (page % 20) + 1) {
        await timedGet(tabUrl(meta.bigAircraft, meta.bigTab, `${sortQ}&page=${page}`), client).catch((err) => console.warn(err));
        backgroundPages++;
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const busy = await series(() => smallUrl, reader, undefined, { quiet: false });
    stop = true;
    await background;
    log(`Tab of ${SMALL_ROWS} rows, while another client pages through the big tab`, `${cell(busy)} (big-tab pages meanwhile: ${backgroundPages})`);
    const idle95 = p95(idle);
    const busy95 = p95(busy);
    log(`  increase of the small tab's p95`, idle95 != null && busy95 != null ? ms(busy95 - idle95) : "timeout");

    // ---- content search --------------------------------------------------------------------------
    // The hit count as the API answers it (a capped or estimated count once the search says so).
    const signIn = await fetch(`${url}/_api/main/users/sign_in.json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { email: "client@demo.aero", password: PASSWORD } }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const api = { "X-User-Email": "client@demo.aero", "X-User-Token": token, "X-User-Uuid": process.env.CLIENT_UUID! };
    for (const s of meta.searches) {
      const q = encodeURIComponent(s.query);
      const answer = await fetch(`${url}/_api/main/storage/v2/search.json?query=${q}`, { headers: api, signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
        async (r) => ((await r.json()) as { total?: number }).total,
        () => undefined
      );
      const f = await series(() => `${url}/storage/search?query=${q}`, client);
      log(`Search ${DOCUMENTS.toLocaleString("en-US")} documents' text: ${s.label} ("${s.query}")`, `${cell(f)} · ${answer ?? "?"} hits`);
    }

    // ---- folder and audit pages ------------------------------------------------------------------
    const dir = encodeURIComponent(meta.folder);
    const folderUrl = (page: number) => `${url}/storage/aircraft/${meta.folderAircraft}/files?dir=${dir}${page > 1 ? `&page=${page}` : ""}`;
    const f1 = await series(() => folderUrl(1), client, "Task card 00001.pdf");
    const f400 = await series(() => folderUrl(400), client, "Task card 20000.pdf");
    log(`Folder of ${FOLDER_FILES.toLocaleString("en-US")} files: page 1`, cell(f1));
    log(`Folder of ${FOLDER_FILES.toLocaleString("en-US")} files: page 400`, cell(f400));
    const r1 = p50(f1);
    const r400 = p50(f400);
    log(`  page 400 / page 1 (p50)`, r1 != null && r400 != null ? `${(r400 / r1).toFixed(2)}x` : "timeout");
    const a1 = await series(() => `${url}/admin/audit`, admin);
    const a400 = await series(() => `${url}/admin/audit?page=400`, admin);
    log(`Audit log (${AUDIT_ENTRIES.toLocaleString("en-US")}+ entries): page 1`, cell(a1));
    log(`Audit log: page 400`, cell(a400));

    if (process.env.DATABASE_URL) {
      await settle();
      log("Database work left running by requests given up", `${leftRunning.seconds.toFixed(0)} s waited for${leftRunning.cancelled ? `, ${leftRunning.cancelled} queries cancelled after a minute` : ""}`);
    }
    loop.disable();
    log("Longest event-loop block in the server's process", `${ms(loop.max / 1e6)} (p99 of the loop's delay ${ms(loop.percentile(99) / 1e6)})`);
    if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows));
  } finally {
    // Requests the bench gave up on may still be worked on by the server: closing waits for them,
    // up to a minute.
    await Promise.race([srv.close(), new Promise((r) => setTimeout(r, 60_000))]);
  }
}

// Last: every constant above is initialized by now.
const child = process.env.BENCH_SCALE_CHILD;
if (!child) await parent();
else if (child === "build") await build();
else await measure();
process.exit(0);
