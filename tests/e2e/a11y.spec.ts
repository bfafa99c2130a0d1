// Accessibility (issue 16 item 8, ADR 053): axe-core over every page of the route list
// (tests/fixtures/route-paths.txt), each with a demo user who may open it and a real id where the
// route has a parameter, failing on a serious or critical violation. One page load per route; a page
// that ends on another route than the one it stands for (a redirect to the login, a refusal) fails
// too, so a route cannot pass by not being shown. JavaScript on; the pages are the same markup without it.
// Routes that are not pages (resources, form endpoints, redirects) are listed in NOT_PAGES with the reason.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, login, test } from "./fixtures";
import { linkFromOutbox } from "./outbox";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
test.use({ bypassCSP: true });

/** Ids found on the way (a list page's link gives the next page its id). */
type Ids = Record<string, string>;
type Entry = { route: string; url: string | ((ids: Ids) => string); harvest?: (page: Page, ids: Ids) => Promise<void> };
type Found = string;

/** The first link on the page whose href matches, its capture group 1 (or its whole href). */
async function linkId(page: Page, selector: string, re: RegExp): Promise<string> {
  const hrefs = await page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const m = hrefs.map((h) => re.exec(h)).find(Boolean);
  expect(m, `${page.url()}: a link ${selector} matching ${re}`).toBeTruthy();
  return m![1] ?? m![0];
}

/** "/a/:id/b/:tab?" (index) -> a regular expression of the pathnames it serves. */
function routeRe(route: string) {
  const p = route.replace(/ \(index\)$/, "");
  const body = p
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? (seg.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : `/${seg.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}`))
    .join("");
  return new RegExp(`^${body || "/"}/?$`);
}

async function audit(page: Page, entry: Entry, ids: Ids, found: Found[]) {
  const url = typeof entry.url === "string" ? entry.url : entry.url(ids);
  const res = await page.goto(url);
  const status = res?.status() ?? 0;
  const errorPage = /(error|page)-500/.test(url);
  if (errorPage ? status > 500 : status >= 500) found.push(`${url}: status ${status}`);
  const at = new URL(page.url()).pathname;
  if (!routeRe(entry.route).test(at)) found.push(`${url}: ended at ${at}, not on ${entry.route}`);
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run({
      resultTypes: ["violations"],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  for (const v of violations) if (v.impact === "serious" || v.impact === "critical") found.push(`${url}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(" | ")}`);
  if (entry.harvest) await entry.harvest(page, ids);
}

async function auditAll(page: Page, entries: Entry[], ids: Ids = {}) {
  const found: Found[] = [];
  for (const e of entries) await audit(page, e, ids, found);
  expect(found.join("\n")).toBe("");
}

const e = (route: string, url?: Entry["url"], harvest?: Entry["harvest"]): Entry => ({ route, url: url ?? route.replace(/ \(index\)$/, ""), harvest });

// ---------------------------------------------------------------------------------------------------
// The pages, by the user who opens them.

const PUBLIC: Entry[] = [
  e("/ (index)", "/"),
  e("/auth/login"),
  e("/auth/register"),
  e("/auth/reset"),
  e("/auth/link"),
  e("/auth/confirm", "/auth/confirm?token=a11y-check"),
  e("/auth/2fa/reset"),
  e("/auth/2fa/confirm_reset", "/auth/2fa/confirm_reset?token=a11y-check"),
  e("/users/confirm_url"),
  e("/users/password/edit", "/users/password/edit?reset_password_token=a11y-check"),
  e("/page/page-422"),
  e("/errors/error-401"),
  e("/errors/error-500"),
];

const CLIENT: Entry[] = [
  e("/Aeroops/org/Aircrafts", "/Aeroops/org/Aircrafts?q=5123", async (page, ids) => {
    ids.a = await linkId(page, "main a[href*='org_msn_id=']", /org_msn_id=(\d+)/);
  }),
  e("/client/home"),
  e("/storage/overview"),
  e("/storage/favourites"),
  e("/storage/search", "/storage/search?query=certificate"),
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files`, async (page, ids) => {
    // A folder of the root listing, whose files give the preview its id.
    ids.dir = await linkId(page, "main tbody a[href*='dir=']", /dir=([^&]+)/);
  }),
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files?dir=${i.dir}`, async (page, ids) => {
    ids.file = await linkId(page, "main a[href*='/preview?']", /fileid=(\d+)/);
  }),
  e("/storage/aircraft/:aircraftId/preview", (i) => `/storage/aircraft/${i.a}/preview?fileid=${i.file}`),
  e("/storage/aircraft/:aircraftId/versions", (i) => `/storage/aircraft/${i.a}/versions?fileid=${i.file}`),
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files?dialog=upload`),
  e("/storage/aircraft/:aircraftId/trash", (i) => `/storage/aircraft/${i.a}/trash`),
  e("/storage/OCRReport/:aircraftId", (i) => `/storage/OCRReport/${i.a}`),
  e("/storage/InventoryReport/:aircraftId", (i) => `/storage/InventoryReport/${i.a}`),
  e("/storage/linkedDocuments/:aircraftId", (i) => `/storage/linkedDocuments/${i.a}`),
  e("/storage/create", (i) => `/storage/create?aircraft_id=${i.a}`),
  e("/storage/copy", (i) => `/storage/copy?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/move", (i) => `/storage/move?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/delete", (i) => `/storage/delete?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/module"),
  e("/storage/user"),
  e("/storage/organization"),
  e("/storage/uef/organization"),
  e("/storage/uef/overview"),
  e("/storage/uef/aircraft/:aircraftId/files", (i) => `/storage/uef/aircraft/${i.a}/files`),
  e("/client/dashboard", "/client/dashboard", async (page, ids) => {
    ids.consultant = await linkId(page, "main a[href*='/consultant/profile/']", /\/consultant\/profile\/(\d+)/);
  }),
  e("/consultant/profile/:id/:tab", (i) => `/consultant/profile/${i.consultant}/overview`),
  // The documents tab is its own route (the upload island, ADR 065).
  e("/consultant/profile/:id/documents", (i) => `/consultant/profile/${i.consultant}/documents`),
  e("/client/saved"),
  e("/client/message"),
  e("/user/settings"),
  e("/notifications"),
  e("/report-issue"),
  e("/Aeroops/org (index)"),
  e("/Aeroops/org/tabslanding/:tabId?", "/Aeroops/org/tabslanding"),
  e("/client/Aeroops/aeroplane", (i) => `/client/Aeroops/aeroplane?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/aeroplane", (i) => `/client/Aeroops/aeroplane?org_msn_id=${i.a}&aerotype=Aeroops&module=transition`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/generalInformation?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/opsNotifications?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/generalInformation?org_msn_id=${i.a}&aerotype=Aeroops&edit=new`),
  e("/client/Aeroops/maintenance", (i) => `/client/Aeroops/maintenance?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder (index)", (i) => `/client/Aeroops/workorder?org_msn_id=${i.a}&aerotype=Aeroops`, async (page, ids) => {
    ids.wo = await linkId(page, "main a[href*='/updateworkorder/']", /\/updateworkorder\/([^/?]+)/);
  }),
  e("/client/Aeroops/workorder/aircraftworkorder", (i) => `/client/Aeroops/workorder/aircraftworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder/componentworkorder", (i) => `/client/Aeroops/workorder/componentworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder/engineworkorder", (i) => `/client/Aeroops/workorder/engineworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/updateworkorder/:woRef", (i) => `/client/Aeroops/updateworkorder/${i.wo}?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/createworkorder", (i) => `/client/Aeroops/createworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/logbooks", (i) => `/client/Aeroops/logbooks?org_msn_id=${i.a}&aerotype=Aeroops`, async (page, ids) => {
    ids.logbook = await linkId(page, "main a[href*='/logbookpages/']", /\/logbookpages\/([^/?]+)/);
  }),
  e("/client/Aeroops/logbookpages/:logbookRef", (i) => `/client/Aeroops/logbookpages/${i.logbook}?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/createtechlogbook", (i) => `/client/Aeroops/createtechlogbook?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/storage/Aeroops/tabs", (i) => `/storage/Aeroops/tabs?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/Aerooil/org"),
  e("/client/Aerooil (index)"),
  e("/client/Aerooil/statusDashboard", (i) => `/client/Aerooil/statusDashboard?org_msn_id=${i.a}&aerotype=Aerooil`),
  e("/client/Aerooil/:tabDataId", (i) => `/client/Aerooil/abclisting?org_msn_id=${i.a}&aerotype=Aerooil`),
  // Last: its GET only asks for a confirmation.
  e("/logout"),
];

const ADMIN: Entry[] = [
  e("/admin/analytics"),
  e("/admin/organization (index)", "/admin/organization", async (page, ids) => {
    ids.org = await linkId(page, "main a[href^='/admin/organization/']", /^\/admin\/organization\/(\d+)$/);
  }),
  e("/admin/organization/:orgId (index)", (i) => `/admin/organization/${i.org}`, async (page, ids) => {
    ids.aircraft = await linkId(page, "main a[href*='/aircraft/']", /\/aircraft\/(\d+)$/);
  }),
  e("/admin/organization/:orgId/aircraft/:aircraftId", (i) => `/admin/organization/${i.org}/aircraft/${i.aircraft}`),
  e("/admin/organization/:orgId/aircraft/new", (i) => `/admin/organization/${i.org}/aircraft/new`),
  e("/admin/organization/create"),
  e("/aircraft-access/:aircraftId", (i) => `/aircraft-access/${i.aircraft}`),
  e("/admin/consultant/dashboard"),
  e("/admin/consultant/create"),
  e("/admin/client/dashboard"),
  e("/admin/client/create"),
  e("/admin/user-access-control"),
  e("/admin/ip-whitelist (index)", "/admin/ip-whitelist"),
  e("/admin/ip-whitelist/create"),
  e("/admin/es-migration"),
  e("/admin/audit"),
  e("/admin/issue-reports"),
  e("/admin/outbox"),
  e("/admin/retention"),
  e("/admin/aeroops/organization"),
  e("/admin/aeroops/org", "/admin/aeroops/org?org=skyline"),
  e("/admin/aeroops/template/manufacturers/:id?", "/admin/aeroops/template/manufacturers"),
  e("/aerooil/organization"),
  e("/aerooil/create"),
  e("/aerooil/view", "/aerooil/view?organization=skyline"),
  e("/aerooil/msnids", "/aerooil/msnids?organization=skyline"),
  e("/dashboard"),
  e("/deactivate"),
  e("/nextcloud/user (index)", "/nextcloud/user"),
  e("/nextcloud/user/create"),
  e("/nextcloud/group (index)", "/nextcloud/group"),
  e("/nextcloud/group/create"),
  e("/client/template/:tabId?", "/client/template"),
];

const TEMPLATE: Entry[] = [
  e("/admin/aeroops/organization"),
  e("/ops_template/organization"),
  e("/client/template/:tabId?", "/client/template?typeOfManufacturer=Airbus"),
  e("/admin/aeroops/create"),
];

const CONSULTANT: Entry[] = [
  e("/consultant/home"),
  // /consultant/profile and /consultant/settings lead to the consultant's own pages.
  e("/consultant/profile/:id/:tab", "/consultant/profile"),
  e("/consultant/settings/:id/:tab", "/consultant/settings"),
];

// A UAMBOX organization's user (Vertiport Mobility) in the AeroBOX shell.
const UAM: Entry[] = [
  e("/aero-box (index)", "/aero-box"),
  e("/aero-box/storage/all", "/aero-box/storage/all", async (page, ids) => {
    ids.box = await linkId(page, "main a[href^='/aero-box/aircrafts/']", /\/aero-box\/aircrafts\/(\d+)/);
  }),
  e("/aero-box/aircrafts/:id", (i) => `/aero-box/aircrafts/${i.box}`),
  e("/aero-box/storage/favourites"),
  e("/aero-box/storage/following"),
  e("/aero-box/storage/inventory-report"),
  e("/aero-box/storage/ocr-status"),
];

/** Routes that are not pages of their own, and why. */
const NOT_PAGES: Record<string, string> = {
  "/*": "redirects to /page/page-404",
  "/auth/*": "redirects to /page/page-404",
  "/page/page-401": "sends the user on by role, or to the login page (spec 000 §2)",
  "/page/page-404": "sends the user on by role, or to the login page (spec 000 §2)",
  "/page/page-500": "sends the user on by role, or to the login page (spec 000 §2)",
  "/aero-box": "the AeroBOX layout (its pages are audited)",
  "/consultant/profile": "redirects to /consultant/profile/:id/:tab (audited)",
  "/consultant/settings": "redirects to /consultant/settings/:id/:tab (audited)",
  "/client/Aeroops/updateworkorder (index)": "redirects to the work-order list (audited)",
  "/healthz": "a health check (text)",
  "/prefs/nav": "a form endpoint that redirects back",
  "/auth/2fa/verify": "audited in its own test (needs a sign-in with two-factor authentication)",
};
const isResource = (route: string) => route.startsWith("/resources/");

test("every route of the list is audited here or named as not a page", () => {
  const routes = fs
    .readFileSync(path.join(process.cwd(), "tests/fixtures/route-paths.txt"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("/"));
  const audited = new Set([...PUBLIC, ...CLIENT, ...ADMIN, ...TEMPLATE, ...CONSULTANT, ...UAM].map((x) => x.route));
  const missing = routes.filter((r) => !audited.has(r) && !(r in NOT_PAGES) && !isResource(r));
  expect(missing).toEqual([]);
  const unknown = [...audited, ...Object.keys(NOT_PAGES)].filter((r) => !routes.includes(r));
  expect(unknown).toEqual([]);
});

test("public pages", async ({ page }) => {
  test.setTimeout(120_000);
  await auditAll(page, PUBLIC);
});

test("a client's pages", async ({ page }) => {
  test.setTimeout(360_000);
  await login(page, "client@demo.aero");
  await auditAll(page, CLIENT);
});

test("an administrator's pages", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, "admin@demo.aero");
  await auditAll(page, ADMIN);
});

test("the template manager's and a consultant's pages", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "template@demo.aero");
  await auditAll(page, TEMPLATE);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, "consultant@demo.aero");
  await auditAll(page, CONSULTANT);
});

test("the AeroBOX pages of a UAM organization's user", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "hannah.weber@vertiport.demo.aero");
  await auditAll(page, UAM);
});

const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });

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
  const found: Found[] = [];
  await audit(page, e("/auth/2fa/verify"), {}, found);
  expect(found.join("\n")).toBe("");
});
