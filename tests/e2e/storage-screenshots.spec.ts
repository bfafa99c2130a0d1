// Writes docs/screenshots/storage-*.png (npm run screenshots only; the upload dialog's: upload-screenshots.spec.ts).
import { login, test } from "./fixtures";
import { openFirstAircraft } from "./storage-helpers";

test("screenshots of the storage pages at 1440 and 390 px", async ({ page }) => {
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
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
  }
});
