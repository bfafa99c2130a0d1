import type { Hono } from "hono";
import type { HonoEnv } from "../context";

export function registerOpsRoutes(app: Hono<HonoEnv>) {
  void app;
}
