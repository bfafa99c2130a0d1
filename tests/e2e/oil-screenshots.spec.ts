// Writes docs/screenshots/oil-*.png (npm run screenshots only): the AeroOIL status dashboard (its
// counts, alert limits and chart), a tab with its trend chart and alert limits, and the dashboard's
// PNG download, at 1440 and 390 px.
import fs from "node:fs";
import { login, test } from "./fixtures";

test("screenshots of the AeroOIL dashboard and a tab's trend at 1440 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  const out = "docs/screenshots";
  const hideToasts = () => page.addStyleTag({ content: "[data-toast]{display:none !important}" });
  await login(page, "client@demo.aero");
  await page.goto("/Aerooil/org?q=5123");
  const href = (await page.locator("li[data-aircraft-id]", { hasText: "MSN 5123" }).first().getByRole("link", { name: "Open in AeroOIL" }).getAttribute("href"))!;
  const id = /org_msn_id=(\d+)/.exec(href)![1];
  await page.goto(`/client/Aerooil/statusDashboard?org_msn_id=${id}&aerotype=Aerooil`);
  const tab = (await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "APU Oil Analysis" }).getAttribute("href"))!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/client/Aerooil/statusDashboard?org_msn_id=${id}&aerotype=Aerooil`);
    await hideToasts();
    await page.screenshot({ path: `${out}/oil-dashboard-${width}.png`, fullPage: true });
    await page.goto(tab);
    await hideToasts();
    await page.screenshot({ path: `${out}/oil-tab-trend-${width}.png`, fullPage: true });
  }
  const png = await page.request.get(`/resources/oil-dashboard-png?org_msn_id=${id}&aerotype=Aerooil`);
  fs.writeFileSync(`${out}/oil-dashboard-download.png`, await png.body());
});
