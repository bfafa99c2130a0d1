// Writes docs/screenshots/records-*.png (npm run screenshots only): a file's versions, the aircraft's
// trash and the admin's retention page at 1366 and 390 px (issue 19, ADR 042).
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("screenshots of the versions, trash and retention pages", async ({ page }) => {
  const out = process.env.SCREENSHOTS_DIR ?? "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  const s = stamp();
  const tmp = tempDir("records-shots");
  const name = "Weight and Balance Report.pdf";
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await createFolderAndOpen(page, `Manuals ${s}`);
  for (const [i, size] of [48_211, 51_977].entries()) {
    fs.mkdirSync(path.join(tmp, String(i)));
    fs.writeFileSync(path.join(tmp, String(i), name), bytesOf(size, i + 1));
    await page.getByRole("link", { name: "Upload files" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await dialog.getByTestId("upload-files").setInputFiles([path.join(tmp, String(i), name)]);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 file uploaded." })).toBeVisible({ timeout: 30_000 });
  }
  const r = row(page, name);
  await r.getByLabel(`Actions for ${name}`).click();
  await r.getByRole("link", { name: "Versions" }).click();
  await page.waitForURL(/\/versions\?fileid=/);
  const versions = page.url();
  await page.goto(base);
  for (const f of ["Old drafts", "Superseded"]) await createFolderAndOpen(page, `${f} ${s}`).then(() => page.goto(base));
  for (const f of ["Old drafts", "Superseded"]) {
    const rr = row(page, `${f} ${s}`);
    await rr.getByLabel(`Actions for ${f} ${s}`).click();
    await rr.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete folder" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "moved to the trash" })).toBeVisible();
  }
  const trash = base.replace(/\/files$/, "/trash");
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(versions);
    await hideToasts();
    await page.screenshot({ path: `${out}/records-versions-${width}.png` });
    await page.getByRole("link", { name: "Restore version 1" }).click();
    await expect(page.getByRole("dialog", { name: "Restore version 1?" })).toBeVisible();
    await page.screenshot({ path: `${out}/records-versions-restore-${width}.png` });
    await page.goto(trash);
    await hideToasts();
    await page.screenshot({ path: `${out}/records-trash-${width}.png` });
  }
  await page.context().clearCookies();
  await login(page, "admin@demo.aero");
  await page.goto("/admin/retention");
  const rules = page.getByRole("table", { name: "Retention rules" });
  for (const [key, label, keep, years] of [["certificates", "Certificates", "life", ""], ["llp-back-to-birth", "LLP Back-to-Birth", "life", ""], ["ad-status", "AD Status", "years", "10"]] as const) {
    const r = rules.locator(`tr[data-class='${key}']`);
    await r.getByLabel(`Keep ${label} records`, { exact: true }).selectOption(keep);
    if (years) await r.getByLabel(`Years to keep ${label} records`).fill(years);
    await r.getByRole("button", { name: "Save" }).click();
    await expect(rules.locator(`tr[data-class='${key}']`)).toHaveAttribute("data-keep", keep);
  }
  const hold = page.getByRole("form", { name: "Place a legal hold" });
  await hold.getByLabel("Aircraft").selectOption({ index: 1 });
  await hold.getByLabel("Reason").fill("Lease return dispute, case 2026-17");
  await hold.getByRole("button", { name: "Place legal hold" }).click();
  await expect(page.getByRole("table", { name: "Legal holds" })).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await page.goto("/admin/retention");
    await hideToasts();
    await page.screenshot({ path: `${out}/records-retention-${width}.png`, fullPage: true });
  }
  // Lifted again: later tests on the same server delete records.
  await page.getByRole("table", { name: "Legal holds" }).getByRole("link", { name: /^Release the hold/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Release the hold" }).click();
  await expect(page.getByText("No aircraft is under a legal hold.")).toBeVisible();
  for (const [key, label] of [["certificates", "Certificates"], ["llp-back-to-birth", "LLP Back-to-Birth"], ["ad-status", "AD Status"]] as const) {
    const r = rules.locator(`tr[data-class='${key}']`);
    await r.getByLabel(`Keep ${label} records`, { exact: true }).selectOption("none");
    await r.getByRole("button", { name: "Save" }).click();
    await expect(rules.locator(`tr[data-class='${key}']`)).toHaveAttribute("data-keep", "none");
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});
