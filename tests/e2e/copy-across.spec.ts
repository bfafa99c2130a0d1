// Copy to another aircraft (issue 16 item 3 leftovers, ADR 053), with JavaScript: the copy dialog's
// folder picker offers the aircraft the user may write to, then that aircraft's folders; the files
// land there and stay where they were. A destination the user may not write to is refused by the
// server with a clear message, and nothing is copied. Without JavaScript: tests/http/storage.test.ts.
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { upload } from "./file-fixtures";
import { createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test("copies two files into a folder of another aircraft chosen in the picker", async ({ page }) => {
  const s = stamp();
  const dir = tempDir("copy-across");
  const names = [`across-${s}-1.txt`, `across-${s}-2.txt`];
  for (const n of names) fs.writeFileSync(path.join(dir, n), `${n}\n`);

  await login(page, "client@demo.aero");
  const source = await openFirstAircraft(page);
  const sourceId = /\/aircraft\/(\d+)\//.exec(source)![1];
  await createFolderAndOpen(page, `Across ${s}`);
  await upload(page, names.map((n) => path.join(dir, n)));

  for (const n of names) await page.getByRole("checkbox", { name: `Select ${n}` }).check();
  await page.getByRole("form", { name: "Selected items" }).getByRole("button", { name: "Copy", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Copy 2 items" });
  await expect(dialog).toBeVisible();
  // The aircraft on screen is chosen first; the others the client may write to are offered.
  const aircraft = dialog.getByRole("list", { name: "Destination aircraft" });
  await expect(dialog.locator("[data-chosen-aircraft]")).toHaveAttribute("data-chosen-aircraft", sourceId);
  await expect(aircraft.locator("[aria-current]")).toHaveCount(1);
  const other = aircraft.getByRole("link").first();
  const otherHref = (await other.getAttribute("href"))!;
  const targetId = /to_aircraft=(\d+)/.exec(otherHref)![1];
  expect(targetId).not.toBe(sourceId);
  await other.click();
  await expect(dialog.locator("[data-chosen-aircraft]")).toHaveAttribute("data-chosen-aircraft", targetId);
  // Another aircraft's tree starts at its root.
  await expect(dialog.locator("[data-chosen]")).toHaveAttribute("data-chosen", "/");
  const folder = dialog.getByRole("list", { name: "Subfolders" }).getByRole("link").first();
  const folderName = (await folder.textContent())!.trim();
  await folder.click();
  await expect(dialog.locator("[data-chosen]")).toHaveAttribute("data-chosen", `/${folderName}`);
  await dialog.getByRole("button", { name: "Copy here" }).click();
  await expect(page.getByRole("status").filter({ hasText: /copied/i })).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const n of names) await expect(row(page, n)).toHaveCount(1); // still here

  await page.goto(`/storage/aircraft/${targetId}/files?dir=${encodeURIComponent(`/${folderName}`)}`);
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText(folderName);
  for (const n of names) await expect(row(page, n)).toHaveCount(1);

  // An aircraft the user may not write to (here: one that is not theirs) is refused, nothing copied.
  await page.goto(source.replace(/files$/, `files?dir=${encodeURIComponent(`/Across ${s}`)}`));
  await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
  await page.getByRole("form", { name: "Selected items" }).getByRole("button", { name: "Copy", exact: true }).click();
  const again = page.getByRole("dialog", { name: "Copy 1 item" });
  await expect(again).toBeVisible();
  const forged = again.locator("input[name=to_aircraft_id]");
  // React writes the hidden input's value back on any re-render of the dialog: the forged value is
  // set and the form submitted in one step, so no render can come between.
  await forged.evaluate((el: HTMLInputElement) => {
    el.value = "987654";
    const submit = [...el.form!.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Copy here")!;
    el.form!.requestSubmit(submit);
  });
  await expect(page.getByRole("alert").filter({ hasText: "You may not copy into that aircraft: Edit Access to its records is needed." })).toBeVisible();
  await expect(main(page).locator("tbody tr")).toHaveCount(2);
  fs.rmSync(dir, { recursive: true, force: true });
});
