// The worker's smoke test alone (`npm run test:edge` runs it against the worker it starts): the
// project's vitest settings, this folder's files.
import path from "node:path";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

export default defineConfig({ ...base, root: path.resolve(__dirname, "../.."), test: { ...base.test, include: ["tests/edge/**/*.test.ts"] } });
