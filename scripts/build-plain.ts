// The portal's plain modules (app/plain/, ADR 073): what a page does in the browser without React
// (the shells' behaviours on data attributes, the speed test, dialogs' focus rules, live refreshes).
// One entry, `app/plain/page.ts`, loaded by every page that is not in Lite mode; each widget is its
// own chunk, imported only when a page has an element that names it (data-plain="…").
// Writes build/client/assets/plain/ (hashed names: served with immutable caching like the app's assets)
// and build/plain-manifest.json, which the server reads at start to name the entry in each page.
//
//   tsx scripts/build-plain.ts            once (npm run build runs it after the Vite build)
//   tsx scripts/build-plain.ts --watch    rebuild on change (npm run dev)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { ASSETS_DIR, CLIENT_DIR, PLAIN_MANIFEST } from "./built-assets";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PLAIN_OUT = path.join(ASSETS_DIR, "plain");
export { PLAIN_MANIFEST };

export interface PlainManifest {
  /** The entry's URL (/assets/plain/page-HASH.js). */
  entry: string;
  /** Each source module (the entry, each widget: app/plain/widgets/<name>.ts, what they import) → the file it is in. */
  modules: Record<string, string>;
  /** Each built file → the files it imports statically (loaded with it). */
  imports: Record<string, string[]>;
  /** Each built file → the files it imports dynamically (import(): loaded when its code asks). */
  dynamicImports: Record<string, string[]>;
}

function options(): esbuild.BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { page: "app/plain/page.ts" },
    outdir: PLAIN_OUT,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    // Chrome 91, not 90: for Chrome up to 90 esbuild writes `?.` out in full (a V8 bug), which costs
    // about 3 % of every file.
    target: ["chrome91", "firefox90", "safari14"],
    minify: true,
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
    metafile: true,
    legalComments: "none",
    // Only DOM code and DOM-free helpers: a React or Remix import here is a mistake.
    external: ["react", "react-dom", "@remix-run/*"],
    logLevel: "warning",
    plugins: [manifestPlugin],
  };
}

const manifestPlugin: esbuild.Plugin = {
  name: "plain-manifest",
  setup(build) {
    build.onStart(() => {
      fs.rmSync(PLAIN_OUT, { recursive: true, force: true });
    });
    build.onEnd((result) => {
      if (result.errors.length || !result.metafile) return;
      const out = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === "app/plain/page.ts");
      if (!out) throw new Error("build-plain: no output for app/plain/page.ts");
      const url = (file: string) => "/" + path.relative(CLIENT_DIR, path.join(root, file)).split(path.sep).join("/");
      const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith(".js"));
      const importsOf = (kind: esbuild.ImportKind) => Object.fromEntries(outputs.map(([f, o]) => [url(f), o.imports.filter((i) => i.kind === kind).map((i) => url(i.path))]));
      const manifest: PlainManifest = {
        entry: url(out[0]),
        modules: Object.fromEntries(outputs.flatMap(([f, o]) => Object.keys(o.inputs).map((input) => [input, url(f)]))),
        imports: importsOf("import-statement"),
        dynamicImports: importsOf("dynamic-import"),
      };
      const bare = outputs.flatMap(([f, o]) => o.imports.filter((i) => i.external).map((i) => `${f} imports ${i.path}`));
      if (bare.length) throw new Error(`build-plain: a plain module imports a package left out of the build (React, Remix?):\n${bare.join("\n")}`);
      fs.mkdirSync(path.dirname(PLAIN_MANIFEST), { recursive: true });
      fs.writeFileSync(PLAIN_MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
    });
  },
};

/** Reads the manifest the last build wrote; null when there is none (a page then loads no plain module). */
export function readPlainManifest(): PlainManifest | null {
  try {
    return JSON.parse(fs.readFileSync(PLAIN_MANIFEST, "utf8")) as PlainManifest;
  } catch {
    return null;
  }
}

export async function buildPlain() {
  await esbuild.build(options());
  return readPlainManifest()!;
}

export async function watchPlain() {
  const ctx = await esbuild.context(options());
  await ctx.watch();
  return ctx;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--watch")) {
    await watchPlain();
    console.log("build-plain: watching app/plain/");
  } else {
    const m = await buildPlain();
    console.log(`build-plain: ${m.entry}`);
  }
}
