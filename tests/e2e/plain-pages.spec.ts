// Pages without an island (ADR 073): HTML and CSS plus the page script (app/plain/page.ts), no Remix
// scripts. With JavaScript on, their links, GET filters and POST forms are the browser's own, and the
// page script adds what a user expects: the pending state, download toasts, dialogs' focus rules, the
// place kept when a step comes back to the same page. Without JavaScript the same flows run over HTTP
// in tests/http/pages-markup.test.ts.
import { expect, login, test, waitForHydration } from "./fixtures";

/** Waits for the page script (it marks the document), so a key press lands on a page that has it. */
const mark = waitForHydration;

test("/notifications: mark one as read, then all", async ({ page }) => {
  await login(page, "template@demo.aero");
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText("1 unread")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Mark as read" })).toHaveCount(1);
  await mark(page);
  await main.getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByText("All caught up.")).toBeVisible();
  await expect(main.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  await expect(page).toHaveURL("/notifications");
});

test("/storage/organization: the staff filter and the fleet links", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/storage/organization");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Organizations" })).toBeVisible();
  const rows = main.locator("tbody tr");
  const all = await rows.count();
  expect(all).toBeGreaterThan(1);
  await mark(page);
  const filter = main.getByRole("search", { name: "Filter organizations" });
  await filter.getByLabel("Name").fill("Skyline");
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/storage\/organization\?filter=Skyline/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Skyline");
  await expect(filter.getByLabel("Name")).toHaveValue("Skyline");
  await rows.first().getByRole("link", { name: "Open fleet" }).click();
  await expect(page).toHaveURL(/\/storage\/overview\?organization=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("/storage/uef/organization leads to the extended upload's fleet", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/storage/uef/organization");
  const main = page.getByRole("main");
  await expect(main.getByText("Extended upload: choose an organization's fleet.")).toBeVisible();
  await mark(page);
  await main.getByRole("link", { name: "Open fleet" }).first().click();
  await expect(page).toHaveURL(/\/storage\/uef\/overview\?organization=/);
});

test("/storage/module: the module in context, and its links", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/module?module=transition");
  const main = page.getByRole("main");
  await expect(main.getByText("Your fleet in AeroSORT.")).toBeVisible();
  await expect(main.locator("[data-module=transition]")).toHaveAttribute("aria-current", "true");
  await expect(main.locator("[data-count=total]")).toContainText(/\d+/);
  await mark(page);
  await main.getByRole("link", { name: "Open AeroBOX records" }).click();
  await expect(page).toHaveURL("/storage/overview");
});

test("/storage/user: my access, and one aircraft's users", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/user");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "My access" })).toBeVisible();
  const first = main.locator("tbody tr").first();
  await expect(first).toContainText("Edit Access");
  await mark(page);
  await first.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/storage\/user\?aircraft_id=\d+/);
  await expect(main.getByRole("heading", { level: 2, name: /^Users of .+ \(MSN .+\)$/ })).toBeVisible();
  await expect(main.getByRole("list", { name: "USERS" }).getByRole("listitem").first()).toBeVisible();
});

test("/consultant/home: the profile links", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  await expect(page).toHaveURL("/consultant/home");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await mark(page);
  await main.getByRole("link", { name: "View profile" }).click();
  await expect(page).toHaveURL(/\/consultant\/profile\/\d+\/overview$/);
});

test("/storage/overview: the MSN search and a status count filter in place", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/overview");
  const main = page.getByRole("main");
  const cards = main.locator("[data-aircraft-id]");
  expect(await cards.count()).toBeGreaterThan(1);
  const msn = /MSN\s*(\S+)/.exec((await cards.first().innerText()).replace(/\n/g, " "))![1]!;
  await mark(page);
  const filter = main.getByRole("search", { name: "Filter the fleet" });
  await filter.getByLabel("Aircraft").fill(msn);
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${msn}`));
  await expect(cards).toHaveCount(1);
  await expect(filter.getByLabel("Aircraft")).toHaveValue(msn);
  await main.locator("[data-count=grounded]").click();
  await expect(page).toHaveURL(/status=GROUNDED/);
});

test("/aero-box: follow an aircraft from All Aircrafts, find it in Following, unfollow it", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/aero-box/storage/all");
  const main = page.getByRole("main");
  const follow = main.getByRole("button", { name: /^Follow / }).first();
  const label = (await follow.getAttribute("aria-label"))!;
  const name = label.replace(/^Follow /, "");
  await mark(page);
  await follow.click();
  await expect(page.getByText(`You follow ${name}.`)).toBeVisible();
  await expect(main.getByRole("button", { name: `Following ${name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL("/aero-box/storage/all");
  await page.getByRole("navigation").getByRole("link", { name: "Following" }).click();
  await expect(page).toHaveURL("/aero-box/storage/following");
  const unfollow = main.getByRole("button", { name: `Following ${name}` });
  await expect(unfollow).toBeVisible();
  await unfollow.click();
  await expect(page.getByText("You no longer follow that aircraft.")).toBeVisible();
  await expect(main.getByRole("button", { name: `Following ${name}` })).toHaveCount(0);
});

test("/admin/client/create: the server's error comes back on the form with what was entered, then the form submits", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/admin/client/create");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await mark(page);
  const who = `on${Date.now().toString(36)}`;
  await main.getByLabel("First name").fill("Markup");
  await main.getByLabel("Last name").fill(`Form ${who}`);
  await main.getByLabel("Email").fill("client@demo.aero"); // taken: only the API knows
  await main.getByLabel("Organization").selectOption({ index: 1 });
  await main.getByRole("button", { name: "Create client" }).click();
  // The form's error above and the field's own, both from the action's render.
  await expect(main.getByText("An account with this e-mail address already exists.")).toHaveCount(2);
  await expect(page).toHaveURL("/admin/client/create");
  await expect(main.getByLabel("Last name")).toHaveValue(`Form ${who}`);
  await expect(main.getByLabel("Email")).toHaveValue("client@demo.aero");
  // Corrected, the same form creates the client and moves on (the buttons are usable again).
  await main.getByLabel("Email").fill(`markup.${who}@e2e.aero`);
  await main.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/admin\/user-access-control\?user_id=\d+/);
  await expect(page.locator("[data-toast]").filter({ hasText: `an invitation was mailed to markup.${who}@e2e.aero` })).toBeVisible();
});

test("/client/Aeroops/createtechlogbook: a duplicate title is refused on the form, a new one opens the logbook", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open in AeroOPS" }).click();
  await page.getByRole("navigation", { name: "Work orders and logbooks" }).getByRole("link", { name: "Technical logbooks" }).click();
  const link = page.getByRole("main").getByRole("link", { name: "Create logbook" });
  await expect(link).toBeVisible();
  await mark(page);
  await link.click();
  const main = page.getByRole("main");
  const title = `Markup logbook on ${Date.now().toString(36)}`;
  await main.getByLabel("Title").fill(title);
  await main.getByRole("button", { name: "Create logbook" }).click();
  await expect(page).toHaveURL(/\/client\/Aeroops\/logbookpages\//);
  await page.goBack();
  await expect(page).toHaveURL(/createtechlogbook/);
  await page.getByRole("main").getByLabel("Title").fill(title);
  await page.getByRole("main").getByRole("button", { name: "Create logbook" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/createtechlogbook/);
  await expect(page.getByRole("main").getByLabel("Title")).toHaveValue(title);
});

test("a dialog on a plain page (the logbooks' Rename): focus in, Tab kept inside, a refused title answered in it, Escape back to its link", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open in AeroOPS" }).click();
  await page.getByRole("navigation", { name: "Work orders and logbooks" }).getByRole("link", { name: "Technical logbooks" }).click();
  const main = page.getByRole("main");
  const title = `Markup dialog on ${Date.now().toString(36)}`;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technical logbooks");
  // A logbook of its own to rename (the list's first row may be another test's).
  const list = page.url();
  await main.getByRole("link", { name: "Create logbook" }).click();
  await main.getByLabel("Title").fill(title);
  await main.getByRole("button", { name: "Create logbook" }).click();
  await expect(page).toHaveURL(/logbookpages/);
  await page.goto(list);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technical logbooks");
  await mark(page);
  const rename = main.getByRole("link", { name: `Rename ${title}` });
  const dialog = page.getByRole("dialog", { name: "Rename the logbook" });
  await rename.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(rename).toBeFocused();
  // An empty title is refused by the server inside the dialog (the browser's check bypassed).
  await rename.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").evaluate((i: HTMLInputElement) => ((i.required = false), (i.value = "   ")));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill(`${title} renamed`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByRole("link", { name: `Rename ${title} renamed` })).toBeVisible();
});

test("/storage/search: Download downloads with the info message; the page's own box searches again", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 }); // the page's own box shows on narrow screens
  await login(page, "admin@demo.aero");
  await page.goto("/storage/search?query=airworthiness");
  await mark(page);
  const results = page.getByRole("list", { name: "Search results" });
  const item = results.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Download" }) }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.\w+$/);
  await expect(page.getByRole("status").filter({ hasText: "Download has started" })).toBeVisible();
  const box = page.locator("main").getByRole("searchbox");
  await box.fill("manual");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?.*query=manual/);
  await expect(page.getByRole("main").getByText("Results for “manual”")).toBeVisible();
});

test("/storage/favourites: a starred file downloads from the list with the info message, and un-stars in place", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/storage/search?query=airworthiness");
  const first = page.getByRole("list", { name: "Search results" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Download" }) }).first();
  const open = await first.getByRole("link", { name: "Open in folder" }).getAttribute("href");
  await page.goto(open!);
  const fileid = new URL(open!, "http://x").searchParams.get("fileid");
  const row = page.locator(`tr[data-item-id="${fileid}"]`);
  const star = row.getByRole("button", { name: /^(Add|Remove) .* (to|from) favourites$/ });
  if ((await star.getAttribute("aria-pressed")) !== "true") {
    await star.click();
    await expect(row.getByRole("button", { name: /^Remove .* from favourites$/ })).toBeVisible();
  }
  await page.goto("/storage/favourites");
  await mark(page);
  const fav = page.locator(`main tr[data-item-id="${fileid}"]`);
  const [download] = await Promise.all([page.waitForEvent("download"), fav.getByRole("link", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.\w+$/);
  await expect(page.getByRole("status").filter({ hasText: "Download has started" })).toBeVisible();
  await fav.getByRole("button", { name: /^Remove .* from favourites$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Removed from favourites." })).toBeVisible();
  await expect(fav).toHaveCount(0);
});
