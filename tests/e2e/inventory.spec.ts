// The Inventory Report (issue 17 item 4, ADR 040), with JavaScript: reached from an aircraft's files
// page, totals and the completeness check, a folder of the records index deleted (missing) and
// created again without files (empty) through the UI, the Excel and PDF downloads, and the fleet's
// report in AeroBOX. Without JavaScript: tests/http/records.test.ts.
import fs from "node:fs";
import { expect, login, test } from "./fixtures";
import { createFolderAndOpen, main, openFirstAircraft, row } from "./storage-helpers";
import { readPdf } from "../helpers/pdf-text";

const FOLDER = "04 SB Status";

test("an aircraft's inventory report: totals, completeness, an emptied folder flagged, Excel and PDF", async ({ page }) => {
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  const aircraftId = base.split("/")[3]!;

  // The side navigation's "Inventory Report" link (enabled: an aircraft id is in the path).
  await page.getByRole("link", { name: "Inventory Report", exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/storage/InventoryReport/${aircraftId}$`));
  await expect(page.getByRole("heading", { name: "Inventory Report", level: 1 })).toBeVisible();
  const totals = page.getByLabel("Totals");
  await expect(totals).toContainText("Files");
  await expect(totals).toContainText(/Records index\s*\d+ of 11/i);
  const completeness = page.getByRole("table", { name: "Completeness" });
  await expect(completeness.getByRole("row")).toHaveCount(12);
  await expect(completeness.getByRole("row", { name: /Certificates/ })).toContainText("Present");
  const msn = /MSN (\S+)/.exec((await page.locator("main#main p").first().textContent()) ?? "")![1]!;

  // A folder of the index deleted: missing; created again without files: empty.
  await page.goto(base);
  const r = row(page, FOLDER);
  await r.getByLabel(`Actions for ${FOLDER}`).click();
  await r.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete folder" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item moved to the trash." })).toBeVisible();
  await page.goto(`/storage/InventoryReport/${aircraftId}`);
  await expect(completeness.getByRole("row", { name: /SB Status/ })).toContainText("Missing");
  await expect(page.locator("[data-inventory-flags]")).toContainText("Missing: SB Status");

  await page.goto(base);
  await createFolderAndOpen(page, FOLDER);
  await page.goto(`/storage/InventoryReport/${aircraftId}`);
  const sb = completeness.getByRole("row", { name: /SB Status/ });
  await expect(sb).toContainText("Empty");
  await expect(sb).toHaveAttribute("data-status", "empty");
  await expect(page.locator("[data-inventory-flags]")).toContainText("Empty: SB Status");
  // The folder links to the files page at that folder.
  await expect(sb.getByRole("link", { name: FOLDER })).toHaveAttribute("href", new RegExp(`/storage/aircraft/${aircraftId}/files\\?dir=`));

  // Sorting is a link.
  await page.getByRole("table", { name: "Folders" }).getByRole("link", { name: "Files" }).click();
  await expect(page).toHaveURL(/sort=files&order=asc/);
  await expect(page.getByRole("table", { name: "Folders" }).locator("tbody tr").first()).toContainText(FOLDER);

  const [xlsx] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("button", { name: "Download Excel" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^Inventory Report MSN ${msn}.*\\.xlsx$`));
  const [pdf] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("button", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^Inventory Report MSN ${msn}.*\\.pdf$`));
  const { text } = await readPdf(new Uint8Array(fs.readFileSync((await pdf.path())!)));
  expect(text).toContain(`MSN ${msn}`);
  expect(text).toContain("Completeness");
  await expect(page.getByRole("heading", { name: "Inventory Report", level: 1 })).toBeVisible();
});

test("the fleet's inventory report lists several aircraft and downloads", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/aero-box/storage/inventory-report");
  const table = page.getByRole("table", { name: "Aircraft" });
  await expect(table).toBeVisible();
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(3);
  await expect(page.getByLabel("Totals")).toContainText("Aircraft");
  const [xlsx] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("button", { name: "Download Excel" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^Fleet Inventory Report .*\.xlsx$/);
  const [pdf] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("button", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^Fleet Inventory Report .*\.pdf$/);
  const { text } = await readPdf(new Uint8Array(fs.readFileSync((await pdf.path())!)));
  expect(text).toContain("Fleet Inventory Report");
  // An aircraft's row leads to its report.
  await table.locator("tbody tr").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/storage\/InventoryReport\/\d+/);
});

test("a refused download comes back to the page with an error toast", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await page.goto("/aero-box/storage/inventory-report");
  // Forge a post for an aircraft the reader may not read: the page comes back with the refusal.
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('form[action="/resources/inventory-export"] input[name="format"][value="pdf"]')!;
    const extra = document.createElement("input");
    extra.type = "hidden";
    extra.name = "aircraft_id";
    extra.value = "999999";
    input.form!.append(extra);
  });
  await main(page).getByRole("button", { name: "Download PDF" }).click();
  await expect(page.locator("[data-toast]")).toContainText(/not found/i);
  await expect(page).toHaveURL(/\/aero-box\/storage\/inventory-report/);
});
