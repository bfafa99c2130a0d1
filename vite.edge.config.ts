// The Workers build's server half (`npm run build:edge`, scripts/build-edge.ts): the app of
// vite.config.ts with the same Remix options, built for the server only (`vite build --ssr`) into
// build/edge/server against the client manifest of the Node build, so the pages name the very assets
// of build/client. The document renders to a Web stream (render-web.server.tsx). Packages stay
// imports here: esbuild resolves them for workerd when it bundles the worker (edge/worker.ts).
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { remixOptions } from "./vite.config";

const root = new URL(".", import.meta.url).pathname;
const app = (p: string) => `${root}app/${p}`;

/** The app's modules the worker calls itself: entries too, so their exports are kept for it. */
const WORKER_IMPORTS = [app("utils/env.server.ts")];

/**
 * One output file per source module, at its source's path (build/edge/server/app/…), so that the
 * worker's check (scripts/build-edge.ts) can name the module that needs what, and the worker can use
 * the app's own instance of a module; the server build itself stays build/edge/server/index.js.
 * After Remix's plugin, which names every output index.js.
 */
const filePerModule: Plugin = {
  name: "edge-file-per-module",
  enforce: "post",
  options: (options) => ({ ...options, input: [...[options.input ?? []].flat(), ...WORKER_IMPORTS] as string[] }),
  outputOptions: (options) => ({
    ...options,
    preserveModules: true,
    preserveModulesRoot: root,
    entryFileNames: (chunk) => (chunk.facadeModuleId?.includes("virtual:remix/server-build") ? "index.js" : "[name].js"),
  }),
};

export default defineConfig({
  plugins: [vanillaExtractPlugin(), remix({ ...remixOptions, buildDirectory: "build/edge" }), filePerModule],
  resolve: {
    // The first match wins: the render module before the "~" prefix.
    alias: [
      { find: "~/utils/render-node.server", replacement: app("utils/render-web.server.tsx") },
      { find: "~", replacement: app("") },
    ],
  },
  ssr: { noExternal: [/^remix-utils/] },
  build: { cssCodeSplit: false, manifest: true, ssr: true },
});
