// Keyboard use (issue 16 item 8), JavaScript on: the skip link is the first stop on a page and leads
// past the navigation; a dialog takes focus when it opens, keeps it while open, and gives it back to
// the control that opened it when Escape closes it.
import { expect, login, test } from "./fixtures";

test("the skip link, and a dialog that takes, keeps and returns focus", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().click();
  await page.getByRole("link", { name: "General Information" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("General Information");

  // A page as it arrives: the first Tab reaches the skip link.
  await page.goto(page.url());
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");

  const add = page.getByRole("link", { name: "Add row" });
  await add.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add a row" });
  await expect(dialog).toBeVisible();
  const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
  await expect.poll(inDialog).toBe(true);
  await expect(dialog.getByRole("textbox").first()).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await inDialog()).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await inDialog()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
});
