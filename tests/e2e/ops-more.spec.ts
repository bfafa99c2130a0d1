// The AeroOPS pages outside the module's own screens (spec 001 §2), with JavaScript:
// /storage/Aeroops/tabs (an aircraft's tabs from the records side) and /ops_template/organization.
// Without JavaScript: tests/http/ops-oil.test.ts.
import { expect, login, test } from "./fixtures";

test("from an aircraft's records, AeroOPS tabs lists its tabs by group and opens one", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/home?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open the records" }).click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  // The address changes before the new page is on screen (Remix renders it in a transition): the side
  // navigation's link is the aircraft's once its markup is the new page's.
  const tabsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AeroOPS tabs" });
  await expect(tabsLink).toHaveAttribute("href", /org_msn_id=\d+/);
  await tabsLink.click();
  await expect(page).toHaveURL(/\/storage\/Aeroops\/tabs\?org_msn_id=\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AeroOPS tabs of MSN 5123");
  await page.getByRole("region", { name: "Airworthiness" }).getByRole("link", { name: "AD Status" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/tab-\d+\?org_msn_id=\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AD Status");
  await expect(page.getByRole("table", { name: "AD Status" }).getByRole("row").nth(1)).toBeVisible();
  // Without an aircraft: the fleet's tabs, each to its landing.
  await page.goto("/storage/Aeroops/tabs");
  await page.getByRole("region", { name: "Components" }).getByRole("link", { name: "Landing Gear" }).click();
  await expect(page).toHaveURL(/\/Aeroops\/org\/tabslanding\//);
});

test("the template manager's organizations at /ops_template/organization", async ({ page }) => {
  await login(page, "template@demo.aero");
  await page.goto("/ops_template/organization");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("organizations");
  await expect(page.getByText("Skyline Leasing").first()).toBeVisible();
});

test("the maintenance screen lists the aircraft's open work orders, its logbooks and maintenance tabs", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().click();
  await page.getByRole("navigation", { name: "Work orders and logbooks" }).getByRole("link", { name: "Maintenance" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/maintenance\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maintenance of MSN 5123");
  await expect(page.getByRole("navigation", { name: "Tabs" })).toHaveCount(0); // no bottom tab bar here
  const open = page.getByRole("table", { name: "Open work orders" });
  for (const status of await open.locator("tbody tr td:nth-child(4)").allTextContents()) expect(["closed", "cancelled"]).not.toContain(status.toLowerCase());
  await expect(page.getByRole("table", { name: "Technical logbooks" }).getByRole("link").first()).toBeVisible();
  await page.getByRole("region", { name: "Maintenance" }).getByRole("link", { name: "Checks" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checks");
});
