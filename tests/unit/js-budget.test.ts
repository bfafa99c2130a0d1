// The JavaScript budget of issue 12, item 1 (until ADR 073 step 2): a page without an island downloads at most the floor
// (the empty Remix v2 page, JS_FLOOR_BYTES) plus 10 KiB of JavaScript, gzip. Read from the production
// build that `npm test` makes before vitest (tests/helpers/js-weight.ts says how a page is counted and
// which pages are islands). Prints every page's figure; fails for a page over its budget, naming what
// its bytes are made of.
import { describe, expect, it } from "vitest";
import { JS_BUDGET_OVER_FLOOR_BYTES, JS_FLOOR_BYTES, breakdown, buildProblems, entryBytes, kib, pages, readBuild, stylesMissingFromBundle, type PageWeight } from "../helpers/js-weight";

const BUDGET = JS_FLOOR_BYTES + JS_BUDGET_OVER_FLOOR_BYTES;

/**
 * Pages over the budget, each with the most it may weigh (KiB over the floor): a ratchet, not a
 * waiver. The test fails when such a page grows past its figure, and when it fits the budget (then
 * it leaves this list).
 *
 * 2026-11-28 (ADR 073, step 1): the pages are Remix route modules again (the server-markup framework
 * of ADR 031, 058, 063-066 is gone), and every page still hydrates, so each carries its own
 * components: 10-42 KiB over the floor. Step 2 of ADR 073 (Remix's scripts only where a route asks,
 * plain modules elsewhere) replaces this list and the budget with its two budgets: a page without
 * an island at most 6 KiB of JavaScript, an island page the floor plus its island. Figures from
 * `npx vitest run tests/unit/js-budget.test.ts` on a production build, plus 0.1 KiB. The same day
 * the fleet homes' search form became one component (fleet-search.tsx): its chunk +0.3-0.4 KiB on
 * the four fleet homes. ADR 073 step 2: the shell's fleet tree, file search and Report Issue menu are
 * HTML with plain widgets instead of lazy islands, so a page that hydrates carries their markup's
 * components (+0.6-2.2 KiB; the figures above rose with them).
 */
const HYDRATED_UNTIL_STEP_2: Record<string, number> = {
  "routes/_shell.client+/Aerooil.$tabDataId": 42.5,
  "routes/_shell.admin+/aeroops.template.manufacturers.($id)": 36.4,
  "routes/_shell.client+/template.($tabId)": 35.5,
  "routes/_shell.client+/dashboard": 34.3,
  "routes/_shell.client+/saved": 34.0,
  "routes/_shell.client+/Aerooil.statusDashboard": 32.3,
  "routes/_shell.consultant+/settings.$id.$tab": 31.7,
  "routes/_shell.aerooil+/msnids": 31.5,
  "routes/_shell.admin+/aeroops.org": 31.5,
  "routes/_shell.aerooil+/view": 31.4,
  "routes/_shell.client+/Aeroops.updateworkorder.$woRef": 30.6,
  "routes/_shell.admin+/aeroops.organization": 31.3,
  "routes/_shell.ops_template+/organization": 31.3,
  "routes/_shell.admin+/aeroops.create": 31.2,
  "routes/_shell.aerooil+/create": 31.2,
  "routes/_shell.aerooil+/organization": 31.2,
  "routes/_shell.admin+/organization.$orgId._index": 31.1,
  "routes/_shell.client+/Aeroops.logbookpages.$logbookRef": 29.8,
  "routes/_shell.admin+/user-access-control": 29.9,
  "routes/_shell.storage+/favourites": 29.0,
  "routes/_shell.client+/message": 29.1,
  "routes/_shell.storage+/aircraft.$aircraftId.trash": 28.2,
  "routes/_shell.admin+/analytics": 28.2,
  "routes/_shell.client+/Aeroops.logbooks": 27.4,
  "routes/_shell+/aircraft-access.$aircraftId": 27.9,
  "routes/_shell.admin+/audit": 27.8,
  "routes/_shell+/user.settings": 27.8,
  "routes/_shell.client+/home": 28.1,
  "routes/_shell.admin+/es-migration": 27.6,
  "routes/_shell.storage+/copy": 26.9,
  "routes/_shell.storage+/create": 26.9,
  "routes/_shell.storage+/delete": 26.9,
  "routes/_shell.storage+/move": 26.9,
  "routes/_shell.storage+/aircraft.$aircraftId.versions": 26.9,
  "routes/_shell+/deactivate": 27.4,
  "routes/_shell.nextcloud+/user._index": 27.3,
  "routes/_shell.nextcloud+/user.create": 27.2,
  "routes/_shell.client+/Aeroops.workorder._index": 27.2,
  "routes/_shell.client+/Aeroops.workorder.aircraftworkorder": 27.2,
  "routes/_shell.client+/Aeroops.workorder.componentworkorder": 27.2,
  "routes/_shell.client+/Aeroops.workorder.engineworkorder": 27.2,
  "routes/_shell.admin+/ip-whitelist._index": 27.1,
  "routes/_shell.admin+/organization.create": 27.1,
  "routes/_shell.admin+/consultant.dashboard": 27.0,
  "routes/_shell.storage+/uef.overview": 27.0,
  "routes/_shell.admin+/organization.$orgId.aircraft.$aircraftId": 27.0,
  "routes/_shell.admin+/client.dashboard": 27.0,
  "routes/_shell.storage+/overview": 27.0,
  "routes/_shell.storage+/search": 26.2,
  "routes/_shell.admin+/organization.$orgId.aircraft.new": 26.9,
  "routes/_shell.nextcloud+/group.create": 26.9,
  "routes/_shell.admin+/organization._index": 26.9,
  "routes/_shell+/report-issue": 26.1,
  "routes/_shell.admin+/issue-reports": 26.8,
  "routes/_shell.admin+/retention": 26.2,
  "routes/_shell.storage+/InventoryReport.$aircraftId": 26.7,
  "routes/_shell.admin+/client.create": 26.7,
  "routes/_shell.nextcloud+/group._index": 26.6,
  "routes/_shell.Aeroops+/org.Aircrafts": 26.6,
  "routes/_shell.storage+/linkedDocuments.$aircraftId": 26.6,
  "routes/_shell.client+/Aeroops.maintenance": 26.3,
  "routes/_shell.admin+/ip-whitelist.create": 26.3,
  "routes/_shell.Aeroops+/org._index": 26.6,
  "routes/_shell.client+/Aerooil._index": 26.5,
  "routes/_shell+/Aerooil.org": 26.5,
  "routes/_shell.client+/Aeroops.createworkorder": 26.1,
  "routes/_shell.storage+/OCRReport.$aircraftId": 26.1,
  "routes/_shell.admin+/consultant.create": 26.0,
  "routes/_shell.Aeroops+/org.tabslanding.($tabId)": 25.8,
  "routes/_shell.consultant+/home": 25.8,
  "routes/_shell+/dashboard": 25.7,
  "routes/_shell.admin+/outbox": 25.7,
  "routes/_shell.client+/Aeroops.aeroplane": 25.5,
  "routes/_shell.storage+/user": 25.4,
  "routes/_shell.storage+/aircraft.$aircraftId.preview": 25.3,
  "routes/_shell.storage+/module": 24.8,
  "routes/_shell.storage+/uef.organization": 24.8,
  "routes/_shell.storage+/organization": 24.7,
  "routes/_shell+/notifications": 24.5,
  "routes/_shell.storage+/Aeroops.tabs": 24.0,
  "routes/_shell.client+/Aeroops.createtechlogbook": 24.0,
  "routes/aero-box+/storage.favourites": 18.8,
  "routes/aero-box+/storage.following": 16.3,
  "routes/aero-box+/storage.all": 16.2,
  "routes/aero-box+/_index": 14.9,
  "routes/aero-box+/storage.ocr-status": 14.7,
  "routes/aero-box+/storage.inventory-report": 14.3,
  "routes/_index": 13.1,
};
const OVER_BUDGET: Record<string, { most: number; why: string }> = Object.fromEntries(
  Object.entries(HYDRATED_UNTIL_STEP_2).map(([id, most]) => [id, { most, why: "a route module that hydrates until ADR 073 step 2" }]),
);

const overFloor = (p: PageWeight) => p.gzip - JS_FLOOR_BYTES;

function table(rows: PageWeight[]) {
  const head = ["page", "route", "JS gzip", "over floor", "budget"];
  const body = rows.map((p) => {
    const listed = OVER_BUDGET[p.id];
    const status = p.island ? `island (${p.island})` : p.gzip <= BUDGET ? "ok" : listed ? `over, listed (most ${listed.most.toFixed(1)})` : "OVER";
    return [p.url, p.id, kib(p.gzip), kib(overFloor(p)), status];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

describe("JavaScript per page (issue 12: floor + 10 KiB without an island)", () => {
  const problems = buildProblems();

  it("reads a production build of the current sources", () => {
    expect(problems).toEqual([]);
  });

  const build = problems.length ? null : readBuild();

  it.skipIf(!build)("the pinned floor still describes this build's React and Remix (else measure it again: npx tsx bench/js-floor.ts)", () => {
    // This app's entry is React, react-dom, the Remix runtime (with the router features the app
    // uses) and a 10-line entry.client; the floor is the template's entry plus a 470-byte root and
    // index route. A React or Remix upgrade moves the entry by more than this.
    const entry = entryBytes(build!);
    expect(Math.abs(entry - JS_FLOOR_BYTES), `entry ${entry} bytes, floor ${JS_FLOOR_BYTES}`).toBeLessThanOrEqual(2048);
  });

  it.skipIf(!build)("brings every style the server's markup uses to the CSS bundle (a server-only component's styles come with an import in its route)", () => {
    expect(stylesMissingFromBundle()).toEqual([]);
  });

  it.skipIf(!build)("finds the pages and the islands (the storage folder pages carry the upload dialog)", () => {
    const all = pages(build!);
    expect(all.length).toBeGreaterThan(70);
    const ids = all.map((p) => p.id);
    const islands = all.filter((p) => p.island).map((p) => p.id);
    expect(islands).toContain("routes/_shell.storage+/aircraft.$aircraftId.files");
    expect(islands).toContain("routes/_shell.storage+/uef.aircraft.$aircraftId.files");
    expect(islands).not.toContain("routes/_shell.client+/home");
    // Pages that re-export another's component count; layouts and resource routes are not pages.
    expect(ids).toContain("routes/_public+/auth.login");
    expect(ids).toContain("routes/_public+/users.confirm_url");
    for (const id of ["root", "routes/_shell+/_layout", "routes/_public+/_layout", "routes/resources+/fleet"]) expect(ids).not.toContain(id);
  });

  it.skipIf(!build)(`keeps every page without an island within ${kib(BUDGET)} (floor ${kib(JS_FLOOR_BYTES)} + ${kib(JS_BUDGET_OVER_FLOOR_BYTES)}), or within its listed most`, () => {
    const all = pages(build!);
    console.log(`\nJavaScript per page, gzip -9 (floor ${JS_FLOOR_BYTES} bytes = ${kib(JS_FLOOR_BYTES)}; budget ${kib(BUDGET)})\n${table(all)}\n`);
    const failures: string[] = [];
    for (const p of all) {
      if (p.island) continue;
      const listed = OVER_BUDGET[p.id];
      if (listed && p.gzip <= BUDGET) {
        failures.push(`${p.url} (${p.id}) fits the budget now (${kib(overFloor(p))} over the floor): take it off OVER_BUDGET`);
        continue;
      }
      const limit = listed ? JS_FLOOR_BYTES + listed.most * 1024 : BUDGET;
      if (p.gzip <= limit) continue;
      const parts = breakdown(build!, p.id)
        .slice(0, 12)
        .map((b) => `    ${kib(b.gzip).padStart(9)}  ${b.source}`)
        .join("\n");
      failures.push(`${p.url} (${p.id}): ${kib(p.gzip)}, ${kib(p.gzip - limit)} over ${listed ? `its listed most (${listed.most} KiB over the floor)` : "the budget"}; above the entry:\n${parts}`);
    }
    expect(failures.length, `${failures.length} page(s):\n${failures.join("\n")}`).toBe(0);
  });

  it.skipIf(!build)("lists only non-island pages that exist", () => {
    const byId = new Map(pages(build!).map((p) => [p.id, p]));
    expect(Object.keys(OVER_BUDGET).filter((id) => !byId.get(id) || byId.get(id)!.island)).toEqual([]);
  });
});
