// `npm test`: type-check, production build, the portal on workerd (the worker build and its smoke
// test, `npm run test:edge`), unit + contract tests (vitest), end-to-end tests
// (Playwright, JavaScript on and off), then on PostgreSQL (ADR 060): the contract tests again (each
// test upstream on its own database of a throwaway cluster; the multi-portal test on PostgreSQL and
// an S3-compatible server) and a short end-to-end pass. Ends with one line "N passed, N failed".
//
//   npm test -- unit e2e pg     only these steps (typecheck, build, edge, unit, e2e, pg)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { findPgTool } from "../upstream/db/pg-tools";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aero-test-"));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (step: string) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems: string[] = [];
/** The names of the tests that failed, printed again at the end (CI shows only the tail of the log). */
const failedTests: string[] = [];

/** Each step's time, printed again at the end. */
const stepTimes: { label: string; seconds: number; ok: boolean }[] = [];
const suiteStart = Date.now();

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = (Date.now() - t0) / 1000;
  stepTimes.push({ label, seconds, ok: r.status === 0 });
  console.log(`=== ${label}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status ?? r.signal})`} in ${seconds.toFixed(1)} s`);
  return r.status === 0;
}

// The seeded snapshots the unit, contract and browser tests copy: built in a child process beside
// the type-check and the builds (mostly one core), awaited before the first tests.
const seeding =
  want("unit") || want("e2e")
    ? new Promise<boolean>((resolve) => {
        const child = spawn("npx", ["tsx", "scripts/seed-snapshots.ts"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
        child.on("exit", (code) => resolve(code === 0));
        child.on("error", () => resolve(false));
      })
    : Promise.resolve(true);

if (want("typecheck")) {
  if (run("type-check", "npx", ["tsc", "--noEmit", "-p", "."])) passed++;
  else {
    failed++;
    problems.push("type-check");
  }
}

if (want("build") || want("edge") || want("e2e") || want("unit") || want("pg")) {
  if (run("production build", "npx", ["tsx", "scripts/build.ts"], { NODE_ENV: "production" })) passed++;
  else {
    failed++;
    problems.push("build");
  }
}

const vitestReport = (label: string) => path.join(tmp, `vitest-${label.replace(/\W+/g, "-")}.json`);
const vitestArgs = (label: string, args: string[]) => ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport(label)}`];

function vitest(label: string, args: string[], env: Record<string, string> = {}) {
  collectVitest(label, run(label, "npx", vitestArgs(label, args), env));
}

/** Counts a vitest step from its JSON report. */
function collectVitest(label: string, ok: boolean) {
  const out = vitestReport(label);
  try {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if (j.numFailedTests) problems.push(label);
    for (const file of j.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === "failed") failedTests.push(`${label}: ${path.relative(process.cwd(), file.name)} › ${t.fullName}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t: { status: string }) => t.status === "failed")) {
        failedTests.push(`${label}: ${path.relative(process.cwd(), file.name)} (${String(file.message ?? "failed to run").split("\n")[0]})`);
      }
    }
    if (!ok && !j.numFailedTests) {
      failed++;
      problems.push(`${label} (suite error)`);
    }
  } catch {
    if (!ok) {
      failed++;
      problems.push(`${label} (no report)`);
    }
  }
}

type PwSpec = { file: string; line: number; title: string; tests: { projectName: string; status: string; results: { duration?: number; error?: { message?: string } }[] }[] };
type PwSuite = { specs?: PwSpec[]; suites?: PwSuite[] };
function playwrightSpecs(suites: PwSuite[]): PwSpec[] {
  return suites.flatMap((s) => [...(s.specs ?? []), ...playwrightSpecs(s.suites ?? [])]);
}
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

function playwright(label: string, cmd: string[], env: Record<string, string>) {
  const out = path.join(tmp, `playwright-${label.replace(/\W+/g, "-")}.json`);
  const ok = run(label, cmd[0]!, [...cmd.slice(1), "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...env });
  try {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    const s = j.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if (s.unexpected) problems.push(label);
    const perFile = new Map<string, number>();
    for (const spec of playwrightSpecs(j.suites ?? [])) {
      for (const t of spec.tests) {
        const ms = t.results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
        if (t.status === "unexpected" || t.status === "flaky") {
          const error = t.results.find((r) => r.error)?.error?.message?.split("\n")[0] ?? "";
          failedTests.push(`${label}: [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}${t.status === "flaky" ? " (flaky)" : ""}${error ? ` — ${stripAnsi(error)}` : ""}`);
        }
      }
    }
    const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 8);
    if (slowest.length > 1) console.log(`\n${label}, the slowest spec files: ${slowest.map(([f, ms]) => `${f} ${(ms / 1000).toFixed(0)} s`).join(", ")}`);
    if (!ok && !s.unexpected) {
      failed++;
      problems.push(`${label} (run error)`);
    }
  } catch {
    if (!ok) {
      failed++;
      problems.push(`${label} (no report)`);
    }
  }
}

// The portal on workerd (scripts/test-edge.ts: the worker build and its check, then the smoke test
// against the worker in Miniflare, in front of the upstream on Node); its arguments go to vitest.
if (want("edge")) {
  const label = "the portal on workerd (test:edge)";
  collectVitest(label, run(label, "npx", ["tsx", "scripts/test-edge.ts", ...vitestArgs(label, []).slice(2)]));
}

// (A snapshot that failed to build is built again by the first test that needs it, which then fails
// with the reason.)
if (!(await seeding)) console.log("\n=== the seeded snapshots could not be built ahead: the tests build them");

if (want("unit")) vitest("unit and contract tests", []);

/**
 * The short end-to-end pass on PostgreSQL: a client signs in and out; a wrong password is refused;
 * a folder is made, a file uploaded into it and found; the top bar's search (browser, portal, both
 * APIs, a fresh cluster's database seeded by the server).
 */
const PG_E2E_SPECS = ["tests/e2e/auth\\.", "tests/e2e/storage\\."];
/**
 * The contract files whose code differs by engine (ADR 056, 060): the database and its migrations,
 * search (file names, document content, the ranking windows, the re-index), the job queue (pg-boss), backups, the audit
 * chain, several processes on one database, and the tab data (JSON cells, chunked imports). The rest
 * of the contract suite runs the same dialect-neutral code on both and runs once.
 */
const PG_CONTRACT_FILES = [
  ...["foundation", "seed-cli", "storage", "ocr", "admin", "worker", "job-recovery", "backup", "audit-chain", "multi-portal", "sheet-limits", "ops"].map((f) => `tests/contract/${f}.test.ts`),
  // The search index's windows, pages and snippets (FTS5 or PostgreSQL's full-text search).
  "tests/unit/search-index.test.ts",
];
const PG_E2E_GREP = "client@demo.aero signs in|wrong credentials|creates a folder, uploads a file|searches from the top bar";

if (want("e2e")) playwright("end-to-end (JavaScript on and off)", ["npx", "playwright", "test"], { E2E_DATA_DIR: path.join(tmp, "e2e-data") });


if (want("pg")) {
  if (!findPgTool("initdb") || !findPgTool("postgres") || !findPgTool("pg_dump")) {
    // CI installs it (.ci/run); a developer's machine without it says so and goes on.
    if (process.env.CI) {
      failed++;
      problems.push("PostgreSQL is not installed (.ci/run installs Debian's postgresql)");
    } else console.log("\n=== PostgreSQL pass: skipped, PostgreSQL is not installed (Debian: apt-get install postgresql; or set PG_BIN).");
  } else {
    vitest("contract tests on PostgreSQL", PG_CONTRACT_FILES, { PG_TESTS: "1" });
    playwright("end-to-end on PostgreSQL (short pass)", ["npx", "tsx", "scripts/pg-run.ts", "npx", "playwright", "test", ...PG_E2E_SPECS, "--project=js", `--grep=${PG_E2E_GREP}`], {
      E2E_DATA_DIR: path.join(tmp, "e2e-pg-data"),
      E2E_OUTPUT_DIR: "test-results/pg",
    });
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log("\nTime per step:");
for (const t of stepTimes) console.log(`  ${t.label.padEnd(44)} ${t.seconds.toFixed(1).padStart(7)} s${t.ok ? "" : "  FAILED"}`);
console.log(`  ${"npm test in all".padEnd(44)} ${((Date.now() - suiteStart) / 1000).toFixed(1).padStart(7)} s`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  - ${t}`).join("\n")}`);
if (problems.length) console.log(`\nFailed steps: ${problems.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
