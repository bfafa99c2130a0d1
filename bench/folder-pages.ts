// Deep folder pages (ADR 084): a folder of 20,000 files, made through the upstream's own upload
// flow (upload_link.json, the blobs written by the store's put, index_files.json 1,000 at a time),
// then page 1, 200 and 400 (50 a page; 400 is the last) of each order at the API, medians and p95 of 30 runs; the
// "next page" link (a cursor) beside the numbered one; wall time and CPU time.
//   npx tsx bench/folder-pages.ts                                              (SQLite)
//   npx tsx scripts/pg-run.ts sh -c 'PG_TEST_URL=$DATABASE_URL npx tsx bench/folder-pages.ts'   (PostgreSQL)
import { sql } from "kysely";
import { startTestUpstream } from "../tests/helpers/upstream";

const FILES = Number(process.env.BENCH_FOLDER_FILES ?? 20_000);
const RUNS = 30;
const PER_PAGE = 50;

const up = await startTestUpstream();
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
try {
  const client = await up.signIn("client@demo.aero");
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${up.mainUrl}${p}`, { method, headers: { ...client, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const aircraft = (await call("GET", "/storage/v2/aircraft.json")).aircrafts[0];
  await call("POST", "/storage/v2/folders.json", { aircraft_id: aircraft.id, dir: "/", paths: ["Deep"] });
  const t0 = performance.now();
  for (let i = 0; i < FILES; i += 1_000) {
    const link = await call("POST", "/storage/v2/files/upload_link.json", { aircraft_id: aircraft.id, dir: "/Deep" });
    const files = Array.from({ length: Math.min(1_000, FILES - i) }, (_, k) => ({ path: `Task card ${String(i + k).padStart(5, "0")}.pdf`, size: 1 + ((i + k) * 7_919) % 97 }));
    for (const f of files) await up.upstream.deps.blob.put(`${link.key_prefix}${f.path}`, new Uint8Array(f.size), "application/pdf");
    await call("POST", "/storage/v2/files/index_files.json", { key: link.key_prefix, files, aircraft_id: aircraft.id, dir: "/Deep" });
    up.clock.advance(60_000); // each batch a minute later: the date order has runs of equal dates
  }
  console.log(`${up.databaseUrl ? "PostgreSQL" : "SQLite"}: ${FILES} files in /Deep in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // PostgreSQL: the table as autovacuum leaves it (statistics, and the visibility map that lets an
  // index-only scan skip the table), now rather than whenever it comes by.
  if (up.databaseUrl) await sql`VACUUM ANALYZE storage_items`.execute(up.upstream.deps.db);

  // The three reads of an order alternate, round after round, so that a change of load on this
  // shared machine weighs on each alike; each figure is wall time and this process's CPU time (the
  // server and the client are this process: CPU time does not count the time waiting for a core).
  const ms = (xs: number[]) => `${pct(xs, 50).toFixed(1)} ms (p95 ${pct(xs, 95).toFixed(1)})`;
  console.log("| order | page 1 | page 200 by number | page 400 by number | page 400 by its next link | 200 / 1, 400 / 1 (wall) | CPU: page 1 / 200 / 400 by number / by next link |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [sort, order] of [["name", "asc"], ["name", "desc"], ["size", "asc"], ["size", "desc"], ["date", "asc"], ["date", "desc"]] as const) {
    const base = `/storage/v2/aircraft/${aircraft.id}/files.json?dir=%2FDeep&per_page=${PER_PAGE}&sort=${sort}&order=${order}`;
    const before = await call("GET", `${base}&page=399`);
    const urls = [base, `${base}&page=200`, `${base}&page=400`, ...(before.next_cursor ? [`${base}&page=400&cursor=${encodeURIComponent(before.next_cursor)}`] : [])];
    const wall = urls.map(() => [] as number[]);
    const cpu = urls.map(() => [] as number[]);
    const bodies: any[] = [];
    for (let r = 0; r < RUNS + 3; r++) {
      for (const [i, url] of urls.entries()) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        bodies[i] = await call("GET", url);
        const t = performance.now() - t0;
        const c = process.cpuUsage(c0);
        if (r >= 3) {
          wall[i]!.push(t);
          cpu[i]!.push((c.user + c.system) / 1000);
        }
      }
    }
    if (bodies[3] && JSON.stringify(bodies[3].contents.map((c: { id: number }) => c.id)) !== JSON.stringify(bodies[2].contents.map((c: { id: number }) => c.id))) {
      throw new Error(`${sort} ${order}: the next link's page 400 differs from page 400 by number`);
    }
    const cpuCol = cpu.map((xs) => pct(xs, 50).toFixed(1)).join(" / ");
    const ratio = (i: number) => `${(pct(wall[i]!, 50) / pct(wall[0]!, 50)).toFixed(2)}x`;
    console.log(`| ${sort} ${order} | ${ms(wall[0]!)} | ${ms(wall[1]!)} | ${ms(wall[2]!)} | ${wall[3] ? ms(wall[3]) : "-"} | ${ratio(1)}, ${ratio(2)} | ${cpuCol} ms |`);
  }
} finally {
  await up.close();
}
