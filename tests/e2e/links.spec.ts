// With JavaScript: linked documents seen from the Linked Documents page, the tab row (its Documents
// column) and the file (its preview); a client links a document by hand and unlinks it; a suggestion
// found in a seeded report's text is accepted; a reader sees no form and a replayed post changes
// nothing. Without JavaScript: tests/http/records.test.ts, and tests/http/extracted-text.test.ts (a
// suggestion rejected).
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";


/** The client's aircraft seeded first (its files are read first): the lowest id on the OCR Status page. */
async function firstAircraft(page: Page) {
  await page.goto("/aero-box/storage/ocr-status");
  const ids = await page.locator("tr[data-aircraft-id]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-aircraft-id"))));
  expect(ids.length).toBeGreaterThan(0);
  return Math.min(...ids);
}

const linksTable = (page: Page) => page.getByRole("table", { name: "Linked documents" });

test("a seeded link is seen on the page, on the row and on the file", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  await page.goto(`/storage/linkedDocuments/${id}`);
  await expect(page.getByRole("heading", { name: "Linked Documents", level: 1 })).toBeVisible();
  const seeded = linksTable(page).getByRole("row").filter({ hasText: /AD Status, row 1\b/ });
  await expect(seeded).toHaveCount(1);
  await expect(seeded).toContainText("AD Status Report");

  // The row: its tab shows a Documents column; the count opens the row's documents.
  await seeded.getByRole("link", { name: /AD Status, row 1/ }).click();
  await expect(page.getByRole("heading", { name: "AD Status", level: 1 })).toBeVisible();
  const docs = page.getByRole("link", { name: "1 document linked to row 1" });
  await expect(docs).toBeVisible();
  await docs.click();
  await expect(page).toHaveURL(new RegExp(`/storage/linkedDocuments/${id}\\?row=\\d+`));
  await expect(page.locator("[data-scope-filter]")).toContainText("AD Status, row 1");
  await expect(linksTable(page).getByRole("row")).toHaveCount(2); // header + the one document

  // The file: its preview lists the row it is linked to.
  await linksTable(page).getByRole("link", { name: /AD Status Report/ }).click();
  await expect(page).toHaveURL(/\/preview\?fileid=/);
  await expect(page.locator("[data-linked-records]")).toContainText("AD Status, row 1");
});

test("a client links a document to a row by hand and unlinks it", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  // A row no other test on this server links.
  const row = 4;
  await page.goto(`/storage/linkedDocuments/${id}`);
  await page.getByLabel("1. Find the document by name").fill("Airworthiness");
  await page.getByRole("search", { name: "Find a document to link" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=Airworthiness/);
  const choice = page.getByRole("radio").first();
  await expect(choice).toBeChecked();
  const fileId = await choice.getAttribute("value");
  const fileName = (await page.locator("fieldset label").first().innerText()).split(" in ")[0]!.trim();
  const select = page.getByLabel("3. Link it to");
  const value = await select.locator("option").filter({ hasText: new RegExp(`^AD Status, row ${row}:`) }).getAttribute("value");
  await select.selectOption(value!);
  await page.getByRole("button", { name: "Link the document" }).click();
  await expect(page.locator("[data-toast=success]")).toContainText(`${fileName} is linked to AD Status, row ${row}`);
  await expect(page).not.toHaveURL(/[?&]q=/);
  const linked = linksTable(page).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) }).filter({ hasText: fileName });
  await expect(linked).toHaveCount(1);

  // Linking it again is refused with the reason, and nothing changes.
  const again = await page.request.post(`/storage/linkedDocuments/${id}`, { form: { intent: "link", file_id: fileId!, target: value! } });
  expect(await again.text()).toContain("is already linked to");

  await linked.getByRole("button", { name: /^Unlink/ }).click();
  await expect(page.locator("[data-toast=success]")).toContainText(`${fileName} is no longer linked.`);
  await expect(linksTable(page).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) }).filter({ hasText: fileName })).toHaveCount(0);
});

test("a suggestion found in a report's text is accepted", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  // The seeded compliance statements of the tab's second and third ADs: once the job has read them,
  // each is suggested for its row (the AD status report lists every AD: a listing, not suggested).
  // Row 2 is accepted here, row 3 rejected without JavaScript (tests/http/extracted-text.test.ts).
  const row = 2;
  const suggestion = page.getByRole("table", { name: "Suggested links" }).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) }).filter({ hasText: "Compliance Statement" });
  // The worker's server runs on the seeded demo whose text and suggestions are already made.
  await page.goto(`/storage/linkedDocuments/${id}`);
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText(/found on page \d+/);
  await suggestion.getByRole("button", { name: /^Accept/ }).click();
  await expect(page.locator("[data-toast=success]")).toContainText("is linked.");
  await expect(linksTable(page).getByRole("row").filter({ hasText: new RegExp(`AD Status, row ${row}:`) })).toHaveCount(1);
  await expect(suggestion).toHaveCount(0);
});

test("a reader sees the links without forms, and a replayed post changes nothing", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const id = await firstAircraft(page);
  await page.goto(`/storage/linkedDocuments/${id}`);
  await expect(linksTable(page).getByRole("row").filter({ hasText: /AD Status, row 1\b/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: /Unlink|Accept|Reject|Link the document|Find suggested links/ })).toHaveCount(0);
  const linkId = await linksTable(page).locator("tr[data-link-id]").first().getAttribute("data-link-id");
  const res = await page.request.post(`/storage/linkedDocuments/${id}`, { form: { intent: "unlink", link_id: linkId! } });
  expect(await res.text()).toContain("You have Read Access to this aircraft.");
  await page.goto(`/storage/linkedDocuments/${id}`);
  await expect(linksTable(page).locator(`tr[data-link-id="${linkId}"]`)).toHaveCount(1);
});
