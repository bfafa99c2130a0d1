// The admin area of the main API (mounted after requireAuth): organizations and aircraft, people,
// the IP whitelist, user access control, the search-index rebuild, file-server users and groups,
// analytics and the audit log. Contract: docs/api/admin.md; schemas: app/models/schemas/admin.ts.
import type { Hono } from "hono";
import type { Deps, HonoEnv } from "../context";
import { registerOrganizationRoutes } from "../admin/organizations";
import { registerPeopleRoutes } from "../admin/people";
import { registerIpWhitelistRoutes } from "../admin/ipwhitelist";
import { registerAccessRoutes } from "../admin/access";
import { registerReindexRoutes, startReindexWorker } from "../admin/reindex";
import { registerFileServerRoutes } from "../admin/fileserver";
import { registerInsightRoutes } from "../admin/insights";

export function registerAdminRoutes(app: Hono<HonoEnv>) {
  registerOrganizationRoutes(app);
  registerPeopleRoutes(app);
  registerIpWhitelistRoutes(app);
  registerAccessRoutes(app);
  registerReindexRoutes(app);
  registerFileServerRoutes(app);
  registerInsightRoutes(app);
}

/** Background work of the admin area (the search-index rebuild worker). Returns a stop function. */
export function startAdminWorkers(deps: Deps): () => void {
  return startReindexWorker(deps);
}
