import type { Hono } from "hono";
import type { HonoEnv } from "../context";

export function registerAdminRoutes(app: Hono<HonoEnv>) {
  void app;
}
