// AeroOPS templates (issue 14 item 4), with JavaScript (without it: tests/http/admin.test.ts): the
// template manager gives a manufacturer's template a new tab with two columns, adds a third, adds three
// rows, edits one and deletes one, saves a version with a note and sees it; a new MSN of that
// manufacturer starts with the tab. A client may not open the editor, and a replayed post changes nothing.
import { expect, login, test } from "./fixtures";

test("the template manager builds a template tab, saves a version, and a new MSN starts with it", async ({ page }, info) => {
  test.setTimeout(90_000);
  const tabName = `Cabin Equipment ${info.project.name}`;
  await login(page, "template@demo.aero");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Template editor" }).click();
  await expect(page).toHaveURL(/\/client\/template$/);
  await page.getByRole("table", { name: "Manufacturers" }).getByRole("link", { name: "Airbus", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Airbus template");

  const add = page.getByRole("form", { name: "Add a tab" });
  await add.getByLabel("Tab name").fill(tabName);
  await add.getByLabel(/^Group/).fill("Cabin");
  await add.getByLabel(/^Columns/).fill("Description\nDue: date");
  await add.getByRole("button", { name: "Add the tab" }).click();
  await expect(page).toHaveURL(/\/client\/template\/tab-\d+\?typeOfManufacturer=Airbus/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tabName);

  // A third column.
  await page.getByRole("link", { name: "Columns", exact: true }).click();
  const cols = page.getByRole("dialog", { name: `Columns of ${tabName}` });
  await cols.getByLabel("New column name").fill("Part No");
  await cols.getByRole("button", { name: "Save the columns" }).click();
  const table = page.getByRole("table", { name: tabName });
  await expect(page.getByTestId("template-columns")).toHaveText("Columns: Description (text), Due (date), Part No (text)");

  // Three rows; one edited, one deleted.
  for (const [desc, due, pn] of [
    ["Escape slide", "2027-03-01", "D31865"],
    ["Life vest", "2027-06-01", "P01074"],
    ["Oxygen bottle", "2028-01-15", "801307"],
  ]) {
    await page.getByRole("link", { name: "Add row" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a row" });
    await dialog.getByLabel(/^Description/).fill(desc);
    await dialog.getByLabel(/^Due/).fill(due);
    await dialog.getByLabel(/^Part No/).fill(pn);
    await dialog.getByRole("button", { name: "Add row" }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("columnheader")).toHaveText([/Select/, /Description/, /Due/, /Part No/, /Edit/]);
  await table.getByRole("link", { name: "Edit row 2" }).click();
  await page.getByRole("dialog").getByLabel(/^Description/).fill("Life vest, adult");
  await page.getByRole("dialog").getByRole("button", { name: "Save row" }).click();
  await expect(table.getByRole("row").nth(2)).toContainText("Life vest, adult");
  await table.getByRole("checkbox", { name: "Select row 3" }).check();
  await page.getByRole("button", { name: "Delete selected…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete row" }).click();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).not.toContainText("Oxygen bottle");

  // A version with a note.
  await page.getByRole("link", { name: "Airbus template" }).click();
  await page.getByLabel(/^Note/).fill(`Added ${tabName}`);
  await page.getByRole("button", { name: "Save a version" }).click();
  await expect(page).toHaveURL(/version=\d+/);
  // The version's page: its note, and what it holds (the new tab with its two rows).
  await expect(page.getByRole("definition").filter({ hasText: `Added ${tabName}` })).toBeVisible();
  await expect(page.getByRole("table", { name: new RegExp(`^${tabName} at version \\d+$`) }).getByRole("row")).toHaveCount(3);
  await page.getByRole("link", { name: "Airbus template now" }).click();
  await expect(page.getByRole("table", { name: "Versions" })).toContainText(`Added ${tabName}`);

  // A new Airbus MSN starts with the tab.
  const msn = `7${Date.now() % 100000}`;
  await page.goto("/admin/aeroops/org?organization=skyline");
  await page.getByLabel("MSN", { exact: true }).fill(msn);
  await page.getByLabel("Registration", { exact: true }).fill(`EI-T${msn.slice(-2)}`);
  await page.getByLabel("Manufacturer", { exact: true }).fill("Airbus");
  await page.getByLabel("Model", { exact: true }).fill("A320-200");
  await page.getByRole("button", { name: "Register MSN for AeroOPS" }).click();
  await expect(page.getByText(new RegExp(`MSN ${msn} was registered in Skyline Leasing for AeroOPS, with \\d+ tabs: .*${tabName}`))).toBeVisible();
});

test("a client may not open the template editor, and a replayed post changes nothing", async ({ page }) => {
  await login(page, "template@demo.aero");
  await page.goto("/client/template?typeOfManufacturer=Boeing");
  const first = page.getByRole("table", { name: "Boeing template tabs" }).getByRole("link").first();
  const tabUrl = (await first.getAttribute("href"))!;
  await page.goto(tabUrl);
  const rows = await page.getByRole("table").first().getByRole("row").count();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await login(page, "client@demo.aero");
  await page.goto("/client/template");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Template editor");
  await expect(page).toHaveURL(/401|\/client\/home/);
  const res = await page.request.post(tabUrl, { form: { intent: "delete-all" }, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).not.toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, "template@demo.aero");
  await page.goto(tabUrl);
  await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(rows);
});
