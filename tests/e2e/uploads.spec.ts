// The upload dialog with JavaScript (issue 35 "Uploads", ADR 086): files dropped on the folder's
// listing open the dialog with them chosen, for that folder; the dialog's own drop zone takes files
// too; the pickers are buttons over the native inputs (still labelled, still focusable); each file has
// its own progress bar, and when some files were not uploaded the dialog ends with a summary of what
// was uploaded and what was not and why. Without JavaScript: uploads.nojs.spec.ts and the HTTP suite.
// A drag from the desktop cannot be scripted: the tests dispatch the drop events with a DataTransfer
// built in the page, as the browser would.
import type { Locator, Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { createFolderAndOpen, main, openFirstAircraft, row, stamp } from "./storage-helpers";

/** Drags text files onto `target` (dragenter, dragover, drop) as a DataTransfer of File objects. */
async function dropFiles(page: Page, target: Locator, files: { name: string; text: string }[]) {
  const dt = await page.evaluateHandle((fs) => {
    const t = new DataTransfer();
    for (const f of fs) t.items.add(new File([f.text], f.name, { type: "text/plain" }));
    return t;
  }, files);
  await target.dispatchEvent("dragenter", { dataTransfer: dt });
  await target.dispatchEvent("dragover", { dataTransfer: dt });
  await target.dispatchEvent("drop", { dataTransfer: dt });
}

test("files dropped on the listing open the upload dialog with them chosen and upload into that folder", async ({ page }) => {
  const folder = `Dropped ${stamp()}`;
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, folder);

  const area = page.locator("[data-drop-area]");
  const files = [
    { name: "drop one.txt", text: "one" },
    { name: "drop two.txt", text: "two" },
  ];
  // Dragging over the listing outlines it and says where the files will go.
  const dt = await page.evaluateHandle(() => {
    const t = new DataTransfer();
    t.items.add(new File(["x"], "x.txt"));
    return t;
  });
  await area.dispatchEvent("dragover", { dataTransfer: dt });
  await expect(area).toHaveAttribute("data-drop-area", "over");
  await expect(area.getByText(`Drop files to upload them into ${folder}`)).toBeVisible();

  await dropFiles(page, area, files);
  await expect(page).toHaveURL(/[?&]dialog=upload/);
  await expect(page.locator('[data-drop-area="over"]')).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog.locator("[data-file]")).toHaveCount(2);
  await expect(dialog.locator('[data-file="drop one.txt"]')).toBeVisible();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 files uploaded." })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  for (const f of files) await expect(row(page, f.name)).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Folder path" }).getByText(folder)).toBeVisible();
});

test("the dialog's drop zone and picker buttons choose files; the summary tells what was not uploaded and why", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Zone ${stamp()}`);
  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  const zone = dialog.locator("[data-drop-zone]");
  await expect(zone.getByText("Drag files or a folder here, or")).toBeVisible();

  // The pickers: buttons the user sees, the native inputs behind them, named by the buttons' text and
  // reached by the keyboard (the label shows the input's focus).
  const input = dialog.getByLabel("Choose files");
  await expect(input).toHaveAttribute("type", "file");
  expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);
  await expect(dialog.getByLabel("Choose a folder")).toHaveAttribute("type", "file");
  const button = zone.locator("label").filter({ hasText: "Choose files" });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.width).toBeGreaterThan(60);
  await input.focus();
  await expect(button).toHaveCSS("outline-style", "solid");

  const dt = await page.evaluateHandle(() => {
    const t = new DataTransfer();
    t.items.add(new File(["x"], "x.txt"));
    return t;
  });
  await zone.dispatchEvent("dragover", { dataTransfer: dt });
  await expect(zone).toHaveAttribute("data-drop-zone", "over");
  // A drop beside the zone, still in the dialog, is taken too; a later drop replaces it.
  await dropFiles(page, dialog.getByText("Please Note:"), [{ name: "beside.txt", text: "b" }]);
  await expect(dialog.locator("[data-file]")).toHaveText([/beside\.txt/]);
  await dropFiles(page, zone, [
    { name: "kept one.txt", text: "1" },
    { name: "kept two.txt", text: "22" },
    { name: "Engine ✈ photo.txt", text: "refused: ✈ is not a letter, digit, space, _ or -" },
    { name: "setup.exe", text: "dropped silently" },
  ]);
  await expect(zone).toHaveAttribute("data-drop-zone", "");
  await expect(dialog.locator("[data-file]")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();

  // Some files were not uploaded: the dialog stays with the summary; the listing has what arrived.
  const summary = dialog.getByRole("region", { name: "2 files uploaded, 1 not uploaded" });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByRole("list", { name: "Not uploaded" }).getByRole("listitem")).toHaveText([
    "Engine ✈ photo.txt: The file name may only contain letters, digits, spaces, underscores and hyphens, plus one extension.",
  ]);
  for (const name of ["kept one.txt", "kept two.txt"]) {
    await expect(dialog.getByRole("progressbar", { name: `${name} progress` })).toHaveAttribute("aria-valuenow", "100");
    await expect(row(page, name)).toHaveCount(1);
  }
  await expect(main(page).getByText("setup.exe")).toHaveCount(0);
  await dialog.getByRole("link", { name: "Done", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=upload/);
});
