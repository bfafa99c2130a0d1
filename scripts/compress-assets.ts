// Built assets are compressed once, at build time, not on every request (issue 12): every .js and
// .css file under build/client/assets gets a .br (brotli, quality 11) and a .gz (gzip -9) beside it, and
// server.ts serves the one the browser accepts. Run after the Vite build (npm run build does); the
// server also fills in any that are missing when it starts.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

function walk(dir: string, out: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (COMPRESSIBLE.test(e.name)) out.push(p);
  }
  return out;
}

/** Writes missing or stale .br and .gz files; answers how many files it compressed. */
export function compressAssets(dir = "build/client/assets"): number {
  let n = 0;
  for (const file of walk(dir)) {
    const st = fs.statSync(file);
    const targets: [string, (b: Buffer) => Buffer][] = [
      [`${file}.br`, (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } })],
      [`${file}.gz`, (b) => zlib.gzipSync(b, { level: 9 })],
    ];
    let body: Buffer | null = null;
    for (const [target, compress] of targets) {
      const t = fs.statSync(target, { throwIfNoEntry: false });
      if (t && t.mtimeMs >= st.mtimeMs) continue;
      body ??= fs.readFileSync(file);
      const tmp = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, compress(body));
      fs.renameSync(tmp, target);
    }
    if (body) n++;
  }
  return n;
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const t0 = Date.now();
  const n = compressAssets(process.argv[2] ?? "build/client/assets");
  console.log(`compressed ${n} built assets (brotli + gzip) in ${Date.now() - t0} ms`);
}
