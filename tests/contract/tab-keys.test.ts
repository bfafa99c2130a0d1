// Tabs at scale (ADR 081): a page of tab rows read through the typed keys (tab_cells, tab_row_text)
// is the page the old query gave (a JSON scan of every row) on small data: every sort column and
// direction, empties last, filters (case, accents, % _ \ taken literally), watched only; by page
// number, by next cursors and back by previous ones. And the keys follow every path that writes rows
// or columns. On SQLite, and on PostgreSQL with PG_TESTS=1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { sql } from "kysely";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import { TabAnswer, TabDataAnswer, UploadAnswer } from "../../app/models/schemas/ops";
import { aircraftTab, queryRows, rowChunks, ROW_COUNT_CAP, type RowQuery, type TabView } from "../../upstream/ops/common";
import { isPostgres } from "../../upstream/db/dialect";
import { freshKeys } from "../../upstream/db/migrations/021_tab_keys";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
const SKY = { organization: "skyline", msn_id: "5123" };
let aircraftId = 0;

const call = async (who: string, path: string, body: unknown, method = "POST") => {
  const res = await upstreamFetch(`${up.opsUrl}${path}`, method, H[who], body);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
};
const db = () => up.upstream.deps.db;

beforeAll(async () => {
  up = await startTestUpstream();
  H.client = await up.signIn("client@demo.aero");
  H.emma = await up.signIn("emma.clarke@skyline.demo.aero");
  aircraftId = (await db().selectFrom("aircraft").select("id").where("msn", "=", "5123").executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await up?.close();
});

/** The old query (before ADR 081): every row's JSON read, sorted and filtered in SQL. All ids, in order. */
async function oldOrder(view: TabView, q: Omit<RowQuery, "page" | "perPage">): Promise<number[]> {
  const d = db();
  const pg = isPostgres(d);
  const col = q.sortColumn ? view.columns.find((c) => c.name === q.sortColumn)! : null;
  const dir = sql.raw(q.sortOrder === "desc" ? "DESC" : "ASC");
  const like = q.filter ? `%${q.filter.replace(/[\\%_]/g, (m) => "\\" + m)}%` : null;
  const where = [sql`tab_rows.tab_id = ${view.dbId}`];
  if (like)
    where.push(
      pg
        ? sql`EXISTS (SELECT 1 FROM jsonb_each_text(tab_rows.data::jsonb) AS je WHERE je.value ILIKE ${like} ESCAPE '\\')`
        : sql`EXISTS (SELECT 1 FROM json_each(tab_rows.data) AS je WHERE CAST(je.value AS TEXT) LIKE ${like} ESCAPE '\\')`
    );
  if (q.watchedOnly) where.push(sql`tab_rows.watched = 1`);
  const order = [];
  if (col) {
    const text = pg ? sql`(tab_rows.data::jsonb ->> ${col.name}::text)` : sql`CAST(json_extract(tab_rows.data, ${`$."${col.name}"`}) AS TEXT)`;
    const num = pg
      ? sql`(CASE WHEN ${text} IS NULL THEN NULL WHEN ${text} ~ '^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$' THEN (${text})::float8 ELSE 0 END)`
      : sql`CAST(json_extract(tab_rows.data, ${`$."${col.name}"`}) AS REAL)`;
    order.push(
      pg
        ? sql`(coalesce(${text}, '') = '')`
        : sql`(json_extract(tab_rows.data, ${`$."${col.name}"`}) IS NULL OR json_extract(tab_rows.data, ${`$."${col.name}"`}) = '')`
    );
    order.push(col.type === "number" ? sql`${num} ${dir}` : pg ? sql`lower(${text}) ${dir}` : sql`${text} COLLATE NOCASE ${dir}`);
  }
  order.push(sql`tab_rows.position ${dir}`, sql`tab_rows.id ${dir}`);
  const r = await sql<{ id: number }>`SELECT id FROM tab_rows WHERE ${sql.join(where, sql` AND `)} ORDER BY ${sql.join(order)}`.execute(d);
  return r.rows.map((x) => Number(x.id));
}

/** Every page of a query three ways: by page number, by next cursors, and back by previous cursors. */
async function pagesOf(view: TabView, q: Omit<RowQuery, "page" | "perPage">, perPage: number, opts: { fewMatches?: number } = {}) {
  const byNumber: number[] = [];
  for (let page = 1; ; page++) {
    const p = await queryRows(up.upstream.deps, view, { ...q, page, perPage }, opts);
    byNumber.push(...p.rows.map((r) => r.id));
    if (!p.next) break;
  }
  const pages: number[][] = [];
  let res = await queryRows(up.upstream.deps, view, { ...q, page: 1, perPage }, opts);
  const total = res.total;
  pages.push(res.rows.map((r) => r.id));
  for (let page = 2; res.next; page++) {
    res = await queryRows(up.upstream.deps, view, { ...q, page, perPage, after: res.next }, opts);
    pages.push(res.rows.map((r) => r.id));
  }
  const back: number[][] = [pages[pages.length - 1]];
  for (let page = pages.length - 1; page >= 1 && res.prev; page--) {
    res = await queryRows(up.upstream.deps, view, { ...q, page, perPage, before: res.prev }, opts);
    back.unshift(res.rows.map((r) => r.id));
  }
  return { byNumber, byCursor: pages.flat(), pages, back, total };
}

describe("tab rows through their keys", () => {
  let view: TabView;
  const REFS = ["Valve A", "valve b", "VALVE c", "Pump", "", null, "Élan", "élan", "50% off", "a_b", "back\\slash", "Zulu", "alpha", "Alpha", "10", "9", "pump", "Valve A", "x", "Ärger"];
  const QTYS = [3, -1, 0, 2.5, null, 10, 100, 9, 3, null, 1e6, -0.5, 7, 7, null, 42, 3, 1, 0, 2];
  const DUES = ["2026-01-05", null, "2025-12-31", "2026-01-05", "2024-02-29", null, "2026-06-01", "2020-01-01", null, "2026-01-05", "2023-03-03", "2026-01-04", null, "2022-02-02", "2021-01-01", "2026-12-31", "2026-01-05", null, "2019-09-09", "2026-07-07"];

  beforeAll(async () => {
    const created = TabAnswer.parse(
      await call("emma", "/v1/ops_tab_info/create.json", {
        ...SKY,
        tab_name: "Keys",
        group_name: "Tests",
        columns: [{ name: "Ref" }, { name: "Qty", type: "number" }, { name: "Due", type: "date" }, { name: "Note" }],
      })
    );
    for (let i = 0; i < REFS.length; i++) {
      await call("client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: created.tab.tab_id, item: { Ref: REFS[i], Qty: QTYS[i], Due: DUES[i], Note: i % 3 ? `note ${i}` : null } });
    }
    view = await aircraftTab(up.upstream.deps, aircraftId, "ops", created.tab.tab_id);
  }, 60_000);

  const sorts: [string | undefined, "asc" | "desc"][] = [undefined, "Ref", "Qty", "Due", "Note"].flatMap((c) => [[c, "asc"], [c, "desc"]] as [string | undefined, "asc" | "desc"][]);
  // Filters of 3 characters or more without %, _ or \ go through SQLite's trigram index (026).
  const filters = [undefined, "valve", "VALVE", "é", "É", "ä", "%", "_", "\\", "a_b", "50%", "1", "2026-01", "note", "zz-nothing", "élan", "ÉLAN", "ärger", "ÄRGER", "lve a"];

  // fewMatches 0: every filter counts as matching many rows (the order's index walked, each row
  // checked); 1,000: as few (the matches sorted).
  it.each([0, 1_000])("gives the old query's rows and order for every sort and filter, page by page (few matches up to %i)", async (fewMatches) => {
    let compared = 0;
    for (const [sortColumn, sortOrder] of sorts) {
      for (const filter of filters) {
        const q = { sortColumn, sortOrder, filter };
        const expected = await oldOrder(view, q);
        const got = await pagesOf(view, q, 3, { fewMatches });
        const label = JSON.stringify({ ...q, fewMatches });
        expect(got.byNumber, label).toEqual(expected);
        expect(got.byCursor, label).toEqual(expected);
        expect(got.back, label).toEqual(got.pages);
        expect(got.total, label).toBe(expected.length);
        compared++;
      }
    }
    expect(compared).toBe(sorts.length * filters.length);
  }, 120_000);

  it("gives the old order on the seeded tabs too, and watched only on an oil tab", async () => {
    const abc = await aircraftTab(up.upstream.deps, aircraftId, "oil", "abclisting");
    const rows = (await queryRows(up.upstream.deps, abc, { page: 1, perPage: 100 })).rows;
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows.filter((_, i) => i % 2 === 0)) await call("client", "/v1/oil_data/update_oil_data.json", { ...SKY, tab_id: "abclisting", id: r.id, watched: !r.watched });
    for (const c of [undefined, ...abc.columns.map((x) => x.name)]) {
      for (const sortOrder of ["asc", "desc"] as const) {
        for (const watchedOnly of [false, true]) {
          const q = { sortColumn: c, sortOrder, watchedOnly };
          const got = await pagesOf(abc, q, 2, { fewMatches: watchedOnly && sortOrder === "desc" ? 0 : 1_000 });
          expect(got.byCursor, JSON.stringify(q)).toEqual(await oldOrder(abc, q));
          expect(got.byNumber, JSON.stringify(q)).toEqual(got.byCursor);
        }
      }
    }
  }, 60_000);

  it("answers cursors over HTTP; a cursor of another sort is taken as a page number", async () => {
    const first = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, sort_column: "Qty", per_page: 5 }));
    expect(first.next).toBeTruthy();
    expect(first.prev).toBeNull();
    expect(first.total_capped).toBe(false);
    const second = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, sort_column: "Qty", per_page: 5, page: 2, after: first.next }));
    const byNumber = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, sort_column: "Qty", per_page: 5, page: 2 }));
    expect(second.rows.map((r) => r.id)).toEqual(byNumber.rows.map((r) => r.id));
    const otherSort = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, sort_column: "Ref", per_page: 5, page: 2, after: first.next }));
    const refPage2 = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, sort_column: "Ref", per_page: 5, page: 2 }));
    expect(otherSort.rows.map((r) => r.id)).toEqual(refPage2.rows.map((r) => r.id));
    const garbled = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: view.key, per_page: 5, page: 1, after: "not-a-cursor" }));
    expect(garbled.rows.length).toBe(5);
  });

  it("reads every row in chunks in the export's order", async () => {
    for (const [sortColumn, sortOrder] of sorts) {
      const chunks: number[][] = [];
      for await (const c of rowChunks(up.upstream.deps, view, { sortColumn, sortOrder }, { chunk: 4 })) chunks.push(c.map((r) => r.id));
      expect(chunks.flat()).toEqual(await oldOrder(view, { sortColumn, sortOrder }));
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(4);
    }
  });

  it("caps a filter's count and says so", async () => {
    const created = TabAnswer.parse(await call("emma", "/v1/ops_tab_info/create.json", { ...SKY, tab_name: "Many", group_name: "Tests", columns: [{ name: "Item" }] }));
    const many = ROW_COUNT_CAP + 5;
    const csv = ["Item", ...Array.from({ length: many }, (_, i) => `Item ${i}`)].join("\n");
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...SKY, tab_id: created.tab.tab_id, mode: "append" })) form.set(k, v);
    form.set("file", new File([csv], "many.csv", { type: "text/csv" }));
    const res = await fetch(`${up.opsUrl}/v1/ops_data/upload_ops_data.json`, { method: "POST", headers: H.client, body: form });
    expect(UploadAnswer.parse(await res.json()).total).toBe(many);
    const page = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: created.tab.tab_id, filter: "item", sort_column: "Item", sort_order: "desc" }));
    expect(page).toMatchObject({ total: ROW_COUNT_CAP, total_capped: true });
    expect(page.rows[0].data.Item).toBe("Item 9999");
    const all = TabDataAnswer.parse(await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: created.tab.tab_id }));
    expect(all).toMatchObject({ total: many, total_capped: false });
    await call("emma", "/v1/ops_tab_info/delete_tab.json", { ...SKY, tab_id: created.tab.tab_id });
  }, 60_000);
});

/** The kept keys equal the keys computed afresh from every row and column. */
async function expectKeysInStep() {
  const d = db();
  const fresh = freshKeys(isPostgres(d));
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) => JSON.stringify(Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k] == null ? null : typeof r[k] === "number" || k === "num_key" ? Number(r[k]) : String(r[k])]))))
      .sort();
  const kept = await sql<Record<string, unknown>>`SELECT row_id AS id, col, tab_id, position, num_key, text_key FROM tab_cells`.execute(d);
  const want = await sql<Record<string, unknown>>`${sql.raw(fresh.cells)}`.execute(d);
  expect(norm(kept.rows)).toEqual(norm(want.rows));
  const keptText = await sql<Record<string, unknown>>`SELECT row_id, tab_id, position, watched, text FROM tab_row_text`.execute(d);
  const wantText = await sql<Record<string, unknown>>`${sql.raw(fresh.text)}`.execute(d);
  expect(norm(keptText.rows)).toEqual(norm(wantText.rows));
  if (!isPostgres(d)) {
    // The filter's trigram index (026) against its content, tab_row_text: throws when they differ.
    await sql`INSERT INTO tab_row_trigrams (tab_row_trigrams, rank) VALUES ('integrity-check', 1)`.execute(d);
  }
  return kept.rows.length;
}

describe("the keys follow every write", () => {
  it("after the seed, rows added, changed, watched, deleted, imported, columns renamed, swapped, retyped, added and deleted, tabs created and deleted", async () => {
    expect(await expectKeysInStep()).toBeGreaterThan(0);
    const created = TabAnswer.parse(
      await call("emma", "/v1/ops_tab_info/create.json", { ...SKY, tab_name: "Writes", group_name: "Tests", columns: [{ name: "A" }, { name: "B" }, { name: "N", type: "text" }] })
    );
    const key = created.tab.tab_id;
    const [a, b, n] = created.tab.columns;
    const added = [];
    for (const [i, v] of ["x", "Y", "", "12", "z"].entries()) added.push(await call("client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: key, item: { A: v, B: `b${i}`, N: String(i * 3) } }));
    await expectKeysInStep();
    await call("client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: key, id: added[0].row.id, column_name: "A", column_value: "Changed" });
    await expectKeysInStep();
    await call("client", "/v1/ops_data/delete_template_data_by_selection.json", { ...SKY, tab_id: key, ids: [added[1].row.id] });
    await expectKeysInStep();
    // import: append, then replace
    const sheet = (aoa: unknown[][]) => {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), "Sheet1");
      return new File([new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer)], "rows.xlsx");
    };
    for (const mode of ["append", "replace"]) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...SKY, tab_id: key, mode })) form.set(k, v);
      form.set("file", sheet([["A", "B", "N"], ["imp1", "q", 5], ["IMP2", null, "7"]]));
      const res = await fetch(`${up.opsUrl}/v1/ops_data/upload_ops_data.json`, { method: "POST", headers: H.client, body: form });
      expect(res.status).toBe(200);
      await expectKeysInStep();
    }
    // columns: swap A and B, retype N to number, add C
    await call("emma", "/v1/ops_tab_info/push_data_columns_list.json", { ...SKY, tab_id: key, columns: [{ id: a.id, name: "B" }, { id: b.id, name: "A" }, { id: n.id, name: "N", type: "number" }, { name: "C" }] }, "PUT");
    await expectKeysInStep();
    const sorted = await queryRows(up.upstream.deps, await aircraftTab(up.upstream.deps, aircraftId, "ops", key), { page: 1, perPage: 10, sortColumn: "N", sortOrder: "desc" });
    expect(sorted.rows.map((r) => r.data.N)).toEqual([7, 5]);
    await call("emma", "/v1/ops_tab_info/push_data_columns_list.json", { ...SKY, tab_id: key, columns: [{ id: a.id, name: "Renamed" }, { id: b.id, name: "A" }, { id: n.id, name: "N", type: "number" }] }, "PUT");
    await expectKeysInStep();
    await call("emma", "/v1/ops_tab_info/delete_column.json", { ...SKY, tab_id: key, column_id: a.id });
    await expectKeysInStep();
    // watched (oil), and a whole tab deleted
    const abc = await aircraftTab(up.upstream.deps, aircraftId, "oil", "abclisting");
    const row = (await queryRows(up.upstream.deps, abc, { page: 1, perPage: 1 })).rows[0];
    await call("client", "/v1/oil_data/update_oil_data.json", { ...SKY, tab_id: "abclisting", id: row.id, watched: !row.watched });
    await expectKeysInStep();
    await call("emma", "/v1/ops_tab_info/delete_tab.json", { ...SKY, tab_id: key });
    await expectKeysInStep();
  }, 120_000);
});
