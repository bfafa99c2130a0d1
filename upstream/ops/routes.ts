// The ops and oil API (spec 001 §7, docs/api/ops.md): every path is "/v1/...", all behind the sign-in
// check but a signature's public verification and key (ADR 088).
import type { Hono, MiddlewareHandler } from "hono";
import type { HonoEnv } from "../context";
import { registerTabRoutes } from "./tabs";
import { registerDataRoutes } from "./data";
import { registerExportRoutes } from "./exports";
import { registerWorkOrderRoutes } from "./workorders";
import { registerUserAccessRoutes } from "./user-access";
import { registerSpeedTestRoutes } from "./speedtest";
import { registerOilLimitRoutes } from "./oil-limits";
import { registerPublicSignatureRoutes, registerSignatureRoutes } from "./signatures";

/** Every route of the ops API (one list: the OpenAPI test reads it too): the public signature
 *  verification and key, then, behind `signedIn`, the rest. */
export function registerOpsRoutes(app: Hono<HonoEnv>, signedIn?: MiddlewareHandler<HonoEnv>) {
  registerPublicSignatureRoutes(app);
  if (signedIn) app.use("*", signedIn);
  registerTabRoutes(app);
  registerDataRoutes(app);
  registerOilLimitRoutes(app);
  registerExportRoutes(app);
  registerWorkOrderRoutes(app);
  registerUserAccessRoutes(app);
  registerSpeedTestRoutes(app);
  registerSignatureRoutes(app);
}
