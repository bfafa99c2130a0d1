// Helpers of the storage end-to-end tests (not a spec): temp files, the aircraft to work on, and a
// fresh folder per test so that tests never see each other's files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export { bytesOf } from "../helpers/file-bytes";

export function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `aero-e2e-${prefix}-`));
}

/** The records page of the first aircraft on the user's overview (its "Open records" link). */
export async function openFirstAircraft(page: Page): Promise<string> {
  await page.goto("/storage/overview");
  const href = await page.getByRole("link", { name: "Open records" }).first().getAttribute("href");
  expect(href).toMatch(/^\/storage\/aircraft\/\d+\/files/);
  await page.goto(href!);
  await expect(page.getByRole("navigation", { name: "Folder path" })).toBeVisible();
  return href!.split("?")[0]!;
}

/** Creates a folder in the current listing through the New folder dialog and opens it. */
export async function createFolderAndOpen(page: Page, name: string) {
  await page.getByRole("link", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "Create folder" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Folder name").fill(name);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Folder created." })).toBeVisible();
  await main(page).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Folder path" }).getByText(name)).toBeVisible();
}

/** The page's content (not the side navigation, whose fleet tree lists folders too). */
export const main = (page: Page) => page.locator("main#main");

/** The listing row of an item by its exact name. */
export const row = (page: Page, name: string) => main(page).locator("tbody tr").filter({ has: page.getByRole("link", { name, exact: true }) });
