// The narrow-screen menu (issue 16 item 8, ADR 053) at 390 px, with JavaScript: a real button
// (aria-expanded, aria-controls) that opens the drawer and moves focus into it, Escape closes it and
// focus returns to the button. Without JavaScript the menu is a link that opens the drawer by
// `:target` (drawer.nojs.spec.ts: the browser's CSS is the point; the links themselves:
// tests/http/storage.test.ts).
import { expect, login, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("the shell's menu button opens and closes the navigation drawer", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/overview");
  const nav = page.getByRole("navigation", { name: "Main" });
  const home = nav.getByRole("link", { name: "Fleet overview" }).first();
  await expect(home).toBeHidden();
  const button = page.getByRole("button", { name: "Menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAttribute("aria-controls", "nav-drawer");
  await expect(page.locator("#nav-drawer")).toHaveCount(1);
  // The keyboard: Tab reaches the button (after the skip link), Enter opens, focus goes into the drawer.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(home).toBeVisible();
  await expect(page.locator("#nav-drawer")).toContainText("Fleet overview");
  expect(await page.evaluate(() => document.getElementById("nav-drawer")!.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(home).toBeHidden();
  await expect(button).toBeFocused();
  // A click on the shade closes it too; a link in it navigates and the drawer closes.
  await button.click();
  await expect(home).toBeVisible();
  await page.mouse.click(380, 600);
  await expect(home).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await nav.getByRole("link", { name: "Favourites" }).first().click();
  await expect(page).toHaveURL(/\/storage\/favourites/);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(home).toBeHidden();
});

test("the AeroBOX menu button opens and closes its sidebar", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/aero-box/storage/favourites");
  const nav = page.getByRole("navigation", { name: "AeroBOX menu" });
  const all = nav.getByRole("link", { name: "All Aircrafts" });
  await expect(all).toBeHidden();
  const button = page.getByRole("button", { name: "Menu" });
  await expect(button).toHaveAttribute("aria-controls", "aero-box-nav");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(all).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(all).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await all.click();
  await expect(page).toHaveURL(/\/aero-box\/storage\/all/);
  await expect(all).toBeHidden();
});
