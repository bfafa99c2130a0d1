// The JavaScript budget of issue 12, item 1: a page without an island downloads at most the floor
// (the empty Remix v2 page, JS_FLOOR_BYTES) plus 10 KiB of JavaScript, gzip. Read from the production
// build that `npm test` makes before vitest (tests/helpers/js-weight.ts says how a page is counted and
// which pages are islands). Prints every page's figure; fails for a page over its budget, naming what
// its bytes are made of.
import { describe, expect, it } from "vitest";
import { JS_BUDGET_OVER_FLOOR_BYTES, JS_FLOOR_BYTES, breakdown, buildProblems, entryBytes, kib, pages, readBuild, stylesMissingFromBundle, type PageWeight } from "../helpers/js-weight";

const BUDGET = JS_FLOOR_BYTES + JS_BUDGET_OVER_FLOOR_BYTES;

// Why pages were over the budget (measured 2026-11-27; ADR 031, ADR 058, ADR 063 and ADR 066 have the breakdown).
/**
 * The signed-in shell (root and `_shell+/_layout`) is 9.1 KiB over the floor before any page code
 * (2026-11-27 late, ADR 066; 8.9 that night, 11.8 that morning, 13.4 before ADR 058): root 0.9 and its error
 * boundary 0.5; the layout's chunk 3.5 (the shell and its one effect for menus, collapse and full
 * screen, the top bar, the speed test's lazy island); the server-markup runtime 1.1 (regions, links
 * and forms in place, the current link, PageMarkup); the island runtime 1.1; the file-search slot,
 * drawer and logout listener 1.1; styles, the icon frame and stubs the rest (12 files). The speed
 * test's code comes after the page's load event (its last result is in the server's markup), the
 * fleet tree, file search and Report Issue when the user comes near them. A page whose content is
 * server markup (its loader renders it: app/utils/page-markup.server.tsx) adds only its route module
 * (about 0.3 KiB) and fits. A page listed here would be one over the budget, with its most and why
 * (none today): a page that needs state or fetchers in the browser is an island, or server markup
 * with one listener set in its route.
 */

/**
 * Pages known to be over the budget, each with the most it may weigh (KiB over the floor) and why.
 * The test fails when such a page grows past that, and when it fits the budget (then it leaves this
 * list): a ratchet, not a waiver. Raised once, on 2026-11-24 evening, by 0.2–2.5 KiB a page when the
 * one-mechanism-each work (ADR 029: shared list table, row-action form, pagination, one date formatter)
 * met the server-markup work in one build; the AeroOPS and /aero-box pages were added with their figures.
 * 2026-11-25: the work-order and logbook pages (issue 14) added with their figures, after the
 * create form stopped pulling zod in through the work-order kinds (32.6 -> 15.5 KiB); the tab page
 * +0.4 and the aircraft screen +0.1 (their links to work orders and logbooks). Then the transition
 * menu (the top bar hides the registration for module=transition, the shell revalidates on module),
 * the OPS top-bar handle and the tab bar's arrows: +0.0-0.1 KiB on every shell page, +0.5 on the tab
 * page; /Aeroops/org/tabslanding added with its figure. Later the same day the template editor,
 * /ops_template/organization, the maintenance screen and /storage/Aeroops/tabs were added with
 * their figures, and pages sharing the tab parts or the tab-group cards moved by up to 0.3 KiB.
 * Then keyboard use (issue 16): the one modal takes, keeps and returns focus, the skip link, the
 * speed test's Loading... label before its script: about +0.5 KiB on every page. Then the search-all
 * scope of the top bar's search (the shell's flag read by the search slot) and the marketplace cards'
 * profile links: +0.3-0.4 KiB. The AeroOPS tab page is an island page now (the tab data grid) and
 * leaves this list. Then the file preview, bulk actions and the folder picker (issue 16, ADR 041): the
 * preview page added with its figure; the stand-alone create / copy / move / delete pages (an aircraft
 * chooser and the picker) and the file list's checkbox column moved their pages by up to 0.9 KiB.
 * The islands' fallback while their code comes (the tab grid's static table): +0.1 on shell pages.
 * 2026-11-25 (issue 15): the AeroOIL pages added with their figures; the AeroOPS tab page +0.4 and the
 * logbooks +0.1: the tab page's parts (row dialog, export bar, import panel) now sit in a chunk
 * shared with the oil tab page, which costs each an import and per-chunk overhead.
 * 2026-11-25 (issue 17 item 5): linked documents. The Linked Documents page was a placeholder
 * (+2.3: its tables and link form); the AeroOIL tab page +0.5 (its Documents column), the work order
 * page +0.1 (its documents link), the file preview +0.1 (its linked records).
 * 2026-11-25 (issue 19 items 1-3): the versions, trash and retention pages added (RECORDS); the storage
 * pages +0.0-0.4 for the Versions entry in the row menu and the Trash links; the template editor +0.6:
 * its structure dialogs moved to a component shared with the aircraft tab page (tab-structure).
 * 2026-11-25 (issue 15): the AeroOIL tab page +1.7 (the alert-limit form, the AeroOPS links column,
 * the over-limit marks), the status dashboard +2.4 (the PNG download and the share dialog), the admin
 * analytics +0.2 (the shared SVG chart learned limit lines). Later the same day the status page's own
 * share dialog gave way to the tab pages' one, in its own module (app/components/share-dialog): the
 * status page and the oil tab page +0.1-0.2 of chunk overhead.
 * 2026-11-25 evening, one build of five merged branches: every shell page +0.7-0.9 KiB for the
 * narrow-screen menu's real button (a drawer with focus handling, issue 16) and the top bar's actions
 * slot (exports and share on module screens, issue 13), +0.0-0.1 for the lazy islands' synchronous
 * swap (flushSync) and the hydration mark; the /aero-box pages +1.1 (their drawer);
 * /aero-box/storage/ocr-status passed the budget by 1.0 and is listed; the AeroOIL tab page +3.4 (its
 * structure dialogs and the export menu); the admin template library +11 (it is the template editor
 * now, issue 14); the template editor +0.8 (the shared tab-structure chunk).
 * 2026-11-27 (issue 12 item 1, ADR 058): the shell 13.4 -> 12.3 KiB (its collapse form server markup,
 * full screen and the menus in one effect, Lite mode's top bar server-only, the top bar's fallback
 * from the loader, the logout listener and the drawer without chunks of their own, the server-markup
 * runtime one module): every shell page -1.0 to -1.1, the /aero-box pages -0.4, all lowered. Then
 * the nonce read by the root alone and the flash toast as server markup (-0.3 each on every page);
 * the /aero-box logout listener moved with the shell's into the layouts' shared chunk: the /aero-box
 * pages -0.4, /aero-box/storage/ocr-status fits (9.7) and leaves the list; shell pages +0.0-0.1
 * (30 bytes). Then the Inventory Report pages became server markup (their loaders render the report):
 * /aero-box/storage/inventory-report 10.4 -> 6.3 fits and leaves the list, /storage/InventoryReport
 * 15.9 -> 12.3; sort links keep the scroll (data-keep-scroll in the markup runtime): 13 pages +0.1
 * (20 bytes). In all, that day: the shell 13.4 -> 11.8 KiB, every shell page -1.5 to -1.7.
 * 2026-11-27 afternoon (issue 12 item 1, ADR 063): Remix's empty stand-ins for server modules no
 * longer kept as chunks (patches/, -0.6 on every page); the speed test a lazy island whose code comes
 * after the load event, its last result from a cookie in the server's markup (-2.3); Exit full
 * screen as shell markup (ui.css left the shell). The shell 11.8 -> 8.9 KiB. Then pages whose content
 * needs no script became server markup (their loaders render them, in a router at the page's
 * address): 30 pages fit the budget and left this list (9.1-9.4 KiB over the floor; the /aero-box
 * lists 6.0); every other page -0.0 to -0.9 (fewer users of each shared chunk), all lowered.
 * 2026-11-27 evening (ADR 064): forms that answer with their errors (the action renders the page
 * again) and pages with the one modal (the markup runtime gives markup dialogs the modal's focus
 * rules) became server markup: 37 pages left this list; the shell +0.2-0.3 (busy buttons, the
 * dialog rules' loader, the action's render, menus closed before paint), so the listed pages moved by
 * -0.7 to +0.4 and were set to their new figures.
 * 2026-11-27 night (ADR 065): the shells' parts one chunk, the markup runtime with the error
 * boundary and the icons' frame another (esbuild splits by the set of entries reaching a module):
 * every shell page -0.8 (8.9 KiB over the floor). Favourites, search, the marketplace (dashboard,
 * saved, messages, settings, a profile's tabs), the AeroOIL status dashboard, the work order and a
 * logbook's pages became server markup (a page's script, where it has one, one listener set in its
 * route): 11 pages left this list. A profile's documents tab is its own route, an island (the
 * photo and resume upload).
 * 2026-11-27 late (ADR 066): the AeroOIL tab page (24.4 -> 9.5) and the template editor (22.0 -> 9.1)
 * became server markup and left this list, which is empty now. The markup runtime took over the
 * export forms in markup (their code fetched on the first export) and the tab bar's arrows, which
 * had been hooks in four routes: every page +0.1, those four pages -0.2 to -0.4. Then a refused
 * form's answer without a reload (markupShouldRevalidate) and the pressed button's spinner: every
 * page +0.1 (the shell pages 9.1-9.9; a consultant's profile tab the heaviest).
 */
const OVER_BUDGET: Record<string, { most: number; why: string }> = {};

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
