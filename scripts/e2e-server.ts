// The server Playwright starts: a fresh DATA_DIR every run, the production build, the full demo seed.
import fs from "node:fs";
import { buildIfStale } from "./build-if-stale";

const dataDir = process.env.DATA_DIR!;
if (process.env.E2E_FRESH === "1" && dataDir && fs.existsSync(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true });
buildIfStale({ quiet: true });
const { startServer } = await import("../server");
const s = await startServer({ log: false });
console.log(`e2e server on ${s.url}, DATA_DIR=${dataDir}`);
const stop = () => s.close().then(() => { fs.rmSync(dataDir, { recursive: true, force: true }); process.exit(0); });
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
