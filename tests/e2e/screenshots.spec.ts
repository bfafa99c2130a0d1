// Writes docs/screenshots/{landing,login,shell-client,shell-admin}-{1440,390}.png: the pages a new
// visitor and the two main roles see first, at desktop and phone widths.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const OUT = "docs/screenshots";

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  // The snackbar hides itself after 5 s; screenshots should not depend on it.
  await page.addStyleTag({ content: "[data-toast]{display:none !important}" });
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("landing", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/landing-${size.width}.png`, fullPage: true });
    });

    test("login", async ({ page }) => {
      await page.goto("/auth/login");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/login-${size.width}.png` });
    });

    test("shell-client", async ({ page }) => {
      await login(page, "client@demo.aero");
      const link = await page.locator("a[href^='/storage/aircraft/']").first().getAttribute("href");
      await page.goto("/client/home");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/shell-client-${size.width}.png` });
      expect(link).toBeTruthy();
    });

    test("shell-admin", async ({ page }) => {
      await login(page, "admin@demo.aero");
      await page.goto("/admin/analytics");
      await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/shell-admin-${size.width}.png` });
    });
  });
}
