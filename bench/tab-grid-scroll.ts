// Scrolling a 500-row page of the AeroOPS tab grid (issue 13 item 3 "smooth scrolling of a 500-row
// page"; ADR 051): the measurement behind the decision not to virtualize the grid island's rows.
//
// A tab of 500 rows (7 columns, as bench/ops-tab.ts) is opened as a client with Edit Access at
// ?per_page=500 in Chromium (1366 x 768), the pointer over the table until the live grid has taken
// over the server's table (LazyIsland); then
// its scroll box is scrolled from top to bottom and back, 40 px a frame, and every frame's interval is
// recorded (requestAnimationFrame), with the long tasks (PerformanceObserver). The same again with
// the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), a modest laptop on battery. Also: the time
// from navigation to the live grid, and an ArrowDown through the first 100 cells (keyboard navigation).
// Figures only, never pass/fail.   npx tsx bench/tab-grid-scroll.ts
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { portalLogin, startBenchServer, BENCH_TAB_COLUMNS, benchTabRow } from "./lib";

const ROWS = 500;
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const COLUMNS = BENCH_TAB_COLUMNS;
const rowOf = benchTabRow;

/** Scrolls the grid's box down to the end and back, 40 px a frame; every frame interval and long task. */
const SCROLL_SCRIPT = `(async () => {
  const box = document.querySelector("[data-grid]");
  const long = [];
  const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => long.push(e.duration)));
  obs.observe({ type: "longtask", buffered: false });
  const frames = [];
  await new Promise((done) => {
    let last = 0;
    let dir = 1;
    const step = (t) => {
      frames.push(t - last);
      last = t;
      box.scrollTop += 40 * dir;
      if (dir === 1 && box.scrollTop + box.clientHeight >= box.scrollHeight - 1) dir = -1;
      else if (dir === -1 && box.scrollTop <= 0) return done();
      requestAnimationFrame(step);
    };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(step); });
  });
  obs.disconnect();
  return { frames, long };
})()`;

const srv = await startBenchServer();
const deps = srv.upstream!.deps;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-background-networking"] });
try {
  const aircraft = await deps.db.selectFrom("aircraft").select(["id", "organization_id"]).where("msn", "=", "5123").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const tab = await deps.db
    .insertInto("tabs")
    .values({ product: "ops", organization_id: aircraft.organization_id, aircraft_id: aircraft.id, is_template: 0, tab_key: "tab-bench-scroll", tab_name: "Bench scroll", tab_position: 900, group_name: "Bench", created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await deps.db.insertInto("tab_columns").values(COLUMNS.map((c, i) => ({ tab_id: tab.id, name: c.name, position: i + 1, type: c.type, editable: 1 }))).execute();
  for (let j = 0; j < ROWS; j += 100)
    await deps.db.insertInto("tab_rows").values(Array.from({ length: 100 }, (_, k) => ({ tab_id: tab.id, position: j + k + 1, data: JSON.stringify(rowOf(j + k)), watched: 0, created_at: now, updated_at: now }))).execute();

  const cookie = await portalLogin(srv.url, "client@demo.aero");
  const [name, ...value] = cookie.split("=");
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addCookies([{ name: name!, value: value.join("="), url: srv.url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const url = `${srv.url}/client/Aeroops/tab-bench-scroll?org_msn_id=${aircraft.id}&per_page=${ROWS}`;

  const results: string[][] = [["CPU", "to live grid", "rows", "frames", "median frame", "p95 frame", "worst frame", "frames > 50 ms", "long tasks", "ArrowDown x100"]];
  for (const rate of [1, 4]) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const t0 = Date.now();
    await page.goto(url);
    // The island's own markup has data-grid; the server's table has none. LazyIsland fetches the
    // grid's code on a pointer (or focus) inside it: hover the table, as a user's mouse would.
    await page.getByRole("table", { name: "Bench scroll" }).hover();
    await page.locator("[data-grid]").waitFor({ timeout: 60_000 });
    const toLive = Date.now() - t0;
    const rows = await page.locator("[data-grid] tbody tr").count();
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    const m = (await page.evaluate(SCROLL_SCRIPT)) as { frames: number[]; long: number[] };
    // Keyboard navigation: focus the first cell, ArrowDown 100 times (each moves focus and re-renders).
    await page.locator("[data-grid] td[tabindex='0']").first().focus();
    const k0 = Date.now();
    for (let i = 0; i < 100; i++) await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-cell")?.startsWith("101:"));
    const keys = Date.now() - k0;
    const sorted = [...m.frames].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    results.push([
      `${rate}x`,
      `${toLive} ms`,
      String(rows),
      String(sorted.length),
      `${q(0.5).toFixed(1)} ms`,
      `${q(0.95).toFixed(1)} ms`,
      `${sorted.at(-1)!.toFixed(1)} ms`,
      String(sorted.filter((f) => f > 50).length),
      m.long.length ? `${m.long.length} (longest ${Math.max(...m.long).toFixed(0)} ms)` : "0",
      `${keys} ms`,
    ]);
  }
  const widths = results[0]!.map((_, i) => Math.max(...results.map((r) => r[i]!.length)));
  console.log(`AeroOPS tab grid island, a page of ${ROWS} rows x ${COLUMNS.length} columns (Chromium, 1366 x 768, scroll 40 px a frame down and up)`);
  for (const r of results) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
} finally {
  await browser.close();
  await srv.close();
}
