// Issue 16 items 1-3 (ADR 041), with JavaScript: a file's preview page (a PDF through a signed
// inline link, a PNG scaled, next / previous), bulk actions on the files page (three files moved
// with one action into a folder chosen in the folder picker, a zip of the chosen files), and a
// reader, who sees no bulk write action and whose replayed bulk delete is refused with the message.
// The same flows without JavaScript: tests/http/storage.test.ts.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { pdfBytes, pngBytes, upload } from "./file-fixtures";
import { zipEntries } from "../helpers/file-bytes";
import { createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

const REFUSAL = "You have Read Access to this aircraft. Edit Access is needed to change its records.";

const project = () => test.info().project.name;

test("previews a PDF and a PNG, with next and previous", async ({ page }) => {
  const s = `${project()} ${stamp()}`;
  const dir = tempDir("preview");
  const pdf = path.join(dir, "a manual.pdf");
  const png = path.join(dir, "b photo.png");
  const txt = path.join(dir, "c notes.txt");
  fs.writeFileSync(pdf, pdfBytes("AeroRecords preview"));
  fs.writeFileSync(png, pngBytes(640, 360, [30, 90, 160]));
  fs.writeFileSync(txt, "line 1 <b>not bold</b>\nline 2\n");

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Preview ${s}`);
  await upload(page, [pdf, png, txt]);

  // The preview page (a plain click opens the dialog instead: preview-dialog.spec.ts).
  await page.goto((await row(page, "a manual.pdf").getByRole("link", { name: "Preview a manual.pdf" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name: "a manual.pdf" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `/Preview ${s}/a manual.pdf` })).toBeVisible();
  const frame = page.locator("section[data-kind=pdf] iframe");
  const src = await frame.getAttribute("src");
  expect(src).toMatch(/^\/_blob\/o\/.+X-Signature=/);
  expect(src).not.toContain("download=1");
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
  expect(res.headers()["content-disposition"]).toMatch(/^inline/);
  // A tampered link is refused (the signature covers the disposition).
  expect((await page.request.get(`${src}&download=1`)).status()).toBe(403);
  await expect(page.getByText("File 1 of 3")).toBeVisible();

  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "b photo.png" })).toBeVisible();
  const img = page.locator("section[data-kind=image] img");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
  const box = await img.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "c notes.txt" })).toBeVisible();
  // Text is shown as text, never as HTML.
  await expect(page.locator("section[data-kind=text] pre")).toContainText("line 1 <b>not bold</b>");
  await expect(page.locator("section[data-kind=text] b")).toHaveCount(0);

  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "b photo.png" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the folder" }).click();
  await expect(row(page, "b photo.png")).toHaveCount(1);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Creates a folder in the listing on screen without opening it. */
async function createFolder(page: Page, name: string) {
  await page.getByRole("link", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "Create folder" });
  await dialog.getByLabel("Folder name").fill(name);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Folder created." })).toBeVisible();
  await expect(row(page, name)).toHaveCount(1);
}

test("moves three files with one action into a folder chosen in the picker", async ({ page }) => {
  const s = `${project()} ${stamp()}`;
  const dir = tempDir("bulk");
  const names = ["one.txt", "two.txt", "three.txt", "stays.txt"];
  for (const n of names) fs.writeFileSync(path.join(dir, n), `${n} ${s}`);

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Bulk ${s}`);
  await createFolder(page, "Target");
  await upload(page, names.map((n) => path.join(dir, n)));

  // The bulk actions wait for a selection, and say how many items they act on.
  const bar = page.getByRole("form", { name: "Selected items" });
  for (const name of ["Move", "Copy", "Delete", "Download as zip"]) await expect(bar.getByRole("button", { name, exact: true })).toBeDisabled();
  for (const n of names.slice(0, 3)) await page.getByRole("checkbox", { name: `Select ${n}` }).check();
  await expect(bar).toContainText("With the 3 selected items:");
  for (const name of ["Move", "Copy", "Delete", "Download as zip"]) await expect(bar.getByRole("button", { name, exact: true })).toBeEnabled();
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Move 3 items" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Chosen items" }).getByRole("listitem")).toHaveCount(3);
  // The picker starts in the folder on screen and opens one level per link.
  await expect(dialog.locator("[data-chosen]")).toHaveAttribute("data-chosen", `/Bulk ${s}`);
  await dialog.getByRole("link", { name: "Open Target" }).click();
  await expect(dialog.locator("[data-chosen]")).toHaveAttribute("data-chosen", `/Bulk ${s}/Target`);
  await expect(dialog.getByText("No subfolders here.")).toBeVisible();
  await dialog.getByRole("button", { name: "Move here" }).click();
  await expect(page.getByRole("status").filter({ hasText: /moved/i })).toBeVisible();
  await expect(dialog).toBeHidden();

  for (const n of names.slice(0, 3)) await expect(row(page, n)).toHaveCount(0);
  await expect(row(page, "stays.txt")).toHaveCount(1);
  await main(page).getByRole("link", { name: "Target", exact: true }).click();
  for (const n of names.slice(0, 3)) await expect(row(page, n)).toHaveCount(1);
  await expect(row(page, "stays.txt")).toHaveCount(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("downloads the chosen files as one zip", async ({ page }) => {
  const s = `${project()} ${stamp()}`;
  const dir = tempDir("zip");
  const names = ["alpha.txt", "beta.txt", "gamma.txt"];
  for (const n of names) fs.writeFileSync(path.join(dir, n), `${n} ${s}`);

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Zip ${s}`);
  await upload(page, names.map((n) => path.join(dir, n)));

  await page.getByRole("checkbox", { name: "Select alpha.txt" }).check();
  await page.getByRole("checkbox", { name: "Select gamma.txt" }).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("form", { name: "Selected items" }).getByRole("button", { name: "Download as zip" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-selection\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
  const entries = zipEntries(zip);
  expect(entries.filter((e) => !e.endsWith("/")).map((e) => e.split("/").slice(1).join("/")).sort()).toEqual(["alpha.txt", "gamma.txt"]);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a reader sees no bulk write action and a replayed bulk delete is refused", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const base = await openFirstAircraft(page);
  const aircraftId = base.split("/")[3]!;
  const bar = page.getByRole("form", { name: "Selected items" });
  await expect(bar.getByRole("button", { name: "Download as zip" })).toBeVisible();
  for (const name of ["Move", "Copy", "Delete"]) await expect(bar.getByRole("button", { name, exact: true })).toHaveCount(0);
  const ids = await page.locator("tbody tr[data-item-id]").evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute("data-item-id")!));
  expect(ids.length).toBeGreaterThan(0);
  // The dialog asked for in the URL is not rendered either.
  await page.goto(`${base}?dialog=bulk-delete&${ids.map((i) => `sel=${i}`).join("&")}`);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The bulk delete a writer's dialog would post, replayed with the reader's session.
  const body = new URLSearchParams({ intent: "delete", aircraft_id: aircraftId, dir: "/", redirectTo: base, returnTo: base });
  for (const i of ids) body.append("ids", i);
  const res = await page.request.post("/storage/delete", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: body.toString() });
  expect(res.status()).toBe(200); // followed the redirect back to the listing
  expect(await res.text()).toContain(REFUSAL);
  // Nothing changed.
  await page.goto(base);
  for (const i of ids) await expect(page.locator(`tbody tr[data-item-id="${i}"]`)).toHaveCount(1);
});
