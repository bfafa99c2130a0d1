import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-pass-2026";

/** Every e2e test fails on an unexpected console.error or page error. */
export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use();
      // Resource failures the test provoked on purpose (aborted routes) are allowed.
      const unexpected = errors.filter((e) => !/net::ERR_FAILED|net::ERR_ABORTED|Failed to load resource|status of 4\d\d/.test(e));
      if (unexpected.length && testInfo.status === "passed") throw new Error(`console errors:\n${unexpected.join("\n")}`);
    },
    { auto: true },
  ],
});
export { expect };

export const jsEnabled = (page: Page) => page.context().browser() !== null && test.info().project.name !== "nojs";

/** Signs in through the login form (works with JavaScript on and off). */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth/login"));
}
