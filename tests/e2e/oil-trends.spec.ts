// AeroOIL trends, alert limits, links to AeroOPS and the dashboard's PNG and share (issue 15 items 2, 4
// and 5), with JavaScript: a tab's trend chart shows the seeded limit crossing, and the same rows are
// flagged in the grid and counted on the dashboard; a Super User sets and removes a limit, a reader
// sees it and is refused; an oil row opens its linked ops row and back; the dashboard downloads as a
// PNG and its link is mailed. Without JavaScript: tests/http/ops-oil.test.ts.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { linkFromOutbox } from "./outbox";

const toast = (page: Page) => page.locator("[data-toast]");

async function openDashboard(page: Page, msn: string) {
  await page.goto(`/Aerooil/org?q=${msn}`);
  await page.locator(`li[data-aircraft-id]`, { hasText: `MSN ${msn}` }).first().getByRole("link", { name: "Open in AeroOIL" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?.*org_msn_id=\d+/);
}
async function openTab(page: Page, msn: string, tab: string) {
  await openDashboard(page, msn);
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tab);
}
/** The visible drawing of a chart (desktop or compact, by the viewport). */
const visibleSvg = (page: Page, scope = page.locator("#trends")) => scope.locator("svg[role=img]").filter({ visible: true });

test("a tab's trend chart shows the limit crossing, flagged in the grid and counted on the dashboard", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openTab(page, "5123", "APU Oil Analysis");
  const trends = page.getByRole("region", { name: "Trends" });
  await expect(trends.getByRole("link", { name: "Fe ppm" })).toHaveAttribute("aria-current", "true");
  const series = trends.locator("[data-trend-series]");
  await expect(series).toHaveCount(1);
  const crossings = Number(await series.getAttribute("data-crossings"));
  expect(crossings).toBeGreaterThan(0);
  const svg = visibleSvg(page);
  await expect(svg).toHaveCount(1);
  await expect(svg.locator("g[data-limit='7']")).toHaveCount(1);
  await expect(svg.locator("circle[data-over]")).toHaveCount(crossings);
  await expect(svg.locator("desc")).toContainText(`alert limit 7, ${crossings} samples above it`);

  // The same rows are flagged in the grid: their Fe ppm cell is marked, and above 7.
  const table = page.getByRole("table", { name: "APU Oil Analysis" });
  const flagged = table.locator("td[data-over-limit]");
  await expect(flagged).toHaveCount(crossings);
  for (const v of await flagged.allInnerTexts()) expect(Number(v.replace(/[^\d.]/g, ""))).toBeGreaterThan(7);
  await expect(table.locator("tr[data-over='Fe ppm']")).toHaveCount(crossings);

  // Limits are shown to a user with Edit Access, but only a Super User may set them.
  const limits = page.getByRole("region", { name: "Alert limits" });
  await expect(limits).toContainText("Only a Super User can set alert limits (you have Edit Access).");
  await expect(limits.getByRole("row", { name: /^Fe ppm/ })).toContainText("7");
  await expect(limits.getByRole("textbox")).toHaveCount(0);

  // Another column: its own chart and limit.
  await trends.getByRole("link", { name: "Cu ppm" }).click();
  await expect(page).toHaveURL(/trend=Cu\+ppm/);
  await expect(page.getByRole("region", { name: "Trends" }).getByText(/samples; 0 above the alert limit of 1\.5\./)).toBeVisible();

  // The dashboard counts the tab's crossings (MSN 5123's status page is titled Status Overview, and
  // so is every link to it, ADR 037).
  await page.getByRole("link", { name: "Status Overview", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status Overview");
  const row = page.getByRole("table", { name: "Rows above alert limits" }).getByRole("row", { name: /APU Oil Analysis/ });
  await expect(row).toHaveAttribute("data-crossings", String(crossings));
  await expect(row).toContainText(`${crossings} row`);
  // The chart per tab (server SVG) and the side navigation's label follow the title rule (ADR 037).
  await expect(page.locator("#oil-dashboard-chart svg[role=img]").filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Status Overview" }).first()).toBeVisible();
  await openDashboard(page, "8842");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Status Dashboard" }).first()).toBeVisible();
});

test("a Super User sets and removes a limit and the grid follows; a reader sees it and is refused", async ({ page, browser }) => {
  // An aircraft the reader may read, whose Ag ppm has no limit in the seed (tests/http/ops-oil.test.ts
  // uses MSN 20234).
  const msn = "8842";
  const TAB = "Engine 1 Oil Analysis";
  await login(page, "emma.clarke@skyline.demo.aero");
  await openTab(page, msn, TAB);
  const limits = page.getByRole("region", { name: "Alert limits" });
  const table = page.getByRole("table", { name: TAB });
  await expect(table.locator("tr[data-over*='Ag ppm']")).toHaveCount(0);
  await limits.getByLabel("Alert limit of Ag ppm").fill("0.1");
  await limits.getByRole("row", { name: /^Ag ppm/ }).getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toHaveText("The alert limit of Ag ppm is now 0.1: rows above it are flagged.");
  const over = page.getByRole("region", { name: "Alert limits" }).getByRole("row", { name: /^Ag ppm/ }).locator("td[data-rows-above]");
  await expect(over).toHaveText(/^\d+$/);
  const count = Number(await over.getAttribute("data-rows-above"));
  expect(count).toBeGreaterThan(0);
  await expect(table.locator("tr[data-over*='Ag ppm']")).toHaveCount(count);
  const url = page.url().replace(/#.*$/, "");

  // A reader sees the limit but no form; a replayed post is refused with the oil API's message.
  const ctx = await browser.newContext();
  const reader = await ctx.newPage();
  try {
    await login(reader, "reader@demo.aero");
    await reader.goto(url);
    const rl = reader.getByRole("region", { name: "Alert limits" });
    await expect(rl.getByRole("row", { name: /^Ag ppm/ })).toContainText("0.1");
    await expect(rl).toContainText("Only a Super User can set alert limits (you have Read Access).");
    await expect(rl.getByRole("button")).toHaveCount(0);
    const res = await reader.request.post(url, { form: { intent: "set-limit", column_name: "Ag ppm", limit: "99" }, maxRedirects: 0 });
    expect(res.status()).toBe(422);
    expect(await res.text()).toContain("You have Read Access to this aircraft. Only a Super User can do this.");
    await reader.reload();
    await expect(reader.getByRole("region", { name: "Alert limits" }).getByRole("row", { name: /^Ag ppm/ })).toContainText("0.1");
  } finally {
    await ctx.close();
  }

  // Tidy up: the Super User removes the limit.
  await page.getByRole("button", { name: "Remove the alert limit of Ag ppm" }).click();
  await expect(toast(page)).toHaveText("The alert limit of Ag ppm was removed.");
  await expect(page.getByRole("table", { name: TAB }).locator("tr[data-over*='Ag ppm']")).toHaveCount(0);
});

test("an oil row opens its linked ops row, and the ops row leads back", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openTab(page, "5123", "ABC Listing");
  const table = page.getByRole("table", { name: "ABC Listing" });
  const list = table.getByRole("list", { name: /^AeroOPS rows linked to row / }).first();
  const link = list.getByRole("link").first();
  const href = (await link.getAttribute("href"))!;
  const rowId = /#row-(\d+)$/.exec(href)![1];
  const value = new URL(href, "http://x").searchParams.get("filter")!;
  const opsTab = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/client/Aeroops/tab-\\d+\\?.*filter=.*#row-${rowId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(opsTab);
  const target = page.locator(`tr#row-${rowId}`);
  await expect(target).toBeVisible();
  await expect(target).toContainText(value);
  await expect(target).toBeInViewport();

  // The ops row lists its oil rows the same way; one opens the oil tab at the row.
  const back = target.getByRole("list", { name: /^AeroOIL rows linked to row / }).getByRole("link", { name: "ABC Listing" }).first();
  const backHref = (await back.getAttribute("href"))!;
  const oilRow = /#row-(\d+)$/.exec(backHref)![1];
  await back.click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/abclisting\?/);
  await expect(page.locator(`tr#row-${oilRow}`)).toContainText(value);
});

test("the status dashboard downloads as a PNG and is shared by e-mail", async ({ page, browser }) => {
  await login(page, "client@demo.aero");
  await openDashboard(page, "5123");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PNG" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^5123_AeroOIL_Status_Overview_\d{4}-\d{2}-\d{2}\.png$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  expect(width).toBe(1200);
  expect(height).toBeGreaterThan(500);
  expect(height).toBeLessThan(3000);
  expect(bytes.length).toBeGreaterThan(20_000); // text and charts drawn, not a blank image

  const to = `oil-share-${test.info().project.name}-${Date.now()}@example.test`;
  await page.getByRole("link", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share the Status Overview" });
  await dialog.getByLabel("E-mail addresses").fill("not an address");
  await dialog.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("dialog", { name: "Share the Status Overview" }).getByRole("alert")).toContainText("Not an e-mail address");
  await page.getByRole("dialog", { name: "Share the Status Overview" }).getByLabel("E-mail addresses").fill(to);
  await page.getByRole("dialog", { name: "Share the Status Overview" }).getByRole("button", { name: "Share" }).click();
  await expect(toast(page)).toHaveText(`The status dashboard was shared with ${to}.`);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const path = await linkFromOutbox(browser, true, to, "AeroOIL status dashboard of MSN 5123", "/client/Aerooil/statusDashboard");
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status Overview");
  await expect(page.getByText("MSN 5123").first()).toBeVisible();
});
