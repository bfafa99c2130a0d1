// The build: Remix's Vite plugin (server build in build/server, browser assets in build/client) with
// vanilla-extract's own plugin; routes come from app/routes.ts.
import { vitePlugin as remix, type VitePluginConfig } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

/** Remix's options, shared with the Workers build (vite.edge.config.ts). */
export const remixOptions: VitePluginConfig = {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};

export default defineConfig({
  plugins: [vanillaExtractPlugin(), remix(remixOptions)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // Server-only packages stay external; remix-utils ships browser code the server build must bundle.
  ssr: { noExternal: [/^remix-utils/] },
  // One stylesheet for the whole app (inlined on a first visit, then cached: app/utils/inline-css.tsx);
  // the server finds its name in the client manifest (scripts/built-assets.ts).
  build: { cssCodeSplit: false, manifest: true },
});
