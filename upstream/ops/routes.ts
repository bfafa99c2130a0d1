// The ops and oil API (spec 001 §7, docs/api/ops.md), mounted after requireAuth: every path is "/v1/...".
import type { Hono } from "hono";
import type { HonoEnv } from "../context";
import { registerTabRoutes } from "./tabs";
import { registerDataRoutes } from "./data";
import { registerExportRoutes } from "./exports";
import { registerWorkOrderRoutes } from "./workorders";
import { registerUserAccessRoutes } from "./user-access";
import { registerSpeedTestRoutes } from "./speedtest";
import { registerOilLimitRoutes } from "./oil-limits";

export function registerOpsRoutes(app: Hono<HonoEnv>) {
  registerTabRoutes(app);
  registerDataRoutes(app);
  registerOilLimitRoutes(app);
  registerExportRoutes(app);
  registerWorkOrderRoutes(app);
  registerUserAccessRoutes(app);
  registerSpeedTestRoutes(app);
}
