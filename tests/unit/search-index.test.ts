// The file-search index on broad queries (issue 12, ADR 030): a short prefix matching most of the
// index is answered from the index (name matches first, then folder-path matches, newest first),
// with the organization / aircraft scope inside the MATCH; narrower queries stay ranked by bm25.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstream, type Upstream } from "../../upstream";
import { RANK_ALL_MAX } from "../../upstream/search/fts";
import { manualClock } from "../../upstream/lib/clock";

let up: Upstream;
let dir: string;
const BROAD = RANK_ALL_MAX + 1500; // names starting "Rec…"
const PATH_ONLY = 300; // files in "/Records box/", named otherwise

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-search-"));
  up = await createUpstream({ dataDir: dir, clientUuid: "t", secret: "s".repeat(32), blobBaseUrl: "/_blob", portalUrl: "http://t", tokenTtlHours: 1, clock: manualClock() });
  const items = [];
  for (let i = 1; i <= BROAD; i++) items.push({ id: i, name: `Record ${i}.pdf`, path: `/Scans/Record ${i}.pdf`, aircraft_id: 1 + (i % 3), organization_id: 1 });
  for (let i = 1; i <= PATH_ONLY; i++) items.push({ id: BROAD + i, name: `Page ${i}.pdf`, path: `/Records box/Page ${i}.pdf`, aircraft_id: 1, organization_id: 1 });
  // Another organization's files match too, and must never show.
  for (let i = 1; i <= 50; i++) items.push({ id: 100_000 + i, name: `Record other ${i}.pdf`, path: `/Record other ${i}.pdf`, aircraft_id: 9, organization_id: 2 });
  for (let i = 0; i < items.length; i += 2000) await up.deps.search.index(items.slice(i, i + 2000));
}, 60_000);
afterAll(async () => {
  await up.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const search = (text: string, offset: number, limit = 50, scope: { aircraftIds?: number[] | "all"; organizationId?: number | null } = {}) =>
  up.deps.search.search({ text, aircraftIds: scope.aircraftIds ?? "all", organizationId: scope.organizationId === undefined ? 1 : scope.organizationId, limit, offset });

describe("search on a broad prefix", () => {
  it("counts every match of the organization and lists name matches first, newest first, without a score", async () => {
    const first = await search("rec", 0);
    expect(first.total).toBe(BROAD + PATH_ONLY);
    expect(first.hits.map((h) => h.id)).toEqual(Array.from({ length: 50 }, (_, i) => BROAD - i));
    expect(first.hits.every((h) => h.rank === null && h.organization_id === 1)).toBe(true);
    expect(first.hits[0]!.highlight).toBe(`<mark>Record</mark> ${BROAD}.pdf`);
  });

  it("crosses from name matches to folder-path matches across a page without losing or repeating a file", async () => {
    const boundary = BROAD - 20;
    const page = await search("rec", boundary);
    expect(page.hits.slice(0, 20).map((h) => h.id)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(page.hits.slice(20).map((h) => h.id)).toEqual(Array.from({ length: 30 }, (_, i) => BROAD + PATH_ONLY - i));
    const seen = new Set<number>();
    for (let offset = 0; offset < BROAD + PATH_ONLY; offset += 500) for (const h of (await search("rec", offset, 500)).hits) seen.add(h.id);
    expect(seen.size).toBe(BROAD + PATH_ONLY);
    expect((await search("rec", BROAD + PATH_ONLY)).hits).toEqual([]);
  });

  it("keeps the aircraft scope inside the index", async () => {
    const some = await search("rec", 0, 50, { aircraftIds: [2] });
    expect(some.total).toBe(Math.floor((BROAD + 1) / 3));
    expect(some.hits.every((h) => h.aircraft_id === 2)).toBe(true);
    expect((await search("rec", 0, 50, { aircraftIds: [9] })).total).toBe(0); // another organization's aircraft
    expect((await search("rec", 0, 50, { organizationId: null, aircraftIds: [9] })).total).toBe(50);
  });

  it("still ranks a narrower query by score (name matches above path matches)", async () => {
    const narrow = await search("page 12", 0);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.total).toBeLessThanOrEqual(RANK_ALL_MAX);
    expect(narrow.hits.every((h) => typeof h.rank === "number")).toBe(true);
    expect(narrow.hits[0]!.name).toBe("Page 12.pdf");
    expect(await up.deps.search.count(1)).toBe(BROAD + PATH_ONLY);
  });
});
