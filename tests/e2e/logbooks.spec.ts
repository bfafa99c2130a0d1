// Technical logbooks as a client uses them (issue 14, "Done when"), with JavaScript: create a
// logbook, add two pages (a bad block-hours value refused in the dialog), edit one, see the total
// block hours, download the all-pages PDF; a reader sees the pages read-only and a replayed post is
// refused. Without JavaScript: tests/http/ops-oil.test.ts.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { downloadFromTopBar } from "./top-bar-actions";

async function logbooks(page: Page) {
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open in AeroOPS" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/aeroplane\?/);
  await page.getByRole("navigation", { name: "Work orders and logbooks" }).getByRole("link", { name: "Technical logbooks" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technical logbooks");
}

const toast = (page: Page) => page.locator("[data-toast]");

test("a client creates a logbook, adds two pages, edits one and downloads the PDF", async ({ page }) => {
  const title = `TLB E2E ${test.info().project.name} ${Date.now() % 1_000_000}`;
  await login(page, "client@demo.aero");
  await logbooks(page);
  await page.getByRole("link", { name: "Create logbook" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Create logbook" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/logbookpages\/logbook_id=\d+\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("This logbook has no pages yet.")).toBeVisible();

  const addPage = async (date: string, flight: string, hours: string) => {
    await page.getByRole("link", { name: "Add page" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a page" });
    await dialog.getByLabel("Date").fill(date);
    await dialog.getByLabel("Flight number").fill(flight);
    await dialog.getByLabel("Sector").fill("SNN-LHR");
    await dialog.getByLabel("Block hours").fill(hours);
    await dialog.getByRole("button", { name: "Add page" }).click();
  };
  await addPage("2026-11-20", "EI101", "lots");
  await expect(page.getByRole("dialog").getByText("Block hours must be a number from 0 to 24.")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Block hours").fill("1.5");
  await page.getByRole("dialog").getByRole("button", { name: "Add page" }).click();
  await expect(toast(page)).toContainText("(page 1)");
  await addPage("2026-11-21", "EI102", "2");
  await expect(toast(page)).toContainText("(page 2)");
  const table = page.getByRole("table", { name: "Logbook pages" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.locator("tfoot")).toContainText("3.5");

  await table.getByRole("link", { name: "Edit page 2" }).click();
  await page.getByRole("dialog").getByLabel("Block hours").fill("2.25");
  await page.getByRole("dialog").getByLabel("Defect").fill("Left landing light inoperative");
  await page.getByRole("dialog").getByRole("button", { name: "Save page" }).click();
  await expect(toast(page)).toContainText("(page 2)");
  await expect(table.locator("tbody tr").nth(1)).toContainText("Left landing light inoperative");
  await expect(table.locator("tfoot")).toContainText("3.75");

  const download = await downloadFromTopBar(page, "PDF (all pages)");
  expect(download.suggestedFilename()).toMatch(/_Logbook_.*\.pdf$/);

  await page.getByRole("link", { name: "Logbooks" }).click();
  await expect(page.getByRole("table", { name: "Technical logbooks" }).getByRole("row", { name: new RegExp(title) })).toContainText("2");
});

test("a reader sees a logbook's pages read-only; a replayed post is refused", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await logbooks(page);
  await expect(page.getByRole("link", { name: "Create logbook" })).toHaveCount(0);
  await page.getByRole("table", { name: "Technical logbooks" }).locator("tbody a").first().click();
  await expect(page.getByRole("table", { name: "Logbook pages" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Add page" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit page/ })).toHaveCount(0);
  const before = await page.getByRole("table", { name: "Logbook pages" }).locator("tbody tr").count();
  const res = await page.request.post(page.url(), { form: { date: "2026-11-22", flight_no: "XX1", block_hours: "1" }, maxRedirects: 0 });
  expect(res.status()).toBe(422);
  expect(await res.text()).toContain("Read Access");
  await page.reload();
  await expect(page.getByRole("table", { name: "Logbook pages" }).locator("tbody tr")).toHaveCount(before);
});
