// Writes docs/screenshots/storage-*.png and upload-dialog-*.png (npm run screenshots only).
import fs from "node:fs";
import path from "node:path";
import { formatBytes } from "../../app/models/size";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("screenshots of the storage pages at 1440 and 390 px", async ({ page }) => {
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  const dir = tempDir("shots");
  const picks = ["Engine 1 borescope report.pdf", "CRS 2024-117.pdf", "Weight and balance (2023).xlsx", "setup.exe"].map((n, i) => {
    fs.writeFileSync(path.join(dir, n), bytesOf(40_000 + i * 90_000, i + 9));
    return path.join(dir, n);
  });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/storage/overview");
    await hideToasts();
    await page.screenshot({ path: `${out}/storage-overview-${width}.png` });
    await page.goto(base);
    await hideToasts();
    await page.screenshot({ path: `${out}/storage-files-${width}.png` });
    await page.goto("/storage/search?query=certificate");
    await hideToasts();
    await page.screenshot({ path: `${out}/storage-search-${width}.png` });
    await page.goto(`${base}?dialog=upload`);
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await dialog.getByTestId("upload-files").setInputFiles(picks);
    await expect(dialog.locator("[data-file]")).toHaveCount(3);
    await hideToasts();
    await page.screenshot({ path: `${out}/upload-dialog-${width}.png` });
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
