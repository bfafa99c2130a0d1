// Organizations and their aircraft (admin API), and the admin overview (/dashboard).
// Contract: docs/api/admin.md; schemas in app/models/schemas/admin.ts.
import type { Hono } from "hono";
import { sql, type Kysely } from "kysely";
import type { HonoEnv } from "../context";
import type { Database } from "../db/schema";
import { nowIso } from "../db";
import { readBody, readQuery, refuse } from "../http";
import {
  AircraftInput,
  AircraftQuery,
  AircraftUpdateInput,
  OrganizationInput,
  OrganizationModulesInput,
  OrganizationsQuery,
  OverviewQuery,
  slugFrom,
  type AccessLevelName,
} from "../../app/models/schemas/admin";
import {
  aircraftDto,
  aircraftQuery,
  audit,
  ctx,
  isUniqueViolation,
  likeAny,
  loadAircraft,
  loadOrganization,
  OPS_ADMIN_ROLES,
  orderDir,
  organizationDto,
  organizationsQuery,
  paged,
  parseId,
  requireRoles,
  requireStaff,
  STAFF_ROLES,
  userDto,
  usersQuery,
} from "./common";

const ORG_SORT_SQL = {
  name: sql`lower(o.name)`,
  slug: sql`o.slug`,
  product_type: sql`o.product_type`,
  created_at: sql`o.created_at`,
  aircraft_count: sql`aircraft_count`,
  user_count: sql`user_count`,
} as const;

const AIRCRAFT_SORT_SQL = {
  msn: sql`a.msn`,
  name: sql`lower(a.name)`,
  registration: sql`a.registration`,
  status: sql`a.status`,
  manufacturer: sql`lower(a.manufacturer)`,
  created_at: sql`a.created_at`,
} as const;

export const defaultAircraftName = (model: string, msn: string) => (model.trim() ? `${model.trim()} MSN ${msn}` : `MSN ${msn}`);

/**
 * Creates an aircraft with its records root folder (storage_items path "/", named after the aircraft;
 * aircraft.file_id points at it) inside the caller's transaction. The root itself is not put in the
 * search index (the storage convention: only folders and files below it are). Returns the new id.
 * Exported so that any other path that creates aircraft gives them a root folder too.
 */
export async function insertAircraftWithRoot(
  trx: Kysely<Database>,
  input: {
    organization_id: number;
    msn: string;
    name: string;
    registration: string;
    kind: "aircraft" | "helicopter";
    manufacturer: string;
    model: string;
    status: "GROUNDED" | "IN OPERATION" | "IN TRANSITION";
  },
  createdBy: number | null
): Promise<number> {
  const now = nowIso();
  const a = await trx
    .insertInto("aircraft")
    .values({ ...input, ops_issue_date: null, oil_issue_date: null, file_id: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const root = await trx
    .insertInto("storage_items")
    .values({
      aircraft_id: a.id,
      parent_id: null,
      path: "/",
      name: input.name,
      is_folder: 1,
      size: 0,
      blob_key: null,
      content_type: null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("aircraft").set({ file_id: root.id }).where("id", "=", a.id).execute();
  return a.id;
}

export function registerOrganizationRoutes(app: Hono<HonoEnv>) {
  // --- organizations ---------------------------------------------------------------------------

  app.get("/admin/organizations.json", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, OPS_ADMIN_ROLES);
    const q = readQuery(c, OrganizationsQuery);
    let list = organizationsQuery(deps);
    let count = deps.db.selectFrom("organizations as o").select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.q) {
      list = list.where(likeAny(["o.name", "o.slug"], q.q));
      count = count.where(likeAny(["o.name", "o.slug"], q.q));
    }
    if (q.product_type) {
      list = list.where("o.product_type", "=", q.product_type);
      count = count.where("o.product_type", "=", q.product_type);
    }
    if (q.module) {
      const col = q.module === "ops" ? "o.has_ops" : "o.has_oil";
      list = list.where(col, "=", 1);
      count = count.where(col, "=", 1);
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total] = await Promise.all([
      list
        .orderBy(sql`${ORG_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("o.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({ organizations: rows.map(organizationDto), total: Number(total.n), page: q.page, per_page: q.per_page });
  });

  app.get("/admin/organizations/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, OPS_ADMIN_ROLES);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That organization");
    const organization = await loadOrganization(deps, id);
    const rows = await deps.db
      .selectFrom("aircraft")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("organization_id", "=", id)
      .groupBy("status")
      .execute();
    const by = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return c.json({
      organization,
      aircraft_counts: {
        total: rows.reduce((a, r) => a + Number(r.n), 0),
        grounded: by("GROUNDED"),
        operational: by("IN OPERATION"),
        transitional: by("IN TRANSITION"),
      },
    });
  });

  app.post("/admin/organizations.json", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, OPS_ADMIN_ROLES);
    const input = await readBody(c, OrganizationInput);
    // The template manager creates AeroOPS organizations only (spec 001 §6).
    const values = user.role === "ops_template" ? { ...input, has_ops: true, has_oil: false, search_all: false } : input;
    const slug = values.slug ?? slugFrom(values.name);
    if (!slug) throw refuse("Enter a short name (slug) with letters or digits.", { slug: ["Enter a short name (slug) with letters or digits."] });
    await checkOrganizationUnique(c, values.name, slug, null);
    let id: number;
    try {
      const row = await deps.db
        .insertInto("organizations")
        .values({
          name: values.name,
          slug,
          product_type: values.product_type,
          search_all: values.search_all ? 1 : 0,
          has_ops: values.has_ops ? 1 : 0,
          has_oil: values.has_oil ? 1 : 0,
          client_logo: values.client_logo || null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(`The short name ${slug} is taken.`, { slug: [`The short name ${slug} is taken.`] });
      throw err;
    }
    const organization = await loadOrganization(deps, id);
    await audit(c, "admin.organization.create", "organization", id, id, { ...values, slug });
    return c.json({ message: `Organization ${organization.name} was created.`, organization });
  });

  app.post("/admin/organizations/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That organization");
    const before = await loadOrganization(deps, id);
    const input = await readBody(c, OrganizationInput);
    const slug = input.slug ?? before.slug;
    await checkOrganizationUnique(c, input.name, slug, id);
    try {
      await deps.db
        .updateTable("organizations")
        .set({
          name: input.name,
          slug,
          product_type: input.product_type,
          search_all: input.search_all ? 1 : 0,
          has_ops: input.has_ops ? 1 : 0,
          has_oil: input.has_oil ? 1 : 0,
          client_logo: input.client_logo || null,
        })
        .where("id", "=", id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(`The short name ${slug} is taken.`, { slug: [`The short name ${slug} is taken.`] });
      throw err;
    }
    const organization = await loadOrganization(deps, id);
    const changed = Object.fromEntries(
      (["name", "slug", "product_type", "search_all", "has_ops", "has_oil", "client_logo"] as const)
        .filter((k) => before[k] !== organization[k])
        .map((k) => [k, { from: before[k], to: organization[k] }])
    );
    await audit(c, "admin.organization.update", "organization", id, id, { changed });
    return c.json({ message: `Organization ${organization.name} was saved.`, organization });
  });

  app.post("/admin/organizations/:id{[0-9]+}/modules.json", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, OPS_ADMIN_ROLES);
    const id = parseId(c.req.param("id"), "That organization");
    const before = await loadOrganization(deps, id);
    const input = await readBody(c, OrganizationModulesInput);
    if (user.role === "ops_template" && (input.oil !== undefined || input.ops === false)) {
      throw refuse("Template managers can only switch AeroOPS on.");
    }
    const set: { has_ops?: number; has_oil?: number } = {};
    if (input.ops !== undefined) set.has_ops = input.ops ? 1 : 0;
    if (input.oil !== undefined) set.has_oil = input.oil ? 1 : 0;
    await deps.db.updateTable("organizations").set(set).where("id", "=", id).execute();
    const organization = await loadOrganization(deps, id);
    await audit(c, "admin.organization.modules", "organization", id, id, { ops: input.ops, oil: input.oil });
    const parts = [
      input.ops !== undefined ? `AeroOPS is ${input.ops ? "on" : "off"}` : null,
      input.oil !== undefined ? `AeroOIL is ${input.oil ? "on" : "off"}` : null,
    ].filter(Boolean);
    const unchanged = before.has_ops === organization.has_ops && before.has_oil === organization.has_oil;
    return c.json({ message: `${parts.join(" and ")} for ${organization.name}${unchanged ? " (no change)" : ""}.`, organization });
  });

  // --- aircraft --------------------------------------------------------------------------------

  app.get("/admin/organizations/:id{[0-9]+}/aircraft.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id"), "That organization");
    await loadOrganization(deps, id);
    const q = readQuery(c, AircraftQuery);
    const cols = ["a.msn", "a.name", "a.registration", "a.manufacturer", "a.model"];
    let list = aircraftQuery(deps).where("a.organization_id", "=", id);
    let counts = deps.db
      .selectFrom("aircraft as a")
      .select(["a.status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("a.organization_id", "=", id)
      .groupBy("a.status");
    if (q.q) {
      list = list.where(likeAny(cols, q.q));
      counts = counts.where(likeAny(cols, q.q));
    }
    if (q.status) list = list.where("a.status", "=", q.status);
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, statusRows] = await Promise.all([
      list
        .orderBy(sql`${AIRCRAFT_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("a.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      counts.execute(),
    ]);
    const by = (s: string) => Number(statusRows.find((r) => r.status === s)?.n ?? 0);
    const total = statusRows.reduce((a, r) => a + Number(r.n), 0);
    return c.json({
      aircraft: rows.map(aircraftDto),
      counts: { total, grounded: by("GROUNDED"), operational: by("IN OPERATION"), transitional: by("IN TRANSITION") },
      total: q.status ? by(q.status) : total,
      page: q.page,
      per_page: q.per_page,
    });
  });

  app.get("/admin/aircraft/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That aircraft");
    return c.json({ aircraft: await loadAircraft(deps, id) });
  });

  app.post("/admin/aircraft.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, AircraftInput);
    const org = await loadOrganization(deps, input.organization_id);
    await checkMsnFree(c, org.id, org.name, input.msn, null);
    const name = input.name || defaultAircraftName(input.model, input.msn);
    let id: number;
    try {
      id = await deps.db
        .transaction()
        .execute((trx) =>
          insertAircraftWithRoot(
            trx,
            {
              organization_id: org.id,
              msn: input.msn,
              name,
              registration: input.registration,
              kind: input.kind,
              manufacturer: input.manufacturer,
              model: input.model,
              status: input.status,
            },
            user.id
          )
        );
    } catch (err) {
      if (isUniqueViolation(err)) throw msnTaken(input.msn, org.name);
      throw err;
    }
    const aircraft = await loadAircraft(deps, id);
    await audit(c, "admin.aircraft.create", "aircraft", id, org.id, {
      msn: input.msn,
      name,
      registration: input.registration,
      status: input.status,
      kind: input.kind,
    });
    return c.json({ message: `MSN ${aircraft.msn} was added to ${org.name}.`, aircraft });
  });

  app.post("/admin/aircraft/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That aircraft");
    const before = await loadAircraft(deps, id);
    const input = await readBody(c, AircraftUpdateInput);
    await checkMsnFree(c, before.organization.id, before.organization.name, input.msn, id);
    const name = input.name || defaultAircraftName(input.model, input.msn);
    try {
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("aircraft")
          .set({
            msn: input.msn,
            name,
            registration: input.registration,
            kind: input.kind,
            manufacturer: input.manufacturer,
            model: input.model,
            status: input.status,
          })
          .where("id", "=", id)
          .execute();
        // The root folder carries the aircraft's name.
        if (name !== before.name)
          await trx.updateTable("storage_items").set({ name, updated_at: nowIso() }).where("aircraft_id", "=", id).where("path", "=", "/").execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw msnTaken(input.msn, before.organization.name);
      throw err;
    }
    const aircraft = await loadAircraft(deps, id);
    const changed = Object.fromEntries(
      (["msn", "name", "registration", "kind", "manufacturer", "model", "status"] as const)
        .filter((k) => before[k] !== aircraft[k])
        .map((k) => [k, { from: before[k], to: aircraft[k] }])
    );
    await audit(c, "admin.aircraft.update", "aircraft", id, aircraft.organization.id, { changed });
    return c.json({ message: `MSN ${aircraft.msn} was saved.`, aircraft });
  });

  // --- overview (/dashboard) ---------------------------------------------------------------------

  app.get("/admin/overview.json", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, STAFF_ROLES);
    const selectedId = readQuery(c, OverviewQuery).organization_id ?? null;
    const [orgRows, statusRows] = await Promise.all([
      organizationsQuery(deps)
        .orderBy(sql`lower(o.name)`)
        .orderBy("o.id")
        .execute(),
      deps.db
        .selectFrom("aircraft")
        .select(["organization_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy(["organization_id", "status"])
        .execute(),
    ]);
    const countsOf = (orgId: number) => {
      const rows = statusRows.filter((r) => r.organization_id === orgId);
      const by = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return { total: rows.reduce((a, r) => a + Number(r.n), 0), grounded: by("GROUNDED"), operational: by("IN OPERATION"), transitional: by("IN TRANSITION") };
    };
    const organizations = orgRows.map((o) => ({ ...organizationDto(o), counts: countsOf(o.id) }));
    let selected = null;
    const chosen = organizations.find((o) => o.id === selectedId);
    if (chosen) {
      const AIRCRAFT_MAX = 200;
      const [aircraftRows, peopleRows] = await Promise.all([
        aircraftQuery(deps).where("a.organization_id", "=", chosen.id).orderBy("a.msn").orderBy("a.id").limit(AIRCRAFT_MAX).execute(),
        usersQuery(deps)
          .where("u.organization_id", "=", chosen.id)
          .orderBy(sql`lower(u.username)`)
          .orderBy("u.id")
          .limit(500)
          .execute(),
      ]);
      const ids = aircraftRows.map((a) => a.id);
      const grants = ids.length
        ? await deps.db
            .selectFrom("aircraft_access as g")
            .innerJoin("users as u", "u.id", "g.user_id")
            .select(["g.aircraft_id", "u.id as user_id", "u.username", "g.access"])
            .where("g.aircraft_id", "in", ids)
            .where("g.product", "=", "storage")
            .where("u.active", "=", 1)
            .orderBy(sql`lower(u.username)`)
            .execute()
        : [];
      selected = {
        organization: organizationDto(orgRows.find((o) => o.id === chosen.id)!),
        aircraft: aircraftRows.map((a) => ({
          ...aircraftDto(a),
          people: grants.filter((g) => g.aircraft_id === a.id).map((g) => ({ user_id: g.user_id, username: g.username, access: g.access as AccessLevelName })),
        })),
        people: peopleRows.map(userDto),
        aircraft_total: chosen.counts.total,
      };
    }
    return c.json({ organizations, selected });
  });
}

const msnTaken = (msn: string, orgName: string) =>
  refuse(`MSN ${msn} is already registered in ${orgName}.`, { msn: [`MSN ${msn} is already registered in ${orgName}.`] });

async function checkMsnFree(c: Parameters<typeof ctx>[0], orgId: number, orgName: string, msn: string, exceptId: number | null) {
  let q = ctx(c).deps.db.selectFrom("aircraft").select("id").where("organization_id", "=", orgId).where("msn", "=", msn);
  if (exceptId) q = q.where("id", "!=", exceptId);
  if (await q.executeTakeFirst()) throw msnTaken(msn, orgName);
}

async function checkOrganizationUnique(c: Parameters<typeof ctx>[0], name: string, slug: string, exceptId: number | null) {
  const { deps } = ctx(c);
  let q = deps.db
    .selectFrom("organizations")
    .select(["id", "name", "slug"])
    .where((eb) => eb.or([eb(sql`lower(name)`, "=", name.toLowerCase()), eb("slug", "=", slug)]));
  if (exceptId) q = q.where("id", "!=", exceptId);
  const clash = await q.executeTakeFirst();
  if (!clash) return;
  if (clash.slug === slug) throw refuse(`The short name ${slug} is taken.`, { slug: [`The short name ${slug} is taken by ${clash.name}.`] });
  throw refuse(`An organization named ${clash.name} already exists.`, { name: [`An organization named ${clash.name} already exists.`] });
}
