import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's chromium where present (this workplace cannot download Playwright's own browser);
// elsewhere Playwright's bundled browser.
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const launchOptions = {
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

// A random port per run (several runs may share a machine); workers inherit it through the env.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `aero-e2e-${process.pid}`);
const PORT = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

// File naming: *.spec.ts runs with JavaScript on; *.both.spec.ts runs with JavaScript on and off;
// *.nojs.spec.ts runs with JavaScript off only.
export default defineConfig({
  testDir: "tests/e2e",
  // The screenshot specs write docs/screenshots/: only `npm run screenshots` runs them, so that
  // `npm test` leaves the working tree as it found it.
  testIgnore: process.env.SCREENSHOTS === "1" ? [] : [/screenshots\.spec\.ts$/],
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky test must show, not pass on its second try.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", testMatch: /(?<!\.nojs)\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: "nojs", testMatch: /\.(both|nojs)\.spec\.ts$/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // TRUST_PROXY: the tests may set X-Forwarded-For from loopback (the IP whitelist test).
    env: { PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: "production", E2E_FRESH: "1", TRUST_PROXY: "loopback" },
    stdout: "pipe",
    stderr: "pipe",
  },
});
