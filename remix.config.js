import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are defined by remix-flat-routes (hybrid "+" folders, ADR 028), not by the built-in convention.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      // Route-only helpers live beside their routes with a "__" prefix; styles and tests are not routes.
      ignoredRouteFiles: ["**/.*", "**/*.css.ts", "**/*.test.*", "**/__*.*"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Server-only packages stay external; everything the browser needs is bundled.
  serverDependenciesToBundle: [/^remix-utils.*/],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
