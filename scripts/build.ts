// `npm run build`: the production build in three steps, each a function of the one before.
//   1. Vite with Remix's plugin (vite.config.ts): build/server and build/client;
//   2. the page script (scripts/build-plain.ts) into build/client/assets/plain;
//   3. every .js and .css under build/client/assets compressed once (scripts/compress-assets.ts).
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ASSETS_DIR, BUILD_DIR, readStylesheet } from "./built-assets";
import { buildPlain } from "./build-plain";
import { compressAssets } from "./compress-assets";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";

export async function build({ quiet = false } = {}) {
  const r = spawnSync(npx, ["remix", "vite:build", ...(quiet ? ["--logLevel", "warn"] : [])], {
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout?.toString()}${r.stderr?.toString()}`);
    throw new Error("vite build failed");
  }
  // The server build's copy of the stylesheet (Remix moves it into the browser's assets) is never
  // linked: it leaves the assets, kept beside the manifests for the check that the browser's copy has
  // every style the server renders (tests/unit/js-budget.test.ts).
  const css = readStylesheet();
  for (const f of fs.readdirSync(ASSETS_DIR)) {
    if (f.endsWith(".css") && `/assets/${f}` !== css) fs.renameSync(path.join(ASSETS_DIR, f), path.join(BUILD_DIR, ".vite/server-style.css"));
  }
  await buildPlain();
  compressAssets(ASSETS_DIR);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await build();
  console.log(`build: done (${readStylesheet()})`);
}
