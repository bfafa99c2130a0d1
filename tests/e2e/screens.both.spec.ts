// The screens at 1366 and 390 px (ADR 085), with JavaScript on and off: the top bar keeps every field
// spec 001 §2 puts in it readable at 1366-1440 px and reachable at 390 px (a second row); the
// transition side menu lists its own entries, not the records tree, so Tabs and USERS are in view;
// a tab's table of up to 8 columns fits 1366x768 without sideways scrolling, with at least 15 rows
// in view, one line each, a sticky header and first column, and the bottom tab bar pinned to the
// bottom of the window.
import type { Locator, Page } from "@playwright/test";
import { BROWSER_NOTE } from "~/components/shell/side-nav";
import { expect, login, test } from "./fixtures";

/** The aeroplane screen of MSN 5123, and its tabs AD Status (7 columns, with documents) and Hard Time Components (7 columns, 18 rows). */
async function aircraft5123(page: Page) {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const aeroplane = (await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href"))!;
  await page.goto(aeroplane);
  const tab = (await page.getByRole("link", { name: "AD Status", exact: true }).first().getAttribute("href"))!;
  const hardTime = (await page.getByRole("link", { name: "Hard Time Components", exact: true }).first().getAttribute("href"))!;
  return { aeroplane, tab, hardTime };
}

/** Whether an element shows all its text (no ellipsis, nothing cut). */
const whole = (l: Locator) => l.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && (e as HTMLElement).offsetWidth > 0);

test("the top bar shows its fields whole at 1366 and 1440 px and keeps them all at 390 px", async ({ page, javaScriptEnabled }) => {
  const { tab } = await aircraft5123(page);
  for (const width of [1366, 1440]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto(tab);
    // With the speed test's result (its words show from 1440 px: the widest the top bar gets).
    if (javaScriptEnabled) await page.locator("[data-speed-test][data-mbps]").waitFor({ timeout: 30_000 });
    const bar = page.getByRole("banner");
    const info = page.getByTestId("top-bar-info");
    for (const label of ["Aircraft MSN", "Aircraft Registration", "OPS issue date"]) await expect(info.getByText(label, { exact: true })).toBeVisible();
    for (const value of ["5123", "EI-FSK"]) await expect(info.getByText(value, { exact: true })).toBeVisible();
    const parts = info.locator("span");
    for (let i = 0; i < (await parts.count()); i++) {
      const part = parts.nth(i);
      if (await part.isVisible()) expect(await whole(part), `${await part.innerText()} at ${width} px`).toBe(true);
    }
    // Nothing of the bar is pushed out of the window.
    expect(await bar.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    for (const slot of ["speed-test", "export-share"]) {
      const box = (await bar.locator(`[data-slot="${slot}"]`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tab);
  const bar = page.getByRole("banner");
  const msn = bar.getByText("5123", { exact: true });
  const issue = bar.getByText("OPS issue date", { exact: true });
  const speed = bar.locator("[data-speed-test] button");
  for (const l of [msn, bar.getByText("EI-FSK", { exact: true }), issue, speed, bar.locator("summary[aria-label='Report Issue']")]) {
    await expect(l).toBeVisible();
    const box = (await l.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // The issue date and the speed test are the second row.
  expect((await issue.boundingBox())!.y).toBeGreaterThan((await msn.boundingBox())!.y + 20);
  expect((await speed.boundingBox())!.y).toBeGreaterThan((await msn.boundingBox())!.y + 20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("at 390 px the top bar's menus open under its second row, across the window", async ({ page }) => {
  const { tab } = await aircraft5123(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tab);
  const bar = page.getByRole("banner");
  const bottom = (await bar.boundingBox())!.y + (await bar.boundingBox())!.height;
  for (const summary of [bar.locator("summary[aria-label='Report Issue']"), bar.locator("[data-screen-actions] summary"), bar.locator("summary[aria-label^='Notifications']"), bar.locator("summary", { hasText: "Open in" })]) {
    await summary.click();
    const panel = summary.locator("xpath=..").locator(":scope > div").first();
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.y, await summary.innerText()).toBeGreaterThanOrEqual(bottom - 1);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await summary.click();
  }
});

test("the transition side menu lists its entries, not the records tree: Tabs and USERS in view at 1366x768", async ({ page }) => {
  const { aeroplane } = await aircraft5123(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${aeroplane}&module=transition`);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "AeroOPS Home", "My Fleet", "Back to MSN 5123"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  // No fleet tree: no aircraft search, no other aircraft, no folders.
  await expect(nav.getByPlaceholder("Search aircraft with MSN")).toHaveCount(0);
  await expect(nav.getByText("MSN 8842")).toHaveCount(0);
  await expect(nav.getByText("01 Certificates")).toHaveCount(0);
  const tabs = nav.getByRole("region", { name: "Tabs" });
  const users = nav.getByRole("region", { name: "USERS" });
  await expect(tabs.locator("summary").first()).toBeInViewport();
  await expect(users.getByRole("heading", { name: "USERS" })).toBeInViewport();
  await expect(users).toContainText("Read Access");
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(nav.getByText(BROWSER_NOTE)).toBeVisible();
});

test("a tab's table fits 1366x768: no sideways scroll, 15 rows or more in view, one line each, the tab bar pinned", async ({ page }) => {
  const { hardTime } = await aircraft5123(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(hardTime);
  const table = page.getByRole("table", { name: "Hard Time Components" });
  const frame = page.getByRole("group", { name: "Hard Time Components" });
  const bar = page.getByRole("navigation", { name: "Tabs" });
  await expect(table.getByRole("row").nth(16)).toBeAttached();
  // The bar is at the bottom of the window, before any scrolling.
  expect(Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(768);
  const own = await table.locator("thead th a").count();
  expect(own).toBeGreaterThanOrEqual(7);
  expect(own).toBeLessThanOrEqual(8);
  expect(await frame.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

  // Scrolled to the table (its top under the top bar): the rows wholly in view, above the tab bar.
  await page.evaluate(() => {
    const f = document.querySelector('[role="group"][aria-label="Hard Time Components"]')!;
    const top = document.querySelector("header")!.getBoundingClientRect().height;
    window.scrollBy(0, f.getBoundingClientRect().top - top);
  });
  const barTop = (await bar.boundingBox())!.y;
  expect(Math.round(barTop + (await bar.boundingBox())!.height)).toBe(768);
  const inView = await table.evaluate((t, limit) => {
    const frameBox = t.parentElement!.getBoundingClientRect();
    const bottom = Math.min(limit, frameBox.bottom);
    return [...t.querySelectorAll("tbody tr")].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= frameBox.top && b.bottom <= bottom + 0.5;
    }).length;
  }, barTop);
  expect(inView).toBeGreaterThanOrEqual(15);
  // One line a row: dates too; long text is cut, its title holds it all.
  const heights = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThan(34);
  const titled = table.locator("tbody td[title]").first();
  await expect(titled).toBeAttached();
  expect(await titled.evaluate((td) => td.textContent === td.getAttribute("title"))).toBe(true);

  // The header row and the first column stay in sight.
  await frame.evaluate((e) => (e.scrollTop = 200));
  const frameBox = (await frame.boundingBox())!;
  expect(Math.abs((await table.locator("thead th").first().boundingBox())!.y - frameBox.y)).toBeLessThan(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await frame.evaluate((e) => (e.scrollLeft = 300));
  const first = table.locator("tbody tr").first().locator("td").nth(1);
  expect(await first.evaluate((e) => getComputedStyle(e).position)).toBe("sticky");
  const box = (await first.boundingBox())!;
  expect(box.x).toBeLessThan((await frame.boundingBox())!.x + 60);
});
