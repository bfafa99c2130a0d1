// `npm test`: type-check, production build, unit + contract tests (vitest), end-to-end tests
// (Playwright, JavaScript on and off). Ends with one line "N passed, N failed".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aero-test-"));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (step: string) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

if (want("typecheck")) {
  if (run("type-check", "npx", ["tsc", "--noEmit", "-p", "."])) passed++;
  else {
    failed++;
    problems.push("type-check");
  }
}

if (want("build") || want("e2e") || want("unit")) {
  if (run("production build", "npx", ["remix", "build"], { NODE_ENV: "production" }) && run("compress built assets", "npx", ["tsx", "scripts/compress-assets.ts"])) passed++;
  else {
    failed++;
    problems.push("build");
  }
}

if (want("unit")) {
  const out = path.join(tmp, "vitest.json");
  const ok = run("unit and contract tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  try {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if (!ok && !j.numFailedTests) {
      failed++;
      problems.push("vitest (suite error)");
    }
  } catch {
    if (!ok) {
      failed++;
      problems.push("vitest (no report)");
    }
  }
}

if (want("e2e")) {
  const out = path.join(tmp, "playwright.json");
  const ok = run("end-to-end (JavaScript on and off)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    E2E_DATA_DIR: path.join(tmp, "e2e-data"),
  });
  try {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    const s = j.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if (!ok && !s.unexpected) {
      failed++;
      problems.push("playwright (run error)");
    }
  } catch {
    if (!ok) {
      failed++;
      problems.push("playwright (no report)");
    }
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
if (problems.length) console.log(`\nFailed steps: ${problems.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
