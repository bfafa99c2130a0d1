// `npm run build:edge`: the portal for Cloudflare Workers as one module, build/edge/worker.js.
//   1. the Node build when it is stale (scripts/build-if-stale.ts): build/client is what both serve;
//   2. Remix's server build for Workers (vite.edge.config.ts) into build/edge/server, made against the
//      Node build's client manifest so it names the same assets;
//   3. esbuild bundles edge/worker.ts with it for workerd: the packages' worker and browser exports,
//      @remix-run/node resolved to @remix-run/cloudflare, the page script and stylesheet names written in;
//   4. the check: every Node built-in (`node:*` or bare), every use of a Node global (Buffer, process,
//      setImmediate, __dirname) and every native module in the bundle is printed with the file that
//      brings it in, and fails the build (but what NEVER_RUN names); the size (gzip) too;
//   5. build/client gets the platform's _headers (immutable /assets/) and .assetsignore (the .br and
//      .gz copies: the platform compresses by itself).
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { BUILD_DIR, CLIENT_DIR, CLIENT_MANIFEST, SERVER_BUILD, loadStylesheet, readPageScript } from "./built-assets";
import { buildIfStale, newestMtime } from "./build-if-stale";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const EDGE_DIR = path.join(BUILD_DIR, "edge");
export const WORKER_BUNDLE = path.join(EDGE_DIR, "worker.js");
const EDGE_SERVER_BUILD = path.join(EDGE_DIR, "server/index.js");
/** What the worker is made of beyond the Node build (which step 1 keeps fresh). */
const EDGE_SOURCES = ["app", "edge", "vite.config.ts", "vite.edge.config.ts", "scripts/build-edge.ts", "package-lock.json"];

/**
 * Node-only code in the bundle that no request reaches: allowed, nothing to move. Anything else the
 * check finds fails the build.
 */
export const NEVER_RUN: { need: string; from: string; why: string }[] = [
  { need: "process", from: "node_modules/@remix-run/server-runtime", why: "broadcastDevReady (process.env.REMIX_DEV_ORIGIN), the classic development server's ping" },
];

/** Node's globals, which workerd has only with nodejs_compat (process.env.NODE_ENV is written in at build time). */
const NODE_GLOBALS = ["Buffer", "process", "setImmediate", "clearImmediate", "__dirname", "__filename", "global"];
const GLOBAL_MARK = "__nodeGlobal_";

export interface Finding {
  need: string;
  from: string;
}

const rel = (p: string) => path.relative(root, p).split(path.sep).join("/");
/** The sources of the edge server build's files (one per module: vite.edge.config.ts), by file. */
let sourceOf = new Map<string, string>();
/** Who a file of the bundle speaks for: its package (node_modules/<name>), or the app's source file. */
function owner(file: string): string {
  const r = rel(file);
  const m = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(r);
  if (m) return `node_modules/${m[1]}`;
  return sourceOf.get(path.relative(path.join(EDGE_DIR, "server"), file).split(path.sep).join("/")) ?? r;
}

const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith("_")));
const RESOLVING = Symbol("resolving");

/**
 * Finds what a Web runtime lacks while esbuild bundles: built-in modules (kept as `node:` imports, so
 * the bundle is still made and the list complete; a require() of one becomes an import, since an ES
 * module on workerd has no require) and `.node` addons.
 */
function nodeOnly(found: Finding[]): esbuild.Plugin {
  return {
    name: "node-only",
    setup(b) {
      b.onResolve({ filter: /^(node:)?[a-z][a-z0-9_/]*$/ }, async (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        if (args.namespace === "node-builtin") return { path: args.path, external: true };
        const name = args.path.replace(/^node:/, "");
        if (!BUILTINS.has(name)) return undefined;
        // A bare name that a package answers (events, buffer, punycode…) is that package, as in a browser.
        if (!args.path.startsWith("node:")) {
          const pkg = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: RESOLVING });
          if (!pkg.errors.length && pkg.path && !pkg.external) return undefined;
        }
        found.push({ need: `node:${name.split("/")[0]}`, from: owner(args.importer) });
        if (args.kind === "require-call") return { path: `node:${name}`, namespace: "node-builtin" };
        return { path: `node:${name}`, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => ({ contents: `import m from ${JSON.stringify(args.path)}; module.exports = m;`, loader: "js" }));
      b.onResolve({ filter: /\.node$/ }, (args) => {
        found.push({ need: args.path, from: owner(args.importer) });
        return { path: args.path, external: true };
      });
    },
  };
}

/** Packages in the bundle that carry a native addon (a .node file, binding.gyp, or napi metadata). */
function nativePackages(inputs: string[]): string[] {
  const dirs = new Set(inputs.map((i) => owner(path.join(root, i))).filter((o) => o.startsWith("node_modules/")));
  return [...dirs].filter((d) => {
    const dir = path.join(root, d);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    return pkg.gypfile || pkg.napi || pkg.binary || fs.existsSync(path.join(dir, "binding.gyp")) || fs.readdirSync(dir).some((f) => f.endsWith(".node"));
  });
}

/**
 * Uses of Node's globals, each with the module it is in: the bundle (not minified) begins each
 * module's code with a `// path` comment, and every free use of a global was renamed by `define`.
 * A module that tests `typeof X` is taken to detect the global before it uses it (React's scheduler
 * and setImmediate): listed apart, not counted.
 */
function globalUses(code: string, globalsFile: string): { uses: Finding[]; detected: Finding[] } {
  const uses = new Map<string, Finding>();
  const detected = new Map<string, Finding>();
  let from = "";
  for (const line of code.split("\n")) {
    const m = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (m) from = owner(path.join(root, m[1]!));
    if (from === rel(globalsFile)) continue; // the definitions themselves
    for (const g of line.matchAll(new RegExp(`(typeof )?${GLOBAL_MARK}(\\w+)(\\.)?`, "g"))) {
      const f = { need: g[2]!, from };
      (g[1] && !g[3] ? detected : uses).set(`${f.need} ${from}`, f);
    }
  }
  return { uses: [...uses.values()].filter((f) => !detected.has(`${f.need} ${f.from}`)), detected: [...detected.values()] };
}

export function edgeIsStale(): boolean {
  try {
    const builtAt = fs.statSync(WORKER_BUNDLE).mtimeMs;
    return builtAt < Math.max(fs.statSync(SERVER_BUILD).mtimeMs, ...EDGE_SOURCES.map((s) => newestMtime(path.join(root, s))));
  } catch {
    return true;
  }
}

export async function buildEdge({ quiet = false } = {}): Promise<{ bytes: number; gzip: number; findings: Finding[]; detected: Finding[] }> {
  buildIfStale({ quiet });

  // 2. Remix's server build, against the Node build's client manifest (where Remix's plugin looks for it).
  fs.rmSync(EDGE_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(EDGE_DIR, "client/.vite"), { recursive: true });
  fs.copyFileSync(CLIENT_MANIFEST, path.join(EDGE_DIR, "client/.vite/manifest.json"));
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const vite = spawnSync(npx, ["vite", "build", "--ssr", "--config", "vite.edge.config.ts", ...(quiet ? ["--logLevel", "warn"] : [])], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (vite.status !== 0) {
    if (quiet) process.stderr.write(`${vite.stdout?.toString()}${vite.stderr?.toString()}`);
    throw new Error("the edge server build failed");
  }
  // Its browser-side leftovers are copies of build/client's (the same Remix manifest, the server's
  // stylesheet): dropped, so nothing but build/client is ever served.
  fs.rmSync(path.join(EDGE_DIR, "client"), { recursive: true, force: true });
  const viteManifest = JSON.parse(fs.readFileSync(path.join(EDGE_DIR, "server/.vite/manifest.json"), "utf8")) as Record<string, { file: string; src?: string }>;
  sourceOf = new Map(Object.values(viteManifest).flatMap((c) => (c.src ? [[c.file, c.src] as const] : [])));

  // 3. and 4. One module for workerd, and what it holds that a Web runtime lacks.
  const { code, findings, detected } = await bundleForWorkerd({
    entry: path.join(root, "edge/worker.ts"),
    outfile: WORKER_BUNDLE,
    quiet,
    define: { __BUILT_ASSETS__: JSON.stringify({ pageScript: readPageScript(), stylesheet: loadStylesheet() }) },
    plugins: [
      {
        name: "server-build",
        setup(b) {
          b.onResolve({ filter: /^virtual:edge\/server-build$/ }, () => ({ path: EDGE_SERVER_BUILD }));
          // An app module the worker imports is the server build's own copy: one instance of each, so
          // the settings the worker hands to env.server.ts are those the app reads.
          const builtFor = new Map([...sourceOf].map(([file, src]) => [src, path.join(EDGE_DIR, "server", file)]));
          b.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData === RESOLVING || args.importer.startsWith(path.join(EDGE_DIR, "server"))) return undefined;
            const source = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: RESOLVING });
            const built = source.path && builtFor.get(rel(source.path));
            return built ? { path: built } : undefined;
          });
        },
      },
    ],
  });

  // 5. The platform's static assets: build/client with immutable /assets/, without the .br/.gz copies.
  fs.writeFileSync(path.join(CLIENT_DIR, "_headers"), "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
  fs.writeFileSync(path.join(CLIENT_DIR, ".assetsignore"), "*.br\n*.gz\n");

  return { bytes: Buffer.byteLength(code), gzip: zlib.gzipSync(code).length, findings, detected };
}

/**
 * Bundles `entry` into one ES module for workerd (the packages' workerd, worker and browser exports;
 * @remix-run/node resolved to @remix-run/cloudflare), not minified, as wrangler deploys by default
 * (readable stack traces; globalUses reads it). Answers the code and what in it a Web runtime lacks.
 */
export async function bundleForWorkerd(opts: { entry: string; outfile: string; quiet?: boolean; define?: Record<string, string>; plugins?: esbuild.Plugin[] }) {
  const found: Finding[] = [];
  // Each free use of a Node global is renamed (define) to one defined as the real global (inject): the
  // bundle behaves as before, and its uses can be found.
  const globalsFile = path.join(path.dirname(opts.outfile), "node-globals.js");
  fs.mkdirSync(path.dirname(opts.outfile), { recursive: true });
  fs.writeFileSync(globalsFile, NODE_GLOBALS.map((g) => `export const ${GLOBAL_MARK}${g} = globalThis.${g};`).join("\n"));
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [opts.entry],
      outfile: opts.outfile,
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      conditions: ["workerd", "worker", "browser"],
      minify: false,
      legalComments: "none",
      metafile: true,
      logLevel: opts.quiet ? "error" : "warning",
      alias: { "@remix-run/node": "@remix-run/cloudflare" },
      define: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        ...opts.define,
        ...Object.fromEntries(NODE_GLOBALS.map((g) => [g, `${GLOBAL_MARK}${g}`])),
      },
      inject: [globalsFile],
      plugins: [nodeOnly(found), ...(opts.plugins ?? [])],
    });
    const code = fs.readFileSync(opts.outfile, "utf8");
    const globals = globalUses(code, globalsFile);
    found.push(...globals.uses);
    for (const p of nativePackages(Object.keys(result.metafile.inputs))) found.push({ need: p, from: p });
    const findings = [...new Map(found.map((f) => [`${f.need} ${f.from}`, f])).values()].sort((a, b) => a.from.localeCompare(b.from) || a.need.localeCompare(b.need));
    return { code, findings, detected: globals.detected };
  } finally {
    fs.rmSync(globalsFile, { force: true });
  }
}

/** The check's verdict: what the bundle holds that a Web runtime lacks, and a request may reach. */
export const unexpectedFindings = (findings: Finding[]) => findings.filter((f) => !NEVER_RUN.some((n) => n.need === f.need && n.from === f.from));

/** Builds the worker and prints the check; false when the bundle holds Node-only code. */
export async function buildEdgeChecked({ quiet = false } = {}): Promise<boolean> {
  const { bytes, gzip, findings, detected } = await buildEdge({ quiet });
  const unexpected = unexpectedFindings(findings);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`\nbuild:edge: ${rel(WORKER_BUNDLE)} ${kib(bytes)}, gzip ${kib(gzip)}`);
  if (detected.length) console.log(`Node globals detected before use (typeof), not counted: ${detected.map((f) => `${f.need} in ${f.from}`).join(", ")}`);
  if (unexpected.length) {
    console.error(`\nNode-only code in the worker bundle (a Web runtime has none of it):`);
    for (const f of unexpected) console.error(`  ${f.need.padEnd(18)} ${f.from}`);
  }
  return unexpected.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!(await buildEdgeChecked())) process.exit(1);
}
