// The preview in a dialog (issue 16 item 1 "faster with JS", ADR 053). With JavaScript a file's
// Preview opens over the listing (`?preview=<id>`): focus is taken and kept inside, next / previous
// walk the folder inside the dialog without reading the listing again, Escape closes it and focus
// returns to the Preview link; the URL opened as a document shows the preview page. Without
// JavaScript the Preview link is the preview page: tests/http/storage.test.ts.
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { pdfBytes, pngBytes, upload } from "./file-fixtures";
import { createFolderAndOpen, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("a file's preview opens in a dialog over the listing", async ({ page, browser }) => {
  const s = `${test.info().project.name} ${stamp()}`;
  const dir = tempDir("preview-dialog");
  const pdf = path.join(dir, "a manual.pdf");
  const png = path.join(dir, "b photo.png");
  fs.writeFileSync(pdf, pdfBytes("AeroRecords preview dialog"));
  fs.writeFileSync(png, pngBytes(320, 200, [160, 90, 30]));

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Dialog ${s}`);
  await upload(page, [pdf, png]);
  const listing = page.url();
  const link = row(page, "a manual.pdf").getByRole("link", { name: "Preview a manual.pdf" });

  // The listing is not read again while the dialog opens, pages and closes: no data request of the
  // page (single fetch: /…/files.data) runs the files route's loader (all loaders, or those `_routes` names).
  const listingReads: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    const only = u.searchParams.get("_routes");
    if (u.pathname.endsWith("/files.data") && (only === null || only.split(",").some((id) => id.endsWith(".files")))) listingReads.push(r.url());
  });
  await link.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "a manual.pdf" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]preview=\d+/);
  await expect(dialog.locator("section[data-kind=pdf] iframe")).toHaveAttribute("src", /^\/_blob\/o\/.+X-Signature=/);
  await expect(dialog.getByText("File 1 of 2")).toBeVisible();
  await expect(row(page, "b photo.png")).toHaveCount(1); // the listing stays under it
  const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
  await expect.poll(inDialog).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await inDialog()).toBe(true);
  }

  await dialog.getByRole("link", { name: "Next →" }).click();
  const photo = page.getByRole("dialog", { name: "b photo.png" });
  await expect(photo.locator("section[data-kind=image] img")).toBeVisible();
  await expect(photo.getByText("File 2 of 2")).toBeVisible();
  const shared = page.url();
  await expect.poll(inDialog).toBe(true);
  await photo.getByRole("link", { name: "← Previous" }).click();
  await expect(page.getByRole("dialog", { name: "a manual.pdf" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/preview=/);
  await expect(link).toBeFocused();
  expect(listingReads).toEqual([]);
  expect(page.url()).toBe(listing);

  // The dialog's URL is shareable: opened as a document, it is that file's preview page.
  const other = await browser.newPage({ baseURL: new URL(listing).origin, storageState: await page.context().storageState() });
  await other.goto(shared);
  await expect(other).toHaveURL(/\/preview\?fileid=\d+/);
  await expect(other.getByRole("heading", { level: 1, name: "b photo.png" })).toBeVisible();
  await other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
