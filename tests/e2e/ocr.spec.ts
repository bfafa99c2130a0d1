// With JavaScript: the OCR Report of an aircraft shows its counts and a failed or low-confidence file
// can be re-run (a reader is refused, with the message); the file search finds a word inside a seeded
// PDF and shows the snippet with the page. Each worker's server runs on the seeded demo whose text is
// already extracted (tests/helpers/seed-snapshot.ts): nothing waits for the seed's jobs. Without
// JavaScript: tests/http/records.test.ts (the counts, Refresh, the re-run form, the reader's refusal)
// and tests/http/extracted-text.test.ts (the word inside a PDF).
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

/** The client's aircraft seeded first (its files are read first): the lowest id on the OCR Status page. */
async function firstAircraft(page: Page) {
  await page.goto("/aero-box/storage/ocr-status");
  await expect(page.getByRole("heading", { name: "OCR Status" })).toBeVisible();
  const ids = await page.locator("tr[data-aircraft-id]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-aircraft-id"))));
  expect(ids.length).toBeGreaterThan(0);
  return Math.min(...ids);
}

test("the OCR report shows counts and re-runs a low-confidence file", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  await page.goto(`/storage/OCRReport/${id}`);
  await expect(page.getByRole("heading", { name: "OCR Report" })).toBeVisible();
  await expect(page.locator("[data-count=done]")).toBeVisible();
  await expect(page.locator("[data-count=pending]")).toBeVisible();
  // Edit Access: files may be re-run one by one, not the whole aircraft.
  await expect(page.getByRole("button", { name: "Re-run all files" })).toHaveCount(0);
  // The seeded faded scan was read with a low confidence (the worker's server runs on the seeded demo
  // whose text is already extracted); Refresh is a plain link to the same report.
  const row = page.locator("tr[data-problem-file]").filter({ hasText: "Faded Work Order Scan.png" });
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText("Low OCR confidence");
  await row.getByRole("button", { name: "Re-run" }).click();
  await expect(page.locator("[data-toast=success]")).toContainText("The file is queued for text extraction.");
  await expect(page).toHaveURL(new RegExp(`/storage/OCRReport/${id}$`));
});

test("a reader's re-run is refused with the upstream's message", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const id = await firstAircraft(page);
  const res = await page.request.post(`/storage/OCRReport/${id}`, { form: { intent: "rerun", aircraft_id: String(id) } });
  expect(res.status()).toBe(200); // followed the redirect back to the report
  expect(await res.text()).toContain("You have Read Access to this aircraft.");
  await page.goto(`/storage/OCRReport/${id}`);
  await expect(page.getByRole("button", { name: /Re-run/ })).toHaveCount(0);
});

test("the file search finds a word inside a seeded PDF and shows the snippet", async ({ page }) => {
  await login(page, "client@demo.aero");
  // "pursuant" is only inside the Certificates of Airworthiness, never in a file or folder name.
  const hit = page.locator("[data-result-id]").filter({ hasText: "Certificate of Airworthiness.pdf" }).first();
  await page.goto("/storage/search?query=pursuant");
  await expect(hit).toBeVisible();
  const snippet = hit.locator("[data-snippet]");
  await expect(snippet).toContainText("Page 1");
  await expect(snippet.locator("mark").first()).toHaveText("pursuant");
  await expect(hit).toContainText("Found in the document’s text");
});

test("while jobs wait or run, the OCR report refreshes its figures in place, then stops", async ({ page }) => {
  await login(page, "client@demo.aero");
  const id = await firstAircraft(page);
  // The seeded demo's text is extracted: the server's pages say jobs run (the busy marker the live
  // widget reads) for the page itself and its first refresh, and mark each refresh's figures.
  let refreshes = 0;
  await page.route(
    (u) => u.pathname === `/storage/OCRReport/${id}`,
    async (route) => {
      const req = route.request();
      if (req.method() !== "GET") return route.continue();
      const res = await route.fetch();
      const refresh = req.resourceType() === "fetch";
      if (refresh) refreshes++;
      let body = await res.text();
      if (!refresh || refreshes === 1) body = body.replace('data-live-region="status">', 'data-live-region="status"><span data-jobs-busy=""></span>');
      if (refresh) body = body.replace("files processed", `files processed, refresh ${refreshes}`);
      const { "content-encoding": _e, "content-length": _l, ...headers } = res.headers();
      await route.fulfill({ response: res, body, headers });
    },
  );
  await page.clock.install();
  await page.goto(`/storage/OCRReport/${id}`);
  await page.clock.pauseAt(Date.now() + 1_000); // time moves only as the test says
  await page.evaluate(() => ((window as unknown as { __live: number }).__live = 1));
  const progress = page.locator("[data-progress]");
  const refreshLink = page.getByRole("link", { name: "Refresh" });
  await refreshLink.focus();
  await page.clock.runFor(5_000);
  await expect(progress).toContainText("refresh 1");
  // The region was replaced in place: no reload, and the focus is still on its link.
  await expect(refreshLink).toBeFocused();
  await page.clock.runFor(5_000);
  await expect(progress).toContainText("refresh 2");
  // Nothing is busy any more: no more refreshes.
  await page.clock.runFor(20_000);
  expect(refreshes).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { __live?: number }).__live)).toBe(1);
});
