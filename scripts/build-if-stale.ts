// Builds the Remix app when build/ is missing or older than any source it is made from.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { compressAssets } from "./compress-assets";

function newestMtime(p: string): number {
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
  const out = ["build/index.js", "public/build/manifest-"].map((p) => p);
  let builtAt = 0;
  try {
    builtAt = fs.statSync(out[0]).mtimeMs;
    if (!fs.existsSync("public/build") || !fs.existsSync("build/plain-manifest.json")) builtAt = 0;
  } catch {
    builtAt = 0;
  }
  const sources = Math.max(...["app", "remix.config.js", "package.json", "package-lock.json", "tsconfig.json"].map(newestMtime));
  if (builtAt && builtAt >= sources) return false;
  if (!quiet) console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const r = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", ["remix", "build"], {
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(r.stdout?.toString() + r.stderr?.toString());
    throw new Error("remix build failed");
  }
  const p = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", ["tsx", "scripts/build-plain.ts"], { stdio: quiet ? "pipe" : "inherit" });
  if (p.status !== 0) {
    if (quiet) process.stderr.write(p.stdout?.toString() + p.stderr?.toString());
    throw new Error("build of the page script failed");
  }
  compressAssets();
  return true;
}
