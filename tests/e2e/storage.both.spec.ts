// With JavaScript off (and on): as client@demo.aero, create a folder, upload a file through the upload
// form (the plain multipart form without JS, the island with it), and find it with search. Also the
// folder operations' server-rendered confirmation step.
import fs from "node:fs";
import path from "node:path";
import { formatBytes } from "../../app/models/size";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("creates a folder, uploads a file into it and finds it", async ({ page }) => {
  const s = stamp();
  const dir = tempDir("one");
  const name = `logbook ${s}.pdf`;
  const data = bytesOf(123_457, 42);
  fs.writeFileSync(path.join(dir, name), data);
  // A forbidden extension is dropped silently; a name with special characters is sanitized.
  fs.writeFileSync(path.join(dir, "run.sh"), "#!/bin/sh\n");
  fs.writeFileSync(path.join(dir, `notes (${s}).txt`), "notes");

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Both ${s}`);

  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("upload-files").setInputFiles([path.join(dir, name), path.join(dir, "run.sh"), path.join(dir, `notes (${s}).txt`)]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 files uploaded." })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  await expect(row(page, name).locator("td[data-size]")).toHaveText(formatBytes(data.length));
  await expect(row(page, `notes _${s}_.txt`)).toHaveCount(1);
  await expect(main(page).getByRole("link", { name: "run.sh" })).toHaveCount(0);

  await page.goto(`/storage/search?query=${encodeURIComponent(`logbook ${s}`)}`);
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results).toContainText(`/Both ${s}/${name}`);
  await results.getByRole("link", { name: "Open in folder" }).click();
  await expect(page.locator("tr[data-item-id]").filter({ hasText: name })).toHaveCount(1);

  fs.rmSync(dir, { recursive: true, force: true });
});

test("searches from the top bar with Enter (a GET form)", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  const box = page.getByRole("search", { name: "File search" }).getByRole("searchbox", { name: "Search files" });
  await box.fill("certificate");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?query=certificate/);
  await expect(page.locator("[data-scope]")).toContainText("result");
});

test("deletes a folder after a confirmation step rendered by the server", async ({ page }) => {
  const s = stamp();
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await createFolderAndOpen(page, `Doomed ${s}`);
  await page.goto(base);
  const r = row(page, `Doomed ${s}`);
  await r.getByLabel(`Actions for Doomed ${s}`).click();
  await r.getByRole("link", { name: "Delete" }).click();
  await expect(page).toHaveURL(/dialog=delete&item=\d+/);
  const confirm = page.getByRole("dialog", { name: "Delete folder" });
  await expect(confirm).toContainText("and everything in it");
  // Cancel keeps it.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(row(page, `Doomed ${s}`)).toHaveCount(1);
  // A click on the backdrop, outside the dialog, closes it too (a link: with JavaScript and without).
  await row(page, `Doomed ${s}`).getByLabel(`Actions for Doomed ${s}`).click();
  await row(page, `Doomed ${s}`).getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete folder" })).toBeVisible();
  await page.mouse.click(8, (page.viewportSize()?.height ?? 720) - 8);
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await row(page, `Doomed ${s}`).getByLabel(`Actions for Doomed ${s}`).click();
  await row(page, `Doomed ${s}`).getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete folder" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item moved to the trash." })).toBeVisible();
  await expect(row(page, `Doomed ${s}`)).toHaveCount(0);
});
