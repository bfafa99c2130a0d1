// Accessibility in the browser (issue 30 item 2): every page's server HTML is checked by axe-core
// without JavaScript in tests/http/pages.test.ts (jsdom, colour contrast off there). This pass runs
// axe-core with JavaScript on, in a real browser, over one page of each template with its dialogs
// open: what only a renderer can check (colour contrast, hydrated islands, an open dialog, focus).
// Fails on a serious or critical violation, or a page that ends elsewhere.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { linkFromOutbox } from "./outbox";
import { awayFromStepEnd, codeAt } from "./totp";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
test.use({ bypassCSP: true });

/** Runs axe-core on the page as it is now; answers the serious and critical violations. */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run({
      resultTypes: ["violations"],
      // WCAG 2.5.3 (an accessible name contains the visible label): experimental in axe, asked for.
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${page.url()}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(" | ")}`);
}

/** Opens a page (it must end on `at`, default its own path) and audits it. */
async function audit(page: Page, url: string, found: string[], at: RegExp = new RegExp(`^${url.split("?")[0]!.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}$`)) {
  const res = await page.goto(url);
  if ((res?.status() ?? 0) >= 500) found.push(`${url}: status ${res?.status()}`);
  if (!at.test(new URL(page.url()).pathname)) found.push(`${url}: ended at ${new URL(page.url()).pathname}`);
  found.push(...(await axe(page)));
}

/** The first link on the page whose href matches, its capture group 1. */
async function linkId(page: Page, selector: string, re: RegExp): Promise<string> {
  const hrefs = await page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const m = hrefs.map((h) => re.exec(h)).find(Boolean);
  expect(m, `${page.url()}: a link ${selector} matching ${re}`).toBeTruthy();
  return m![1] ?? m![0];
}

test("the templates of the public pages", async ({ page }) => {
  const found: string[] = [];
  await audit(page, "/auth/login", found);
  await audit(page, "/auth/register", found);
  expect(found.join("\n")).toBe("");
});

test("a client's page templates, with their dialogs open", async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, "client@demo.aero");
  const found: string[] = [];
  await audit(page, "/client/home", found);
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const a = await linkId(page, "main a[href*='org_msn_id=']", /org_msn_id=(\d+)/);
  // A folder page with the upload dialog open, then its folder actions' New folder dialog.
  await audit(page, `/storage/aircraft/${a}/files?dialog=upload`, found);
  await audit(page, `/storage/aircraft/${a}/files`, found);
  await page.getByRole("link", { name: "New folder" }).click();
  await expect(page.getByRole("dialog", { name: "Create folder" })).toBeVisible();
  found.push(...(await axe(page)));
  // An AeroOPS tab page (the grid island) with its Share dialog, and the top bar's Export menu open.
  await audit(page, `/client/Aeroops/generalInformation?org_msn_id=${a}&aerotype=Aeroops&dialog=share`, found, /^\/client\/Aeroops\/generalInformation$/);
  await audit(page, `/client/Aeroops/generalInformation?org_msn_id=${a}&aerotype=Aeroops`, found, /^\/client\/Aeroops\/generalInformation$/);
  await page.getByRole("banner").locator("summary", { hasText: "Export" }).first().click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Excel", exact: true }).first()).toBeVisible();
  found.push(...(await axe(page)));
  // The AeroOIL status dashboard (charts) and a work order.
  await audit(page, `/client/Aerooil/statusDashboard?org_msn_id=${a}&aerotype=Aerooil`, found);
  await page.goto(`/client/Aeroops/workorder?org_msn_id=${a}&aerotype=Aeroops`);
  const wo = await linkId(page, "main a[href*='/updateworkorder/']", /\/updateworkorder\/([^/?]+)/);
  await audit(page, `/client/Aeroops/updateworkorder/${wo}?org_msn_id=${a}&aerotype=Aeroops`, found, /^\/client\/Aeroops\/updateworkorder\/[^/]+$/);
  // The marketplace and a consultant's profile with the availability dialog open.
  await audit(page, "/client/dashboard", found);
  const consultant = await linkId(page, "main a[href*='/consultant/profile/']", /\/consultant\/profile\/(\d+)/);
  await audit(page, `/consultant/profile/${consultant}/overview`, found, /^\/consultant\/profile\/\d+\/overview$/);
  await audit(page, `/consultant/profile/${consultant}/documents`, found, /^\/consultant\/profile\/\d+\/documents$/);
  expect(found.join("\n")).toBe("");
});

test("an administrator's page templates", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "admin@demo.aero");
  const found: string[] = [];
  await audit(page, "/admin/analytics", found);
  await audit(page, "/admin/user-access-control", found);
  await audit(page, "/admin/organization/create", found);
  await audit(page, "/client/template", found);
  expect(found.join("\n")).toBe("");
});


/** A new account with two-factor authentication on (the demo accounts stay as they are). */
async function twoFactorAccount(page: Page, browser: Browser) {
  const email = `a11y.${Date.now()}@example.com`;
  const password = "Str0ng-demo-pass";
  await page.goto("/auth/register");
  await page.getByLabel("A client").check();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Check");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await linkFromOutbox(browser, true, email, "Confirm your e-mail address", "/auth/confirm"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page).toHaveURL("/auth/login");
  await login(page, email, password);
  await page.goto("/user/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await awayFromStepEnd(page);
  await page.getByLabel("Code from the app").fill(codeAt(secret, Date.now() - 30_000));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  return { email, password };
}

test("the two-factor sign-in step", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email, password } = await twoFactorAccount(page, browser);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\/2fa\/verify/);
  const found: string[] = [];
  found.push(...(await axe(page)));
  expect(found.join("\n")).toBe("");
});
