/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.css.ts", "**/*.test.*"],
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
    v3_singleFetch: false,
  },
};
