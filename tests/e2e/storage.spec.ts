// The storage product's main flow with JavaScript on (issue "Done when"): as client@demo.aero, upload
// a folder of 50 files with progress, see them listed with correct sizes, search one by name, star it,
// download it byte-identical, and delete it. Plus the top-bar search box's rules and the folder
// operations' server-rendered confirmation step (without JavaScript: tests/http/storage.test.ts).
import fs from "node:fs";
import path from "node:path";
import { formatBytes } from "../../app/models/size";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test.describe.configure({ timeout: 120_000 });

test("uploads a folder of 50 files, finds one, stars it, downloads it byte-identical and deletes it", async ({ page }) => {
  const s = stamp();
  const root = tempDir("folder");
  const batch = path.join(root, `batch ${s}`);
  fs.mkdirSync(batch);
  const files = Array.from({ length: 50 }, (_, i) => {
    const name = `manual ${s} part${String(i).padStart(2, "0")}.bin`;
    const data = bytesOf(700 + i * 2_113, i + 1);
    fs.writeFileSync(path.join(batch, name), data);
    return { name, data };
  });

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `E2E ${s}`);

  // Slow the blob store down a little so the progress can be seen.
  let blobPosts = 0;
  await page.route("**/_blob**", async (route) => {
    if (route.request().method() === "POST") {
      blobPosts += 1;
      await new Promise((r) => setTimeout(r, 120));
    }
    await route.continue();
  });

  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Please Note: Special characters in the folder OR file name will be replaced with _")).toBeVisible();
  await dialog.getByTestId("upload-folder").setInputFiles(batch);
  await expect(dialog.getByText("50 files,")).toBeVisible();
  await expect(dialog.locator("[data-file]")).toHaveCount(50);
  await expect(dialog.locator(`[data-file="batch ${s}/${files[7]!.name}"]`)).toBeVisible();

  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  // Progress: the overall bar and per-file percentages move, then the dialog closes by itself.
  const bar = dialog.getByRole("progressbar", { name: "Overall progress" });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(dialog.locator('[data-status="indexed"]').first()).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page).not.toHaveURL(/dialog=upload/);
  await expect(page.getByRole("status").filter({ hasText: "files uploaded" })).toBeVisible();
  expect(blobPosts).toBe(50);

  // Listed with correct sizes (50 per page: all on one page).
  await main(page).getByRole("link", { name: `batch ${s}`, exact: true }).click();
  await expect(main(page).locator("tbody tr")).toHaveCount(50);
  for (const f of [files[0]!, files[7]!, files[49]!]) {
    await expect(row(page, f.name).locator("td[data-size]")).toHaveText(formatBytes(f.data.length));
    await expect(row(page, f.name).locator("td[data-size]")).toHaveAttribute("data-size", String(f.data.length));
  }
  await page.unroute("**/_blob**");

  // Search one by name from the top bar (Enter only).
  const target = files[7]!;
  const box = page.getByRole("search", { name: "File search" }).getByRole("searchbox", { name: "Search files" });
  await box.fill(`part07 ${s}`);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?/);
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.locator("mark").first()).toBeVisible();
  await results.getByRole("link", { name: "Open in folder" }).click();
  await expect(page).toHaveURL(/fileid=\d+/);

  // Star it.
  await row(page, target.name).getByRole("button", { name: `Add ${target.name} to favourites` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to favourites." })).toBeVisible();
  await expect(row(page, target.name).getByRole("button", { name: `Remove ${target.name} from favourites` })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/storage/favourites");
  await expect(main(page).getByRole("link", { name: target.name, exact: true })).toBeVisible();
  await main(page).getByRole("link", { name: target.name, exact: true }).click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);

  // Download it: the same bytes; the info message appears.
  // The URL changes before the folder page has rendered: wait until the row's link is the download
  // link (the favourites page has a row with the same name whose link opens the folder).
  const link = row(page, target.name).getByRole("link", { name: target.name, exact: true });
  await expect(link).toHaveAttribute("href", /^\/resources\/storage\/download\?/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  await expect(page.getByRole("status").filter({ hasText: "Download has started" })).toBeVisible();
  expect(download.suggestedFilename()).toBe(target.name);
  const got = fs.readFileSync((await download.path())!);
  expect(got.equals(target.data)).toBe(true);

  // Delete it (with the confirmation step).
  await row(page, target.name).getByLabel(`Actions for ${target.name}`).click();
  await row(page, target.name).getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete file" });
  await expect(confirm).toContainText(`Delete the file “${target.name}”?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item moved to the trash." })).toBeVisible();
  await expect(row(page, target.name)).toHaveCount(0);
  await expect(main(page).locator("tbody tr")).toHaveCount(49);
  await page.goto(`/storage/search?query=${encodeURIComponent(`part07 ${s}`)}`);
  await expect(page.getByText(`No file or folder names match “part07 ${s}”.`)).toBeVisible();

  fs.rmSync(root, { recursive: true, force: true });
});

test("the search box runs on Enter only, ignores short queries and lists offending characters after 500 ms", async ({ page }) => {
  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  const form = page.getByRole("search", { name: "File search" });
  const box = form.getByRole("searchbox", { name: "Search files" });
  await expect(box).toHaveAttribute("title", "Special characters are not supported in search");
  // Its widget comes on the first focus: the tooltip replaces the browser's own validation.
  await box.focus();
  await expect(form).toHaveAttribute("novalidate", "");

  // Every search the page asks for is recorded (the document, or the hydrated page's data request,
  // /storage/search.data): the refused ones must not appear before the valid one.
  const searches: string[] = [];
  page.on("request", (r) => {
    if (/^\/storage\/search(\.data)?$/.test(new URL(r.url()).pathname)) searches.push(new URL(r.url()).searchParams.get("query") ?? "");
  });
  await box.fill("ab");
  await box.press("Enter");

  await box.fill("a!b@c#d$e%f^g&h*i(j)k+l=");
  const tip = page.locator("[data-search-tooltip]");
  await expect(tip).toHaveText("Special characters are not supported in search: ! @ # $ % ^ & * ( ) and 2 more", { timeout: 2_000 });
  await box.press("Enter");

  await box.fill("certificate");
  await expect(tip).toBeHidden();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?query=certificate/);
  expect(new Set(searches)).toEqual(new Set(["certificate"]));
  await expect(page.locator("[data-scope]")).toBeVisible();
});

test("on a page without Remix's scripts the search box keeps the same rules", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/overview");
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  const form = page.getByRole("search", { name: "File search" });
  const box = form.getByRole("searchbox", { name: "Search files" });
  await box.focus();
  await expect(form).toHaveAttribute("novalidate", "");
  await box.fill("ab");
  await box.press("Enter");
  await box.fill("cert/ificate?");
  const tip = page.locator("[data-search-tooltip]");
  await expect(tip).toHaveText("Special characters are not supported in search: / ?", { timeout: 2_000 });
  await expect(box).toHaveAttribute("aria-describedby", (await tip.getAttribute("id"))!);
  await box.press("Enter");
  await expect(page).toHaveURL("/storage/overview");
  await box.blur();
  await expect(tip).toBeHidden();
  await box.fill("certificate");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?query=certificate/);
});

test("the extended (UEF) flow preprocesses in batches, uploads, validates and lists the files with lowercased extensions", async ({ page }) => {
  const s = stamp();
  const dir = tempDir("uef");
  const names = Array.from({ length: 12 }, (_, i) => `scan ${s} ${String(i).padStart(2, "0")}.PDF`);
  names.forEach((n, i) => fs.writeFileSync(path.join(dir, n), bytesOf(5_000 + i, i + 100)));
  const ops: { op: string; files?: unknown[] }[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/resources/storage/upload") && req.method() === "POST") ops.push(req.postDataJSON());
  });

  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await page.goto(base.replace("/storage/aircraft/", "/storage/uef/aircraft/"));
  await expect(page.getByText("Extended upload")).toBeVisible();
  await createFolderAndOpen(page, `UEF ${s}`);
  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await dialog.getByTestId("upload-files").setInputFiles(names.map((n) => path.join(dir, n)));
  await expect(dialog.locator("[data-file]")).toHaveCount(12);
  await expect(dialog.locator(`[data-file="scan ${s} 00.pdf"]`)).toBeVisible();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(main(page).locator("tbody tr")).toHaveCount(12);
  await expect(row(page, `scan ${s} 11.pdf`)).toHaveCount(1);
  const pre = ops.filter((o) => o.op === "preprocess");
  expect(pre.map((o) => o.files!.length)).toEqual([10, 2]);
  expect(ops.filter((o) => o.op === "validate").length).toBeGreaterThanOrEqual(1);
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
