// Writes docs/screenshots/upload-dialog-{1366,390}.png (files chosen, the drop zone over them) and
// upload-summary-{1366,390}.png (the end of an upload where a file was not accepted) (npm run
// screenshots only; ADR 086).
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, openFirstAircraft, stamp, tempDir } from "./storage-helpers";

test("screenshots of the upload dialog at 1366 and 390 px", async ({ page }) => {
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Upload shots ${stamp()}`);
  const listing = page.url();
  const dir = tempDir("upload-shots");
  const picks = ["Engine 1 borescope report.pdf", "CRS 2024-117.pdf", "Weight and balance (2023).xlsx", "Nose gear ✈ photo.png", "setup.exe"].map((n, i) => {
    fs.writeFileSync(path.join(dir, n), bytesOf(40_000 + i * 90_000, i + 9));
    return path.join(dir, n);
  });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto(listing);
    await page.getByRole("link", { name: "Upload files" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await dialog.getByLabel("Choose files").setInputFiles(picks);
    await expect(dialog.locator("[data-file]")).toHaveCount(3);
    await hideToasts();
    await page.screenshot({ path: `${out}/upload-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(dialog.locator("[data-upload-summary]")).toBeVisible({ timeout: 30_000 });
    await page.mouse.move(0, 0); // not hovering Done
    await page.waitForTimeout(300); // the bars' width transition
    await hideToasts();
    await page.screenshot({ path: `${out}/upload-summary-${width}.png` });
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
