// The upload island on a broken network: the first POSTs to the blob store are cut (Playwright route
// abort), the flow turns offline, waits 5 s, asks for a fresh link and retries the same file, which
// arrives and is indexed exactly once.
import fs from "node:fs";
import path from "node:path";
import { expect, login, test } from "./fixtures";
import { bytesOf, createFolderAndOpen, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

test.describe.configure({ timeout: 90_000 });

test("a cut network during an upload: offline, retry after 5 s with a fresh link, the file arrives once", async ({ page }) => {
  const s = stamp();
  const dir = tempDir("offline");
  const name = `offline ${s}.bin`;
  const data = bytesOf(256_000, 7);
  fs.writeFileSync(path.join(dir, name), data);

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Offline ${s}`);

  let posts = 0;
  await page.route("**/_blob**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    if (posts <= 2) return route.abort("internetdisconnected");
    return route.continue();
  });
  const ops: { op: string; files?: { path: string }[] }[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/resources/storage/upload") && req.method() === "POST") ops.push(req.postDataJSON());
  });

  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await dialog.getByTestId("upload-files").setInputFiles(path.join(dir, name));
  const started = Date.now();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.locator("[data-upload-offline]")).toHaveText("You are offline. Retrying in 5 seconds…");
  await expect(dialog).toBeHidden({ timeout: 45_000 });
  // Two cut attempts, each followed by a 5 s wait.
  expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  expect(posts).toBe(3);

  await expect(row(page, name)).toHaveCount(1);
  await expect(row(page, name).locator("td[data-size]")).toHaveAttribute("data-size", String(data.length));
  const links = ops.filter((o) => o.op === "link");
  const indexes = ops.filter((o) => o.op === "index");
  expect(links.length).toBe(3); // the first link, then a fresh one after each failure
  expect(indexes.flatMap((o) => o.files!.map((f) => f.path))).toEqual([name]);

  fs.rmSync(dir, { recursive: true, force: true });
});
