// With JavaScript off (and on): as client@demo.aero, create a folder, upload a file through the upload
// form (the plain multipart form without JS, the island with it), and find it with search. It stays
// a browser run without JavaScript as the one multipart upload a real browser encodes from its file
// input (file names with special characters, a dropped extension); the same flow over HTTP, and the
// rest of the folder operations without JavaScript, are tests/http/storage.test.ts.
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
