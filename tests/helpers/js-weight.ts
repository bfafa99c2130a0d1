// The JavaScript a page makes the browser download. servedPageJs reads it from a page's served HTML
// (its scripts and module preloads, the page script's imports, the widgets it names); the rest reads
// a production build: Remix's browser manifest (build/client/assets/manifest-*.js) lists, for the entry
// and every route, its module and the shared chunks it imports (the Remix floor, bench/js-floor.ts).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ON_FIRST_USE } from "~/plain/widgets";

/**
 * The floor: the empty Remix v2 page on this stack (the template's root with Links, Meta, Outlet,
 * ScrollRestoration and Scripts, an index route that renders one heading, Remix's default
 * entry.client), built for production with the same node_modules: entry, root and index route,
 * gzip -9, de-duplicated. Measured 2026-11-24 with `npx tsx bench/js-floor.ts` (React 18.3.1,
 * react-dom 18.3.1, @remix-run/react 2.17.5): 85,988 bytes. React and the Remix runtime alone are
 * 85,518 of it. Measure again when React or Remix change; the budget test checks that this build's
 * own entry still matches it.
 */
export const JS_FLOOR_BYTES = 86_292;
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface Build {
  root: string;
  manifest: Manifest;
  /** gzip -9 size of a built file, by its URL ("/assets/…"). */
  gzip: (url: string) => number;
  /** Where the manifest came from (for messages). */
  manifestFile: string;
}

export function readBuild(root = process.cwd()): Build {
  const dir = path.join(root, "build/client/assets");
  const manifests = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^manifest-[a-z0-9]+\.js$/i.test(f)) : [];
  if (manifests.length !== 1) throw new Error(`Expected one Remix browser manifest in build/client/assets, found ${manifests.length}: run \`npm run build\` (npm test does).`);
  const manifestFile = path.join(dir, manifests[0]!);
  const text = fs.readFileSync(manifestFile, "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
  const gzip = (url: string) => gzipOf(root, url);
  return { root, manifest, gzip, manifestFile };
}

/** The build's mode and whether app/ changed after it (a stale build measures old code). */
export function buildProblems(root = process.cwd()): string[] {
  const problems: string[] = [];
  const index = path.join(root, "build/server/index.js");
  if (!fs.existsSync(index)) return ["No server build (build/server/index.js): run `npm run build`."];
  const serverFiles = [index, ...fs.readdirSync(path.join(root, "build/server/assets")).map((f) => path.join(root, "build/server/assets", f))];
  if (!serverFiles.some((f) => /\bmode = "production"/.test(fs.readFileSync(f, "utf8")))) problems.push("The build is not a production build (npm run build).");
  const builtAt = fs.statSync(index).mtimeMs;
  const newest = (p: string): number => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
  };
  const changed = ["app", "vite.config.ts", "package.json"].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p) && newest(p) > builtAt);
  if (changed.length) problems.push(`Sources changed after the build (${changed.map((p) => path.relative(root, p)).join(", ")}): build again.`);
  return problems;
}

/** The route chain of a route: root first. */
export function routeChain(build: Build, id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let r: ManifestRoute | undefined = build.manifest.routes[id]; r; r = r.parentId ? build.manifest.routes[r.parentId] : undefined) chain.unshift(r);
  return chain;
}

/** The files a page downloads when it loads: the entry, then each route's module and imports. */
export function pageFiles(build: Build, id: string): string[] {
  const files = new Set<string>([build.manifest.entry.module, ...build.manifest.entry.imports]);
  for (const r of routeChain(build, id)) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files];
}

/** The entry alone (React, react-dom, the Remix runtime and app/entry.client.tsx), gzip. */
export function entryBytes(build: Build): number {
  return [build.manifest.entry.module, ...build.manifest.entry.imports].reduce((n, f) => n + build.gzip(f), 0);
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Class names the server's render styles that the browser's stylesheet lacks. Vite builds the
 * stylesheet from what the browser's modules import; the server build makes its own copy from the
 * server's modules (scripts/build.ts keeps it as build/.vite/server-style.css): a style module only
 * server code imports would be missing from the first and present in the second.
 */
export function stylesMissingFromBundle(root = process.cwd()): string[] {
  const classes = (file: string) => new Set([...fs.readFileSync(file, "utf8").matchAll(/\.([_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
  const css = fs.readdirSync(path.join(root, "build/client/assets")).find((f) => /^style-.*\.css$/.test(f));
  if (!css) return ["no stylesheet in build/client/assets"];
  const browser = classes(path.join(root, "build/client/assets", css));
  return [...classes(path.join(root, "build/.vite/server-style.css"))].filter((c) => !browser.has(c)).sort();
}

/** What the page script's build says (scripts/build-plain.ts writes build/plain-manifest.json). */
interface PlainManifest {
  entry: string;
  modules: Record<string, string>;
  imports: Record<string, string[]>;
  dynamicImports: Record<string, string[]>;
}

/**
 * The page script's own chunks that a page loads when it opens, without a user action (the others,
 * the drawer, the snackbar, the collapse and export forms' modules, load on a press): the router's part
 * on a page that hydrates, the dialog's rules on a page that shows a dialog.
 */
const PAGE_SCRIPT_LOADS: { module: string; when: (html: string, hydrated: boolean) => boolean }[] = [
  { module: "app/plain/hydrated.ts", when: (_html, hydrated) => hydrated },
  { module: "app/plain/dialog.ts", when: (html) => /<dialog\b[^>]*\sdata-dialog/.test(html) },
];

export interface ServedPageJs {
  /** The page ships Remix's scripts (its route asks to hydrate). */
  hydrated: boolean;
  /** The widgets its HTML names (data-plain) that load with the page. */
  widgets: string[];
  /** The widgets its HTML names that load on their first use (ON_FIRST_USE, app/plain/widgets.ts): not counted. */
  onUse: string[];
  /** Every JavaScript file the page loads when it opens, each once. */
  files: string[];
  gzip: number;
}

/**
 * The JavaScript a page's served HTML makes the browser load when it opens: its module scripts and
 * module preloads (Remix's when it hydrates, the page script's), the page script's static imports and
 * the chunks of its own it loads for such a page (PAGE_SCRIPT_LOADS), and the widget modules its
 * elements name (data-plain="name" → app/plain/widgets/name.ts) with all they import, dynamically too
 * (a widget's code runs without a user action: what it imports may load at once). What loads later on
 * a user's action (a widget of ON_FIRST_USE, the page script's chunks for a press, the export module,
 * Remix's lazily discovered routes) is not counted.
 */
export function servedPageJs(html: string, root = process.cwd()): ServedPageJs {
  const plain = JSON.parse(fs.readFileSync(path.join(root, "build/plain-manifest.json"), "utf8")) as PlainManifest;
  const files = new Set<string>();
  /** A file and its static imports; with `dynamic`, what they import dynamically as well. */
  const add = (url: string, dynamic = false) => {
    if (files.has(url)) return;
    files.add(url);
    for (const i of plain.imports[url] ?? []) add(i, dynamic);
    if (dynamic) for (const i of plain.dynamicImports[url] ?? []) add(i, true);
  };
  const module = (name: string) => {
    const file = plain.modules[name];
    if (!file) throw new Error(`The page script's build has no ${name} (build/plain-manifest.json): a widget the page names but the build lacks, or a stale build.`);
    return file;
  };
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="(\/assets\/[^"]+\.js)"/g)) add(m[1]!);
  // Remix's inline module script imports the entry and the matched routes' modules.
  for (const m of html.matchAll(/import \* as route\d+ from "(\/assets\/[^"]+\.js)"|import "(\/assets\/[^"]+\.js)"/g)) add((m[1] ?? m[2])!);
  const hydrated = html.includes("window.__remixContext");
  if (files.has(plain.entry)) for (const load of PAGE_SCRIPT_LOADS) if (load.when(html, hydrated)) add(module(load.module));
  const named = [...new Set([...html.matchAll(/\sdata-plain="([a-z0-9-]+)"/g)].map((m) => m[1]!))];
  const widgets = named.filter((w) => !ON_FIRST_USE.has(w));
  for (const w of named) {
    const file = module(`app/plain/widgets/${w}.ts`);
    if (!ON_FIRST_USE.has(w)) add(file, true);
  }
  const gzip = [...files].reduce((n, f) => n + gzipOf(root, f), 0);
  return { hydrated, widgets, onUse: named.filter((w) => ON_FIRST_USE.has(w)), files: [...files], gzip };
}

const gzipSizes = new Map<string, number>();
function gzipOf(root: string, url: string) {
  let n = gzipSizes.get(url);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(path.join(root, "build/client", url)), { level: 9 }).length;
    gzipSizes.set(url, n);
  }
  return n;
}
