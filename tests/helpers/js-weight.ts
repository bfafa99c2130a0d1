// The JavaScript each page makes the browser download, read from a production build (issue 12):
// Remix's browser manifest (public/build/manifest-*.js) lists, for the entry and for every route, its
// module and the shared chunks it imports; a page downloads the entry, and the module and imports of
// every route of its chain (root → layouts → the page), each file once. Chunks imported with import()
// (the speed test's engine, code that waits for an interaction) are not in the manifest's lists and
// are not counted: they are not fetched when the page loads.
//
// esbuild's metafile (build/metafile.js.json, written by `remix build`) says which sources each
// output holds: it tells pages from resource routes and finds the islands.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The floor: the empty Remix v2 page on this stack (the template's root with Links, Meta, Outlet,
 * ScrollRestoration and Scripts, an index route that renders one heading, Remix's default
 * entry.client), built for production with the same node_modules: entry, root and index route,
 * gzip -9, de-duplicated. Measured 2026-11-24 with `npx tsx bench/js-floor.ts` (React 18.3.1,
 * react-dom 18.3.1, @remix-run/react 2.17.5): 85,988 bytes. React and the Remix runtime alone are
 * 85,518 of it. Measure again when React or Remix change; the budget test checks that this build's
 * own entry still matches it.
 */
export const JS_FLOOR_BYTES = 85_988;
/** What a page without an island may add to the floor (issue 12). */
export const JS_BUDGET_OVER_FLOOR_BYTES = 10 * 1024;

/** Sources that make a page an island (their code is the point of the page). */
export const ISLAND_SOURCES: { name: string; test: RegExp }[] = [
  { name: "upload dialog", test: /^app\/components\/upload-dialog\// },
  { name: "tab data grid", test: /^app\/components\/(tab-grid|data-grid)\// },
  // The consultant's photo and resume upload (the upload engine with progress), on the profile's
  // documents tab only: its own route since ADR 065, the other tabs are server markup.
  { name: "profile upload", test: /^app\/components\/profile-tabs\/document-upload/ },
];

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
interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }>; imports: { path: string; kind: string }[]; entryPoint?: string }>;
}

export interface Build {
  root: string;
  manifest: Manifest;
  metafile: Metafile;
  /** gzip -9 size of a built file, by its URL ("/build/…"). */
  gzip: (url: string) => number;
  /** Where the manifest came from (for messages). */
  manifestFile: string;
}

export function readBuild(root = process.cwd()): Build {
  const dir = path.join(root, "public/build");
  const manifests = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /^manifest-[A-Z0-9]+\.js$/.test(f))
        .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t)
    : [];
  if (!manifests.length) throw new Error("No production build in public/build: run `NODE_ENV=production npx remix build` (npm test does).");
  const manifestFile = path.join(dir, manifests[0]!.f);
  const text = fs.readFileSync(manifestFile, "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as Metafile;
  const sizes = new Map<string, number>();
  const gzip = (url: string) => {
    let n = sizes.get(url);
    if (n === undefined) {
      n = zlib.gzipSync(fs.readFileSync(path.join(root, "public", url)), { level: 9 }).length;
      sizes.set(url, n);
    }
    return n;
  };
  return { root, manifest, metafile, gzip, manifestFile };
}

/** The build's mode and whether app/ changed after it (a stale build measures old code). */
export function buildProblems(root = process.cwd()): string[] {
  const problems: string[] = [];
  const index = path.join(root, "build/index.js");
  if (!fs.existsSync(index)) return ["No server build (build/index.js): run `NODE_ENV=production npx remix build`."];
  if (!/\bmode = "production"/.test(fs.readFileSync(index, "utf8"))) problems.push("The build is not a production build (NODE_ENV=production npx remix build).");
  const builtAt = fs.statSync(index).mtimeMs;
  const newest = (p: string): number => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
  };
  const changed = ["app", "remix.config.js", "package.json"].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p) && newest(p) > builtAt);
  if (changed.length) problems.push(`Sources changed after the build (${changed.map((p) => path.relative(root, p)).join(", ")}): build again.`);
  return problems;
}

const outputKey = (url: string) => `public${url}`;

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

/** The app sources an output holds (paths relative to the project, e.g. app/root.tsx). */
export function sourcesOf(build: Build, url: string): { source: string; bytes: number }[] {
  const out = build.metafile.outputs[outputKey(url)];
  if (!out) return [];
  return Object.entries(out.inputs).map(([source, v]) => ({ source, bytes: v.bytesInOutput }));
}

/** A route with a UI: its source exports a component (resource routes export only loaders and actions). */
export function hasUi(build: Build, id: string): boolean {
  const r = build.manifest.routes[id];
  const entry = r && build.metafile.outputs[outputKey(r.module)]?.entryPoint;
  const file = entry?.replace(/^browser-route-module:/, "").replace(/\?browser$/, "");
  if (!file) return false;
  const source = fs.readFileSync(path.join(build.root, "app", file), "utf8");
  return /export\s+default\b|export\s*\{[^}]*\bdefault\b[^}]*\}\s*from/.test(source);
}

export interface PageWeight {
  id: string;
  /** The URL pattern, e.g. /storage/aircraft/:aircraftId/files. */
  url: string;
  files: string[];
  gzip: number;
  overFloor: number;
  /** The island it carries (upload dialog, tab data grid), or null. */
  island: string | null;
}

export function urlOf(build: Build, id: string): string {
  const parts = routeChain(build, id)
    .map((r) => r.path ?? "")
    .filter(Boolean);
  return "/" + parts.join("/");
}

/** Every page: a route with a UI and no child route with a UI (layouts render only around a page). */
export function pages(build: Build): PageWeight[] {
  const ids = Object.keys(build.manifest.routes).filter((id) => hasUi(build, id));
  const parents = new Set(ids.map((id) => build.manifest.routes[id]!.parentId).filter(Boolean));
  return ids
    .filter((id) => !parents.has(id))
    .map((id) => {
      const files = pageFiles(build, id);
      const gzip = files.reduce((n, f) => n + build.gzip(f), 0);
      const sources = files.flatMap((f) => sourcesOf(build, f).map((s) => s.source));
      const island = ISLAND_SOURCES.find((i) => sources.some((s) => i.test.test(s)))?.name ?? null;
      return { id, url: urlOf(build, id), files, gzip, overFloor: gzip - JS_FLOOR_BYTES, island };
    })
    .sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
}

/** The entry alone (React, react-dom, the Remix runtime and app/entry.client.tsx), gzip. */
export function entryBytes(build: Build): number {
  return [build.manifest.entry.module, ...build.manifest.entry.imports].reduce((n, f) => n + build.gzip(f), 0);
}

/**
 * Where a page's bytes above the entry come from: each app source (or package) with its share of the
 * gzip size of the files that hold it (a file's gzip bytes split by the raw bytes of its sources).
 */
export function breakdown(build: Build, id: string): { source: string; gzip: number }[] {
  const entry = new Set([build.manifest.entry.module, ...build.manifest.entry.imports]);
  const by = new Map<string, number>();
  for (const f of pageFiles(build, id)) {
    if (entry.has(f)) continue;
    const srcs = sourcesOf(build, f);
    const raw = build.metafile.outputs[outputKey(f)]?.bytes ?? 1;
    const gz = build.gzip(f);
    let counted = 0;
    for (const s of srcs) {
      const name = s.source.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1").replace(/^empty-module:.*$/, "(.server stubs)").replace(/^browser-route-module:.*$/, "(route shims)");
      const share = (s.bytes / raw) * gz;
      counted += share;
      by.set(name, (by.get(name) ?? 0) + share);
    }
    // What no source holds: the chunk's own import/export statements and gzip's framing.
    by.set("(chunk overhead)", (by.get("(chunk overhead)") ?? 0) + gz - counted);
  }
  return [...by].map(([source, gzip]) => ({ source, gzip })).sort((a, b) => b.gzip - a.gzip);
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Style modules (*.css.ts) the server render uses that are missing from the CSS bundle. Remix builds
 * the bundle from the routes' browser-side imports, with *.server modules empty, so a component that
 * only server markup renders (ADR 063) brings its styles only if some route imports them too
 * (`import "~/components/x/x.css";`). Read from the build's metafiles.
 */
export function stylesMissingFromBundle(root = process.cwd()): string[] {
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, "build", f), "utf8")) as { inputs: Record<string, unknown> };
  const bundled = new Set<string>();
  for (const k of Object.keys(read("metafile.css.json").inputs)) {
    const ns = /^vanilla-extract-plugin-ns:(.+\.css\.ts)\.vanilla\.css$/.exec(k);
    if (ns) bundled.add(`app/${ns[1]}`);
  }
  return Object.keys(read("metafile.server.json").inputs)
    .filter((k) => k.endsWith(".css.ts") && !bundled.has(k))
    .sort();
}
