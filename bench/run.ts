// `npm run bench`: every benchmark in bench/, one after another (`npm run bench -- scale`: one).
// Prints figures; never pass/fail.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const all = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !["run.ts", "lib.ts"].includes(f));
// An argument that names a bench (`scale`) runs that one only; any other selects the names containing it.
const picks = (f: string, o: string) => (all.includes(`${o}.ts`) ? f === `${o}.ts` : f.includes(o));
const scripts = all.filter((f) => only.length === 0 || only.some((o) => picks(f, o))).sort();
for (const s of scripts) {
  console.log(`\n##### bench/${s}`);
  spawnSync("npx", ["tsx", path.join(dir, s)], { stdio: "inherit" });
}
