// `npm run bench`: every benchmark in bench/, one after another. Prints figures; never pass/fail.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !["run.ts", "lib.ts"].includes(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const s of scripts) {
  console.log(`\n##### bench/${s}`);
  spawnSync("npx", ["tsx", path.join(dir, s)], { stdio: "inherit" });
}
