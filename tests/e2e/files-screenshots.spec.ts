// Writes docs/screenshots/file-preview-{pdf,image}-{1440,390}.png and bulk-move-picker-{1440,390}.png
// (npm run screenshots only; issue 16, ADR 041).
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { pdfBytes, pngBytes, upload } from "./file-fixtures";
import { createFolderAndOpen, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("screenshots of the file preview and the bulk move picker at 1440 and 390 px", async ({ page }) => {
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  const dir = tempDir("preview-shots");
  const pdf = path.join(dir, "Engine 1 borescope report.pdf");
  const png = path.join(dir, "Nose gear photo.png");
  fs.writeFileSync(pdf, pdfBytes("Engine 1 borescope report - ESN 897-112"));
  fs.writeFileSync(png, pngBytes(1200, 700, [46, 110, 170]));
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Shots ${stamp()}`);
  await upload(page, [pdf, png]);
  const listing = page.url();
  const previewOf = async (name: string) => (await row(page, name).getByRole("link", { name: `Preview ${name}` }).getAttribute("href"))!;
  const pdfHref = await previewOf("Engine 1 borescope report.pdf");
  const pngHref = await previewOf("Nose gear photo.png");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(pdfHref);
    await expect(page.locator("section[data-kind=pdf] iframe")).toBeVisible();
    await page.waitForTimeout(1500); // the browser's PDF viewer draws after load
    await hideToasts();
    await page.screenshot({ path: `${out}/file-preview-pdf-${width}.png` });
    await page.goto(pngHref);
    await expect.poll(() => page.locator("section[data-kind=image] img").evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1200);
    await hideToasts();
    await page.screenshot({ path: `${out}/file-preview-image-${width}.png` });
    await page.goto(listing);
    for (const n of ["Engine 1 borescope report.pdf", "Nose gear photo.png"]) await page.getByRole("checkbox", { name: `Select ${n}` }).check();
    await page.getByRole("form", { name: "Selected items" }).getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Move 2 items" })).toBeVisible();
    await hideToasts();
    await page.screenshot({ path: `${out}/bulk-move-picker-${width}.png` });
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
