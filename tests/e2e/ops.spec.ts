// AeroOPS from a client's files page (issue 13), with JavaScript: "Open in AeroOPS" reaches the
// aircraft, its tab shows rows, sorting and filtering live in the URL; My Fleet lists the aircraft;
// a reader sees only what is granted. Without JavaScript: tests/http/ops-oil.test.ts.
import { expect, login, test } from "./fixtures";

test("a client opens an aircraft in AeroOPS from its files, reads a tab, sorts and filters it", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/home?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open the records" }).click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  // The address changes before the new page is on screen: open the top bar's menu once it is (the
  // menu is server markup the new page replaces; clicked on the old page, it closes under the test).
  await expect(page.getByRole("heading", { level: 1 })).toContainText("MSN 5123");
  await page.locator("summary", { hasText: "Open in" }).click();
  await page.getByRole("link", { name: "Open in AeroOPS" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?.*org_msn_id=\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("MSN 5123");

  await page.getByRole("link", { name: "General Information" }).first().click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/generalInformation\?/);
  const table = page.getByRole("table", { name: "General Information" });
  await expect(table.getByRole("row")).toHaveCount(14); // header + 13 fields
  await table.getByRole("columnheader", { name: /^Field/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort_column=Field&sort_order=asc/);
  await expect(table.getByRole("row").nth(1)).toContainText("APU");
  await table.getByRole("columnheader", { name: /^Field/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort_order=desc/);
  await expect(table.getByRole("row").nth(1)).toContainText("Type");

  await page.getByLabel("Filter rows").fill("Aer Celtic");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/filter=Aer\+Celtic/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("Lessee");

  // The bottom tab bar leads to the next tab.
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Ops Notifications" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/opsNotifications\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ops Notifications");
});

test("My Fleet lists the client's AeroOPS aircraft; a reader sees fewer, at Read Access", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts");
  const all = await page.getByRole("table", { name: "My Fleet" }).getByRole("row").count();
  expect(all).toBeGreaterThan(2);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, "reader@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts");
  const rows = page.getByRole("table", { name: "My Fleet" }).getByRole("row");
  expect(await rows.count()).toBeLessThan(all);
  for (const cell of await page.getByRole("table", { name: "My Fleet" }).locator("tbody tr td:nth-child(5)").allTextContents()) expect(cell).toBe("Read Access");
});
