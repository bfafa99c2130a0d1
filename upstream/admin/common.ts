// Shared helpers of the admin API (upstream/admin/*): who may call, paging, the summary rows that
// several lists return, and the audit entry every change writes.
import type { Context } from "hono";
import { sql, type Expression, type SqlBool } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { Role } from "../db/schema";
import { deny, notFound, refuse } from "../http";
import type { AdminAircraft, AdminUser, OrganizationSummary } from "../../app/models/schemas/admin";

export type Ctx = Context<HonoEnv>;

export const STAFF_ROLES: Role[] = ["admin", "member"];
/** Roles that may create and view AeroOPS organizations (spec 001 §6: ops_template). */
export const OPS_ADMIN_ROLES: Role[] = ["admin", "member", "ops_template"];

export function ctx(c: Ctx) {
  return { deps: c.get("deps"), user: c.get("user") };
}

/** 422 for a role outside the admin area (the portal has already sent such users to its 401 page). */
export function requireRoles(user: AuthUser, roles: Role[], what = "This is for administrators only.") {
  if (!roles.includes(user.role)) throw deny(what);
}
export const requireStaff = (user: AuthUser) => requireRoles(user, STAFF_ROLES);

export function audit(c: Ctx, action: string, entity: string, entityId: string | number | null, organizationId: number | null, detail?: unknown) {
  const { deps, user } = ctx(c);
  return deps.audit.log({ userId: user.id, action, entity, entityId, organizationId, detail, ip: user.ip });
}

/** Escapes LIKE wildcards: a search for "a_b" finds only "a_b". Use with ESCAPE '\'. */
export const likeContains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
export const likeAny = (columns: string[], q: string): Expression<SqlBool> => {
  const pattern = likeContains(q);
  return sql<SqlBool>`(${sql.join(
    columns.map((col) => sql`lower(${sql.ref(col)}) LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `
  )})`;
};

export const paged = (page: number, perPage: number) => ({ limit: perPage, offset: (page - 1) * perPage });
export const orderDir = (dir: "asc" | "desc") => (dir === "desc" ? sql`DESC` : sql`ASC`);

export function parseId(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound(what);
  const n = Number(raw);
  if (n < 1) throw notFound(what);
  return n;
}

export function isUniqueViolation(err: unknown) {
  return typeof err === "object" && err !== null && "code" in err && String((err as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT_UNIQUE") || (err as { code: unknown }).code === "23505" /* PostgreSQL unique_violation */;
}

// ---------------------------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------------------------

export function organizationsQuery(deps: Deps) {
  return deps.db
    .selectFrom("organizations as o")
    .select([
      "o.id",
      "o.name",
      "o.slug",
      "o.product_type",
      "o.search_all",
      "o.has_ops",
      "o.has_oil",
      "o.client_logo",
      "o.created_at",
      sql<number>`(SELECT count(*) FROM aircraft a WHERE a.organization_id = o.id)`.as("aircraft_count"),
      sql<number>`(SELECT count(*) FROM users u WHERE u.organization_id = o.id)`.as("user_count"),
      sql<number>`(SELECT count(*) FROM ip_whitelist w WHERE w.organization_id = o.id)`.as("whitelist_count"),
    ]);
}
type OrgRow = Awaited<ReturnType<ReturnType<typeof organizationsQuery>["executeTakeFirstOrThrow"]>>;
export const organizationDto = (o: OrgRow): OrganizationSummary => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  product_type: o.product_type,
  search_all: o.search_all === 1,
  has_ops: o.has_ops === 1,
  has_oil: o.has_oil === 1,
  client_logo: o.client_logo,
  created_at: o.created_at,
  aircraft_count: Number(o.aircraft_count),
  user_count: Number(o.user_count),
  whitelist_count: Number(o.whitelist_count),
});

export async function loadOrganization(deps: Deps, id: number): Promise<OrganizationSummary> {
  const row = await organizationsQuery(deps).where("o.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("That organization");
  return organizationDto(row);
}

// ---------------------------------------------------------------------------------------------
// Aircraft
// ---------------------------------------------------------------------------------------------

export function aircraftQuery(deps: Deps) {
  return deps.db
    .selectFrom("aircraft as a")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .select([
      "a.id",
      "a.organization_id",
      "a.msn",
      "a.name",
      "a.registration",
      "a.kind",
      "a.manufacturer",
      "a.model",
      "a.status",
      "a.file_id",
      "a.created_at",
      "o.name as org_name",
      "o.slug as org_slug",
      sql<number>`(SELECT count(*) FROM aircraft_access g WHERE g.aircraft_id = a.id AND g.product = 'storage')`.as("user_count"),
    ]);
}
type AircraftRow = Awaited<ReturnType<ReturnType<typeof aircraftQuery>["executeTakeFirstOrThrow"]>>;
export const aircraftDto = (a: AircraftRow): AdminAircraft => ({
  id: a.id,
  organization: { id: a.organization_id, name: a.org_name, slug: a.org_slug },
  msn: a.msn,
  name: a.name,
  registration: a.registration,
  kind: a.kind,
  manufacturer: a.manufacturer,
  model: a.model,
  status: a.status,
  file_id: a.file_id,
  created_at: a.created_at,
  user_count: Number(a.user_count),
});

export async function loadAircraft(deps: Deps, id: number): Promise<AdminAircraft> {
  const row = await aircraftQuery(deps).where("a.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("That aircraft");
  return aircraftDto(row);
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export function usersQuery(deps: Deps) {
  return deps.db
    .selectFrom("users as u")
    .leftJoin("organizations as o", "o.id", "u.organization_id")
    .select([
      "u.id",
      "u.email",
      "u.username",
      "u.first_name",
      "u.last_name",
      "u.role",
      "u.active",
      "u.confirmed_at",
      "u.created_at",
      "u.organization_id",
      "o.name as org_name",
      "o.slug as org_slug",
      sql<string | null>`(SELECT max(t.created_at) FROM tokens t WHERE t.user_id = u.id)`.as("last_sign_in_at"),
      sql<number>`(SELECT count(*) FROM aircraft_access g WHERE g.user_id = u.id)`.as("grant_count"),
    ]);
}
type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>["executeTakeFirstOrThrow"]>>;
export const userDto = (u: UserRow): AdminUser => ({
  id: u.id,
  email: u.email,
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  role: u.role,
  organization: u.organization_id != null && u.org_name != null ? { id: u.organization_id, name: u.org_name, slug: u.org_slug ?? "" } : null,
  active: u.active === 1,
  confirmed: u.confirmed_at != null,
  created_at: u.created_at,
  last_sign_in_at: u.last_sign_in_at ?? null,
  grant_count: Number(u.grant_count),
});

export async function loadUser(deps: Deps, id: number): Promise<AdminUser> {
  const row = await usersQuery(deps).where("u.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("That user");
  return userDto(row);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
