// Scripts only where a route asks (ADR 073): a page without an island is HTML and CSS plus the page
// script (app/plain/page.ts), and the page script gives every page, hydrated or not, the shell's
// behaviours on the server's markup. Without JavaScript the same pages are covered over HTTP
// (tests/http/*.test.ts) and by the *.nojs / *.both specs.
import type { Page } from "@playwright/test";
import { expect, login, notePending, pendingNoted, test, waitForHydration } from "./fixtures";

/** The JavaScript files a navigation makes the page load, by path. */
function scriptsOf(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && seen.push(new URL(r.url()).pathname));
  return seen;
}

/** Marks the document: the mark survives client-side navigations, not a new document. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __stay?: number }).__stay === 1);

test("a page without an island loads the page script only; a folder page hydrates", async ({ page }) => {
  await login(page, "client@demo.aero");
  const scripts = scriptsOf(page);
  await page.goto("/client/home");
  await waitForHydration(page);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => !s.startsWith("/assets/plain/"))).toEqual([]);
  scripts.length = 0;
  await page.goto("/storage/overview");
  await page.getByRole("main").locator("a[href*='/storage/aircraft/'][href$='/files']").first().click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  await waitForHydration(page);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
  expect(scripts.some((s) => s.startsWith("/assets/entry.client-"))).toBe(true);
});

test("menus close on a click outside and on Escape", async ({ page }) => {
  await login(page, "template@demo.aero");
  await page.goto("/notifications");
  await waitForHydration(page);
  const menu = page.locator("header details[data-menu]").first();
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).not.toHaveAttribute("open", "");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
});

test("a plain page's POST form waits with its pressed button marked, and still sends what it must", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await page.goto("/client/home");
  await waitForHydration(page);
  await page.getByLabel("Report Issue").click();
  const text = `Pending idiom ${Date.now()}`;
  await page.getByLabel("What went wrong?").first().fill(text);
  // The answer is held back a moment: the form's buttons wait for it meanwhile.
  await page.route("**/report-issue", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await notePending(page);
  await page.getByRole("button", { name: "Send the report" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "your report was sent" })).toBeVisible();
  await expect(page).toHaveURL("/client/home");
  expect(await pendingNoted(page)).toEqual({ buttons: [{ name: "Send the report", disabled: true, busy: "sent" }], form: "true" });
});

test("the side navigation collapses in place and stays so on the next page", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/home");
  await waitForHydration(page);
  const shell = page.locator("[data-collapsed]").first();
  await expect(shell).toHaveAttribute("data-collapsed", "false");
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
  await page.getByRole("button", { name: "Collapse the menu" }).click();
  await expect(shell).toHaveAttribute("data-collapsed", "true");
  await expect(page.getByRole("button", { name: "Expand the menu" })).toBeVisible();
  expect(posts).toEqual([]);
  await page.goto("/storage/overview");
  await expect(page.locator("[data-collapsed]").first()).toHaveAttribute("data-collapsed", "true");
  await page.getByRole("button", { name: "Expand the menu" }).click();
  await expect(page.locator("[data-collapsed]").first()).toHaveAttribute("data-collapsed", "false");
});

test("from a hydrated page, a link to a plain page navigates in place and the page script still serves it", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/storage/overview");
  await page.getByRole("main").locator("a[href*='/storage/aircraft/'][href$='/files']").first().click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  await waitForHydration(page);
  await mark(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Fleet overview" }).click();
  await expect(page).toHaveURL("/storage/overview");
  await expect(nav.getByRole("link", { name: "Fleet overview" })).toHaveAttribute("aria-current", "page");
  expect(await marked(page), "no document reload").toBe(true);
  // The page script's behaviours on the page React rendered: a menu closes on Escape.
  const menu = page.locator("header details[data-menu]").first();
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
});

test("full screen on a plain page: the link hides the shell, Exit brings it back", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/home");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Full screen" }).click();
  await expect(page).toHaveURL(/fullscreen=1/);
  await expect(page.locator("[data-fullscreen]").first()).toHaveAttribute("data-fullscreen", "true");
  await page.getByRole("link", { name: "Exit full screen" }).click();
  await expect(page).toHaveURL("/client/home");
  await expect(page.locator("[data-fullscreen]").first()).toHaveAttribute("data-fullscreen", "false");
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
