// Focus goes back to the control that opened something once it is done (WCAG 2.4.3), JavaScript on:
// the New folder dialog (closed by Escape, and after the folder is created), the upload dialog after
// a finished upload, and the top bar's Export menu (closed by Escape, and after an export ran).
import path from "node:path";
import fs from "node:fs";
import { expect, login, test } from "./fixtures";
import { createFolderAndOpen, openFirstAircraft, stamp, tempDir } from "./storage-helpers";

test("the New folder and upload dialogs give focus back to their opener", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `focus ${stamp()}`);

  const newFolder = page.getByRole("link", { name: "New folder" });
  await newFolder.focus();
  await page.keyboard.press("Enter");
  let dialog = page.getByRole("dialog", { name: "Create folder" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Folder name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(newFolder).toBeFocused();

  await page.keyboard.press("Enter");
  dialog = page.getByRole("dialog", { name: "Create folder" });
  await expect(dialog.getByLabel("Folder name")).toBeFocused();
  await page.keyboard.type(`inner ${stamp()}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Folder created." })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(newFolder).toBeFocused();

  const dir = tempDir("focus");
  const file = path.join(dir, "focus note.txt");
  fs.writeFileSync(file, "focus\n");
  const uploadLink = page.getByRole("link", { name: /^Upload (a file|files)$/ });
  await uploadLink.focus();
  await page.keyboard.press("Enter");
  dialog = page.getByRole("dialog", { name: /^Upload/ });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("upload-files").setInputFiles([file]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(uploadLink).toBeFocused();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the Export menu gives focus back to its button on Escape and after an export", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: "5123" }).first().click();
  await page.getByRole("link", { name: "Hard Time Components" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hard Time Components");

  const actions = page.getByRole("banner").getByRole("group", { name: "Export and share" });
  const summary = actions.locator("summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  const excel = actions.getByRole("button", { name: "Excel", exact: true });
  await expect(excel).toBeVisible();
  await excel.focus();
  await page.keyboard.press("Escape");
  await expect(excel).toBeHidden();
  await expect(summary).toBeFocused();

  await page.keyboard.press("Enter");
  await excel.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(excel).toBeHidden();
  await expect(summary).toBeFocused();
});
