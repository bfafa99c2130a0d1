import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's browser where present (this workplace cannot download Playwright's own): its headless
// shell first (`chromium-headless-shell`, the old headless mode without a browser UI: about 15 % less
// CPU per test than the full browser in headless mode), then `chromium`; elsewhere Playwright's
// bundled browser. CHROMIUM_PATH overrides.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));
const launchOptions = {
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

// File naming: *.spec.ts runs with JavaScript on; *.both.spec.ts runs with JavaScript on and off;
// *.nojs.spec.ts runs with JavaScript off only.
export default defineConfig({
  testDir: "tests/e2e",
  // A run empties its output folder first: the PostgreSQL pass writes to its own (scripts/test.ts), so
  // the traces of a failure in the main pass are still there when the suite ends.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  // The screenshot specs write docs/screenshots/: only `npm run screenshots` runs them, so that
  // `npm test` leaves the working tree as it found it.
  testIgnore: process.env.SCREENSHOTS === "1" ? [] : [/screenshots\.spec\.ts$/],
  // Each worker has its own server and data (tests/e2e/fixtures.ts), and every test stands alone (its
  // own names, its own sign-in): any test may run on any worker, in any order. E2E_WORKERS overrides
  // (PostgreSQL's short pass uses one).
  fullyParallel: true,
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
    // A failed test keeps its trace with DOM snapshots of every step, but no screencast: recording
    // screenshots for every test of the run cost about 40 % of the suite's browser time (ADR 071).
    // E2E_TRACE=full records them too, for a test being debugged.
    trace: process.env.E2E_TRACE === "full" ? "retain-on-failure" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", testMatch: /(?<!\.nojs)\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: "nojs", testMatch: /\.(both|nojs)\.spec\.ts$/, use: { javaScriptEnabled: false } },
  ],
});
