// The demo seed, built once and cached by the content hash of the code that makes it, copied into a
// fresh DATA_DIR for each test server (tests/helpers/http-browser.ts). The copy shares the blob files
// by hard links (a blob is written to a temp file and renamed into place, never changed in place, so
// a server deleting or replacing one never touches the snapshot's), and copies the database.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

function hashTree(dir: string, h: crypto.Hash) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) hashTree(p, h);
    else if (/\.(ts|tsx|json)$/.test(e.name)) h.update(p.slice(ROOT.length)).update(fs.readFileSync(p));
  }
}

/** The hash of what the seeded data depends on: the upstream's code and the shared schemas. */
export function seedHash(): string {
  const h = crypto.createHash("sha256");
  hashTree(path.join(ROOT, "upstream"), h);
  hashTree(path.join(ROOT, "app/models"), h);
  h.update(process.version);
  return h.digest("hex").slice(0, 16);
}

/**
 * The path of a seeded DATA_DIR (the full demo seed). `extracted`: with the text of every seeded file
 * already extracted and OCRed (the browser tests' servers run job workers, and must not spend their
 * cores on the seed's backfill). Built on first use under the OS temp dir, atomically (a build into a
 * temp dir, then a rename), so parallel test processes may ask at once.
 */
export async function seedSnapshot({ extracted = false }: { extracted?: boolean } = {}): Promise<string> {
  const dir = path.join(os.tmpdir(), `aero-seed-${seedHash()}${extracted ? "-extracted" : ""}`);
  if (fs.existsSync(path.join(dir, "READY"))) return dir;
  pruneOldSnapshots(dir);
  const tmp = `${dir}.building-${process.pid}-${Date.now()}`;
  fs.mkdirSync(tmp, { recursive: true });
  const { createUpstream } = await import("../../upstream/index");
  const { loadUpstreamConfig } = await import("../../upstream/config");
  const { seedDemo } = await import("../../upstream/db/seed");
  const up = await createUpstream({ ...loadUpstreamConfig({ DATA_DIR: tmp, SAMPLE_CACHE_DIR: process.env.SAMPLE_CACHE_DIR }), jobWorkers: 0, adminWorkers: false });
  try {
    await seedDemo(up.deps);
    if (extracted) {
      const left = await up.drainJobs();
      const open = await up.deps.jobs.counts();
      if (open.queued + open.running > 0) throw new Error(`the seed's jobs did not finish (${left} ran; ${JSON.stringify(open)})`);
    }
  } finally {
    await up.close();
  }
  fs.writeFileSync(path.join(tmp, "READY"), new Date().toISOString());
  try {
    fs.renameSync(tmp, dir);
  } catch {
    // Another process made it first: keep theirs.
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** A fresh DATA_DIR from the snapshot: the database and secrets copied, the blobs hard-linked. */
export function copyDataDir(from: string, to: string) {
  const walk = (src: string, dst: string, link: boolean) => {
    fs.mkdirSync(dst, { recursive: true });
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
      const s = path.join(src, e.name);
      const d = path.join(dst, e.name);
      if (e.isDirectory()) walk(s, d, link || e.name === "blobs");
      else if (e.name === "READY") continue;
      else if (link) {
        try {
          fs.linkSync(s, d);
        } catch {
          fs.copyFileSync(s, d);
        }
      } else fs.copyFileSync(s, d);
    }
  };
  walk(from, to, false);
}

/** Snapshots of older code (another hash), unused for a day, are removed when a new one is made. */
function pruneOldSnapshots(keep: string) {
  const root = path.dirname(keep);
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith("aero-seed-") || path.join(root, name) === keep || name === `${path.basename(keep)}-extracted` || `${name}-extracted` === path.basename(keep)) continue;
    const p = path.join(root, name);
    try {
      const ready = fs.statSync(path.join(p, "READY"), { throwIfNoEntry: false }) ?? fs.statSync(p);
      if (Date.now() - ready.mtimeMs > 24 * 3600_000) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      /* another process removed it */
    }
  }
}
