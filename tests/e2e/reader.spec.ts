// As reader@demo.aero (Read Access to some Skyline aircraft): no write control is shown, and direct
// posts to every write action (with the session cookie) are refused with a clear message and change
// nothing. With JavaScript; without it: tests/http/storage.test.ts.
import { expect, login, test } from "./fixtures";
import { openFirstAircraft, stamp } from "./storage-helpers";

const REFUSAL = "You have Read Access to this aircraft. Edit Access is needed to change its records.";

test("shows no write control to a read user", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const base = await openFirstAircraft(page);
  await expect(page.locator("[data-access]")).toHaveText("Read Access");
  await expect(page.getByRole("link", { name: "Upload files" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New folder" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download folder" })).toBeVisible();
  const first = page.locator("tbody tr").first();
  await first.locator("summary").click();
  await expect(first.getByRole("link", { name: /Download/ })).toBeVisible();
  for (const name of ["Rename", "Move", "Copy", "Delete"]) await expect(first.getByRole("link", { name })).toHaveCount(0);
  // Dialogs asked for in the URL are not rendered either.
  const id = await first.getAttribute("data-item-id");
  for (const dialog of ["upload", "create", `delete&item=${id}`, `rename&item=${id}`]) {
    await page.goto(`${base}?dialog=${dialog}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await page.goto(`/storage/create?aircraft_id=${base.split("/")[3]}`);
  await expect(page.getByRole("alert").filter({ hasText: "Edit Access is needed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);
});

test("refuses direct posts to every write action with a clear message and no change", async ({ page }) => {
  await login(page, "reader@demo.aero");
  const base = await openFirstAircraft(page);
  const aircraftId = base.split("/")[3]!;
  const ids = await page.locator("tbody tr").evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-item-id")}:${r.textContent}`));
  const first = ids[0]!.split(":")[0]!;
  const s = stamp();

  const forms: [string, Record<string, string>][] = [
    ["/storage/create", { aircraft_id: aircraftId, dir: "/", name: `Sneaky ${s}` }],
    ["/storage/copy", { aircraft_id: aircraftId, id: first, to_dir: "/" }],
    ["/storage/move", { intent: "move", aircraft_id: aircraftId, id: first, to_dir: "/" }],
    ["/storage/move", { intent: "rename", aircraft_id: aircraftId, id: first, new_name: `Renamed ${s}` }],
    ["/storage/delete", { aircraft_id: aircraftId, id: first }],
  ];
  for (const [url, form] of forms) {
    const res = await page.request.post(url, { form: { ...form, redirectTo: base, returnTo: base } });
    expect(res.status(), url).toBe(200); // followed the redirect back to the listing
    expect(await res.text(), url).toContain(REFUSAL);
  }

  // The no-JS upload (multipart to the files route) and the island's JSON route.
  const upload = await page.request.post(`${base}?dir=/`, { multipart: { intent: "upload", files: { name: `sneaky ${s}.txt`, mimeType: "text/plain", buffer: Buffer.from("nope") } } });
  expect(await upload.text()).toContain(REFUSAL);
  const link = await page.request.post("/resources/storage/upload", { data: { op: "link", aircraft_id: Number(aircraftId), dir: "/" } });
  expect(link.status()).toBe(422);
  expect((await link.json()).error).toBe(REFUSAL);
  const index = await page.request.post("/resources/storage/upload", { data: { op: "index", aircraft_id: Number(aircraftId), dir: "/", key: `aircraft/${aircraftId}/${"0".repeat(32)}/`, files: [{ path: "x.txt", size: 1 }] } });
  expect(index.status()).toBe(422);

  // Nothing changed.
  await page.goto(base);
  const after = await page.locator("tbody tr").evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-item-id")}:${r.textContent}`));
  expect(after).toEqual(ids);
  await expect(page.getByText(`Sneaky ${s}`)).toHaveCount(0);
  await expect(page.getByText(`sneaky ${s}.txt`)).toHaveCount(0);
});
