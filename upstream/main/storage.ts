import type { Hono } from "hono";
import type { HonoEnv } from "../context";

export function registerStorageRoutes(app: Hono<HonoEnv>) {
  void app;
}
