import type { AccessLevel, Product } from "./db/schema";
import type { AuthUser, Deps } from "./context";
import { notFound, refuse } from "./http";

const RANK: Record<AccessLevel, number> = { read: 1, write: 2, su_write: 3 };

export const ACCESS_LABEL: Record<AccessLevel, string> = {
  read: "Read Access",
  write: "Edit Access",
  su_write: "Super User",
};

/** Roles that see every organization's aircraft with full rights. */
export const isStaff = (u: Pick<AuthUser, "role">) => u.role === "admin" || u.role === "member";

/**
 * A user's access level to one aircraft for one product, or null.
 * Staff (admin, member) have su_write everywhere. Everyone else needs a grant in aircraft_access,
 * and only for aircraft of their own organization (a grant on another organization's aircraft is ignored).
 */
export async function accessLevel(deps: Deps, user: AuthUser, aircraftId: number, product: Product): Promise<AccessLevel | null> {
  if (isStaff(user)) {
    const exists = await deps.db.selectFrom("aircraft").select("id").where("id", "=", aircraftId).executeTakeFirst();
    return exists ? "su_write" : null;
  }
  const row = await deps.db
    .selectFrom("aircraft_access")
    .innerJoin("aircraft", "aircraft.id", "aircraft_access.aircraft_id")
    .select(["aircraft_access.access", "aircraft.organization_id"])
    .where("aircraft_access.user_id", "=", user.id)
    .where("aircraft_access.aircraft_id", "=", aircraftId)
    .where("aircraft_access.product", "=", product)
    .executeTakeFirst();
  if (!row) return null;
  if (user.organization_id != null && row.organization_id !== user.organization_id) return null;
  return row.access;
}

/** Throws 404 when the aircraft is invisible to the user, 422 when the level is too low. */
export async function requireAccess(deps: Deps, user: AuthUser, aircraftId: number, product: Product, min: AccessLevel = "read") {
  const level = await accessLevel(deps, user, aircraftId, product);
  if (!level) throw notFound("That aircraft");
  if (RANK[level] < RANK[min]) {
    throw refuse(
      min === "su_write"
        ? `You have ${ACCESS_LABEL[level]} to this aircraft. Only a Super User can do this.`
        : `You have ${ACCESS_LABEL[level]} to this aircraft. Edit Access is needed to change its records.`,
    );
  }
  return level;
}

/** Ids of the aircraft a user may see for a product (staff: all, optionally one organization). */
export async function visibleAircraftIds(deps: Deps, user: AuthUser, product: Product, organizationId?: number | null): Promise<number[]> {
  if (isStaff(user)) {
    let q = deps.db.selectFrom("aircraft").select("id");
    if (organizationId) q = q.where("organization_id", "=", organizationId);
    return (await q.execute()).map((r) => r.id);
  }
  let q = deps.db
    .selectFrom("aircraft_access")
    .innerJoin("aircraft", "aircraft.id", "aircraft_access.aircraft_id")
    .select("aircraft.id")
    .where("aircraft_access.user_id", "=", user.id)
    .where("aircraft_access.product", "=", product);
  if (user.organization_id != null) q = q.where("aircraft.organization_id", "=", user.organization_id);
  if (organizationId) q = q.where("aircraft.organization_id", "=", organizationId);
  return (await q.execute()).map((r) => r.id);
}

export const atLeast = (level: AccessLevel | null, min: AccessLevel) => level != null && RANK[level] >= RANK[min];
export function requireRole(user: AuthUser, roles: AuthUser["role"][]) {
  if (!roles.includes(user.role)) throw refuse("Your role does not allow this.");
}
