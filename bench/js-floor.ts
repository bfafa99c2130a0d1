// The JavaScript floor of issue 12: the empty Remix v2 page on this stack. Builds the template's
// smallest app (root with Links, Meta, Outlet, ScrollRestoration and Scripts; an index route with one
// heading; Remix's default entry files; this project's future flags) in a temporary folder against
// this project's node_modules, for production, and adds up what its page downloads (entry, root, index
// route, gzip -9). The budget test pins the result (JS_FLOOR_BYTES in tests/helpers/js-weight.ts).
//   npx tsx bench/js-floor.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { JS_FLOOR_BYTES, pageFiles, readBuild } from "../tests/helpers/js-weight";

export function measureJsFloor(): { bytes: number; files: { url: string; gzip: number }[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-js-floor-"));
  try {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    // The real folder (node_modules may itself be a link): one copy of React for esbuild.
    fs.symlinkSync(fs.realpathSync("node_modules"), path.join(dir, "node_modules"));
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "empty-remix",
        private: true,
        type: "module",
        // isbot listed: without it the build would install it (the default entry.server needs it).
        dependencies: { "@remix-run/node": pkg.dependencies["@remix-run/node"], "@remix-run/react": pkg.dependencies["@remix-run/react"], isbot: pkg.dependencies.isbot, react: pkg.dependencies.react, "react-dom": pkg.dependencies["react-dom"] },
        devDependencies: { "@remix-run/dev": pkg.devDependencies["@remix-run/dev"], vite: pkg.devDependencies.vite },
      }),
    );
    // This project's future flags (vite.config.ts), with the file-system routes of the template.
    const flags = /future:\s*(\{[^}]*\})/.exec(fs.readFileSync("vite.config.ts", "utf8"))![1]!.replace(/v3_routeConfig:\s*true/, "v3_routeConfig: false");
    fs.writeFileSync(
      path.join(dir, "vite.config.ts"),
      `import { vitePlugin as remix } from "@remix-run/dev";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [remix({ future: ${flags} })] });\n`,
    );
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { jsx: "react-jsx", module: "ESNext", moduleResolution: "Bundler", target: "ES2022", strict: true } }));
    fs.mkdirSync(path.join(dir, "app/routes"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "app/root.tsx"),
      `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
`,
    );
    fs.writeFileSync(path.join(dir, "app/routes/_index.tsx"), `export default function Index() {\n  return <h1>Hello</h1>;\n}\n`);
    const r = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", ["remix", "vite:build"], { cwd: dir, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`the build of the empty app failed:\n${r.stdout}\n${r.stderr}`);
    if (!fs.lstatSync(path.join(dir, "node_modules")).isSymbolicLink()) throw new Error("the build installed packages: the measure would not be of this project's node_modules");
    const build = readBuild(dir);
    const files = pageFiles(build, "routes/_index").map((url) => ({ url, gzip: build.gzip(url) }));
    return { bytes: files.reduce((n, f) => n + f.gzip, 0), files };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes, files } = measureJsFloor();
  for (const f of files) console.log(`${String(f.gzip).padStart(7)}  ${f.url}`);
  console.log(`${String(bytes).padStart(7)}  the empty Remix v2 page (${(bytes / 1024).toFixed(2)} KiB gzip); pinned: ${JS_FLOOR_BYTES}`);
}
