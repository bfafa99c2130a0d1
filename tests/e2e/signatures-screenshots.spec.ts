// Writes docs/screenshots/signature-*.png (npm run screenshots only): the signing dialog of a work
// order at 1366 and 390 px, and the first page of that work order's PDF once signed (its "Electronic
// signatures" block), rendered with pdftoppm at 60 dpi, and the public verification page at 1366 and 390 px.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD, expect, login, test } from "./fixtures";
import { downloadFromTopBar } from "./top-bar-actions";

test("screenshots of the signing dialog at 1366 and 390 px and of the signed work order's PDF", async ({ page }) => {
  test.setTimeout(120_000);
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open in AeroOPS" }).click();
  await page.getByRole("link", { name: "Aircraft WO" }).first().click();
  await page.getByRole("link", { name: "Create work order" }).click();
  await page.getByLabel("Work order number").fill("WO-2026-118");
  await page.getByLabel("Title").fill("C-check release: landing gear and brakes");
  await page.getByLabel("Station").fill("Shannon");
  await page.getByLabel("Task 1 description").fill("Replace main landing gear brake units 1-4");
  await page.getByLabel("Task 1 man-hours").fill("6");
  await page.getByLabel("Task 2 description").fill("Functional test of the anti-skid system");
  await page.getByLabel("Task 2 man-hours").fill("1.5");
  await page.getByRole("button", { name: "Create work order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aircraft WO WO-2026-118");
  const here = page.url();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto(`${here}&sign=${/_wo(\d+)/.exec(here)![1]}`);
    await hideToasts();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.screenshot({ path: `${out}/signature-dialog-${width}.png` });
  }
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Certify release to service" }).check();
  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(page.locator("[data-toast]")).toContainText("Signed version 1");
  await page.setViewportSize({ width: 1366, height: 768 });
  const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sig-pdf-")), "wo.pdf");
  await (await downloadFromTopBar(page, "PDF (version 1)")).saveAs(pdf);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, `${out}/signature-pdf`]);
  // The public verification page the PDF's address opens (signed out, as an auditor sees it).
  const verify = await page.getByRole("link", { name: "Verify" }).first().getAttribute("href");
  await page.context().clearCookies();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto(verify!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${out}/signature-verify-${width}.png`, fullPage: width === 390 });
  }
});
