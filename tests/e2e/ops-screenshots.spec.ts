// Writes docs/screenshots/ops-*.png (npm run screenshots only): My Fleet, a tab, the transition menu
// with a tab across the fleet, the work-order form and a logbook page, at 1440 and 390 px.
import { expect, login, test } from "./fixtures";

test("screenshots of the AeroOPS pages at 1440 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const aircraft = await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href");
  const id = /org_msn_id=(\d+)/.exec(aircraft!)![1];
  // The demo's logbook of this aircraft.
  await page.goto(`/client/Aeroops/logbooks?org_msn_id=${id}&aerotype=Aeroops`);
  const logbook = (await page.locator("main a[href*='/logbookpages/']").first().getAttribute("href"))!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/Aeroops/org/Aircrafts");
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-my-fleet-${width}.png` });
    await page.goto(`/client/Aeroops/opsNotifications?org_msn_id=${id}&aerotype=Aeroops`);
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-tab-${width}.png` });
    await page.goto(`/Aeroops/org/tabslanding?module=transition&org_msn_id=${id}&aerotype=Aeroops`);
    await page.getByRole("region", { name: "Airworthiness" }).getByRole("link", { name: "AD Status" }).click();
    // On a phone the menu is in the drawer; on a desktop open the first group of the Tabs accordion.
    if (width > 900) await page.getByRole("navigation", { name: "Main" }).getByRole("region", { name: "Tabs" }).locator("summary").first().click();
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-transition-${width}.png` });
    await page.goto(`/client/Aeroops/createworkorder?org_msn_id=${id}&aerotype=Aeroops`);
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-workorder-form-${width}.png` });
    await page.goto(logbook);
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-logbook-${width}.png` });
  }
});

test("screenshots of the template editor at 1440 and 390 px", async ({ page }) => {
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "template@demo.aero");
  await page.goto("/client/template?typeOfManufacturer=Airbus");
  const tab = (await page.getByRole("table", { name: "Airbus template tabs" }).getByRole("link").first().getAttribute("href"))!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/client/template?typeOfManufacturer=Airbus");
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-template-library-${width}.png`, fullPage: width === 1440 });
    await page.goto(`${tab}&columns=edit`);
    await hideToasts();
    await page.screenshot({ path: `${out}/ops-template-columns-${width}.png` });
  }
});

test("screenshots of the top bar at 1366, 1024 and 390 px", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const href = (await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href"))!;
  for (const width of [1366, 1024, 390]) {
    await page.setViewportSize({ width, height: 400 });
    await page.goto(href.replace("aeroplane", "generalInformation"));
    await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
    await page.screenshot({ path: `docs/screenshots/top-bar-${width}.png`, clip: { x: 0, y: 0, width, height: width === 390 ? 100 : 64 } });
  }
});

test("screenshots of a tab page's top bar with its exports and share, at 1366, 1024 and 390 px", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const href = (await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href"))!;
  await page.goto(href);
  const tab = (await page.getByRole("link", { name: "Hard Time Components" }).first().getAttribute("href"))!;
  for (const width of [1366, 1024, 390]) {
    await page.setViewportSize({ width, height: 560 });
    await page.goto(tab);
    await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
    // With the speed test's result beside them (the widest the top bar gets), where there is room for it.
    if (width > 560) await page.locator("[data-speed-test][data-mbps]").waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `docs/screenshots/top-bar-tab-${width}.png`, clip: { x: 0, y: 0, width, height: width === 390 ? 100 : 64 } });
    await page.getByRole("banner").locator("summary", { hasText: "Export" }).click();
    await page.screenshot({ path: `docs/screenshots/top-bar-tab-export-${width}.png` });
  }
});

test("screenshots of a tab's table, its top bar and the transition menu at 1366 and 390 px (ADR 085)", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  const aeroplane = (await page.getByRole("table", { name: "My Fleet" }).getByRole("link", { name: /5123/ }).first().getAttribute("href"))!;
  await page.goto(aeroplane);
  const tab = (await page.getByRole("link", { name: "Hard Time Components", exact: true }).first().getAttribute("href"))!;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto(tab);
    await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
    await page.locator("[data-speed-test][data-mbps]").waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `docs/screenshots/ops-tab-table-top-bar-${width}.png`, clip: { x: 0, y: 0, width, height: width === 390 ? 100 : 64 } });
    // Scrolled to the table: its rows between the top bar and the pinned tab bar.
    await page.evaluate(() => {
      const f = document.querySelector('[role="group"][aria-label="Hard Time Components"]')!;
      window.scrollBy(0, f.getBoundingClientRect().top - document.querySelector("header")!.getBoundingClientRect().height);
    });
    await page.screenshot({ path: `docs/screenshots/ops-tab-table-${width}.png` });
    await page.goto(`${aeroplane}&module=transition`);
    await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
    // On a phone the menu is in the drawer.
    if (width === 390) {
      await page.getByRole("button", { name: /menu/i }).first().click();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AeroOPS Home" })).toBeInViewport({ ratio: 1 });
      // The drawer's slide (0.2 s) is over.
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: `docs/screenshots/ops-transition-menu-${width}.png` });
  }
});
