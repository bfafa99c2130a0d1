// Content search at scale (ADR 082): 10,000 documents with a few KiB of extracted text each, filed
// through the upstream's own paths (storage rows, the search index's `index`, file_text rows whose
// triggers fill the content index), then the search index's own `search` timed for a common word,
// two words, a three-letter prefix and a rare word: page 1 and page 11 (20 hits a page), p50 / p95.
//
//   npx tsx bench/search-scale.ts                              SQLite
//   npx tsx scripts/pg-run.ts npx tsx bench/search-scale.ts    PostgreSQL (a throwaway cluster)
//
// BENCH_DOCS (10,000) and BENCH_RUNS (40) change the size and the number of timed runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createUpstream } from "../upstream";

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

// A vocabulary of maintenance words, drawn with Zipf-like weights so that a few words are in nearly
// every document and most are rare, as in real work orders and manuals.
const CORE = (
  "aircraft inspection maintenance task card engine turbine turbulence turnbuckle return torque check panel access " +
  "landing gear hydraulic actuator pressure valve fuel pump filter seal replaced removed installed serviceable " +
  "defect corrosion crack wing fuselage door hinge bolt nut washer cable pulley bracket frame stringer rib skin " +
  "propeller blade hub governor oil temperature sensor wiring harness connector relay circuit breaker switch " +
  "cockpit cabin seat belt oxygen mask emergency exit light battery generator starter ignition igniter nozzle " +
  "combustor compressor stage vane bearing shaft gearbox accessory drive lubrication scavenge chip detector " +
  "borescope airworthiness directive service bulletin manual chapter revision limit tolerance measurement"
).split(" ");
const RARE = Array.from({ length: 4000 }, (_, i) => `part${i.toString(36)}x`);
const VOCAB = [...CORE, ...RARE];
const WEIGHTS = VOCAB.map((_, i) => 1 / (i + 1) ** 0.9);
const CUM: number[] = [];
WEIGHTS.reduce((s, w, i) => (CUM[i] = s + w), 0);

let seed = 42;
const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
const word = () => {
  const x = rand() * CUM[CUM.length - 1]!;
  let lo = 0;
  let hi = CUM.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUM[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo]!;
};
/** About `bytes` of text in sentences, pages separated by "\f". */
function documentText(bytes: number) {
  const pages: string[] = [];
  let page = "";
  let total = 0;
  while (total < bytes) {
    const n = 6 + Math.floor(rand() * 12);
    const s = Array.from({ length: n }, word).join(" ");
    const sentence = `${s[0]!.toUpperCase()}${s.slice(1)}. `;
    page += sentence;
    total += sentence.length;
    if (page.length > 1500) {
      pages.push(page.trim());
      page = "";
    }
  }
  if (page) pages.push(page.trim());
  return pages.join("\f");
}

// BENCH_DIR keeps the SQLite data set between runs (built once); otherwise a fresh directory.
const keep = process.env.BENCH_DIR && !process.env.DATABASE_URL ? process.env.BENCH_DIR : null;
const built = !!keep && fs.existsSync(path.join(keep, "portal.sqlite"));
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "aero-search-scale-"));
fs.mkdirSync(dir, { recursive: true });
const up = await createUpstream({
  dataDir: dir,
  databaseUrl: process.env.DATABASE_URL,
  clientUuid: "bench",
  secret: "s".repeat(32),
  blobBaseUrl: "/_blob",
  portalUrl: "http://bench",
  tokenTtlHours: 1,
  jobWorkers: 0,
  adminWorkers: false,
});
const { db, search } = up.deps;
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
try {
  let t0 = performance.now();
  const org = built ? await db.selectFrom("organizations").select("id").where("slug", "=", "bench-search").executeTakeFirstOrThrow() : await db.insertInto("organizations").values({ name: "Bench", slug: "bench-search", product_type: "STORAGE" }).returning("id").executeTakeFirstOrThrow();
  const fleet: { id: number; root: number }[] = built
    ? (await db.selectFrom("aircraft").select("id").where("organization_id", "=", org.id).orderBy("id").execute()).map((a) => ({ id: a.id, root: 0 }))
    : [];
  for (let a = 0; a < (built ? 0 : 4); a++) {
    const ac = await db
      .insertInto("aircraft")
      .values({ organization_id: org.id, msn: `B${a}`, name: `Bench ${a}`, registration: "", kind: "aircraft", manufacturer: "", model: "", status: "IN OPERATION" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const root = await db
      .insertInto("storage_items")
      .values({ aircraft_id: ac.id, parent_id: null, path: "/", name: "/", is_folder: 1, size: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    fleet.push({ id: ac.id, root: root.id });
  }
  let bytes = 0;
  for (let i = 0; i < (built ? 0 : DOCS); i += 500) {
    const n = Math.min(500, DOCS - i);
    for (const ac of fleet) {
      const rows = Array.from({ length: Math.ceil(n / fleet.length) }, (_, k) => {
        const no = i + k * fleet.length + fleet.indexOf(ac);
        const name = `WO-${String(no).padStart(5, "0")} ${word()} ${word()}.pdf`;
        return { aircraft_id: ac.id, parent_id: ac.root, path: `/Work orders/${name}`, name, is_folder: 0, size: 1000, blob_key: `bench/${no}`, content_type: "application/pdf" };
      });
      const made = await db.insertInto("storage_items").values(rows).returning(["id", "name", "path"]).execute();
      await search.index(made.map((r) => ({ ...r, aircraft_id: ac.id, organization_id: org.id })));
      const texts = made.map((r) => {
        const text = documentText(2000 + Math.floor(rand() * 4000));
        bytes += text.length;
        return { file_id: r.id, aircraft_id: ac.id, organization_id: org.id, status: "done" as const, method: "pdf", pages: text.split("\f").length, text };
      });
      await db.insertInto("file_text").values(texts).execute();
    }
  }
  const indexed = await search.count(org.id);
  console.log(`${engine}: ${indexed} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB of text, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Planner statistics, as a running database has them (SQLite's optimize, PostgreSQL's autoanalyze).
  await (engine === "SQLite" ? sql`PRAGMA optimize` : sql`ANALYZE`).execute(db);

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  const scopes = [
    { label: "staff, one organization", q: { aircraftIds: "all" as const, organizationId: org.id } },
    { label: "client, two aircraft", q: { aircraftIds: fleet.slice(0, 2).map((a) => a.id), organizationId: org.id } },
  ];
  const rows: string[][] = [];
  for (const { label, q } of scopes) {
    for (const text of ["aircraft", "turbine inspection", "tur", "part2b0x"]) {
      const first = await search.search({ ...q, text, limit: 20, offset: 0 });
      const times: number[] = [];
      const deep: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        t0 = performance.now();
        await search.search({ ...q, text, limit: 20, offset: 0 });
        times.push(performance.now() - t0);
        t0 = performance.now();
        await search.search({ ...q, text, limit: 20, offset: 200 });
        deep.push(performance.now() - t0);
      }
      const total = first.totalExact ? String(first.total) : `> ${first.total}`;
      rows.push([label, `"${text}"`, total, `${pct(times, 50).toFixed(1)} / ${pct(times, 95).toFixed(1)}`, `${pct(deep, 50).toFixed(1)} / ${pct(deep, 95).toFixed(1)}`]);
    }
  }
  const head = ["scope", "query", "hits", "page 1 p50 / p95 ms", "page 11 p50 / p95 ms"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(`\nContent search, ${engine}, ${DOCS.toLocaleString("en-US")} documents, ${RUNS} runs each (${os.cpus().length} cores)`);
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(r));
} finally {
  await up.close();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
