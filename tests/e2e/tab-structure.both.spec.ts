// A Super User manages an aircraft's AeroOPS tabs (issue 13 item 3), JavaScript on and off: creates a
// tab with columns, renames and adds a column, deletes a column and then the tab; a client with Edit
// Access sees no structure control and a replayed post is refused with the ops API's message.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

async function openAircraft(page: Page) {
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: "5123" }).first().click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?/);
  await page.getByRole("link", { name: "Hard Time Components" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hard Time Components");
}

test("a Super User creates a tab, changes its columns and deletes it", async ({ page }) => {
  const name = `Borescope ${test.info().project.name} ${Date.now()}`;
  await login(page, "emma.clarke@skyline.demo.aero");
  await openAircraft(page);
  const structure = page.getByRole("group", { name: "Tab structure" });

  // A new tab with three columns.
  await structure.getByRole("link", { name: "New tab…" }).click();
  const dialog = page.getByRole("dialog", { name: "New tab" });
  await dialog.getByLabel("Tab name").fill(name);
  await dialog.getByLabel(/^Group/).fill("Engines");
  await dialog.getByLabel(/^Columns/).fill("Stage\nFinding\nInspected: date");
  await dialog.getByRole("button", { name: "Add the tab" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator("[data-toast=success]")).toBeVisible();
  // The columns, as the Columns dialog lists them (an empty tab shows no table yet).
  const cols = page.getByRole("dialog", { name: `Columns of ${name}` });
  const names = async () => {
    await structure.getByRole("link", { name: "Columns…" }).click();
    await expect(cols.getByRole("button", { name: "Save the columns" })).toBeVisible();
    const v = await cols.getByLabel("Name", { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    return v;
  };
  expect(await names()).toEqual(["Stage", "Finding", "Inspected"]);

  // Rename one, add one.
  await cols.getByLabel("Name", { exact: true }).nth(1).fill("Result");
  await cols.getByLabel("New column name").fill("Inspector");
  await cols.getByRole("button", { name: "Save the columns" }).click();
  await expect(page.locator("[data-toast=success]")).toBeVisible();
  await expect(cols).toHaveCount(0);
  expect(await names()).toEqual(["Stage", "Result", "Inspected", "Inspector"]);

  // Delete a column after a confirmation.
  await cols.getByRole("link", { name: "Delete the column Stage" }).click();
  await page.getByRole("dialog", { name: "Delete the column Stage?" }).getByRole("button", { name: "Delete the column" }).click();
  await expect(page.getByRole("dialog", { name: "Delete the column Stage?" })).toHaveCount(0);
  expect(await names()).toEqual(["Result", "Inspected", "Inspector"]);
  await page.goBack();

  // Delete the tab: back to the aircraft, and the tab is gone from it.
  await structure.getByRole("link", { name: "Delete this tab…" }).click();
  await page.getByRole("dialog", { name: `Delete the tab ${name}?` }).getByRole("button", { name: "Delete the tab" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?/);
  await expect(page.locator("[data-toast=success]")).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("a client with Edit Access has no structure control, and a replayed post changes nothing", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openAircraft(page);
  await expect(page.getByRole("group", { name: "Tab structure" })).toHaveCount(0);
  const url = page.url();
  const res = await page.request.post(url, { form: { intent: "create-tab", tab_name: "Not allowed", columns: "A" } });
  expect(res.status()).toBe(422);
  expect(await res.text()).toMatch(/Super User/);
  await page.goto(url);
  await expect(page.getByRole("link", { name: "Not allowed" })).toHaveCount(0);
});
