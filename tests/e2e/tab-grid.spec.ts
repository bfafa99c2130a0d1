// The tab data grid island (issue 13 item 3), JavaScript on: a cell edited in place with Enter, the
// arrow keys moving between cells, Escape leaving a cell as it was, a bad number refused under its cell
// and nothing saved; a reader gets the plain table.
import type { Page } from "@playwright/test";
import { expect, login, test, waitForHydration } from "./fixtures";

async function openHardTime(page: Page, msn: string) {
  await page.goto(`/Aeroops/org/Aircrafts?q=${msn}`);
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: msn }).first().click();
  await page.getByRole("link", { name: "Hard Time Components" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hard Time Components");
}

test("a cell is edited in place; the keyboard moves and cancels; a bad value is refused under its cell", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openHardTime(page, "8842");
  // The grid's code comes when the pointer reaches the table.
  await page.getByRole("table", { name: "Hard Time Components" }).hover();
  const grid = page.locator("[data-grid]");
  await expect(grid).toBeVisible();

  const desc = grid.locator('[data-cell="1:Description"]');
  const value = `Grid edit ${Date.now()}`;
  await desc.dblclick();
  const editor = desc.getByRole("textbox", { name: "Description, row 1" });
  await editor.fill(value);
  await editor.press("Enter");
  await expect(desc).toHaveText(value);
  await expect(page.locator("[data-toast]")).toContainText("Row saved.");

  // Arrow keys move; Enter opens; Escape leaves the cell as it was.
  await desc.click();
  await page.keyboard.press("ArrowRight");
  const ata = grid.locator('[data-cell="1:ATA"]');
  await expect(ata).toBeFocused();
  const before = await ata.textContent();
  await page.keyboard.press("Enter");
  await ata.getByRole("textbox").fill("99");
  await page.keyboard.press("Escape");
  await expect(ata).toHaveText(before ?? "");
  await expect(ata).toBeFocused();

  // A number column refuses text: the message under the cell, the editor kept, nothing saved.
  const limit = grid.locator('[data-cell="1:Limit Months"]');
  const limitBefore = await limit.textContent();
  await limit.dblclick();
  await limit.getByRole("textbox").fill("twelve");
  await limit.getByRole("textbox").press("Enter");
  await expect(limit.getByRole("alert")).toBeVisible();
  await limit.getByRole("textbox").press("Escape");
  await page.reload();
  await expect(page.getByRole("table", { name: "Hard Time Components" }).getByRole("row").nth(1)).toContainText(limitBefore ?? "");
});

test("a pointer already on the table before the page's code ran still brings the grid", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto(`/Aeroops/org/Aircrafts?q=8842`);
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: "8842" }).first().click();
  // A slow line: the page's scripts come a second after its HTML.
  await page.route("**/assets/**/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.getByRole("link", { name: "Hard Time Components" }).first().click();
  await page.getByRole("table", { name: "Hard Time Components" }).hover();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await expect(page.locator("[data-grid]")).toBeVisible();
});

test("a press under way when the grid's code arrives still follows the link it pressed", async ({ page }) => {
  await login(page, "client@demo.aero");
  // The grid's code is held until the press has begun.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/tab-grid-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openHardTime(page, "8842");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Hard Time Components" });
  const link = table.getByRole("link").first();
  const href = await link.getAttribute("href");
  const asked = page.waitForRequest(/\/assets\/tab-grid-/);
  await table.hover(); // the pointer comes: the code is asked for
  await asked;
  const box = (await link.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const arrived = page.waitForResponse(/\/assets\/tab-grid-/);
  release();
  await arrived;
  await page.waitForTimeout(300); // the live grid would replace the pressed link here
  await page.mouse.up();
  await expect(page).toHaveURL((u) => u.pathname + u.search === href);
});

test("the grid's code arriving during a navigation waits for its end, then the grid is live", async ({ page }) => {
  await login(page, "client@demo.aero");
  let releaseCode!: () => void;
  const codeHeld = new Promise<void>((r) => (releaseCode = r));
  await page.route(/\/assets\/tab-grid-[^/]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  await openHardTime(page, "8842");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Hard Time Components" });
  const asked = page.waitForRequest(/\/assets\/tab-grid-/);
  await table.hover(); // the pointer comes: the code is asked for
  await asked;
  // A sort link starts a navigation whose data is held.
  let releaseData!: () => void;
  const dataHeld = new Promise<void>((r) => (releaseData = r));
  const dataAsked = page.waitForRequest(/\.data(\?|$)/);
  await page.route(/\.data(\?|$)/, async (route) => {
    await dataHeld;
    await route.continue();
  });
  await table.getByRole("columnheader").getByRole("link").first().click();
  await dataAsked;
  const arrived = page.waitForResponse(/\/assets\/tab-grid-/);
  releaseCode();
  await arrived;
  await page.waitForTimeout(300); // without the wait, the live grid would swap in here, mid-navigation
  await expect(page.locator("[data-cell]")).toHaveCount(0);
  releaseData();
  await expect(page).toHaveURL(/sort_column=/);
  await expect(page.locator("[data-cell]").first()).toBeVisible();
});

test("a reader gets the plain table, no grid", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await openHardTime(page, "5123");
  await page.getByRole("table", { name: "Hard Time Components" }).hover();
  await expect(page.locator("[data-cell]")).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});
