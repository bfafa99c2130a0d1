import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's chromium where present (this workplace cannot download Playwright's own browser);
// elsewhere Playwright's bundled browser.
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const launchOptions = {
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

// File naming: *.spec.ts runs with JavaScript on; *.both.spec.ts runs with JavaScript on and off;
// *.nojs.spec.ts runs with JavaScript off only.
export default defineConfig({
  testDir: "tests/e2e",
  // The screenshot specs write docs/screenshots/: only `npm run screenshots` runs them, so that
  // `npm test` leaves the working tree as it found it.
  testIgnore: process.env.SCREENSHOTS === "1" ? [] : [/screenshots\.spec\.ts$/],
  // Each worker has its own server and data (tests/e2e/fixtures.ts): spec files run side by side, the
  // tests of one file in order. E2E_WORKERS overrides (PostgreSQL's short pass uses one).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? (process.env.DATABASE_URL ? 1 : 2)),
  // Builds when stale and makes the seeded demo snapshot once (tests/e2e/global-setup.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  // No retries: a flaky test must show, not pass on its second try.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    launchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", testMatch: /(?<!\.nojs)\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: "nojs", testMatch: /\.(both|nojs)\.spec\.ts$/, use: { javaScriptEnabled: false } },
  ],
});
