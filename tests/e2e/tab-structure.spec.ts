// A Super User manages an aircraft's AeroOPS and AeroOIL tabs (issue 13 item 3, ADR 050 and 051),
// with JavaScript (without it: tests/http/admin.test.ts): creates a tab with columns (the empty tab
// shows its header row), renames and adds a column, deletes a column and then the tab; a client with
// Edit Access sees no structure control and a replayed post is refused with the ops API's message.
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
  // The empty tab shows its header row, the empty text and the way to add the first row.
  const table = page.getByRole("table", { name });
  for (const column of ["Stage", "Finding", "Inspected"]) await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("This tab has no rows yet.")).toBeVisible();
  await expect(table.getByRole("link", { name: "Add the first row" })).toHaveAttribute("href", /edit=new/);
  // The columns, as the Columns dialog lists them.
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

/** MSN 8842 for the writes: a structure change makes today the aircraft's OIL issue date, and MSN
 *  5123's status page title (Status Overview, ADR 037) depends on its old date in other specs. */
async function openOilTab(page: Page, msn = "5123") {
  await page.goto(`/Aerooil/org?q=${msn}`);
  await page.locator("li[data-aircraft-id]", { hasText: `MSN ${msn}` }).first().getByRole("link", { name: "Open in AeroOIL" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?/);
  await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Engine 1 Oil Analysis" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Engine 1 Oil Analysis");
}

test("a Super User creates an AeroOIL tab, changes its columns and deletes it", async ({ page }) => {
  const name = `Oil samples ${test.info().project.name} ${Date.now()}`;
  await login(page, "emma.clarke@skyline.demo.aero");
  await openOilTab(page, "8842");
  const structure = page.getByRole("group", { name: "Tab structure" });
  // The Engine oil tab is the aircraft's own: all three controls.
  await expect(structure.getByRole("link", { name: "Columns…" })).toBeVisible();
  await expect(structure.getByRole("link", { name: "Delete this tab…" })).toBeVisible();

  await structure.getByRole("link", { name: "New tab…" }).click();
  const dialog = page.getByRole("dialog", { name: "New tab" });
  await expect(dialog).toContainText("in AeroOIL");
  await dialog.getByLabel("Tab name").fill(name);
  await dialog.getByLabel(/^Columns/).fill("Sampled: date\nFe ppm: number");
  await dialog.getByRole("button", { name: "Add the tab" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveURL(/\/client\/Aerooil\/tab-\d+\?/);
  await expect(page.locator("[data-toast=success]")).toBeVisible();

  // The empty oil tab shows its header row (with the Watch/Unwatch column) and the empty text.
  const table = page.getByRole("table", { name });
  for (const column of ["Sampled", "Fe ppm", "Watch/Unwatch"]) await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
  await expect(table.getByText("This tab has no rows yet.")).toBeVisible();
  await expect(table.getByRole("link", { name: "Add the first row" })).toHaveAttribute("href", /edit=new/);

  // Add a column: the Columns dialog lists the tab's own columns (not the Watch/Unwatch toggle).
  await structure.getByRole("link", { name: "Columns…" }).click();
  const cols = page.getByRole("dialog", { name: `Columns of ${name}` });
  await expect(cols.getByRole("button", { name: "Save the columns" })).toBeVisible();
  expect(await cols.getByLabel("Name", { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["Sampled", "Fe ppm"]);
  await cols.getByLabel("New column name").fill("Cu ppm");
  await cols.getByRole("button", { name: "Save the columns" }).click();
  await expect(cols).toHaveCount(0);
  await expect(page.getByRole("table", { name }).getByRole("columnheader", { name: "Cu ppm" })).toBeVisible();

  // Delete the tab: back to the status page, and the tab is gone from the tab bar.
  await structure.getByRole("link", { name: "Delete this tab…" }).click();
  await page.getByRole("dialog", { name: `Delete the tab ${name}?` }).getByRole("button", { name: "Delete the tab" }).click();
  await expect(page).toHaveURL(/\/client\/Aerooil\/statusDashboard\?/);
  await expect(page.locator("[data-toast=success]")).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("on AeroOIL a client with Edit Access has no structure control, and a replayed post changes nothing", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openOilTab(page);
  await expect(page.getByRole("group", { name: "Tab structure" })).toHaveCount(0);
  const url = page.url();
  const res = await page.request.post(url, { form: { intent: "create-tab", tab_name: "Oil not allowed", columns: "A" } });
  expect(res.status()).toBe(422);
  expect(await res.text()).toMatch(/Super User/);
  await page.goto(url);
  await expect(page.getByRole("link", { name: "Oil not allowed" })).toHaveCount(0);
});
