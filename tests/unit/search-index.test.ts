// The file-search index at scale (ADR 082, after ADR 030): each group of hits (by name or folder
// path, then by the document's text only) is ranked within its window, the newest RANK_WINDOW
// matches, and counted exactly up to it; a broader one says its total is a lower bound. Pages start
// at an offset or after a cursor; snippets are made from the texts of the page's hits only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstream, type Upstream } from "../../upstream";
import { RANK_WINDOW } from "../../upstream/search/window";
import { manualClock } from "../../upstream/lib/clock";
import { createTestDatabase, onPostgres } from "../helpers/upstream";

let up: Upstream;
let dir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
const BROAD = RANK_WINDOW + 500; // names starting "Rec…", organization 1
const PATH_ONLY = 300; // files in "/Records box/", named otherwise
const texts: Record<string, number> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-search-"));
  // FTS5 on SQLite; PostgreSQL's full-text search with PG_TESTS=1.
  database = onPostgres ? await createTestDatabase() : null;
  up = await createUpstream({ dataDir: dir, databaseUrl: database?.url, clientUuid: "t", secret: "s".repeat(32), blobBaseUrl: "/_blob", portalUrl: "http://t", tokenTtlHours: 1, clock: manualClock(), jobWorkers: 0, adminWorkers: false });
  const items = [];
  for (let i = 1; i <= BROAD; i++) items.push({ id: i, name: `Record ${i}.pdf`, path: `/Scans/Record ${i}.pdf`, aircraft_id: 1 + (i % 3), organization_id: 1 });
  for (let i = 1; i <= PATH_ONLY; i++) items.push({ id: BROAD + i, name: `Page ${i}.pdf`, path: `/Records box/Page ${i}.pdf`, aircraft_id: 1, organization_id: 1 });
  // Another organization's files match too, and must never show.
  for (let i = 1; i <= 50; i++) items.push({ id: 100_000 + i, name: `Record other ${i}.pdf`, path: `/Record other ${i}.pdf`, aircraft_id: 9, organization_id: 2 });
  for (let i = 0; i < items.length; i += 2000) await up.deps.search.index(items.slice(i, i + 2000));

  // Files with extracted text: real rows (file_text belongs to a stored file), as the upload and the
  // extraction job write them.
  const { db } = up.deps;
  const org = await db.insertInto("organizations").values({ id: 3, name: "Texts", slug: "texts", product_type: "STORAGE" }).returning("id").executeTakeFirstOrThrow();
  const ac = await db
    .insertInto("aircraft")
    .values({ id: 30, organization_id: org.id, msn: "T1", name: "Texts 1", registration: "", kind: "aircraft", manufacturer: "", model: "", status: "IN OPERATION" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const docs: [string, string][] = [
    ["Gear report.pdf", "Page one of the report.\fThe turbine blade was inspected and found serviceable."],
    ["Turbine log.pdf", "Nothing about it here."],
    ["Turbine manual.pdf", "Chapter 72: turbine maintenance, with the disc limits."],
    ["Blade notes.pdf", "Turbine blades and a turbine disc were replaced."],
    ["Turbine limits.pdf", "The turbine was checked."],
  ];
  for (const [k, [name, text]] of docs.entries()) {
    const row = await db
      .insertInto("storage_items")
      .values({ id: 300_000 + k, aircraft_id: ac.id, parent_id: null, path: `/${name}`, name, is_folder: 0, size: text.length, blob_key: `t/${name}`, content_type: "application/pdf" })
      .returning(["id", "name", "path"])
      .executeTakeFirstOrThrow();
    await up.deps.search.index([{ ...row, aircraft_id: ac.id, organization_id: org.id }]);
    await db.insertInto("file_text").values({ file_id: row.id, aircraft_id: ac.id, organization_id: org.id, status: "done", method: "pdf", pages: text.split("\f").length, text }).execute();
    texts[name] = row.id;
  }
  texts.org = org.id;
}, 60_000);
afterAll(async () => {
  await up.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Scope = { aircraftIds?: number[] | "all"; organizationId?: number | null };
const search = (text: string, offset: number, limit = 50, scope: Scope = {}, after: string | null = null) =>
  up.deps.search.search({ text, aircraftIds: scope.aircraftIds ?? "all", organizationId: scope.organizationId === undefined ? 1 : scope.organizationId, limit, offset, after });

describe("search on a broad prefix", () => {
  it("ranks the newest matches of the window only and says the total is a lower bound", async () => {
    const first = await search("rec", 0);
    expect(first).toMatchObject({ total: RANK_WINDOW, totalExact: false });
    expect(first.hits).toHaveLength(50);
    expect(first.hits.every((h) => typeof h.rank === "number" && h.organization_id === 1 && h.match === "name")).toBe(true);
    // The window is the newest RANK_WINDOW matches; names rank above folder-path-only matches.
    const newest = BROAD + PATH_ONLY - RANK_WINDOW;
    expect(first.hits.every((h) => h.id > newest && h.id <= BROAD)).toBe(true);
    expect(first.hits[0]!.highlight).toMatch(/^<mark>Record<\/mark> \d+\.pdf$/);
  });

  it("pages through the window by cursor: every hit once, names first, then the end", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let n = 0; n < 20; n++) {
      const page = await search("rec", 0, 100, {}, after);
      seen.push(...page.hits.map((h) => h.id));
      after = page.next;
      if (!after) break;
    }
    expect(after).toBeNull();
    expect(seen).toHaveLength(RANK_WINDOW);
    expect(new Set(seen).size).toBe(RANK_WINDOW);
    const pathOnly = seen.findIndex((id) => id > BROAD);
    expect(pathOnly).toBe(RANK_WINDOW - PATH_ONLY);
    expect(seen.slice(pathOnly).every((id) => id > BROAD)).toBe(true);
    // An offset gives the same pages.
    const byOffset = await search("rec", 300, 100);
    expect(byOffset.hits.map((h) => h.id)).toEqual(seen.slice(300, 400));
    expect((await search("rec", RANK_WINDOW)).hits).toEqual([]);
  });

  it("keeps the aircraft scope inside the index, exact below the window", async () => {
    const some = await search("rec", 0, 50, { aircraftIds: [2] });
    expect(some).toMatchObject({ total: Math.floor((BROAD + 2) / 3), totalExact: true });
    expect(some.hits.every((h) => h.aircraft_id === 2)).toBe(true);
    expect((await search("rec", 0, 50, { aircraftIds: [9] })).total).toBe(0); // another organization's aircraft
    expect((await search("rec", 0, 50, { organizationId: null, aircraftIds: [9] })).total).toBe(50);
  });

  it("still ranks a narrower query by score (name matches above path matches)", async () => {
    const narrow = await search("page 12", 0);
    expect(narrow.totalExact).toBe(true);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.hits[0]!.name).toBe("Page 12.pdf");
    expect(await up.deps.search.count(1)).toBe(BROAD + PATH_ONLY);
  });
});

describe("pages by cursor", () => {
  it("a file added between two pages does not repeat the last hit of the first", async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: 200_000 + i, name: `Item ${i}.pdf`, path: `/Wombat box/Item ${i}.pdf`, aircraft_id: 20, organization_id: 5 }));
    await up.deps.search.index(items);
    const scope = { organizationId: 5 };
    const first = await search("wombat", 0, 10, scope);
    const second = await search("wombat", 10, 10, scope);
    expect(first.next).toMatch(/^n_/);
    expect((await search("wombat", 0, 10, scope, first.next)).hits).toEqual(second.hits);
    // A match that ranks first (its name; on a tie, its lower id) filed meanwhile: by offset the
    // second page would start one hit earlier.
    await up.deps.search.index([{ id: 199_999, name: "Wombat.pdf", path: "/Wombat.pdf", aircraft_id: 20, organization_id: 5 }]);
    expect((await search("wombat", 0, 1, scope)).hits[0]!.id).toBe(199_999);
    expect((await search("wombat", 0, 10, scope, first.next)).hits.map((h) => h.id)).toEqual(second.hits.map((h) => h.id));
    expect((await search("wombat", 10, 10, scope)).hits[0]!.id).toBe(first.hits[9]!.id);
  });
});

describe("snippets of the page's hits", () => {
  const inTexts = (text: string) => search(text, 0, 20, { organizationId: texts.org! });

  it("names first, then files found by their text, each with its snippet, marks and page", async () => {
    const r = await inTexts("turbine");
    expect(r).toMatchObject({ total: 5, totalExact: true, next: null });
    expect(r.hits.map((h) => h.match)).toEqual(["name", "name", "name", "content", "content"]);
    expect(new Set(r.hits.slice(0, 3).map((h) => h.name))).toEqual(new Set(["Turbine log.pdf", "Turbine manual.pdf", "Turbine limits.pdf"]));
    const byName = Object.fromEntries(r.hits.map((h) => [h.name, h]));
    // A name hit shows a snippet only when its text has the words too.
    expect(byName["Turbine log.pdf"]!.snippet).toBeNull();
    expect(byName["Turbine manual.pdf"]).toMatchObject({ snippet: "Chapter 72: turbine maintenance, with the disc limits.", snippet_marks: [[12, 19]], match_page: 1 });
    const gear = byName["Gear report.pdf"]!;
    expect(gear).toMatchObject({ id: texts["Gear report.pdf"], snippet: "The turbine blade was inspected and found serviceable.", match_page: 2 });
    expect(gear.snippet_marks.map(([a, b]) => gear.snippet!.slice(a, b))).toEqual(["turbine"]);
    expect(byName["Blade notes.pdf"]!.snippet_marks.map(([a, b]) => byName["Blade notes.pdf"]!.snippet!.slice(a, b))).toEqual(["Turbine", "turbine"]);
  });

  it("every word must be in the text: two words find one document", async () => {
    const r = await inTexts("turbine disc");
    // "disc" is in no name: both are found by their text.
    expect(new Set(r.hits.map((h) => `${h.name}:${h.match}`))).toEqual(new Set(["Turbine manual.pdf:content", "Blade notes.pdf:content"]));
    const notes = r.hits.find((h) => h.name === "Blade notes.pdf")!;
    expect(notes.snippet_marks.map(([a, b]) => notes.snippet!.slice(a, b))).toEqual(["Turbine", "turbine", "disc"]);
    // A name hit whose text has one of the words only shows no snippet.
    const limits = await inTexts("turbine limits");
    expect(limits.hits.map((h) => [h.name, h.match, h.snippet])).toEqual([
      ["Turbine limits.pdf", "name", null],
      ["Turbine manual.pdf", "content", "Chapter 72: turbine maintenance, with the disc limits."],
    ]);
    // A prefix of three letters still finds words inside the texts.
    expect((await inTexts("ser")).hits.map((h) => h.name)).toEqual(["Gear report.pdf"]);
  });
});

describe("a word in more texts than the window", () => {
  // On PostgreSQL the matches come from the GIN index, then the newest RANK_WINDOW of them (FTS5
  // reads its index newest first): a long word, a 3-letter prefix and two words, each the window of
  // the newest matches.
  const MANY = RANK_WINDOW + 60;
  const ids: number[] = [];
  beforeAll(async () => {
    const { db } = up.deps;
    await db.insertInto("organizations").values({ id: 4, name: "Scans", slug: "scans", product_type: "STORAGE" }).execute();
    await db
      .insertInto("aircraft")
      .values({ id: 40, organization_id: 4, msn: "S1", name: "Scans 1", registration: "", kind: "aircraft", manufacturer: "", model: "", status: "IN OPERATION" })
      .execute();
    const rows = Array.from({ length: MANY }, (_, i) => ({ id: 400_000 + i, aircraft_id: 40, parent_id: null, path: `/Scan ${i}.pdf`, name: `Scan ${i}.pdf`, is_folder: 0, size: 10, blob_key: `s/${i}`, content_type: "application/pdf" }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto("storage_items").values(rows.slice(i, i + 500)).execute();
    await up.deps.search.index(rows.map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: 40, organization_id: 4 })));
    const text = rows.map((r, i) => ({ file_id: r.id, aircraft_id: 40, organization_id: 4, status: "done" as const, method: "pdf", pages: 1, text: `Borescope inspection number ${i}${i % 2 ? " of the blades" : ""}.` }));
    for (let i = 0; i < text.length; i += 500) await db.insertInto("file_text").values(text.slice(i, i + 500)).execute();
    ids.push(...rows.map((r) => r.id));
  }, 60_000);

  it.each(["borescope", "bor", "borescope blades"])("%s: the newest matches, counted as a lower bound, each once through the pages", async (q) => {
    const every = q.includes("blades") ? ids.filter((_, i) => i % 2) : ids;
    const newest = new Set(every.slice(-RANK_WINDOW));
    const expectExact = every.length <= RANK_WINDOW;
    const seen: number[] = [];
    let after: string | null = null;
    for (let n = 0; n < 20; n++) {
      const page = await search(q, 0, 100, { organizationId: 4 }, after);
      expect(page).toMatchObject({ total: Math.min(every.length, RANK_WINDOW), totalExact: expectExact });
      expect(page.hits.every((h) => h.match === "content" && h.snippet?.startsWith("Borescope"))).toBe(true);
      seen.push(...page.hits.map((h) => h.id));
      after = page.next;
      if (!after) break;
    }
    expect(new Set(seen)).toEqual(newest);
    expect(seen).toHaveLength(newest.size);
  });
});
