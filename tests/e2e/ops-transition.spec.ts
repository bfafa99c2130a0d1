// AeroSORT, the transition module (issue 13 item 2, spec 001 §2 "Ops transition side menu"), with
// JavaScript: module=transition gives the side navigation Home, AeroOPS Home, My Fleet, the fleet's
// tabs in an accordion by group leading to their tabslanding, the way back to the aircraft, the
// aircraft's USERS with their access labels and the user's own level; a tab's landing lists every
// aircraft that has it and leads to that aircraft's tab, keeping the module. Without JavaScript:
// tests/http/ops-oil.test.ts.
import { expect, login, test } from "./fixtures";

test("a client opens AeroSORT: the transition menu, a tab across the fleet, and back to the aircraft's tab", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?/);
  // The top bar: MSN, registration and OPS issue date; the transition module hides the registration.
  const top = page.getByTestId("top-bar-info");
  await expect(top).toContainText("Aircraft Registration");
  await expect(top).toContainText("OPS issue date");
  await page.getByRole("link", { name: "Open AeroSORT" }).click();
  await expect(page).toHaveURL(/module=transition/);
  await expect(top).toContainText("5123");
  await expect(top).toContainText("OPS issue date");
  await expect(top).not.toContainText("Aircraft Registration");

  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("list").first();
  for (const name of ["Home", "AeroOPS Home", "My Fleet", "Back to MSN 5123"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  // The usual AeroOPS links give way to the transition menu.
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await expect(nav.getByTestId("access-label")).toHaveText("Edit Access");
  const users = nav.getByRole("region", { name: "USERS" });
  await expect(users.getByRole("listitem").first()).toBeVisible();
  await expect(users).toContainText("Read Access");

  // The Tabs accordion: groups by group_name; Airworthiness holds AD Status.
  const tabs = nav.getByRole("region", { name: "Tabs" });
  await tabs.locator("summary", { hasText: "Airworthiness" }).click();
  await tabs.getByRole("link", { name: "AD Status", exact: true }).click();
  await expect(page).toHaveURL(/\/Aeroops\/org\/tabslanding\/[^?]+\?.*tab_id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AD Status");
  const fleet = page.getByRole("table", { name: "AD Status across the fleet" });
  await expect(fleet.getByRole("row").nth(2)).toBeVisible(); // header + more than one aircraft
  const row = fleet.getByRole("row").filter({ hasText: "MSN 5123" });
  await expect(row).toContainText("EI-FSK");
  await expect(row).toContainText("Edit Access");
  // The menu stays the transition menu and marks the tab.
  await expect(tabs.getByRole("link", { name: "AD Status", exact: true })).toHaveAttribute("aria-current", "page");

  await row.getByRole("link", { name: "AD Status of MSN 5123" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/tab-\d+\?.*module=transition/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AD Status");
  await menu.getByRole("link", { name: "Back to MSN 5123" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?.*module=transition/);
});

test("the tabs landing without a tab lists the fleet's tabs by group; an unknown tab is a clear 404", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await page.goto("/Aeroops/org/tabslanding?module=transition");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tabs across the fleet");
  await expect(page.getByRole("region", { name: "Airworthiness" }).getByRole("link", { name: "AD Status" })).toBeVisible();
  await page.getByRole("region", { name: "Airworthiness" }).getByRole("link", { name: "AD Status" }).click();
  const fleet = page.getByRole("table", { name: "AD Status across the fleet" });
  await expect(fleet.getByRole("row").filter({ hasText: "MSN 5123" })).toContainText("Read Access");
  // Only what was opened to the reader.
  await expect(fleet.getByRole("row").filter({ hasText: "41230" })).toHaveCount(0);
  const res = await page.goto("/Aeroops/org/tabslanding/tab-999999?module=transition");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("That tab is not on any aircraft you may open in AeroOPS.")).toBeVisible();
});
