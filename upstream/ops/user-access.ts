// Per-aircraft user access for the ops and oil modules, organizations and MSN registration: /v1/user_access/*.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { AccessLevel, Product } from "../db/schema";
import { ACCESS_LABEL, accessLevel, isStaff, requireAccess, requireRole } from "../access";
import { deny, notFound, readBody, refuse } from "../http";
import {
  GrantAccessInput,
  MsnIdCreatedInput,
  MsnIdListInput,
  OilMsnAccessInput,
  OpsMsnAccessInput,
  OrgAllUserInput,
  RevokeAccessInput,
  UserMsnAccessInput,
  UserMsnPidsInput,
  type ModuleProduct,
} from "../../app/models/schemas/ops";
import { aircraftWithAccess, audit, findAircraft, findAircraftById, PRODUCT_LABEL, type AircraftCtx, type Ctx } from "./common";
import { both, ensureProductTabs } from "./tabs";

/** Roles that may see every organization in these modules. */
const seesAllOrganizations = (u: AuthUser) => isStaff(u) || u.role === "ops_template";

/** An organization by slug, if the user may see it (staff and ops_template: all; others: their own). */
async function visibleOrganization(deps: Deps, user: AuthUser, slug: string) {
  const org = await deps.db.selectFrom("organizations").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!org || (!seesAllOrganizations(user) && user.organization_id !== org.id)) throw notFound("That organization");
  return org;
}

/** Who has a grant of the product on the aircraft (active users of its organization, or of none). */
export async function aircraftUsers(deps: Deps, aircraft: Pick<AircraftCtx, "id" | "organization_id">, product: ModuleProduct) {
  const rows = await deps.db
    .selectFrom("aircraft_access")
    .innerJoin("users", "users.id", "aircraft_access.user_id")
    .select(["users.id", "users.username", "aircraft_access.access"])
    .where("aircraft_access.aircraft_id", "=", aircraft.id)
    .where("aircraft_access.product", "=", product)
    .where("users.active", "=", 1)
    .where((eb) => eb.or([eb("users.organization_id", "is", null), eb("users.organization_id", "=", aircraft.organization_id)]))
    .orderBy(sql`lower(users.username)`)
    .execute();
  return rows.map((r) => ({ user_id: r.id, username: r.username, access: r.access, access_label: ACCESS_LABEL[r.access] }));
}

/** The aircraft a grant/revoke names: one org_msn_id, or several MSNs of an organization. */
async function grantAircraft(deps: Deps, input: { org_msn_id?: number; msn_ids?: string[]; organization?: string }): Promise<AircraftCtx[]> {
  if (input.org_msn_id != null) return [await findAircraft(deps, { org_msn_id: input.org_msn_id, organization: input.organization })];
  const msns = [...new Set(input.msn_ids!)];
  const found: AircraftCtx[] = [];
  for (const msn of msns) found.push(await findAircraft(deps, { organization: input.organization, msn_id: msn }));
  return found;
}

async function grantTargetUser(deps: Deps, caller: AuthUser, userId: number, aircraft: AircraftCtx[]) {
  const target = await deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "role", "organization_id", "active"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!target) throw notFound("That user");
  if (target.id === caller.id) throw refuse("You cannot change your own access.");
  if (target.role === "admin" || target.role === "member") throw refuse(`${target.username} is an ${target.role} and already has full access.`);
  if (target.role === "consultant") throw refuse("Consultants cannot be given access to aircraft in these modules.");
  for (const a of aircraft) {
    if (target.organization_id != null && target.organization_id !== a.organization_id) {
      throw refuse(`${target.username} does not belong to ${a.org_name}.`);
    }
  }
  return target;
}

/** The aircraft and the user of a grant or a revocation; the caller needs Super User access to every one of those aircraft. */
async function grantScope(deps: Deps, caller: AuthUser, input: { org_msn_id?: number; msn_ids?: string[]; organization?: string; product: ModuleProduct; user_id: number }) {
  const aircraft = await grantAircraft(deps, input);
  for (const a of aircraft) await requireAccess(deps, caller, a.id, input.product, "su_write");
  const target = await grantTargetUser(deps, caller, input.user_id, aircraft);
  return { aircraft, target };
}

/** The names of an aircraft's tabs in a module, in position order. */
async function productTabNames(deps: Deps, aircraftId: number, product: ModuleProduct) {
  const rows = await deps.db
    .selectFrom("tabs")
    .select("tab_name")
    .where("aircraft_id", "=", aircraftId)
    .where("product", "=", product)
    .where("is_template", "=", 0)
    .orderBy("tab_position")
    .execute();
  return rows.map((r) => r.tab_name);
}

export function registerUserAccessRoutes(app: Hono<HonoEnv>) {
  app.on("POST", both("/v1/user_access/user_msn_pids"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, UserMsnPidsInput);
    const org = await visibleOrganization(deps, user, input.organization);
    const target = await deps.db.selectFrom("users").select(["id", "organization_id"]).where("id", "=", input.user_id).executeTakeFirst();
    if (!target || (target.id !== user.id && !seesAllOrganizations(user) && target.organization_id !== org.id)) throw notFound("That user");
    let q = deps.db
      .selectFrom("aircraft_access")
      .innerJoin("aircraft", "aircraft.id", "aircraft_access.aircraft_id")
      .select(["aircraft.msn", "aircraft.id", "aircraft_access.access"])
      .where("aircraft_access.user_id", "=", target.id)
      .where("aircraft_access.product", "=", input.product)
      .where("aircraft.organization_id", "=", org.id);
    if (target.id !== user.id && !isStaff(user)) {
      // Others see another user's grants only on aircraft where they are Super User themselves.
      q = q.where("aircraft.id", "in", (eb) =>
        eb
          .selectFrom("aircraft_access as mine")
          .select("mine.aircraft_id")
          .where("mine.user_id", "=", user.id)
          .where("mine.product", "=", input.product)
          .where("mine.access", "=", "su_write")
      );
    }
    const rows = await q.orderBy("aircraft.msn").execute();
    return c.json({ data: rows.map((r) => ({ msn_id: r.msn, org_msn_id: r.id, access: r.access })) });
  });

  app.on("POST", both("/v1/user_access/ops_get_msn_access"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OpsMsnAccessInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "ops", "read");
    return c.json({ users: await aircraftUsers(deps, aircraft, "ops") });
  });

  app.on("POST", both("/v1/user_access/oil_get_msn_access"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OilMsnAccessInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "oil", "read");
    return c.json({ users: await aircraftUsers(deps, aircraft, "oil") });
  });

  app.on("POST", both("/v1/user_access/ops_get_user_access_type"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, OpsMsnAccessInput);
    // No 404 here: the product switcher asks this for any aircraft; null simply means "no access".
    const exists = await deps.db.selectFrom("aircraft").select("id").where("id", "=", input.org_msn_id).executeTakeFirst();
    const access = exists ? await accessLevel(deps, c.get("user"), input.org_msn_id, "ops") : null;
    return c.json({ access_type: access });
  });

  app.on("POST", both("/v1/user_access/user_msn_access"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, UserMsnAccessInput);
    const product = input.product ?? "ops";
    const { aircraft, access } = await aircraftWithAccess(deps, c.get("user"), input, product, "read");
    return c.json({ access_type: access, users: await aircraftUsers(deps, aircraft, product) });
  });

  app.on("POST", both("/v1/user_access/ops_get_org_all_user"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, OrgAllUserInput);
    const org = await visibleOrganization(deps, user, input.organization);
    if (!seesAllOrganizations(user)) {
      const su = await deps.db
        .selectFrom("aircraft_access")
        .innerJoin("aircraft", "aircraft.id", "aircraft_access.aircraft_id")
        .select("aircraft_access.aircraft_id")
        .where("aircraft_access.user_id", "=", user.id)
        .where("aircraft_access.access", "=", "su_write")
        .where("aircraft_access.product", "in", ["ops", "oil"])
        .where("aircraft.organization_id", "=", org.id)
        .limit(1)
        .executeTakeFirst();
      if (!su) throw deny("Only a Super User can see the users of the organization.");
    }
    const users = await deps.db
      .selectFrom("users")
      .select(["id", "username", "email", "role", "first_name", "last_name"])
      .where("organization_id", "=", org.id)
      .where("active", "=", 1)
      .where("role", "in", ["client", "ops_template"])
      .orderBy(sql`lower(username)`)
      .execute();
    return c.json({
      users: users.map((u) => ({ user_id: u.id, username: u.username, email: u.email, role: u.role, name: `${u.first_name} ${u.last_name}`.trim() })),
    });
  });

  // --- grants ----------------------------------------------------------------------------------

  const grant = (mode: "create" | "update") => async (c: Ctx) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, GrantAccessInput);
    const { aircraft, target } = await grantScope(deps, user, input);
    await deps.db.transaction().execute(async (trx) => {
      if (mode === "update") {
        const existing = await trx
          .selectFrom("aircraft_access")
          .select("aircraft_id")
          .where("user_id", "=", target.id)
          .where("product", "=", input.product)
          .where(
            "aircraft_id",
            "in",
            aircraft.map((a) => a.id)
          )
          .execute();
        const has = new Set(existing.map((e) => e.aircraft_id));
        const missing = aircraft.find((a) => !has.has(a.id));
        if (missing) throw refuse(`${target.username} has no ${PRODUCT_LABEL[input.product]} access to MSN ${missing.msn} yet: grant it first.`);
      }
      for (const a of aircraft) {
        await trx
          .insertInto("aircraft_access")
          .values({ user_id: target.id, aircraft_id: a.id, product: input.product as Product, access: input.access, granted_by: user.id })
          .onConflict((oc) => oc.columns(["user_id", "aircraft_id", "product"]).doUpdateSet({ access: input.access, granted_by: user.id }))
          .execute();
      }
    });
    for (const a of aircraft) {
      await audit(c, `${input.product}.access.${mode === "create" ? "grant" : "update"}`, "aircraft_access", `${target.id}:${a.id}`, a.organization_id, {
        user_id: target.id,
        aircraft_id: a.id,
        product: input.product,
        access: input.access,
      });
    }
    const label = ACCESS_LABEL[input.access as AccessLevel];
    const which = aircraft.length === 1 ? `MSN ${aircraft[0].msn}` : `${aircraft.length} aircraft`;
    return c.json({
      message: `${target.username} now has ${label} to ${which} in ${PRODUCT_LABEL[input.product]}.`,
      grants: aircraft.map((a) => ({ org_msn_id: a.id, msn_id: a.msn, access: input.access })),
    });
  };
  app.on("POST", both("/v1/user_access/ops/create"), grant("create"));
  app.on("POST", both("/v1/user_access/ops/update"), grant("update"));

  app.on("POST", both("/v1/user_access/ops/delete"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, RevokeAccessInput);
    const { aircraft, target } = await grantScope(deps, user, input);
    const res = await deps.db
      .deleteFrom("aircraft_access")
      .where("user_id", "=", target.id)
      .where("product", "=", input.product)
      .where(
        "aircraft_id",
        "in",
        aircraft.map((a) => a.id)
      )
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw refuse(`${target.username} has no ${PRODUCT_LABEL[input.product]} access to remove there.`);
    for (const a of aircraft) {
      await audit(c, `${input.product}.access.revoke`, "aircraft_access", `${target.id}:${a.id}`, a.organization_id, {
        user_id: target.id,
        aircraft_id: a.id,
        product: input.product,
      });
    }
    const which = aircraft.length === 1 ? `MSN ${aircraft[0].msn}` : `${aircraft.length} aircraft`;
    return c.json({
      message: `${target.username} no longer has ${PRODUCT_LABEL[input.product]} access to ${which}.`,
      grants: aircraft.map((a) => ({ org_msn_id: a.id, msn_id: a.msn, access: null })),
    });
  });

  // --- organizations and MSNs --------------------------------------------------------------------

  app.on("GET", both("/v1/user_access/organisation/get"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    let q = deps.db
      .selectFrom("organizations")
      .select(["id", "name", "slug", "product_type", "has_ops", "has_oil"])
      .orderBy(sql`lower(name)`);
    if (!seesAllOrganizations(user)) {
      if (user.organization_id == null) return c.json({ organizations: [] });
      q = q.where("id", "=", user.organization_id);
    }
    const orgs = await q.execute();
    return c.json({
      organizations: orgs.map((o) => ({
        organization_id: o.id,
        name: o.name,
        organization: o.slug,
        product_type: o.product_type,
        has_ops: o.has_ops === 1,
        has_oil: o.has_oil === 1,
      })),
    });
  });

  app.on("POST", both("/v1/user_access/msn_id/get_v2"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, MsnIdListInput);
    const org = await visibleOrganization(deps, user, input.organization);
    let base = deps.db
      .selectFrom("aircraft")
      .leftJoin("aircraft_access as g", (j) => j.onRef("g.aircraft_id", "=", "aircraft.id").on("g.user_id", "=", user.id).on("g.product", "=", input.product))
      .where("aircraft.organization_id", "=", org.id);
    if (seesAllOrganizations(user)) {
      // Staff and template managers list the aircraft registered for the product (having its tabs).
      const product = input.product;
      if (product !== "storage") {
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom("tabs")
              .select("tabs.id")
              .whereRef("tabs.aircraft_id", "=", "aircraft.id")
              .where("tabs.product", "=", product)
              .where("tabs.is_template", "=", 0)
          )
        );
      }
    } else {
      base = base.where("g.access", "is not", null);
    }
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const rows = await base
      .select(["aircraft.id", "aircraft.msn", "aircraft.registration", "aircraft.status", "g.access"])
      .orderBy("aircraft.msn")
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute();
    return c.json({
      msn_ids: rows.map((r) => ({
        msn_id: r.msn,
        org_msn_id: r.id,
        registration: r.registration,
        status: r.status,
        access_type: isStaff(user) ? ("su_write" as const) : r.access ?? null,
      })),
      total: Number(total),
      page: input.page,
      per_page: input.per_page,
    });
  });

  app.on("POST", both("/v1/user_access/msn_id_created"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, MsnIdCreatedInput);
    requireRole(user, ["admin", "member", "ops_template"]);
    if (user.role === "ops_template" && input.product !== "ops") throw refuse("Template managers register aircraft for AeroOPS only.");
    const org = await deps.db.selectFrom("organizations").selectAll().where("slug", "=", input.organization).executeTakeFirst();
    if (!org) throw notFound("That organization");
    const existing = await deps.db.selectFrom("aircraft").selectAll().where("organization_id", "=", org.id).where("msn", "=", input.msn_id).executeTakeFirst();
    if (existing && existing.registration.toLowerCase() !== input.registration.toLowerCase()) {
      throw refuse(`MSN ${input.msn_id} is already registered in ${org.name} with registration ${existing.registration}.`, {
        registration: [`MSN ${input.msn_id} has registration ${existing.registration}.`],
      });
    }
    const result = await deps.db.transaction().execute(async (trx) => {
      let aircraftId: number;
      let created = false;
      if (existing) aircraftId = existing.id;
      else {
        const row = await trx
          .insertInto("aircraft")
          .values({
            organization_id: org.id,
            msn: input.msn_id,
            name: input.name ?? `MSN ${input.msn_id}`,
            registration: input.registration,
            kind: input.kind,
            manufacturer: input.manufacturer ?? "",
            model: input.model ?? "",
            status: input.status,
            ops_issue_date: null,
            oil_issue_date: null,
            file_id: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        aircraftId = row.id;
        created = true;
        // Every aircraft has a records root folder (storage_items path "/"), whose id is aircraft.file_id.
        const root = await trx
          .insertInto("storage_items")
          .values({ aircraft_id: aircraftId, parent_id: null, path: "/", name: input.name ?? `MSN ${input.msn_id}`, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: user.id })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx.updateTable("aircraft").set({ file_id: root.id }).where("id", "=", aircraftId).execute();
      }
      const a = await trx.selectFrom("aircraft").selectAll().where("id", "=", aircraftId).executeTakeFirstOrThrow();
      const tabs = await ensureProductTabs(trx, a, input.product, user.id);
      await trx
        .updateTable("organizations")
        .set(input.product === "ops" ? { has_ops: 1 } : { has_oil: 1 })
        .where("id", "=", org.id)
        .execute();
      return { aircraftId, created, tabs };
    });
    await audit(c, `${input.product}.msn.register`, "aircraft", result.aircraftId, org.id, {
      msn: input.msn_id,
      created: result.created,
      tabs_created: result.tabs,
    });
    const a = await findAircraftById(deps, result.aircraftId);
    // Say which tabs the aircraft starts with: the fixed tabs and its manufacturer's template tabs.
    const tabNames = result.tabs > 0 ? await productTabNames(deps, result.aircraftId, input.product) : [];
    const withTabs = tabNames.length ? `, with ${tabNames.length} tabs: ${tabNames.join(", ")}` : "";
    const message = result.created
      ? `MSN ${a.msn} was registered in ${org.name} for ${PRODUCT_LABEL[input.product]}${withTabs}.`
      : result.tabs > 0
      ? `MSN ${a.msn} is now enabled for ${PRODUCT_LABEL[input.product]}${withTabs}.`
      : `MSN ${a.msn} was already registered for ${PRODUCT_LABEL[input.product]}.`;
    return c.json({ message, msn_id: a.msn, org_msn_id: a.id, created: result.created });
  });
}
