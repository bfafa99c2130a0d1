// The narrow-screen menus without JavaScript (issue 16 item 8, ADR 053) at 390 px: "Menu" is a link
// to the drawer, which the stylesheet shows while it is the URL's `:target`; a link in it navigates
// and the new page starts with the drawer closed. What the browser's CSS does is the point here; the
// links and the drawers' content are checked over HTTP (tests/http/storage.test.ts), the button with
// JavaScript in drawer.spec.ts.
import { expect, login, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("the Menu links open the shell's drawer and the AeroBOX sidebar by :target", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/overview");
  const nav = page.getByRole("navigation", { name: "Main" });
  const home = nav.getByRole("link", { name: "Fleet overview" }).first();
  await expect(home).toBeHidden();
  const link = page.getByRole("link", { name: "Menu" });
  await expect(link).toHaveAttribute("href", "#nav-drawer");
  await link.click();
  await expect(home).toBeVisible();
  await nav.getByRole("link", { name: "Favourites" }).first().click();
  await expect(page).toHaveURL(/\/storage\/favourites/);
  await expect(home).toBeHidden();

  await page.goto("/aero-box/storage/favourites");
  const aeroBox = page.getByRole("navigation", { name: "AeroBOX menu" });
  const all = aeroBox.getByRole("link", { name: "All Aircrafts" });
  await expect(all).toBeHidden();
  await page.getByRole("link", { name: "Menu" }).click();
  await expect(all).toBeVisible();
  await all.click();
  await expect(page).toHaveURL(/\/aero-box\/storage\/all/);
  await expect(all).toBeHidden();
});
