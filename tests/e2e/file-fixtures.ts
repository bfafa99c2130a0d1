// Helpers of the file preview and bulk e2e tests (not a spec): small real PDF and PNG files, and an
// upload through the Upload files dialog.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export { pdfBytes, pngBytes } from "../helpers/file-bytes";

/** Uploads files into the folder on screen through the Upload files dialog (the form without JS, the island with it). */
export async function upload(page: Page, files: string[]) {
  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("upload-files").setInputFiles(files);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${files.length} files uploaded.` })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

