// Server markup and islands with JavaScript on (issue 12, ADR 031): the parts of the shell and the
// public pages that the browser keeps as the server sent them behave as the React components they
// replace (client-side navigation, the current link marked, forms through Remix), and the islands
// that fetch their code when the user comes near them keep what the user typed meanwhile.
// Without JavaScript the same pages are covered by the *.both specs.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

/** Marks the document: the mark survives client-side navigations, not a reload. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __stay?: number }).__stay === 1);

test("side-navigation links navigate in place and mark the current page", async ({ page }) => {
  await login(page, "client@demo.aero");
  await mark(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const home = nav.locator("a[href='/client/home']");
  await expect(home).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Fleet overview" }).click();
  await expect(page).toHaveURL("/storage/overview");
  await expect(nav.getByRole("link", { name: "Fleet overview" })).toHaveAttribute("aria-current", "page");
  await expect(home).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  expect(await marked(page), "no document reload").toBe(true);
});

test("the navigation follows the page: an aircraft's page enables its report links", async ({ page }) => {
  await login(page, "client@demo.aero");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.locator("[aria-disabled='true'][title^='OCR Report']")).toBeVisible();
  await mark(page);
  await nav.getByRole("link", { name: "Fleet overview" }).click();
  await expect(page).toHaveURL("/storage/overview");
  await page.getByRole("main").locator("a[href*='/storage/aircraft/'][href$='/files']").first().click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  const id = /\/storage\/aircraft\/(\d+)\//.exec(page.url())![1];
  await expect(nav.getByRole("link", { name: "OCR Report" })).toHaveAttribute("href", `/storage/OCRReport/${id}`);
  expect(await marked(page), "no document reload").toBe(true);
});

test("entering the shell by a client-side navigation brings its islands with the page", async ({ page }) => {
  // The islands' code is slow to come: the page must not show without them meanwhile.
  await page.route(/\/build\/_shared\/(fleet-tree|report-issue)-[A-Z0-9]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await login(page, "client@demo.aero"); // the login form navigates in place into the shell
  const nav = page.getByRole("navigation", { name: "Main" });
  // Within 1 s of the new URL (the islands' code is held back 1.5 s: a page that came without it would show it later).
  await expect(nav.getByPlaceholder("Search aircraft with MSN")).toBeVisible({ timeout: 1_000 });
  await expect(page.getByLabel("Report Issue")).toBeVisible({ timeout: 1_000 });
});

test("the public header's links navigate in place and follow the page", async ({ page }) => {
  await page.goto("/auth/login");
  await mark(page);
  const header = page.getByRole("navigation", { name: "Account" });
  await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("aria-current", "page");
  await header.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL("/auth/register");
  await expect(header.getByRole("link", { name: "Register" })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("link", { name: "Log in" })).not.toHaveAttribute("aria-current", "page");
  expect(await marked(page), "no document reload").toBe(true);
});

test("Report Issue keeps what was typed while its code is on its way, then sends it in place", async ({ page }) => {
  await login(page, "reader@demo.aero");
  // A page loaded as a document (the server's markup), whose form's code is held back until the
  // user has typed.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/build\/_shared\/report-issue-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/client/home");
  await mark(page);
  await page.getByLabel("Report Issue").click();
  const box = page.getByLabel("What went wrong?").first();
  const text = `Typed before the script ${Date.now()}`;
  await box.fill(text);
  release();
  // The live form (form-state turns the browser's validation off once it runs).
  await expect(page.locator("form#report-issue")).toHaveAttribute("novalidate", "");
  await expect(box).toHaveValue(text);
  await page.getByRole("button", { name: "Send the report" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "your report was sent" })).toBeVisible();
  await expect(page).toHaveURL("/client/home");
  expect(await marked(page), "no document reload").toBe(true);
});

test("an error inside the shell shows its screen, kept from the server until its code has come", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/admin/organization/not-a-number");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your home page" })).toHaveAttribute("href", "/admin/analytics");
  // The live screen replaces the kept one (same content) once its code has come; its link then
  // navigates in place.
  await page.waitForLoadState("networkidle");
  await mark(page);
  await page.getByRole("link", { name: "Go to your home page" }).click();
  await expect(page).toHaveURL("/admin/analytics");
  expect(await marked(page), "no document reload").toBe(true);
});
