// Writes docs/screenshots/admin-{analytics,user-access-control}-{1440,390}.png.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const OUT = "docs/screenshots";

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
}

for (const size of WIDTHS) {
  test.describe(`admin at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("admin-analytics", async ({ page }) => {
      await login(page, "admin@demo.aero");
      await page.goto("/admin/analytics");
      await expect(page.getByRole("img", { name: "Users by role" })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/admin-analytics-${size.width}.png`, fullPage: true });
    });

    test("admin-user-access-control", async ({ page }) => {
      await login(page, "admin@demo.aero");
      await page.goto("/admin/user-access-control?q=reader");
      await page.getByRole("link", { name: /Ravi Desai/ }).click();
      await expect(page.getByRole("heading", { name: /Ravi Desai/ })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/admin-user-access-control-${size.width}.png`, fullPage: true });
    });
  });
}
