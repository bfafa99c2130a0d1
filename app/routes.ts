// The route tree: remix-flat-routes' hybrid "+" folders (ADR 028), through Remix's route config.
import { type RouteConfig } from "@remix-run/route-config";
import { remixRoutesOptionAdapter } from "@remix-run/routes-option-adapter";
import { flatRoutes } from "remix-flat-routes";

export default remixRoutesOptionAdapter((defineRoutes) =>
  flatRoutes("routes", defineRoutes, {
    // Route-only helpers live beside their routes with a "__" prefix; styles and tests are not routes.
    ignoredRouteFiles: ["**/.*", "**/*.css.ts", "**/*.test.*", "**/__*.*"],
  }),
) satisfies RouteConfig;
