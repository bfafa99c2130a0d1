import type { AccessLevel, Product } from "./db/schema";
import type { AuthUser, Deps } from "./context";
import { deny, notFound, refuse } from "./http";

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
    throw deny(
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
  if (!roles.includes(user.role)) throw deny("Your role does not allow this.");
}

// ---------------------------------------------------------------------------------------------
// Changing access (shared by the admin area and any other grant path; issue 6)
// ---------------------------------------------------------------------------------------------

const PRODUCT_NAME: Record<Product, string> = { storage: "Storage", ops: "AeroOPS", oil: "AeroOIL" };

export interface AccessChange {
  userId: number;
  aircraftIds: number[];
  products: Product[];
  /** The level to set (grant or change), or null to revoke. */
  access: AccessLevel | null;
}

/**
 * Grants, changes (access set) or revokes (access null) one user's access to aircraft for products,
 * in one transaction, audit-logged once per organization touched (action access.grant / access.revoke).
 *
 * Who may: staff everywhere; anyone else needs su_write on every aircraft × product named (a Super User
 * manages the access of the aircraft they super-use). Rules, as on /v1/user_access/ops/*: not on
 * yourself; not for admin or member accounts (they already have full access); consultants only for
 * storage; only aircraft of the target's own organization. 404 for unknown or invisible aircraft or
 * users, 422 for the rest; nothing changes on an error.
 */
export async function changeAircraftAccess(deps: Deps, caller: AuthUser, change: AccessChange) {
  const ids = [...new Set(change.aircraftIds)];
  const products = [...new Set(change.products)];
  if (!ids.length) throw refuse("Choose at least one aircraft.", { aircraft_ids: ["Choose at least one aircraft."] });
  if (!products.length) throw refuse("Choose at least one product.", { products: ["Choose at least one product."] });
  const aircraft = await deps.db
    .selectFrom("aircraft")
    .innerJoin("organizations", "organizations.id", "aircraft.organization_id")
    .select(["aircraft.id", "aircraft.msn", "aircraft.organization_id", "organizations.name as org_name"])
    .where("aircraft.id", "in", ids)
    .execute();
  if (aircraft.length !== ids.length) throw notFound("That aircraft");

  if (!isStaff(caller)) {
    const mine = await deps.db
      .selectFrom("aircraft_access")
      .select(["aircraft_id", "product", "access"])
      .where("user_id", "=", caller.id)
      .where("aircraft_id", "in", ids)
      .execute();
    for (const a of aircraft) {
      if (caller.organization_id != null && a.organization_id !== caller.organization_id) throw notFound("That aircraft");
      const levels = mine.filter((m) => m.aircraft_id === a.id);
      if (!levels.length) throw notFound("That aircraft");
      for (const p of products) {
        const level = levels.find((m) => m.product === p)?.access ?? null;
        if (!atLeast(level, "su_write")) {
          throw deny(`Only a Super User of MSN ${a.msn} in ${PRODUCT_NAME[p]} can manage its access.`);
        }
      }
    }
  }

  const target = await deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "role", "organization_id"])
    .where("id", "=", change.userId)
    .executeTakeFirst();
  if (!target || (!isStaff(caller) && target.organization_id != null && target.organization_id !== caller.organization_id)) throw notFound("That user");
  if (target.id === caller.id) throw refuse("You cannot change your own access.");
  if (target.role === "admin" || target.role === "member") throw refuse(`${target.username} is ${target.role === "admin" ? "an admin" : "a member"} and already has full access.`);
  if (target.role === "consultant" && products.some((p) => p !== "storage")) throw refuse("Consultants can only be given Storage access.");
  for (const a of aircraft) {
    if (target.organization_id != null && target.organization_id !== a.organization_id) throw refuse(`${target.username} does not belong to ${a.org_name}.`);
  }

  let changed = 0;
  await deps.db.transaction().execute(async (trx) => {
    if (change.access === null) {
      const res = await trx
        .deleteFrom("aircraft_access")
        .where("user_id", "=", target.id)
        .where("aircraft_id", "in", ids)
        .where("product", "in", products)
        .executeTakeFirst();
      changed = Number(res.numDeletedRows);
      return;
    }
    const level = change.access;
    const rows = aircraft.flatMap((a) => products.map((p) => ({ user_id: target.id, aircraft_id: a.id, product: p, access: level, granted_by: caller.id })));
    for (let i = 0; i < rows.length; i += 500) {
      const res = await trx
        .insertInto("aircraft_access")
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc
            .columns(["user_id", "aircraft_id", "product"])
            .doUpdateSet({ access: level, granted_by: caller.id })
            .where("aircraft_access.access", "!=", level),
        )
        .executeTakeFirst();
      changed += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
  });

  const which = aircraft.length === 1 ? `MSN ${aircraft[0].msn}` : `${aircraft.length} aircraft`;
  const productList = products.map((p) => PRODUCT_NAME[p]).join(", ");
  if (change.access === null && changed === 0) throw refuse(`${target.username} has no ${productList} access to remove there.`);
  const byOrg = new Map<number, number[]>();
  for (const a of aircraft) byOrg.set(a.organization_id, [...(byOrg.get(a.organization_id) ?? []), a.id]);
  for (const [organizationId, aircraftIds] of byOrg) {
    await deps.audit.log({
      userId: caller.id,
      action: change.access === null ? "access.revoke" : "access.grant",
      entity: "user",
      entityId: target.id,
      organizationId,
      detail: { user_id: target.id, aircraft_ids: aircraftIds, products, access: change.access, changed },
      ip: caller.ip,
    });
  }
  const message =
    change.access === null
      ? `${target.username} no longer has ${productList} access to ${which}.`
      : `${target.username} now has ${ACCESS_LABEL[change.access]} to ${which} (${productList}).`;
  return { message, changed, aircraftCount: aircraft.length, target };
}
