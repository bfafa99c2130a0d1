// User access control (admin API): read / write / su_write per user, aircraft and product (storage,
// ops, oil), in bulk for a whole organization. Changes go through changeAircraftAccess in
// upstream/access.ts (the one grant path, with its rules); every access check reads aircraft_access
// directly, so a change holds from the next request on. Contract: docs/api/admin.md.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { HonoEnv } from "../context";
import type { AccessLevel, Product } from "../db/schema";
import { changeAircraftAccess, isStaff } from "../access";
import { deny, notFound, readBody, readQuery, refuse } from "../http";
import { AccessGrantInput, AccessRevokeInput, PRODUCTS, UserAccessQuery, type ProductAccess } from "../../app/models/schemas/admin";
import { ctx, likeAny, loadAircraft, loadUser, paged, parseId, requireStaff, type Ctx } from "./common";

const emptyAccess = (): ProductAccess => ({ storage: null, ops: null, oil: null });

async function aircraftIdsFor(c: Ctx, input: { aircraft_ids: number[]; organization_id?: number }) {
  const { deps, user } = ctx(c);
  if (input.organization_id == null) return input.aircraft_ids;
  if (!isStaff(user)) throw deny("Only administrators can change access for a whole organization.");
  const org = await deps.db.selectFrom("organizations").select("id").where("id", "=", input.organization_id).executeTakeFirst();
  if (!org) throw notFound("That organization");
  const rows = await deps.db.selectFrom("aircraft").select("id").where("organization_id", "=", org.id).execute();
  if (!rows.length) throw refuse("That organization has no aircraft yet.", { organization_id: ["That organization has no aircraft yet."] });
  return [...new Set([...input.aircraft_ids, ...rows.map((r) => r.id)])];
}

export function registerAccessRoutes(app: Hono<HonoEnv>) {
  /** One user's access to every aircraft of their organization (or of a chosen one), paged. Staff only. */
  app.get("/admin/access/users/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const target = await loadUser(deps, parseId(c.req.param("id").replace(/\.json$/, ""), "That user"));
    const q = readQuery(c, UserAccessQuery);
    const orgId = target.organization?.id ?? q.organization_id ?? null;
    let list = deps.db
      .selectFrom("aircraft as a")
      .innerJoin("organizations as o", "o.id", "a.organization_id")
      .select(["a.id", "a.msn", "a.name", "a.registration", "a.status", "o.id as org_id", "o.name as org_name", "o.slug as org_slug"]);
    let count = deps.db.selectFrom("aircraft as a").select((eb) => eb.fn.countAll<number>().as("n"));
    if (orgId != null) {
      list = list.where("a.organization_id", "=", orgId);
      count = count.where("a.organization_id", "=", orgId);
    }
    if (q.q) {
      list = list.where(likeAny(["a.msn", "a.name", "a.registration"], q.q));
      count = count.where(likeAny(["a.msn", "a.name", "a.registration"], q.q));
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total] = await Promise.all([
      list.orderBy("a.msn", q.dir).orderBy("a.id").limit(limit).offset(offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    const grants = rows.length
      ? await deps.db
          .selectFrom("aircraft_access")
          .select(["aircraft_id", "product", "access"])
          .where("user_id", "=", target.id)
          .where(
            "aircraft_id",
            "in",
            rows.map((r) => r.id)
          )
          .execute()
      : [];
    return c.json({
      user: target,
      aircraft: rows.map((r) => {
        const access = emptyAccess();
        for (const g of grants) if (g.aircraft_id === r.id) access[g.product as Product] = g.access as AccessLevel;
        return {
          id: r.id,
          msn: r.msn,
          name: r.name,
          registration: r.registration,
          status: r.status,
          organization: { id: r.org_id, name: r.org_name, slug: r.org_slug },
          access,
        };
      }),
      total: Number(total.n),
      page: q.page,
      per_page: q.per_page,
    });
  });

  /**
   * The people of one aircraft and their access per product. Staff, and a Super User of the aircraft
   * (for at least one product: `can_manage` says for which ones they may change access).
   */
  app.get("/admin/access/aircraft/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That aircraft");
    const aircraft = await loadAircraft(deps, id);
    const can_manage = { storage: true, ops: true, oil: true };
    if (!isStaff(user)) {
      if (user.organization_id != null && user.organization_id !== aircraft.organization.id) throw notFound("That aircraft");
      const mine = await deps.db
        .selectFrom("aircraft_access")
        .select(["product", "access"])
        .where("user_id", "=", user.id)
        .where("aircraft_id", "=", id)
        .execute();
      if (!mine.length) throw notFound("That aircraft");
      for (const p of PRODUCTS) can_manage[p] = mine.some((m) => m.product === p && m.access === "su_write");
      if (!PRODUCTS.some((p) => can_manage[p])) throw deny("Only a Super User of this aircraft can manage its access.");
    }
    // Everyone with a grant on it, and the organization's people who could get one.
    const rows = await deps.db
      .selectFrom("users as u")
      .leftJoin("aircraft_access as g", (j) => j.onRef("g.user_id", "=", "u.id").on("g.aircraft_id", "=", id))
      .select(["u.id", "u.username", "u.email", "u.role", "u.active", "g.product", "g.access"])
      .where((eb) =>
        eb.or([eb("g.aircraft_id", "=", id), eb.and([eb("u.organization_id", "=", aircraft.organization.id), eb("u.role", "in", ["client", "ops_template"])])])
      )
      .orderBy(sql`lower(u.username)`)
      .orderBy("u.id")
      .limit(3000)
      .execute();
    const users = new Map<
      number,
      { user_id: number; username: string; email: string; role: (typeof rows)[number]["role"]; active: boolean; access: ProductAccess }
    >();
    for (const r of rows) {
      let u = users.get(r.id);
      if (!u) {
        u = { user_id: r.id, username: r.username, email: r.email, role: r.role, active: r.active === 1, access: emptyAccess() };
        users.set(r.id, u);
      }
      if (r.product && r.access) u.access[r.product as Product] = r.access as AccessLevel;
    }
    return c.json({ aircraft, can_manage, users: [...users.values()] });
  });

  app.post("/admin/access/grant.json", async (c) => {
    const { deps, user } = ctx(c);
    const input = await readBody(c, AccessGrantInput);
    const aircraftIds = await aircraftIdsFor(c, input);
    const res = await changeAircraftAccess(deps, user, { userId: input.user_id, aircraftIds, products: input.products, access: input.access });
    return c.json({ message: res.message, changed: res.changed, aircraft_count: res.aircraftCount });
  });

  app.post("/admin/access/revoke.json", async (c) => {
    const { deps, user } = ctx(c);
    const input = await readBody(c, AccessRevokeInput);
    const aircraftIds = await aircraftIdsFor(c, input);
    const res = await changeAircraftAccess(deps, user, { userId: input.user_id, aircraftIds, products: input.products, access: null });
    return c.json({ message: res.message, changed: res.changed, aircraft_count: res.aircraftCount });
  });
}
