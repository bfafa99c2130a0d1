// Versions, the trash and retention (issue 19 items 1-3, ADR 042), with JavaScript: a same-named
// upload makes a version, the old bytes come back by download and by restore; a deleted folder comes
// back from the aircraft's trash with its files; a reader sees nothing to restore; an admin's
// retention rule and legal hold refuse deletes with their message, then are lifted again (the e2e
// server is shared by the tests that follow). The same flows without JavaScript:
// tests/http/records.test.ts.
import fs from "node:fs";
import path from "node:path";
import type { Download, Page } from "@playwright/test";
import { formatBytes } from "../../app/models/size";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

const toast = (page: Page, text: string | RegExp) => page.locator("[role=status], [role=alert]").filter({ hasText: text });

async function uploadFiles(page: Page, files: string[], uploaded: string) {
  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("upload-files").setInputFiles(files);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, uploaded)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

const bytesOfDownload = async (d: Download) => fs.readFileSync((await d.path())!);

async function rowAction(page: Page, name: string, action: string) {
  const r = row(page, name);
  await r.getByLabel(`Actions for ${name}`).click();
  await r.getByRole("link", { name: action, exact: true }).click();
}

test("a same-named upload keeps a version; downloading and restoring it bring the old bytes back", async ({ page }) => {
  const s = stamp();
  const tmp = tempDir("versions");
  const name = `AMM revision ${s}.pdf`;
  const first = bytesOf(20_011, 7);
  const second = bytesOf(31_007, 8);
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await createFolderAndOpen(page, `Versions ${s}`);
  const folderUrl = page.url();
  fs.mkdirSync(path.join(tmp, "a"));
  fs.mkdirSync(path.join(tmp, "b"));
  fs.writeFileSync(path.join(tmp, "a", name), first);
  fs.writeFileSync(path.join(tmp, "b", name), second);
  await uploadFiles(page, [path.join(tmp, "a", name)], "1 file uploaded.");
  await uploadFiles(page, [path.join(tmp, "b", name)], "1 file uploaded.");
  await expect(row(page, name)).toHaveCount(1);
  await expect(row(page, name).locator("td[data-size]")).toHaveText(formatBytes(second.length));

  // The row's menu leads to the versions.
  await rowAction(page, name, "Versions");
  await expect(page).toHaveURL(new RegExp(`${base.replace(/\/files$/, "")}/versions\\?fileid=\\d+$`));
  await expect(page.getByRole("heading", { level: 1, name: `Versions of ${name}` })).toBeVisible();
  const table = page.getByRole("table", { name: `Versions of ${name}` });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.locator("tr[data-version='2']")).toContainText("Current");
  await expect(table.locator("tr[data-version='1'] td[data-size]")).toHaveText(formatBytes(first.length));
  // Who filed it: client@demo.aero's name in the demo seed.
  await expect(table.locator("tr[data-version='1']")).toContainText("Claire Fitzgerald");

  const [old] = await Promise.all([page.waitForEvent("download"), table.getByRole("link", { name: "Download version 1" }).click()]);
  expect(old.suggestedFilename()).toBe(name);
  expect((await bytesOfDownload(old)).equals(first)).toBe(true);

  // Restore: a confirmation step rendered by the server, Cancel keeps everything.
  await table.getByRole("link", { name: "Restore version 1" }).click();
  await expect(page).toHaveURL(/restore=\d+/);
  const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(confirm).toContainText("The current content is kept as version 2");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await table.getByRole("link", { name: "Restore version 1" }).click();
  await page.getByRole("dialog", { name: "Restore version 1?" }).getByRole("button", { name: "Restore version 1" }).click();
  await expect(toast(page, `Version 1 of ${name} restored: it is now the current version.`)).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table.locator("tr[data-version='3'] td[data-size]")).toHaveText(formatBytes(first.length));
  const [current] = await Promise.all([page.waitForEvent("download"), table.getByRole("link", { name: "Download version 3" }).click()]);
  expect((await bytesOfDownload(current)).equals(first)).toBe(true);

  // The listing shows the restored content.
  await page.goto(folderUrl);
  await expect(row(page, name).locator("td[data-size]")).toHaveText(formatBytes(first.length));
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("a deleted folder goes to the trash and is restored with its files", async ({ page }) => {
  const s = stamp();
  const tmp = tempDir("trash");
  const folder = `Binned ${s}`;
  const files = [`work order ${s}.txt`, `release ${s}.txt`].map((n, i) => {
    fs.writeFileSync(path.join(tmp, n), bytesOf(1000 + i, i + 3));
    return path.join(tmp, n);
  });
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await createFolderAndOpen(page, folder);
  await uploadFiles(page, files, "2 files uploaded.");
  await page.goto(base);
  await rowAction(page, folder, "Delete");
  const dialog = page.getByRole("dialog", { name: "Delete folder" });
  await expect(dialog).toContainText("trash");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "1 item moved to the trash.")).toBeVisible();
  await expect(row(page, folder)).toHaveCount(0);

  // The toolbar's Trash (the side navigation has it too).
  await main(page).getByRole("link", { name: "Trash", exact: true }).click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/trash$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Trash", exact: true }).first()).toBeVisible();
  const entry = page.getByRole("table", { name: "Deleted files and folders" }).locator("tbody tr").filter({ hasText: folder });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("2 files");
  await expect(entry).toContainText("Claire Fitzgerald");
  await expect(entry).toContainText("after");

  await entry.getByRole("link", { name: `Restore ${folder}` }).click();
  const confirm = page.getByRole("dialog", { name: `Restore “${folder}”?` });
  await expect(confirm).toContainText("The folder and its 2 files go back to /");
  await confirm.getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, `"${folder}" restored to /.`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Deleted files and folders" }).locator("tbody tr").filter({ hasText: folder })).toHaveCount(0);

  await page.goto(base);
  await main(page).getByRole("link", { name: folder, exact: true }).click();
  for (const f of files) await expect(row(page, path.basename(f))).toHaveCount(1);
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("a reader sees no trash and no versions to restore", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const base = await openFirstAircraft(page);
  await expect(main(page).getByRole("link", { name: "Trash", exact: true })).toHaveCount(0);
  const first = main(page).locator("tbody tr[data-kind='folder']").first();
  await first.getByRole("link").first().click();
  const fileRow = main(page).locator("tbody tr[data-kind='file']").first();
  await fileRow.locator("summary").click();
  await expect(fileRow.getByRole("link", { name: "Versions" })).toHaveCount(0);
  const fileId = await fileRow.getAttribute("data-item-id");

  await page.goto(base.replace(/\/files$/, "/trash"));
  await expect(page.locator("[data-refusal]")).toHaveText("Only users with Edit Access to this aircraft see its file versions and its trash.");
  await expect(page.getByRole("link", { name: /^Restore/ })).toHaveCount(0);
  await page.goto(`${base.replace(/\/files$/, "/versions")}?fileid=${fileId}`);
  await expect(page.locator("[data-refusal]")).toContainText("Edit Access");
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("an admin's retention rule and legal hold refuse deletes with their message", async ({ page }) => {
  const s = stamp();
  await login(page, "admin@demo.aero");
  await page.getByRole("link", { name: "Records retention" }).first().click();
  await expect(page).toHaveURL(/\/admin\/retention$/);
  await expect(page.getByRole("heading", { level: 1, name: "Records retention" })).toBeVisible();
  const rules = page.getByRole("table", { name: "Retention rules" });
  await expect(rules.locator("tbody tr")).toHaveCount(12);
  const certs = rules.locator("tr[data-class='certificates']");
  await certs.getByLabel("Keep Certificates records", { exact: true }).selectOption("life");
  await certs.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Certificates: kept for the life of the aircraft.")).toBeVisible();
  await expect(certs).toContainText("For the life of the aircraft");
  // Years without a number: refused with the reason, nothing changes.
  const ad = rules.locator("tr[data-class='ad-status']");
  await ad.getByLabel("Keep AD Status records", { exact: true }).selectOption("years");
  await ad.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Enter the number of years")).toBeVisible();
  await expect(ad).toHaveAttribute("data-keep", "none");

  // A delete against the rule: refused with the message, the file stays.
  const base = await openFirstAircraft(page);
  const aircraftName = (await main(page).getByRole("heading", { level: 1 }).textContent())!.trim();
  await main(page).getByRole("link", { name: "01 Certificates", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText("01 Certificates");
  const file = (await main(page).locator("tbody tr[data-kind='file'] a[download]").first().textContent())!.trim();
  await rowAction(page, file, "Delete");
  await page.getByRole("dialog", { name: "Delete file" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "cannot be deleted: Certificates records are kept for the life of the aircraft.")).toBeVisible();
  await page.goto(`${base}?dir=${encodeURIComponent("/01 Certificates")}`);
  await expect(row(page, file)).toHaveCount(1);

  // A legal hold on that aircraft: nothing of it can be deleted.
  await page.goto("/admin/retention");
  const holdForm = page.getByRole("form", { name: "Place a legal hold" });
  const option = holdForm.locator("option").filter({ hasText: `${aircraftName} · MSN` });
  await holdForm.getByLabel("Aircraft").selectOption((await option.first().getAttribute("value"))!);
  await holdForm.getByLabel("Reason").fill(`Litigation ${s}`);
  await holdForm.getByRole("button", { name: "Place legal hold" }).click();
  await expect(toast(page, "is under a legal hold: nothing of its records can be deleted.")).toBeVisible();
  const holds = page.getByRole("table", { name: "Legal holds" });
  await expect(holds).toContainText(`Litigation ${s}`);

  await page.goto(base);
  await createFolderAndOpen(page, `Held ${s}`);
  await page.goto(base);
  await rowAction(page, `Held ${s}`, "Delete");
  await page.getByRole("dialog", { name: "Delete folder" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `is under a legal hold (Litigation ${s})`)).toBeVisible();
  await expect(row(page, `Held ${s}`)).toHaveCount(1);
  await page.goto(base.replace(/\/files$/, "/trash"));
  await expect(page.locator("[data-legal-hold]")).toContainText(`Litigation ${s}`);

  // Released (a confirmation step), the delete goes through; the rule is lifted again.
  await page.goto("/admin/retention");
  await holds.getByRole("link", { name: `Release the hold on ${aircraftName}` }).click();
  await page.getByRole("dialog", { name: `Release the legal hold on ${aircraftName}?` }).getByRole("button", { name: "Release the hold" }).click();
  await expect(toast(page, "is released.")).toBeVisible();
  await expect(page.getByText("No aircraft is under a legal hold.")).toBeVisible();
  await certs.getByLabel("Keep Certificates records", { exact: true }).selectOption("none");
  await certs.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Certificates: no retention rule.")).toBeVisible();
  await page.goto(base);
  await rowAction(page, `Held ${s}`, "Delete");
  await page.getByRole("dialog", { name: "Delete folder" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "1 item moved to the trash.")).toBeVisible();
});

test("a member reads the retention rules without forms", async ({ page }) => {
  await login(page, "member@demo.aero");
  await page.goto("/admin/retention");
  await expect(page.getByRole("table", { name: "Retention rules" }).locator("tbody tr")).toHaveCount(12);
  await expect(page.getByText("Only an admin can change these rules.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Place a legal hold" })).toHaveCount(0);
});
