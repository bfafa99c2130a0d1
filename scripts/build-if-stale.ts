// Builds the app (scripts/build.ts) when build/ is missing or older than any source it is made from.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { PLAIN_MANIFEST, SERVER_BUILD, readStylesheet } from "./built-assets";

export function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

export function buildIfStale({ quiet = false } = {}) {
  let builtAt = 0;
  try {
    builtAt = fs.statSync(SERVER_BUILD).mtimeMs;
    if (!readStylesheet() || !fs.existsSync(PLAIN_MANIFEST)) builtAt = 0;
  } catch {
    builtAt = 0;
  }
  const sources = Math.max(...["app", "vite.config.ts", "package.json", "package-lock.json", "tsconfig.json"].map(newestMtime));
  if (builtAt && builtAt >= sources) return false;
  if (!quiet) console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const r = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", ["tsx", "scripts/build.ts"], { stdio: quiet ? "pipe" : "inherit" });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout?.toString()}${r.stderr?.toString()}`);
    throw new Error("the build failed");
  }
  return true;
}
