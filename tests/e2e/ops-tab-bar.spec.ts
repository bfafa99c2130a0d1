// The bottom tab bar's arrows step the row of tabs 300 px (spec 001 §2), JavaScript on.
import { expect, login, test } from "./fixtures";

test("the tab bar's arrows scroll the tabs 300 px each way", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().click();
  await page.getByRole("link", { name: "General Information" }).first().click();
  const bar = page.getByRole("navigation", { name: "Tabs" });
  const row = bar.getByTestId("tab-row");
  await expect(bar.getByRole("link", { name: "General Information" })).toHaveAttribute("aria-current", "page");
  const scrollLeft = () => row.evaluate((e) => Math.round(e.scrollLeft));
  expect(await scrollLeft()).toBe(0);
  await bar.getByRole("button", { name: "Scroll the tabs right" }).click();
  await expect.poll(scrollLeft).toBe(300);
  await bar.getByRole("button", { name: "Scroll the tabs left" }).click();
  await expect.poll(scrollLeft).toBe(0);
});

test("in server markup (the AeroOIL status dashboard, ADR 065) the arrows scroll the tabs too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, "client@demo.aero");
  await page.goto("/Aerooil/org?q=5123");
  await page.locator("li[data-aircraft-id]", { hasText: "MSN 5123" }).first().getByRole("link", { name: "Open in AeroOIL" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?/);
  const bar = page.getByRole("navigation", { name: "Tabs" });
  const row = bar.getByTestId("tab-row");
  const scrollLeft = () => row.evaluate((e) => Math.round(e.scrollLeft));
  expect(await scrollLeft()).toBe(0);
  await bar.getByRole("button", { name: "Scroll the tabs right" }).click();
  await expect.poll(scrollLeft).toBe(300);
  await bar.getByRole("button", { name: "Scroll the tabs left" }).click();
  await expect.poll(scrollLeft).toBe(0);
});
