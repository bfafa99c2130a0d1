// The admin template library edited in place (issue 14 leftovers, ADR 052), with JavaScript (without
// it: tests/http/admin.test.ts): an admin creates, renames and deletes a manufacturer, and edits its
// template on the page itself (a tab, its columns renamed / retyped / reordered / added / deleted, rows,
// a version); a saved version's page shows what it held, unchanged by later edits, and what differs
// now; a manufacturer in use is refused with the API's message. The template manager does the same
// from the template editor's version list. A member sees why the manufacturer controls are not
// theirs, and a replayed post by a member or a client changes nothing.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const BASE = "/admin/aeroops/template/manufacturers";

async function addRow(page: Page, values: Record<string, string>) {
  await page.getByRole("link", { name: "Add row" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a row" });
  for (const [label, v] of Object.entries(values)) await dialog.getByLabel(new RegExp(`^${label}`)).fill(v);
  await dialog.getByRole("button", { name: "Add row" }).click();
  await expect(dialog).toHaveCount(0);
}

test("an admin manages a manufacturer and its template on the library page", async ({ page }, info) => {
  test.setTimeout(120_000);
  const stamp = `${info.project.name} ${Date.now() % 100000}`;
  const maker = `Testair ${stamp}`;
  await login(page, "admin@demo.aero");
  await page.goto(BASE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Templates and manufacturers");

  // Create, then rename.
  const create = page.getByRole("form", { name: "New manufacturer" });
  await create.getByLabel("Name").fill(maker);
  await create.getByRole("button", { name: "Create the manufacturer" }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/\\d+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} template`);
  const makerUrl = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Rename…" }).click();
  const rename = page.getByRole("dialog", { name: `Rename ${maker}` });
  await rename.getByLabel("New name").fill(`${maker} Aerospace`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} Aerospace template`);
  await expect(page.getByRole("navigation", { name: "Manufacturers" }).getByRole("link", { name: new RegExp(`^${maker} Aerospace`) })).toHaveAttribute("aria-current", "page");
  // A clash is refused with the API's message, and nothing changes.
  await page.getByRole("link", { name: "Rename…" }).click();
  await page.getByRole("dialog").getByLabel("New name").fill("boeing");
  await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("There is already a manufacturer named Boeing.");
  await page.goto(makerUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} Aerospace template`);

  // A template tab, edited in place: columns renamed, retyped, reordered, one added and one deleted.
  const add = page.getByRole("form", { name: "Add a tab" });
  await add.getByLabel("Tab name").fill("Galley");
  await add.getByLabel(/^Columns/).fill("Item\nQty: number\nNote");
  await add.getByRole("button", { name: "Add the tab" }).click();
  await expect(page).toHaveURL(new RegExp(`${makerUrl}\\?tab_id=tab-\\d+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Galley");
  await page.getByRole("link", { name: "Columns", exact: true }).click();
  const cols = page.getByRole("dialog", { name: "Columns of Galley" });
  await cols.getByLabel("Name").nth(0).fill("Galley item");
  await cols.getByLabel("Position").nth(0).fill("2");
  await cols.getByLabel("Position").nth(1).fill("1");
  await cols.getByLabel("Type").nth(1).selectOption("text");
  await cols.getByLabel("New column name").fill("Part No");
  await cols.getByRole("button", { name: "Save the columns" }).click();
  await expect(page.getByTestId("template-columns")).toHaveText("Columns: Qty (text), Galley item (text), Note (text), Part No (text)");
  await page.getByRole("link", { name: "Columns", exact: true }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Delete the column Note" }).click();
  await page.getByRole("dialog", { name: "Delete the column Note?" }).getByRole("button", { name: "Delete the column" }).click();
  await expect(page.getByTestId("template-columns")).toHaveText("Columns: Qty (text), Galley item (text), Part No (text)");

  // Rows, then a version; a row added after the save is not in the version.
  await addRow(page, { Qty: "4", "Galley item": "Oven", "Part No": "OV-1" });
  await addRow(page, { Qty: "8", "Galley item": "Trolley", "Part No": "TR-2" });
  const table = page.getByRole("table", { name: "Galley" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByRole("link", { name: `${maker} Aerospace template` }).click();
  await page.getByLabel(/^Note/).fill("Galley with two rows");
  await page.getByRole("button", { name: "Save a version" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} Aerospace template, version 1`);
  const versionUrl = page.url();
  await page.getByRole("link", { name: `${maker} Aerospace template now` }).click();
  await page.getByRole("table", { name: `${maker} Aerospace template tabs` }).getByRole("link", { name: "Galley", exact: true }).click();
  await addRow(page, { Qty: "1", "Galley item": "Coffee maker", "Part No": "CM-3" });
  await page.getByRole("link", { name: `${maker} Aerospace template` }).click();
  await page.getByRole("table", { name: "Versions" }).getByRole("link", { name: "Version 1" }).click();
  await expect(page).toHaveURL(versionUrl);
  const details = page.getByRole("region", { name: "Version 1" });
  await expect(details.getByRole("definition")).toHaveText(["1", "Galley with two rows", /\d{4}/, "Alex Morgan", "Galley"]);
  const held = page.getByRole("table", { name: "Galley at version 1" });
  await expect(held.getByRole("columnheader")).toHaveText(["#", "Qty (text)", "Galley item (text)", "Part No (text)"]);
  await expect(held.getByRole("row")).toHaveCount(3);
  await expect(held).toContainText("Trolley");
  await expect(held).not.toContainText("Coffee maker");
  await expect(page.getByRole("link", { name: "Edit row 1" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add row" })).toHaveCount(0);
  await expect(page.getByTestId("version-changes")).toHaveText(/same now/);

  // Delete the tab; the version page says so. Then the manufacturer.
  await page.goto(makerUrl);
  await page.getByRole("link", { name: "Delete the tab Galley" }).click();
  await page.getByRole("dialog", { name: "Delete the tab Galley?" }).getByRole("button", { name: "Delete the tab" }).click();
  await expect(page.getByRole("table", { name: `${maker} Aerospace template tabs` })).toHaveCount(0);
  await page.goto(versionUrl);
  await expect(page.getByTestId("version-changes")).toContainText("The tab Galley has been deleted since.");
  await page.goto(makerUrl);
  await page.getByRole("link", { name: "Delete the manufacturer…" }).click();
  await page.getByRole("dialog", { name: `Delete the manufacturer ${maker} Aerospace?` }).getByRole("button", { name: "Delete the manufacturer" }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}$`));
  await expect(page.getByRole("navigation", { name: "Manufacturers" })).not.toContainText(maker);

  // A manufacturer in use: the API's refusal is shown and nothing is deleted.
  await page.getByRole("navigation", { name: "Manufacturers" }).getByRole("link", { name: /^Airbus\s*\d+ tabs?/ }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/\\d+$`));
  const airbusUrl = page.url();
  await page.getByRole("link", { name: "Delete the manufacturer…" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the manufacturer Airbus?" });
  await confirm.getByRole("button", { name: "Delete the manufacturer" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(/^Airbus is the manufacturer of \d+ registered aircraft: it cannot be deleted while they name it\.$/);
  await page.goto(airbusUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Airbus template");
});

test("the template manager opens a saved version from the template editor's list", async ({ page }, info) => {
  test.setTimeout(90_000);
  const maker = `Verso ${info.project.name} ${Date.now() % 100000}`;
  await login(page, "template@demo.aero");
  await page.goto(BASE);
  const create = page.getByRole("form", { name: "New manufacturer" });
  await create.getByLabel("Name").fill(maker);
  await create.getByRole("button", { name: "Create the manufacturer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} template`);

  // In the template editor: a tab with two columns and a row, a version with a note.
  await page.goto(`/client/template?typeOfManufacturer=${encodeURIComponent(maker)}`);
  const add = page.getByRole("form", { name: "Add a tab" });
  await add.getByLabel("Tab name").fill("Seats");
  await add.getByLabel(/^Columns/).fill("Seat\nRow: number");
  await add.getByRole("button", { name: "Add the tab" }).click();
  await addRow(page, { Seat: "1A", Row: "1" });
  await page.getByRole("link", { name: `${maker} template` }).click();
  await page.getByLabel(/^Note/).fill("Seat map");
  await page.getByRole("button", { name: "Save a version" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${maker} template, version 1`);

  // Later: the list opens the version page, with who, when and the note, and its rows.
  await page.goto(`/client/template?typeOfManufacturer=${encodeURIComponent(maker)}`);
  const versions = page.getByRole("table", { name: "Versions" });
  await expect(versions.getByRole("row").nth(1)).toContainText("Seat map");
  await expect(versions.getByRole("row").nth(1)).toContainText("Tomás Rivera");
  await versions.getByRole("link", { name: "Version 1" }).click();
  await expect(page.getByRole("region", { name: "Version 1" }).getByRole("definition")).toHaveText(["1", "Seat map", /\d{4}/, "Tomás Rivera", "Seats"]);
  await expect(page.getByRole("table", { name: "Seats at version 1" }).getByRole("row").nth(1)).toHaveText(/1\s*1A\s*1/);
  // The same version from the admin library page.
  await page.goto(BASE);
  await page.getByRole("navigation", { name: "Manufacturers" }).getByRole("link", { name: new RegExp(`^${maker}\\s*\\d+ tabs?`) }).click();
  await page.getByRole("table", { name: "Versions" }).getByRole("link", { name: "Version 1" }).click();
  await expect(page.getByRole("table", { name: "Seats at version 1" })).toContainText("1A");
});

test("a member may not manage manufacturers: the page says why and the API refuses a replayed post", async ({ page }) => {
  await login(page, "member@demo.aero");
  await page.goto(BASE);
  await page.getByRole("navigation", { name: "Manufacturers" }).getByRole("link", { name: /^Boeing\s*\d+ tabs?/ }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/\\d+$`));
  const boeingUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boeing template");
  await expect(page.getByRole("note")).toHaveText(/Creating, renaming and deleting manufacturers is for admins and template managers \(ops_template\)\. As a member/);
  await expect(page.getByRole("form", { name: "New manufacturer" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Rename…" })).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post(boeingUrl, { form: { intent: "rename-manufacturer", name: "Boeing by a member" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain("Your role does not allow this.");
  const created = await page.request.post(BASE, { form: { intent: "create-manufacturer", name: "Member Aero" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(created.status()).toBe(422);
  expect(await created.text()).toContain("Your role does not allow this.");
  await page.goto(boeingUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boeing template");
  await expect(page.getByRole("navigation", { name: "Manufacturers" })).not.toContainText("Member Aero");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await login(page, "client@demo.aero");
  const res = await page.request.post(boeingUrl, { form: { intent: "delete-manufacturer" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(res.status()).not.toBe(200);
  await page.goto(boeingUrl);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Boeing template");
});
