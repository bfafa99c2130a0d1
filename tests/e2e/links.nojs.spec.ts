// Issue 17 item 5 without JavaScript: a suggestion found in a seeded report's text is rejected with
// the Reject form's plain post. It stays a browser run because the suggestion needs the seeded
// documents' text, extracted by the e2e server's background jobs (the HTTP tests' servers run none);
// the other linked-document flows without JavaScript are tests/http/records.test.ts, the accepted
// suggestion is links.spec.ts.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

test.describe.configure({ timeout: 300_000 });

/** The client's aircraft seeded first (its files are read first): the lowest id on the OCR Status page. */
async function firstAircraft(page: Page) {
  await page.goto("/aero-box/storage/ocr-status");
  const ids = await page.locator("tr[data-aircraft-id]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-aircraft-id"))));
  expect(ids.length).toBeGreaterThan(0);
  return Math.min(...ids);
}

const linksTable = (page: Page) => page.getByRole("table", { name: "Linked documents" });

test("a suggestion found in a report's text is rejected", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  // The seeded compliance statement of the tab's third AD: once the job has read it, it is suggested
  // for its row (row 2's is accepted with JavaScript in links.spec.ts).
  const row = 3;
  const suggestion = page.getByRole("table", { name: "Suggested links" }).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) }).filter({ hasText: "Compliance Statement" });
  await expect(async () => {
    await page.goto(`/storage/linkedDocuments/${id}`);
    await expect(suggestion).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 240_000, intervals: [3000] });
  await expect(suggestion).toContainText(/found on page \d+/);
  await suggestion.getByRole("button", { name: /^Reject/ }).click();
  await expect(page.locator("[data-toast=success]")).toContainText("will not be suggested again");
  await expect(linksTable(page).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) })).toHaveCount(0);
  await expect(suggestion).toHaveCount(0);
});
