// AeroOIL (issue 15), with JavaScript: a client opens an aircraft in AeroOIL from its files
// ("Open in AeroOIL") and from the oil home, sees the status page's title, the fleet counts and the
// watched rows, opens a tab, watches and unwatches a row (the toggle and the "Watched only" filter
// follow) and downloads the tab's PDF. A reader sees no toggle or edit control, and a replayed watch
// post is refused with the oil API's message and changes nothing. Without JavaScript:
// tests/http/ops-oil.test.ts.
import type { Page } from "@playwright/test";
import { expect, notePending, pendingNoted, login, test } from "./fixtures";
import { downloadFromTopBar } from "./top-bar-actions";

const TAB = "Engine 1 Oil Analysis";
const toast = (page: Page) => page.locator("[data-toast]");

async function openDashboardFromHome(page: Page, msn: string) {
  await page.goto(`/Aerooil/org?q=${msn}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AeroOIL Home");
  await page.locator(`li[data-aircraft-id]`, { hasText: `MSN ${msn}` }).first().getByRole("link", { name: "Open in AeroOIL" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?.*org_msn_id=\d+.*aerotype=Aerooil/);
}

test("a client opens AeroOIL from the aircraft's files and sees the status page", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/home?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open the records" }).click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  // The address changes before the new page is on screen: open the top bar's menu once it is (the
  // menu is server markup the new page replaces; clicked on the old page, it closes under the test).
  await expect(page.getByRole("heading", { level: 1 })).toContainText("MSN 5123");
  await page.locator("summary", { hasText: "Open in" }).click();
  await page.getByRole("link", { name: "Open in AeroOIL" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?.*org_msn_id=\d+/);
  // MSN 5123's OIL issue date is 2024-03-15: before 2024-08-19, the old title.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status Overview");
  await expect(page.getByText("OIL issue date").first()).toBeVisible();
  const counts = page.getByRole("list", { name: "Aircraft by status" });
  for (const label of ["total", "grounded", "operational", "transitional"]) await expect(counts.locator(`[data-count="${label}"]`)).toContainText(/\d+/);
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  await expect(page.getByText(/^\d+ watched rows in \d+ tabs?\.$/)).toBeVisible();
  const watched = page.getByRole("table", { name: /^Watched rows of / }).first();
  await expect(watched.getByRole("row").nth(1)).toBeVisible();

  // The side navigation leads to the fixed tabs of the aircraft.
  await page.getByRole("link", { name: "ABC Listing" }).first().click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/abclisting\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ABC Listing");
  // The status tab is named by the same rule everywhere: the header's link and the bottom tab bar.
  await expect(page.getByRole("link", { name: "Status Overview" })).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: "Status Dashboard", exact: true })).toHaveCount(0);

  // An aircraft issued after the cut-off: the new title.
  await openDashboardFromHome(page, "8842");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status Dashboard");
});

test("a client watches and unwatches a row of an oil tab; the watched-only filter follows", async ({ page }) => {
  const serial = `E2E-${test.info().project.name}-${Date.now()}`;
  await login(page, "client@demo.aero");
  // Another aircraft than the status page test's: adding a row moves the OIL issue date to today.
  await openDashboardFromHome(page, "41230");
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: TAB }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TAB);
  await expect(page).toHaveURL(/\/client\/Aerooil\/tab-\d+\?/);
  const table = page.getByRole("table", { name: TAB });

  // A row of our own, so the two projects never toggle the same row.
  await page.getByRole("link", { name: "Add row" }).click();
  await page.getByRole("dialog", { name: "Add a row" }).getByLabel(/^Serial No/).fill(serial);
  await page.getByRole("dialog", { name: "Add a row" }).getByLabel(/^Fe ppm/).fill("1.5");
  await page.getByRole("dialog", { name: "Add a row" }).getByRole("button", { name: "Add row" }).click();
  await expect(toast(page)).toHaveText("Row added.");

  await page.getByLabel("Filter rows").fill(serial);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  const toggle = table.getByRole("button", { name: /^Watch row/ });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toast(page)).toHaveText("The row is now watched.");
  await expect(table.getByRole("button", { name: /^Watch row/ })).toHaveAttribute("aria-pressed", "true");

  await page.getByLabel("Watched only").check();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/watched_only=1/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText(serial);

  await table.getByRole("button", { name: /^Watch row/ }).click();
  await expect(toast(page)).toHaveText("The row is no longer watched.");
  await expect(page.getByText("No watched rows match.")).toBeVisible();

  await page.getByLabel("Watched only").uncheck();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("button", { name: /^Watch row/ })).toHaveAttribute("aria-pressed", "false");

  // Tidy up: delete the row.
  await table.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete selected…" }).click();
  await page.getByRole("dialog", { name: "Delete 1 row?" }).getByRole("button", { name: "Delete row" }).click();
  await expect(toast(page)).toHaveText("1 row deleted.");
});

test("an oil tab's PDF downloads", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openDashboardFromHome(page, "5123");
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: TAB }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TAB);
  const download = await downloadFromTopBar(page, "PDF");
  expect(download.suggestedFilename()).toBe(`5123_${TAB}.pdf`);
  // The page script fetches the file in place and shows the portal's snackbar.
  await expect(toast(page).filter({ hasText: "download has initiated" })).toBeVisible();
});

test("an oil tab's Excel import: a refused file is said in the panel and changes nothing, a workbook is validated, the data file downloads", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openDashboardFromHome(page, "5123");
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: TAB }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TAB);
  const rows = await page.getByRole("table", { name: TAB }).getByRole("row").count();
  const panel = page.locator("details", { hasText: "Excel import" });
  await panel.locator("summary").click();

  // A file of another kind: the action answers 422 with the message, shown in the open panel.
  await panel.getByLabel(/^Workbook/).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Fe ppm\n3\n") });
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  // While the answer comes (held back a moment), the form's buttons wait for it: all disabled, the
  // one pressed marked as sent (its spinner), so a second press cannot post again.
  await page.route(/\/client\/Aerooil\//, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await notePending(page);
  await panel.getByRole("button", { name: "Import" }).click();
  await expect(page.locator("details", { hasText: "Excel import" }).getByRole("alert")).toHaveText("Choose an .xlsx, .xls or .csv file.");
  expect(await pendingNoted(page)).toEqual({
    buttons: expect.arrayContaining([
      { name: "Validate", disabled: true, busy: "" },
      { name: "Import", disabled: true, busy: "sent" },
    ]),
    form: "true",
  });
  await expect(page.getByRole("table", { name: TAB }).getByRole("row")).toHaveCount(rows);
  await page.unroute(/\/client\/Aerooil\//);
  await expect(page.locator("details", { hasText: "Excel import" }).getByRole("button", { name: "Import" })).toBeEnabled();
  expect((await answer).status()).toBe(422);

  // A CSV with a bad number: validated, nothing imported, the validation workbook offered.
  const again = page.locator("details", { hasText: "Excel import" });
  if ((await again.getAttribute("open")) === null) await again.locator("summary").click();
  await again.getByLabel(/^Workbook/).setInputFiles({ name: "oil.csv", mimeType: "text/csv", buffer: Buffer.from("Sample Date,Serial No,Fe ppm\n2026-01-05,E2E-CSV,lots\n") });
  await again.getByRole("button", { name: "Validate" }).click();
  // The first reading after start starts the spreadsheet reader thread (ADR 067): allow it the time.
  await expect(toast(page)).toHaveText("oil.csv: 1 row has errors. Nothing was imported.", { timeout: 30_000 });
  await expect(page.getByRole("link", { name: /Download the validation workbook/ })).toBeVisible();
  await expect(page.getByRole("table", { name: TAB }).getByRole("row")).toHaveCount(rows);

  // The tab's data file (DFP) from the panel: fetched in place.
  const panel3 = page.locator("details", { hasText: "Excel import" });
  if ((await panel3.getAttribute("open")) === null) await panel3.locator("summary").click();
  const [download] = await Promise.all([page.waitForEvent("download"), panel3.getByRole("button", { name: "Data file (DFP)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(toast(page).filter({ hasText: "download has initiated" })).toBeVisible();
});

test("a reader sees no toggle or edit control, and a replayed watch post is refused and changes nothing", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await openDashboardFromHome(page, "5123");
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: TAB }).click();
  const table = page.getByRole("table", { name: TAB });
  const first = table.locator("tbody tr").first();
  await expect(first).toBeVisible();
  await expect(table.getByRole("button", { name: /^Watch row/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add row" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit row/ })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /^Select row/ })).toHaveCount(0);

  const id = await first.getAttribute("data-row-id");
  const watched = await first.getAttribute("data-watched");
  const res = await page.request.post(page.url(), { form: { intent: "watch", id: id!, watched: watched === "true" ? "0" : "1" }, maxRedirects: 0 });
  expect(res.status()).toBe(422);
  expect(await res.text()).toContain("You have Read Access");
  await page.reload();
  await expect(table.locator(`tbody tr[data-row-id="${id}"]`)).toHaveAttribute("data-watched", watched!);
});
