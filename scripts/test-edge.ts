// `npm run test:edge`: the portal on workerd, offline. Builds the worker when it is older than its
// sources (scripts/build-edge.ts, with its check), starts the upstream on Node on a copy of the demo
// seed and the worker in front of it in Miniflare (scripts/edge-local.ts), then runs the smoke test
// tests/edge/smoke.test.ts against the worker's URL. Arguments go to vitest
// (`npm run test:edge -- --reporter=verbose`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyDataDir, seedSnapshot } from "../tests/helpers/seed-snapshot";
import { buildEdgeChecked, edgeIsStale } from "./build-edge";
import { startEdgeStack } from "./edge-local";

const t0 = Date.now();
if (edgeIsStale() && !(await buildEdgeChecked({ quiet: true }))) process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-edge-"));
copyDataDir(await seedSnapshot(), dataDir);
const stack = await startEdgeStack({ dataDir });
console.log(`test:edge: the worker on ${stack.url}, the upstream on ${stack.upstream.origin} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

// Not spawnSync: the upstream answers from this process while the tests run.
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const vitest = spawn(npx, ["vitest", "run", "--config", "tests/edge/vitest.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, EDGE_URL: stack.url, EDGE_UPSTREAM: stack.upstream.origin },
});
let code = await new Promise<number>((resolve) => vitest.once("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
// As in every test of the project, an unexpected console.error fails the run: the worker's too.
const errors = stack.errors();
if (errors.length) {
  console.error(`test:edge: the worker logged ${errors.length} error(s):\n${errors.map((e) => `  ${e.split("\n")[0]}`).join("\n")}`);
  code ||= 1;
}
await stack.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`test:edge: ${code === 0 ? "passed" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(code);
