// The JavaScript per page (ADR 073), measured on what the production server serves: every page of
// the route list, as the demo user who opens it, its HTML read for the scripts it loads when it
// opens (tests/helpers/js-weight.ts, servedPageJs). Two budgets:
// - a page that does not hydrate loads at most PLAIN_BUDGET of JavaScript in all (the page script,
//   its chunks that load without a press, and the widgets its HTML names that load with it);
// - a page that hydrates is one of ISLANDS, and loads at most the Remix floor (JS_FLOOR_BYTES, the
//   empty Remix page) plus its island's code (its listed most).
// Prints every page's figure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../helpers/http-browser";
import { JS_FLOOR_BYTES, kib, servedPageJs, type ServedPageJs } from "../helpers/js-weight";
import { entryUrl, harvestId, PAGES_BY_USER, type Ids } from "../helpers/page-list";

/** A page without an island: HTML and CSS, plus the page script and its widgets. */
const PLAIN_BUDGET = 6 * 1024;

/**
 * The pages that hydrate (their route's handle asks: app/utils/hydrate.ts) and what their island may
 * add to the floor, KiB gzip: the island's own code (the upload dialog and its engine, the preview,
 * the grid), and the page's React tree that hydrates with it (the shell's and the route's
 * components, their route modules).
 */
const ISLANDS: Record<string, { island: string; most: number }> = {
  // 2026-11-28 (Vite): floor + 44.5 / 44.5 / 35.1 / 42.9 / 44.7 KiB; the most is about that plus 1.5 KiB.
  // The folder pages' drag and drop and upload summary (ADR 086): + 1.2 KiB, floor + 46.1 / 46.1 / 36.7.
  "/storage/aircraft/:aircraftId/files": { island: "upload dialog, file preview", most: 47.7 },
  "/storage/uef/aircraft/:aircraftId/files": { island: "upload dialog, file preview", most: 47.7 },
  "/aero-box/aircrafts/:id": { island: "upload dialog, file preview", most: 38.3 },
  "/client/Aeroops/:tabDataId": { island: "tab grid", most: 44.7 },
  "/consultant/profile/:id/documents": { island: "photo and resume upload", most: 46 },
};

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => portal?.close());

describe("JavaScript per page, as served", () => {
  const seen = new Map<string, ServedPageJs & { url: string }>();

  for (const group of PAGES_BY_USER) {
    it(`measures the pages of ${group.who}`, async () => {
      const b = portal.browser();
      if (group.email) await b.signIn(group.email);
      const ids: Ids = {};
      for (const entry of group.entries) {
        const url = entryUrl(entry, ids);
        const page = await b.open(url);
        if (entry.harvest) ids[entry.harvest.key] = harvestId([...page.doc.querySelectorAll(entry.harvest.selector)].map((a) => a.getAttribute("href") ?? ""), entry.harvest, url);
        if (!page.isHtml || seen.has(entry.route)) continue;
        seen.set(entry.route, { url, ...servedPageJs(page.html) });
      }
    }, 120_000);
  }

  it("keeps every page within its budget", () => {
    const rows = [...seen].sort((a, b) => b[1].gzip - a[1].gzip);
    const lines = rows.map(([route, p]) => `${route.padEnd(48)} ${kib(p.gzip).padStart(9)}  ${p.hydrated ? `hydrates (${ISLANDS[route]?.island ?? "NOT LISTED"}), floor + ${kib(p.gzip - JS_FLOOR_BYTES)}` : `plain${p.widgets.length ? `: ${p.widgets.join(", ")}` : ""}${p.onUse.length ? ` (on first use: ${p.onUse.join(", ")})` : ""}`}`);
    console.log(`\nJavaScript per page when it opens, gzip -9 (plain budget ${kib(PLAIN_BUDGET)}; floor ${kib(JS_FLOOR_BYTES)})\n${lines.join("\n")}\n`);
    expect(seen.size).toBeGreaterThan(70);
    const failures: string[] = [];
    for (const [route, p] of rows) {
      const island = ISLANDS[route];
      if (p.hydrated && !island) failures.push(`${route} hydrates but is not an island of this list (its handle asks for hydration?)`);
      else if (!p.hydrated && island) failures.push(`${route} is listed as an island but does not hydrate: take it off ISLANDS`);
      else if (!p.hydrated && p.gzip > PLAIN_BUDGET) failures.push(`${route}: ${kib(p.gzip)} of JavaScript, over ${kib(PLAIN_BUDGET)}: ${p.files.join(", ")}`);
      else if (p.hydrated && island && p.gzip > JS_FLOOR_BYTES + island.most * 1024) failures.push(`${route}: floor + ${kib(p.gzip - JS_FLOOR_BYTES)}, over its island's ${island.most} KiB`);
    }
    expect(failures.join("\n")).toBe("");
  });
});
