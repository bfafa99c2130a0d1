// A page of a 100,000-row tab, the upstream's query alone (queryRows, ADR 081), on SQLite and on
// PostgreSQL side by side: median and 95th percentile of each case, and the old query (every row's
// JSON read: json_each / jsonb_each_text, json_extract / ->>) for the same pages.
// The rows are inserted as the import writes them (the triggers of 021 build their keys).
//   npx tsx bench/tab-query.ts            (PostgreSQL is skipped when it is not installed)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type DB } from "../upstream/db";
import { isPostgres } from "../upstream/db/dialect";
import { queryRows, type RowQuery, type TabView } from "../upstream/ops/common";
import type { Deps } from "../upstream/context";
import { findPgBin, startTempPostgres } from "../scripts/pg-temp";
import { BENCH_TAB_COLUMNS, benchTabRow } from "./lib";

const ROWS = 100_000;
const RUNS = 30;
const COLUMNS = BENCH_TAB_COLUMNS;
const rowOf = benchTabRow;

async function makeTab(db: DB, rows: number): Promise<TabView> {
  const now = new Date().toISOString();
  const tab = await db
    .insertInto("tabs")
    .values({ product: "ops", organization_id: null, aircraft_id: null, is_template: 0, tab_key: `bench-${rows}`, tab_name: `Bench ${rows}`, tab_position: 1, group_name: "Bench", created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("tab_columns").values(COLUMNS.map((c, i) => ({ tab_id: tab.id, name: c.name, position: i + 1, type: c.type, editable: 1 }))).execute();
  for (let i = 0; i < rows; i += 5_000) {
    await db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(rows, i + 5_000); j += 500) {
        const values = Array.from({ length: Math.min(500, rows - j) }, (_, k) => ({ tab_id: tab.id, position: j + k + 1, data: JSON.stringify(rowOf(j + k)), watched: 0, created_at: now, updated_at: now }));
        await trx.insertInto("tab_rows").values(values).execute();
      }
    });
  }
  await sql.raw(isPostgres(db) ? "VACUUM ANALYZE" : "ANALYZE").execute(db);
  const columns = COLUMNS.map((c, i) => ({ id: i + 1, name: c.name, position: i + 1, type: c.type as "text", editable: true }));
  return { dbId: tab.id, key: `bench-${rows}`, name: "Bench", position: 1, group: "Bench", product: "ops", source: "stored", columns, aircraftId: null, manufacturerId: null };
}

/** The query before ADR 081 (count, then the page by OFFSET), for comparison. */
async function oldPage(db: DB, view: TabView, q: RowQuery) {
  const pg = isPostgres(db);
  const where = [sql`tab_id = ${view.dbId}`];
  if (q.filter) {
    const like = `%${q.filter.replace(/[\\%_]/g, (m) => "\\" + m)}%`;
    where.push(
      pg
        ? sql`EXISTS (SELECT 1 FROM jsonb_each_text(data::jsonb) AS je WHERE je.value ILIKE ${like} ESCAPE '\\')`
        : sql`EXISTS (SELECT 1 FROM json_each(data) AS je WHERE CAST(je.value AS TEXT) LIKE ${like} ESCAPE '\\')`
    );
  }
  const w = sql.join(where, sql` AND `);
  await sql`SELECT count(*) FROM tab_rows WHERE ${w}`.execute(db);
  const dir = sql.raw(q.sortOrder === "desc" ? "DESC" : "ASC");
  const order = [];
  if (q.sortColumn) {
    const text = pg ? sql`(data::jsonb ->> ${q.sortColumn}::text)` : sql`CAST(json_extract(data, ${`$."${q.sortColumn}"`}) AS TEXT)`;
    order.push(pg ? sql`(coalesce(${text}, '') = '')` : sql`(${text} IS NULL OR ${text} = '')`, pg ? sql`lower(${text}) ${dir}` : sql`${text} COLLATE NOCASE ${dir}`);
  }
  order.push(sql`position ${dir}`, sql`id ${dir}`);
  await sql`SELECT id, position, watched, data FROM tab_rows WHERE ${w} ORDER BY ${sql.join(order)} LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`.execute(db);
}

async function timeIt(runs: number, fn: () => Promise<unknown>) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `${times[Math.floor(runs / 2)]!.toFixed(1)} / ${times[Math.ceil(runs * 0.95) - 1]!.toFixed(1)}`;
}

const CASES: [string, Omit<RowQuery, "perPage">][] = [
  ["position order", { page: 1 }],
  ["by Description, 'Valve' (the goal)", { page: 1, sortColumn: "Description", filter: "Valve" }],
  ["by Description desc, 'Valve'", { page: 1, sortColumn: "Description", sortOrder: "desc", filter: "Valve" }],
  ["by Description, 'sn12345' (rare)", { page: 1, sortColumn: "Description", filter: "sn12345" }],
  ["by Description, 'ry' (2 letters)", { page: 1, sortColumn: "Description", filter: "ry" }],
  ["by Limit Months desc", { page: 1, sortColumn: "Limit Months", sortOrder: "desc" }],
  ["by Due desc, page 100 by number", { page: 100, sortColumn: "Due", sortOrder: "desc" }],
];

async function measure(label: string, db: DB): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const deps = { db } as Deps;
  const t0 = performance.now();
  const view = await makeTab(db, ROWS);
  out.set("building the tab (100,000 rows, keys by trigger)", `${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const [name, q] of CASES) out.set(name, await timeIt(RUNS, () => queryRows(deps, view, { perPage: 50, ...q })));
  // A deep page reached by its Next link: the cursor of page 999's last row.
  const sortDue = { sortColumn: "Due", sortOrder: "desc" as const };
  let page = await queryRows(deps, view, { page: 1, perPage: 50, ...sortDue });
  for (let p = 2; p < 1_000 && page.next; p++) page = await queryRows(deps, view, { page: p, perPage: 50, after: page.next, ...sortDue });
  const cursor = page.next!;
  out.set("by Due desc, page 1,000 by its Next link", await timeIt(RUNS, () => queryRows(deps, view, { page: 1_000, perPage: 50, after: cursor, ...sortDue })));
  for (const [name, q] of CASES.slice(0, 3)) out.set(`old query: ${name}`, await timeIt(5, () => oldPage(db, view, { perPage: 50, ...q })));
  console.error(`[bench] ${label} done`);
  return out;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tab-query-"));
const results: [string, Map<string, string>][] = [];
try {
  const lite = await openDatabase(dir, { filename: "bench.sqlite" });
  results.push(["SQLite", await measure("SQLite", lite.db)]);
  await lite.close();
  if (findPgBin()) {
    const cluster = await startTempPostgres();
    try {
      const pg = await openDatabase(dir, { databaseUrl: cluster.url });
      results.push(["PostgreSQL", await measure("PostgreSQL", pg.db)]);
      await pg.close();
    } finally {
      await cluster.stop();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const names = [...results[0]![1].keys()];
const widths = [Math.max(...names.map((n) => n.length)), ...results.map(([l, m]) => Math.max(l.length, ...[...m.values()].map((v) => v.length)))];
console.log(`A page of 50 rows of a ${ROWS.toLocaleString("en-US")}-row tab, queryRows alone: median / p95 in ms (${RUNS} runs; old query 5)`);
console.log(["", ...results.map(([l]) => l)].map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[0]!))).join("  "));
for (const n of names) console.log([n, ...results.map(([, m]) => m.get(n) ?? "")].map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[0]!))).join("  "));
