// An AeroOPS tab as a client with Edit Access uses it (issue 13, "Done when"), with JavaScript:
// add a row, change a cell, delete the row; validate a workbook with two bad rows (the error
// workbook is offered, nothing imported), fix it and import it; download the PDF, the Excel and the
// binders from the top bar. A reader sees the same tab without any edit control. Without JavaScript:
// tests/http/ops-oil.test.ts.
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { downloadFromTopBar, screenActions } from "./top-bar-actions";

async function openHardTime(page: Page) {
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: "5123" }).first().click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?/);
  await page.getByRole("link", { name: "Hard Time Components" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hard Time Components");
}

async function workbook(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Data");
  ws.addRow(["Description", "ATA", "Part No", "Serial No", "Installed", "Limit Months", "Due"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const toast = (page: Page) => page.locator("[data-toast]");

test("a client adds, changes and deletes a row of a tab", async ({ page }) => {
  const name = `E2E part ${test.info().project.name} ${Date.now()}`;
  await login(page, "client@demo.aero");
  await openHardTime(page);
  const table = page.getByRole("table", { name: "Hard Time Components" });

  await page.getByRole("link", { name: "Add row" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a row" });
  await dialog.getByLabel(/^Description/).fill(name);
  await dialog.getByLabel(/^Installed/).fill("2026-02-03");
  await dialog.getByLabel(/^Limit Months/).fill("abc");
  await dialog.getByRole("button", { name: "Add row" }).click();
  // A bad number: the dialog stays with the message on the column and what was typed.
  await expect(page.getByRole("dialog", { name: "Add a row" }).getByText(/"Limit Months" must be a number/).first()).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel(/^Description/)).toHaveValue(name);
  await page.getByRole("dialog").getByLabel(/^Limit Months/).fill("36");
  await page.getByRole("dialog").getByRole("button", { name: "Add row" }).click();
  await expect(toast(page)).toHaveText("Row added.");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("Filter rows").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("3 Feb 2026");
  await table.getByRole("link", { name: /^Edit row/ }).click();
  await page.getByRole("dialog").getByLabel(/^Limit Months/).fill("48");
  await page.getByRole("dialog").getByRole("button", { name: "Save row" }).click();
  await expect(toast(page)).toHaveText("Row saved.");
  await expect(table.getByRole("row").nth(1)).toContainText("48");

  await table.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete selected…" }).click();
  await page.getByRole("dialog", { name: "Delete 1 row?" }).getByRole("button", { name: "Delete row" }).click();
  await expect(toast(page)).toHaveText("1 row deleted.");
  await expect(page.getByText("No rows match the filter.")).toBeVisible();
});

test("the Excel round trip: two bad rows are found and nothing is imported; fixed, the rows are imported", async ({ page }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  await login(page, "client@demo.aero");
  await openHardTime(page);
  const panel = page.locator("details", { hasText: "Excel import" });
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();

  await panel.getByLabel(/^Workbook/).setInputFiles({
    name: "hard-time.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook([
      [`Round trip ${tag} 1`, "32", "PN-1", "SN-1", "2025-06-01", 24, null],
      [`Round trip ${tag} 2`, "32", "PN-2", "SN-2", "31/02/2025", 24, null],
      [`Round trip ${tag} 3`, "32", "PN-3", "SN-3", "2025-01-01", "twelve", null],
    ]),
  });
  await panel.getByRole("button", { name: "Validate" }).click();
  await expect(toast(page)).toHaveText("hard-time.xlsx: 2 rows have errors. Nothing was imported.");
  const link = page.getByRole("link", { name: /Download the validation workbook/ });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("hard-time_validation.xlsx");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  expect(wb.worksheets[0]!.rowCount).toBe(4);

  await page.getByLabel("Filter rows").fill(`Round trip ${tag}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No rows match the filter.")).toBeVisible();

  const panel2 = page.locator("details", { hasText: "Excel import" });
  if ((await panel2.getAttribute("open")) === null) await panel2.locator("summary").click();
  await panel2.getByLabel(/^Workbook/).setInputFiles({
    name: "hard-time.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook([
      [`Round trip ${tag} 1`, "32", "PN-1", "SN-1", "2025-06-01", 24, null],
      [`Round trip ${tag} 2`, "32", "PN-2", "SN-2", "2025-02-28", 24, null],
      [`Round trip ${tag} 3`, "32", "PN-3", "SN-3", "2025-01-01", 12, null],
    ]),
  });
  await panel2.getByRole("button", { name: "Import" }).click();
  await expect(toast(page)).toContainText("3 rows imported");
  await expect(page.getByRole("table", { name: "Hard Time Components" }).getByRole("row")).toHaveCount(4);
});

test("the tab's PDF, Excel and binders download from the top bar, which full-screen mode hides", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openHardTime(page);
  const actions = screenActions(page);
  await expect(actions.getByRole("link", { name: "Share" })).toBeVisible();
  // The page itself no longer carries them (only the Excel import's data file).
  await expect(page.getByRole("main").getByRole("button", { name: /^(PDF|Excel|Full Data Excel|Current Binder|Full Delivery Binder)$/ })).toHaveCount(0);
  for (const [button, file] of [
    ["PDF", /^5123_Hard Time Components\.pdf$/],
    ["Excel", /^5123_Hard Time Components\.xlsx$/],
    ["Current Binder", /_Current_Binder\.pdf$/],
    ["Full Delivery Binder", /_Full_Delivery_Binder\.pdf$/],
    ["Full Data Excel", /^5123_AeroOPS_All_Tabs_.*\.xlsx$/],
  ] as const) {
    const download = await downloadFromTopBar(page, button);
    expect(download.suggestedFilename(), button).toMatch(file);
    await expect(toast(page).filter({ hasText: "download has initiated" })).toBeVisible();
  }

  // Share opens the share dialog (in the URL).
  await actions.getByRole("link", { name: "Share" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page).toHaveURL(/dialog=share/);

  // Full-screen mode hides the top bar with its buttons.
  await page.goto(`${page.url().replace(/&?dialog=share/, "")}&fullscreen=1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hard Time Components");
  const group = page.locator("[data-screen-actions]");
  await expect(group).toHaveCount(1);
  await expect(group).toBeHidden();
});

test("a reader sees the tab without edit controls, and replayed posts change nothing", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await openHardTime(page);
  await expect(page.getByRole("table", { name: "Hard Time Components" }).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add row" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit row/ })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);

  // The posts a writer's page would send, replayed with the reader's session: refused, nothing changes.
  const firstRow = page.getByRole("table", { name: "Hard Time Components" }).getByRole("row").nth(1);
  const before = await firstRow.textContent();
  const add = await page.request.post(page.url(), { form: { intent: "save-row", "cell:Description": "reader replay" }, maxRedirects: 0 });
  expect(add.status()).toBe(422);
  expect(await add.text()).toContain("You have Read Access");
  const del = await page.request.post(page.url(), { form: { intent: "delete-rows", ids: "1" }, maxRedirects: 0 });
  expect(del.status()).toBe(422);
  await page.reload();
  await expect(firstRow).toHaveText(before!);
  await page.getByLabel("Filter rows").fill("reader replay");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No rows match the filter.")).toBeVisible();
});

test("rows per page: 50 by default, 100 / 250 / 500 on request, anything else is 50", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await openHardTime(page);
  await expect(page.getByLabel("Rows per page")).toHaveValue("50");
  await page.getByLabel("Rows per page").selectOption("500");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/per_page=500/);
  await expect(page.getByLabel("Rows per page")).toHaveValue("500");
  await expect(page.getByRole("table", { name: "Hard Time Components" }).getByRole("row").nth(1)).toBeVisible();
  await page.goto(page.url().replace("per_page=500", "per_page=7"));
  await expect(page.getByLabel("Rows per page")).toHaveValue("50");
});
