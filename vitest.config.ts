import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Route modules import vanilla-extract *.css.ts files; outside the Remix compiler they need a file
// scope, so tests that import routes (loaders/actions called as functions) can load them.
const vanillaExtractFileScope = {
  name: "vanilla-extract-file-scope",
  transform(code: string, id: string) {
    if (!/\.css\.ts$/.test(id)) return null;
    return `import { setFileScope as __setFileScope, endFileScope as __endFileScope } from "@vanilla-extract/css/fileScope";\n__setFileScope(${JSON.stringify(id)}, "test");\n${code}\n__endFileScope();\n`;
  },
};

export default defineConfig({
  plugins: [vanillaExtractFileScope],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx", "tests/contract/**/*.test.ts", "tests/http/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Two test files at a time even on two cores (vitest's default is cores - 1): many contract tests
    // mostly wait (child processes, servers, PostgreSQL), and each has its own DATA_DIR / database.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    setupFiles: ["tests/setup/console-guard.ts"],
    // PG_TESTS=1: the upstreams of the contract tests run on a temporary PostgreSQL cluster (ADR 056).
    globalSetup: process.env.PG_TESTS ? ["tests/setup/pg-global.ts"] : [],
    // The seed's scanned-page images, drawn once and shared by every test process (upstream/lib/sample-files.ts).
    env: { SAMPLE_CACHE_DIR: path.join(os.tmpdir(), "aero-sample-cache") },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
