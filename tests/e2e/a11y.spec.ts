// Accessibility (issue 16 item 8): axe-core over the pages of every role, failing on a serious or
// critical violation. JavaScript on; the pages are the same markup without it.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
test.use({ bypassCSP: true });

type Found = { url: string; id: string; impact: string; help: string; nodes: string[] };

async function audit(page: Page, url: string, found: Found[]) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBeLessThan(url.includes("error-500") ? 501 : 500);
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run({
      resultTypes: ["violations"],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  for (const v of violations) if (v.impact === "serious" || v.impact === "critical") found.push({ url, ...v });
}

const report = (found: Found[]) => found.map((f) => `${f.url}: ${f.impact} ${f.id} (${f.help}) at ${f.nodes.join(" | ")}`).join("\n");

test("public pages", async ({ page }) => {
  const found: Found[] = [];
  for (const url of ["/", "/auth/login", "/auth/register", "/auth/reset", "/page/page-404", "/errors/error-500"]) await audit(page, url, found);
  expect(report(found)).toBe("");
});

test("a client's pages", async ({ page }) => {
  test.setTimeout(180_000);
  const found: Found[] = [];
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const id = /org_msn_id=(\d+)/.exec((await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href"))!)![1];
  const q = `?org_msn_id=${id}&aerotype=Aeroops`;
  for (const url of [
    "/client/home", "/storage/overview", "/storage/favourites", "/storage/search?query=certificate", `/storage/aircraft/${id}/files`,
    `/storage/OCRReport/${id}`, `/storage/InventoryReport/${id}`, `/storage/linkedDocuments/${id}`, "/storage/module", "/client/dashboard",
    "/client/saved", "/client/message", "/user/settings", "/notifications", "/Aeroops/org", "/Aeroops/org/Aircrafts", "/Aeroops/org/tabslanding",
    `/client/Aeroops/aeroplane${q}`, `/client/Aeroops/generalInformation${q}`, `/client/Aeroops/opsNotifications${q}`, `/client/Aeroops/generalInformation${q}&edit=new`,
    `/client/Aeroops/maintenance${q}`, `/client/Aeroops/workorder${q}`, `/client/Aeroops/createworkorder${q}`, `/client/Aeroops/logbooks${q}`,
    `/client/Aeroops/createtechlogbook${q}`, `/client/Aeroops/aeroplane${q}&module=transition`, `/storage/Aeroops/tabs${q}`, "/Aerooil/org",
    `/client/Aerooil/statusDashboard?org_msn_id=${id}&aerotype=Aerooil`, `/client/Aerooil/abclisting?org_msn_id=${id}&aerotype=Aerooil`,
    `/storage/aircraft/${id}/files?dialog=upload`, `/storage/aircraft/${id}/trash`,
  ])
    await audit(page, url, found);
  expect(report(found)).toBe("");
});

test("an administrator's pages", async ({ page }) => {
  test.setTimeout(180_000);
  const found: Found[] = [];
  await login(page, "admin@demo.aero");
  for (const url of [
    "/admin/analytics", "/admin/organization", "/admin/consultant/dashboard", "/admin/client/dashboard", "/admin/user-access-control",
    "/admin/ip-whitelist", "/admin/es-migration", "/admin/audit", "/admin/issue-reports", "/admin/outbox", "/admin/aeroops/organization",
    "/aerooil/organization", "/admin/aeroops/template/manufacturers", "/dashboard", "/nextcloud/user", "/nextcloud/group", "/client/template",
    "/admin/retention",
  ])
    await audit(page, url, found);
  expect(report(found)).toBe("");
});

test("the template manager's and a consultant's pages", async ({ page }) => {
  test.setTimeout(120_000);
  const found: Found[] = [];
  await login(page, "template@demo.aero");
  for (const url of ["/admin/aeroops/organization", "/ops_template/organization", "/client/template?typeOfManufacturer=Airbus", "/admin/aeroops/create"]) await audit(page, url, found);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, "consultant@demo.aero");
  for (const url of ["/consultant/home", "/consultant/profile", "/consultant/settings"]) await audit(page, url, found);
  expect(report(found)).toBe("");
});
