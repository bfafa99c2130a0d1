// GET /user/shell.json: what the portal's signed-in shell shows around a page, in one call (the
// user card, notifications, the logo, the fleet tree, the aircraft in context, the caller's levels
// on it and its USERS list). Each part is read by the same function, and under the same rule, as
// the call it stands for (/user/me.json, /user/uambox.json, /user/notifications.json,
// /storage/v2/aircraft.json, /storage/v2/aircraft/{id}.json and files.json, and the ops API's
// /v1/user_access/* reads): a part the caller may not see comes back null, never another user's
// data. Contract: docs/api/auth-and-user.md; schemas: app/models/schemas/shell.ts.
import type { Hono } from "hono";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { Product } from "../db/schema";
import { accessLevel } from "../access";
import { readQuery } from "../http";
import { SHELL_FLEET_MAX, SHELL_FOLDERS_MAX, SHELL_NOTIFICATIONS, ShellQuery, type ShellAnswer } from "../../app/models/schemas/shell";
import { latestNotifications, meAnswer } from "./user";
import { aircraftDto, aircraftUsers as storageUsers, listAircraft, topFolders, visibleAircraft } from "./storage";
import { findAircraftById } from "../ops/common";
import { aircraftUsers as moduleUsers } from "../ops/user-access";

/** Roles whose shell has the fleet tree; a consultant's only with the aerobox flag (spec 000 §6). */
const FLEET_ROLES = new Set<AuthUser["role"]>(["client", "admin", "member"]);

async function shellAnswer(deps: Deps, user: AuthUser, query: ReturnType<typeof ShellQuery.parse>): Promise<ShellAnswer> {
  const [me, notifications, aircraftRow, access] = await Promise.all([
    meAnswer(deps, user),
    latestNotifications(deps, user, SHELL_NOTIFICATIONS),
    query.aircraft_id ? visibleAircraft(deps, user, query.aircraft_id) : null,
    query.aircraft_id ? levels(deps, user, query.aircraft_id) : null,
  ]);
  // As /user/uambox.json answers it.
  const uam = me.user.is_uam || me.organization?.product_type === "UAMBOX";
  const hasFleet = FLEET_ROLES.has(user.role) || (user.role === "consultant" && uam);
  const expanded = hasFleet && query.expand ? (query.expand === query.aircraft_id ? aircraftRow : await visibleAircraft(deps, user, query.expand)) : null;
  const [fleet, folders, users] = await Promise.all([
    hasFleet ? listAircraft(deps, user, { q: query.fleet_q || undefined, page: 1, per_page: SHELL_FLEET_MAX }) : null,
    expanded ? topFolders(deps, expanded, SHELL_FOLDERS_MAX) : null,
    query.aircraft_id && query.users ? usersOf(deps, query.aircraft_id, query.users, aircraftRow, access) : null,
  ]);
  return {
    me,
    uam,
    notifications,
    fleet: fleet ? { aircrafts: fleet.aircrafts, total: fleet.total } : null,
    folders,
    aircraft: aircraftRow ? aircraftDto(aircraftRow, user) : null,
    access,
    users,
  };
}

/** The caller's level on one aircraft in each product (access.ts: staff everywhere, else their grants). */
async function levels(deps: Deps, user: AuthUser, aircraftId: number) {
  const [storage, ops, oil] = await Promise.all((["storage", "ops", "oil"] as Product[]).map((p) => accessLevel(deps, user, aircraftId, p)));
  return { storage, ops, oil };
}

/**
 * The USERS list of a product, only for a caller who may read the aircraft in it: storage's is
 * /storage/v2/aircraft/{id}.json's `users`; ops's and oil's those of /v1/user_access/*_get_msn_access.
 */
async function usersOf(
  deps: Deps,
  aircraftId: number,
  product: Product,
  storageRow: Awaited<ReturnType<typeof visibleAircraft>>,
  access: { storage: unknown; ops: unknown; oil: unknown } | null,
) {
  if (product === "storage") return storageRow ? storageUsers(deps, storageRow) : null;
  if (!access?.[product]) return null;
  const rows = await moduleUsers(deps, await findAircraftById(deps, aircraftId), product);
  return rows.map((u) => ({ user_id: u.user_id, username: u.username, access: u.access }));
}

export function registerShellRoutes(app: Hono<HonoEnv>) {
  app.get("/user/shell.json", async (c) => c.json(await shellAnswer(c.get("deps"), c.get("user"), readQuery(c, ShellQuery))));
}
