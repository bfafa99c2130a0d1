// The shell and the public pages with JavaScript on: on a page that hydrates, links navigate in
// place and mark the current page, forms go through Remix, and the shell's plain widgets work on
// the markup React renders.
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

test("on a hydrated page the fleet tree's widget works in place, and a navigation brings a new tree with its own widget", async ({ page }) => {
  await login(page, "client@demo.aero");
  const nav = page.getByRole("navigation", { name: "Main" });
  const aircraft = (msn: string) => nav.locator("li[id^='fleet-']").filter({ has: page.getByText(`MSN ${msn}`, { exact: true }) });
  // MSN 5123's records: a folder page, which hydrates (its upload dialog and preview).
  await page.goto((await aircraft("5123").locator("a[href$='/files']").getAttribute("href"))!);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
  await mark(page);
  const box = nav.getByPlaceholder("Search aircraft with MSN");
  await box.fill("41230");
  await expect(aircraft("5123")).toHaveCount(0);
  await nav.getByText("MSN 41230", { exact: true }).click();
  await expect(aircraft("41230").locator("a[href*='dir=']").first()).toBeVisible();
  // The page's data changes the tree: React renders it anew (the widget's changes are never patched).
  await nav.getByRole("link", { name: "Fleet overview" }).click();
  await expect(page).toHaveURL("/storage/overview");
  await expect(box).toHaveValue("");
  await expect(aircraft("5123")).toHaveCount(1);
  await box.fill("41230");
  await expect(aircraft("5123")).toHaveCount(0);
  await expect(aircraft("41230")).toHaveCount(1);
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
