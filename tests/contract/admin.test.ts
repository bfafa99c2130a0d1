// Contract: the admin API (docs/api/admin.md) over HTTP, every answer parsed with the schemas in
// app/models/schemas/admin.ts. Starts from the small demo seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { callUpstream, fromAddress, startTestUpstream, TEST_CLIENT_UUID, type TestUpstream } from "../helpers/upstream";
import {
  AccessMutationAnswer,
  AircraftAccessAnswer,
  AircraftListAnswer,
  AircraftMutationAnswer,
  AnalyticsAnswer,
  AuditAnswer,
  ConsultantMutationAnswer,
  ConsultantsAnswer,
  FsGroupMutationAnswer,
  FsGroupsAnswer,
  FsUserMutationAnswer,
  FsUsersAnswer,
  IpWarningAnswer,
  IpWhitelistAnswer,
  IpWhitelistMutationAnswer,
  OrganizationAnswer,
  OrganizationMutationAnswer,
  OrganizationsAnswer,
  OverviewAnswer,
  ReindexAnswer,
  ReindexMutationAnswer,
  UserAccessAnswer,
  UserMutationAnswer,
  UsersAnswer,
} from "~/models/schemas/admin";
import { AircraftListAnswer as StorageAircraftList } from "~/models/schemas/storage";
import { createUserAccount } from "../../upstream/main/accounts";
import { reindexIdle, runReindexBatch, wakeReindexWorker } from "../../upstream/admin/reindex";

type H = Record<string, string>;
let up: TestUpstream;
let admin: H, member: H, template: H, client: H, consultant: H, emma: H;

const call = (method: string, path: string, headers: H, body?: unknown) => callUpstream<unknown>(`${up.mainUrl}${path}`, method, headers, body);
const get = (path: string, h: H) => call("GET", path, h);
const post = (path: string, h: H, body: unknown = {}) => call("POST", path, h, body);
function ok<S extends z.ZodTypeAny>(r: { status: number; body: unknown }, schema: S): z.infer<S> {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${JSON.stringify(r.body)}`);
  return schema.parse(r.body);
}
const errorOf = (r: { body: unknown }) => (r.body as { error: string }).error;
const withIp = (h: H, ip: string) => ({ ...h, ...fromAddress(ip) });

/** POST /admin/clients.json as the admin: a client of the organization, with a password or (without) an invitation. */
function postClient(organizationId: number, email: string, firstName: string, lastName: string, password?: string) {
  const body = { email, first_name: firstName, last_name: lastName, organization_id: organizationId };
  return post("/admin/clients.json", admin, password === undefined ? body : { ...body, password });
}
/** postClient, expecting success. */
async function createClient(...args: Parameters<typeof postClient>) {
  return ok(await postClient(...args), UserMutationAnswer);
}

async function signInAt(email: string, password: string, ip?: string) {
  return fetch(`${up.mainUrl}/users/sign_in.json`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(ip ? fromAddress(ip) : {}) },
    body: JSON.stringify({ user: { email, password } }),
  });
}
async function headersFor(email: string, password: string, ip?: string): Promise<H> {
  const res = await signInAt(email, password, ip);
  const body = (await res.json()) as { token: string };
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return { "x-user-email": email, "x-user-token": body.token, "x-user-uuid": TEST_CLIENT_UUID, ...(ip ? fromAddress(ip) : {}) };
}

const skyline = () => up.upstream.deps.db.selectFrom("organizations").selectAll().where("slug", "=", "skyline").executeTakeFirstOrThrow();
/** The id of an aircraft of the Nordic organization (not Skyline's). */
const nordicAircraftId = async () =>
  (
    await up.upstream.deps.db
      .selectFrom("aircraft as a")
      .innerJoin("organizations as o", "o.id", "a.organization_id")
      .select("a.id")
      .where("o.slug", "=", "nordic")
      .executeTakeFirstOrThrow()
  ).id;
const userIdOf = async (email: string) => (await up.upstream.deps.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  up = await startTestUpstream();
  [admin, member, template, client, consultant, emma] = await Promise.all(
    ["admin@demo.aero", "member@demo.aero", "template@demo.aero", "client@demo.aero", "consultant@demo.aero", "emma.clarke@skyline.demo.aero"].map((e) =>
      up.signIn(e)
    )
  );
});
afterAll(async () => {
  await up?.close();
});

describe("who may call the admin API", () => {
  const staffOnly = [
    "/admin/analytics.json",
    "/admin/users.json",
    "/admin/consultants.json",
    "/admin/ip_whitelist.json",
    "/admin/search/reindex.json",
    "/admin/fs/users.json",
    "/admin/fs/groups.json",
    "/admin/audit.json",
    "/admin/overview.json",
    "/admin/organizations/1/aircraft.json",
  ];
  it("refuses clients and consultants everywhere (422), and ops_template outside AeroOPS", async () => {
    for (const path of [...staffOnly, "/admin/organizations.json"]) {
      for (const h of [client, consultant]) {
        const r = await get(path, h);
        expect(r.status, `${path}`).toBe(422);
        expect(errorOf(r)).toBe("This is for administrators only.");
      }
    }
    for (const path of staffOnly) expect((await get(path, template)).status, path).toBe(422);
    expect((await post("/admin/clients.json", client, { email: "x@y.aero", first_name: "X", last_name: "Y", organization_id: 1 })).status).toBe(422);
    expect((await post("/admin/organizations.json", consultant, { name: "Nope" })).status).toBe(422);
  });

  it("lets member use the admin area and ops_template list organizations", async () => {
    ok(await get("/admin/analytics.json", member), AnalyticsAnswer);
    const orgs = ok(await get("/admin/organizations.json?module=ops", template), OrganizationsAnswer);
    expect(orgs.organizations.map((o) => o.slug).sort()).toEqual(["nordic", "skyline"]);
  });

  it("answers 401 without credentials", async () => {
    expect((await get("/admin/analytics.json", {})).status).toBe(401);
  });
});

describe("organizations and aircraft", () => {
  it("creates an organization with product type and the search-all flag, derives the slug, refuses duplicates", async () => {
    const created = ok(
      await post("/admin/organizations.json", admin, { name: "Atlas Air Partners", product_type: "UAMBOX", search_all: true }),
      OrganizationMutationAnswer
    );
    expect(created.organization).toMatchObject({
      name: "Atlas Air Partners",
      slug: "atlas-air-partners",
      product_type: "UAMBOX",
      search_all: true,
      has_ops: false,
      aircraft_count: 0,
    });
    expect(created.message).toBe("Organization Atlas Air Partners was created.");
    const dup = await post("/admin/organizations.json", admin, { name: "atlas air partners" });
    expect(dup.status).toBe(422);
    expect((dup.body as { errors: Record<string, string[]> }).errors.slug).toBeDefined();
    const bad = await post("/admin/organizations.json", admin, { name: "", product_type: "OTHER" });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(["name", "product_type"]);
    // A plain form post (checkbox "on") works too.
    const form = await fetch(`${up.mainUrl}/admin/organizations.json`, {
      method: "POST",
      headers: { ...admin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Form Org", slug: "form-org", has_oil: "on" }),
    });
    expect(OrganizationMutationAnswer.parse(await form.json()).organization).toMatchObject({ slug: "form-org", has_oil: true, search_all: false });
  });

  it("lets ops_template create AeroOPS organizations only, and switch AeroOPS on", async () => {
    const created = ok(
      await post("/admin/organizations.json", template, { name: "Template Ops Org", has_oil: true, search_all: true }),
      OrganizationMutationAnswer
    );
    expect(created.organization).toMatchObject({ has_ops: true, has_oil: false, search_all: false });
    const meridian = ok(await get("/admin/organizations.json?q=meridian", template), OrganizationsAnswer).organizations[0];
    const on = ok(await post(`/admin/organizations/${meridian.id}/modules.json`, template, { ops: true }), OrganizationMutationAnswer);
    expect(on.organization.has_ops).toBe(true);
    expect((await post(`/admin/organizations/${meridian.id}/modules.json`, template, { oil: true })).status).toBe(422);
    expect((await post(`/admin/organizations/${meridian.id}.json`, template, { name: "Renamed" })).status).toBe(422);
    ok(await post(`/admin/organizations/${meridian.id}/modules.json`, admin, { ops: false }), OrganizationMutationAnswer);
  });

  it("updates an organization and lists with search, whitelisted sort and paging", async () => {
    const list = ok(await get("/admin/organizations.json?sort=aircraft_count&dir=desc&per_page=2", admin), OrganizationsAnswer);
    expect(list.per_page).toBe(2);
    expect(list.organizations).toHaveLength(2);
    expect(list.organizations[0].slug).toBe("skyline");
    expect(list.total).toBeGreaterThanOrEqual(4);
    // An unknown sort key falls back to the default order instead of reaching SQL.
    const fallback = ok(await get("/admin/organizations.json?sort=id;drop%20table%20users", admin), OrganizationsAnswer);
    expect(fallback.organizations.length).toBeGreaterThan(0);
    const org = list.organizations[0];
    const saved = ok(
      await post(`/admin/organizations/${org.id}.json`, admin, {
        name: org.name,
        slug: org.slug,
        product_type: "STORAGE",
        search_all: true,
        has_ops: true,
        has_oil: true,
        client_logo: org.client_logo ?? "",
      }),
      OrganizationMutationAnswer
    );
    expect(saved.organization.search_all).toBe(true);
    const detail = ok(await get(`/admin/organizations/${org.id}.json`, admin), OrganizationAnswer);
    expect(detail.aircraft_counts.total).toBe(8);
    ok(
      await post(`/admin/organizations/${org.id}.json`, admin, {
        name: org.name,
        slug: org.slug,
        product_type: "STORAGE",
        search_all: false,
        has_ops: true,
        has_oil: true,
        client_logo: org.client_logo ?? "",
      }),
      OrganizationMutationAnswer
    );
  });

  it("creates an aircraft with its root folder and refuses a duplicate MSN", async () => {
    const org = ok(await get("/admin/organizations.json?q=atlas", admin), OrganizationsAnswer).organizations[0];
    const made = ok(
      await post("/admin/aircraft.json", admin, {
        organization_id: org.id,
        msn: "7001",
        registration: "EI-ATL",
        model: "A350-900",
        manufacturer: "Airbus",
        status: "IN TRANSITION",
      }),
      AircraftMutationAnswer
    );
    expect(made.aircraft).toMatchObject({ msn: "7001", name: "A350-900 MSN 7001", status: "IN TRANSITION", kind: "aircraft", organization: { id: org.id } });
    expect(made.aircraft.file_id).not.toBeNull();
    const root = await up.upstream.deps.db.selectFrom("storage_items").selectAll().where("id", "=", made.aircraft.file_id!).executeTakeFirstOrThrow();
    expect(root).toMatchObject({ aircraft_id: made.aircraft.id, path: "/", is_folder: 1, parent_id: null, name: "A350-900 MSN 7001" });
    const dup = await post("/admin/aircraft.json", admin, { organization_id: org.id, msn: "7001", registration: "EI-XXX" });
    expect(dup.status).toBe(422);
    expect(errorOf(dup)).toBe("MSN 7001 is already registered in Atlas Air Partners.");
    const bad = await post("/admin/aircraft.json", admin, { organization_id: org.id, msn: "bad msn!", registration: "" });
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(["msn", "registration"]);
    // Update renames the root folder with the aircraft.
    const saved = ok(
      await post(`/admin/aircraft/${made.aircraft.id}.json`, admin, {
        msn: "7001",
        name: "Atlas One",
        registration: "EI-ATL",
        kind: "aircraft",
        manufacturer: "Airbus",
        model: "A350-900",
        status: "IN OPERATION",
      }),
      AircraftMutationAnswer
    );
    expect(saved.aircraft).toMatchObject({ name: "Atlas One", status: "IN OPERATION" });
    const renamed = await up.upstream.deps.db.selectFrom("storage_items").select("name").where("id", "=", made.aircraft.file_id!).executeTakeFirstOrThrow();
    expect(renamed.name).toBe("Atlas One");
    const list = ok(await get(`/admin/organizations/${org.id}/aircraft.json?sort=registration`, admin), AircraftListAnswer);
    expect(list.counts).toMatchObject({ total: 1, operational: 1 });
  });

  it("answers the overview of organizations, aircraft and people", async () => {
    const all = ok(await get("/admin/overview.json", admin), OverviewAnswer);
    expect(all.selected).toBeNull();
    const sky = all.organizations.find((o) => o.slug === "skyline")!;
    expect(sky.counts.total).toBe(8);
    const one = ok(await get(`/admin/overview.json?organization_id=${sky.id}`, admin), OverviewAnswer);
    expect(one.selected!.aircraft).toHaveLength(8);
    expect(one.selected!.aircraft[0].people.some((p) => p.username === "Claire Fitzgerald")).toBe(true);
    expect(one.selected!.people.some((p) => p.email === "reader@demo.aero")).toBe(true);
  });
});

describe("people", () => {
  it("creates a client with a password who can sign in, and refuses a taken address", async () => {
    const org = await skyline();
    const made = await createClient(org.id, "New.Client@Example.aero", "Nina", "Novak", "first-pass-2026");
    expect(made.user).toMatchObject({
      email: "new.client@example.aero",
      role: "client",
      organization: { slug: "skyline" },
      active: true,
      confirmed: true,
      grant_count: 0,
    });
    expect(made.invited).toBe(false);
    expect((await signInAt("new.client@example.aero", "first-pass-2026")).status).toBe(200);
    const taken = await postClient(org.id, "new.client@example.aero", "N", "N", "first-pass-2026");
    expect(taken.status).toBe(422);
    expect(errorOf(taken)).toBe("An account with this e-mail address already exists.");
    const weak = await postClient(org.id, "weak@example.aero", "W", "K", "short");
    expect((weak.body as { errors: Record<string, string[]> }).errors.password).toBeDefined();
  });

  it("invites a client created without a password (a set-password link in the outbox)", async () => {
    const org = await skyline();
    const made = await createClient(org.id, "invited@example.aero", "Ivy", "Vite");
    expect(made.invited).toBe(true);
    const mail = await up.upstream.deps.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "invited@example.aero").executeTakeFirstOrThrow();
    expect(mail.text).toMatch(/\/users\/password\/edit\?reset_password_token=/);
  });

  it("creates a consultant (user + profile) and lists consultants with approval counts", async () => {
    const made = ok(
      await post("/admin/consultants.json", admin, {
        email: "pat.consult@example.aero",
        first_name: "Pat",
        last_name: "Consult",
        city: "Lisbon",
        country: "Portugal",
        password: "consult-pass-2026",
      }),
      ConsultantMutationAnswer
    );
    expect(made.consultant).toMatchObject({ name: "Pat Consult", country: "Portugal", approval_status: "undecided", stage: "basic_info", active: true });
    const list = ok(await get("/admin/consultants.json?q=pat.consult", admin), ConsultantsAnswer);
    expect(list.consultants.map((c) => c.email)).toEqual(["pat.consult@example.aero"]);
    const verified = ok(await get("/admin/consultants.json?approval=verified&sort=name", admin), ConsultantsAnswer);
    expect(verified.consultants.every((c) => c.approval_status === "verified")).toBe(true);
    expect(verified.counts.undecided).toBeGreaterThan(0);
  });

  it("lists users by role and organization", async () => {
    const org = await skyline();
    const clients = ok(await get(`/admin/users.json?role=client&organization_id=${org.id}&sort=email`, admin), UsersAnswer);
    expect(clients.users.every((u) => u.role === "client" && u.organization?.slug === "skyline")).toBe(true);
    const emails = clients.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(clients.users.find((u) => u.email === "client@demo.aero")!.last_sign_in_at).not.toBeNull();
  });

  it("deactivates a user (sessions end at once) and reactivates", async () => {
    const org = await skyline();
    const made = await createClient(org.id, "temp.user@example.aero", "Temp", "User", "temp-pass-2026");
    const h = await headersFor("temp.user@example.aero", "temp-pass-2026");
    expect((await get("/user/me.json", h)).status).toBe(200);
    const off = ok(await post(`/admin/users/${made.user.id}/deactivate.json`, admin), UserMutationAnswer);
    expect(off.user.active).toBe(false);
    expect((await get("/user/me.json", h)).status).toBe(401); // token revoked
    expect((await signInAt("temp.user@example.aero", "temp-pass-2026")).status).toBe(422);
    ok(await post(`/admin/users/${made.user.id}/activate.json`, admin), UserMutationAnswer);
    expect((await signInAt("temp.user@example.aero", "temp-pass-2026")).status).toBe(200);
    // Nobody deactivates themselves; a member does not deactivate an admin.
    const me = ok(await get("/admin/users.json?q=admin@demo.aero", admin), UsersAnswer).users[0];
    expect(errorOf(await post(`/admin/users/${me.id}/deactivate.json`, admin))).toBe("You cannot deactivate your own account.");
    expect(errorOf(await post(`/admin/users/${me.id}/deactivate.json`, member))).toBe("Only an administrator can deactivate or reactivate an administrator.");
  });
});

describe("user access control", () => {
  it("grants write access: the client sees the aircraft at once; revoking hides it at the next call", async () => {
    const org = ok(await post("/admin/organizations.json", admin, { name: "Access Test Org" }), OrganizationMutationAnswer).organization;
    const ac = ok(await post("/admin/aircraft.json", admin, { organization_id: org.id, msn: "900", registration: "EI-ACC" }), AircraftMutationAnswer).aircraft;
    const u = (await createClient(org.id, "access.client@example.aero", "Acc", "Ess", "access-pass-2026")).user;
    const h = await headersFor("access.client@example.aero", "access-pass-2026");
    expect(StorageAircraftList.parse((await get("/storage/v2/aircraft.json", h)).body).aircrafts).toHaveLength(0);

    const granted = ok(
      await post("/admin/access/grant.json", admin, { user_id: u.id, aircraft_ids: [ac.id], products: ["storage"], access: "write" }),
      AccessMutationAnswer
    );
    expect(granted.message).toBe("Acc Ess now has Edit Access to MSN 900 (Storage).");
    const visible = StorageAircraftList.parse((await get("/storage/v2/aircraft.json", h)).body).aircrafts;
    expect(visible.map((a) => [a.msn, a.access])).toEqual([["900", "write"]]);

    const matrix = ok(await get(`/admin/access/users/${u.id}.json`, admin), UserAccessAnswer);
    expect(matrix.aircraft[0].access).toEqual({ storage: "write", ops: null, oil: null });
    const people = ok(await get(`/admin/access/aircraft/${ac.id}.json`, admin), AircraftAccessAnswer);
    expect(people.users.find((p) => p.user_id === u.id)!.access.storage).toBe("write");

    ok(await post("/admin/access/revoke.json", admin, { user_id: u.id, aircraft_ids: [ac.id], products: ["storage"] }), AccessMutationAnswer);
    expect((await get(`/storage/v2/aircraft/${ac.id}.json`, h)).status).toBe(404);
    const again = await post("/admin/access/revoke.json", admin, { user_id: u.id, aircraft_ids: [ac.id], products: ["storage"] });
    expect(again.status).toBe(422);
  });

  it("grants in bulk for a whole organization and products, and changes the level", async () => {
    const org = await skyline();
    const u = (await createClient(org.id, "bulk.client@example.aero", "Bulk", "Grant", "bulk-pass-2026")).user;
    const bulk = ok(
      await post("/admin/access/grant.json", admin, { user_id: u.id, organization_id: org.id, products: ["storage", "ops"], access: "read" }),
      AccessMutationAnswer
    );
    expect(bulk).toMatchObject({ changed: 16, aircraft_count: 8 });
    const change = ok(
      await post("/admin/access/grant.json", admin, { user_id: u.id, organization_id: org.id, products: ["ops"], access: "su_write" }),
      AccessMutationAnswer
    );
    expect(change.changed).toBe(8);
    const matrix = ok(await get(`/admin/access/users/${u.id}.json?per_page=100`, admin), UserAccessAnswer);
    expect(matrix.aircraft.every((a) => a.access.storage === "read" && a.access.ops === "su_write" && a.access.oil === null)).toBe(true);
    const audit = ok(await get(`/admin/audit.json?action=access.grant&organization_id=${org.id}`, admin), AuditAnswer);
    expect(audit.entries[0]).toMatchObject({ action: "access.grant", entity: "user", entity_id: String(u.id), user: { email: "admin@demo.aero" } });
  });

  it("refuses grants that break the rules", async () => {
    const org = await skyline();
    const ac = (await up.upstream.deps.db.selectFrom("aircraft").select("id").where("organization_id", "=", org.id).executeTakeFirstOrThrow()).id;
    const nordicAc = await nordicAircraftId();
    const consultantId = await userIdOf("consultant@demo.aero");
    const clientId = await userIdOf("client@demo.aero");
    expect(errorOf(await post("/admin/access/grant.json", admin, { user_id: consultantId, aircraft_ids: [ac], products: ["ops"], access: "read" }))).toBe(
      "Consultants can only be given Storage access."
    );
    expect(errorOf(await post("/admin/access/grant.json", admin, { user_id: clientId, aircraft_ids: [nordicAc], products: ["storage"], access: "read" }))).toBe(
      "Claire Fitzgerald does not belong to Nordic Regional Airways."
    );
    expect(
      errorOf(
        await post("/admin/access/grant.json", admin, { user_id: await userIdOf("member@demo.aero"), aircraft_ids: [ac], products: ["storage"], access: "read" })
      )
    ).toBe("Priya Nair is a member and already has full access.");
    expect((await post("/admin/access/grant.json", admin, { user_id: clientId, aircraft_ids: [], products: [], access: "boss" })).status).toBe(422);
  });

  it("lets a Super User manage their aircraft's access, and nobody else's", async () => {
    const org = await skyline();
    const ac = await up.upstream.deps.db
      .selectFrom("aircraft")
      .select(["id", "msn"])
      .where("organization_id", "=", org.id)
      .where("msn", "=", "1456")
      .executeTakeFirstOrThrow();
    const readerId = await userIdOf("reader@demo.aero");
    // Emma is Super User of every Skyline aircraft.
    const view = ok(await get(`/admin/access/aircraft/${ac.id}.json`, emma), AircraftAccessAnswer);
    expect(view.can_manage).toEqual({ storage: true, ops: true, oil: true });
    ok(await post("/admin/access/grant.json", emma, { user_id: readerId, aircraft_ids: [ac.id], products: ["storage"], access: "read" }), AccessMutationAnswer);
    ok(await post("/admin/access/revoke.json", emma, { user_id: readerId, aircraft_ids: [ac.id], products: ["storage"] }), AccessMutationAnswer);
    // Claire has Edit Access only: she may not manage access; bulk grants and other organizations are refused.
    expect(errorOf(await get(`/admin/access/aircraft/${ac.id}.json`, client))).toBe("Only a Super User of this aircraft can manage its access.");
    expect(errorOf(await post("/admin/access/grant.json", client, { user_id: readerId, aircraft_ids: [ac.id], products: ["storage"], access: "read" }))).toBe(
      "Only a Super User of MSN 1456 in Storage can manage its access."
    );
    expect(errorOf(await post("/admin/access/grant.json", emma, { user_id: readerId, organization_id: org.id, products: ["storage"], access: "read" }))).toBe(
      "Only administrators can change access for a whole organization."
    );
    const nordicAc = await nordicAircraftId();
    expect((await get(`/admin/access/aircraft/${nordicAc}.json`, emma)).status).toBe(404);
    expect((await get(`/admin/access/users/${readerId}.json`, emma)).status).toBe(422);
  });
});

describe("IP whitelist", () => {
  it("restricts sign-in and every call of an organization's users to the listed ranges", async () => {
    const org = ok(await post("/admin/organizations.json", admin, { name: "Whitelisted Org" }), OrganizationMutationAnswer).organization;
    await createClient(org.id, "wl.user@example.aero", "White", "List", "white-pass-2026");
    const before = await headersFor("wl.user@example.aero", "white-pass-2026", "192.0.2.77");

    // The admin (no organization) is warned that the list excludes their own address, then confirms.
    const warn = await post("/admin/ip_whitelist.json", withIp(admin, "198.51.100.1"), { organization_id: org.id, cidr: "203.0.113.0/24", label: "Office" });
    expect(warn.status).toBe(422);
    expect(IpWarningAnswer.parse(warn.body)).toMatchObject({ confirm_required: true, your_ip: "198.51.100.1" });
    const added = ok(
      await post("/admin/ip_whitelist.json", withIp(admin, "198.51.100.1"), {
        organization_id: org.id,
        cidr: "203.0.113.0/24",
        label: "Office",
        confirm: true,
      }),
      IpWhitelistMutationAnswer
    );
    expect(added.entry).toMatchObject({ cidr: "203.0.113.0/24", label: "Office", matches_you: false });

    // The refused address: the running session and a new sign-in get 403.
    expect((await get("/user/me.json", before)).status).toBe(403);
    const refused = await signInAt("wl.user@example.aero", "white-pass-2026", "192.0.2.77");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe("Access from this network is not allowed for your organization.");
    expect((await signInAt("wl.user@example.aero", "white-pass-2026")).status).toBe(403); // no address known
    // The allowed address works, for sign-in and calls.
    const inside = await headersFor("wl.user@example.aero", "white-pass-2026", "203.0.113.45");
    expect((await get("/user/me.json", inside)).status).toBe(200);
    expect((await get("/user/me.json", { ...inside, ...fromAddress("203.0.114.1") })).status).toBe(403);
    // Other organizations and admins are not bound.
    expect((await get("/user/me.json", withIp(client, "192.0.2.77"))).status).toBe(200);
    expect((await get("/user/me.json", withIp(admin, "192.0.2.77"))).status).toBe(200);

    const list = ok(await get(`/admin/ip_whitelist.json?organization_id=${org.id}`, withIp(admin, "203.0.113.9")), IpWhitelistAnswer);
    expect(list.your_ip).toBe("203.0.113.9");
    expect(list.entries.map((e) => [e.cidr, e.matches_you])).toEqual([["203.0.113.0/24", true]]);

    // Duplicates and bad ranges are refused; removing the last entry opens the organization again.
    expect((await post("/admin/ip_whitelist.json", withIp(admin, "203.0.113.9"), { organization_id: org.id, cidr: "203.0.113.0/24" })).status).toBe(422);
    const bad = await post("/admin/ip_whitelist.json", admin, { organization_id: org.id, cidr: "300.1.1.1/8" });
    expect((bad.body as { errors: Record<string, string[]> }).errors.cidr).toBeDefined();
    const removed = ok(await post(`/admin/ip_whitelist/${added.entry!.id}/delete.json`, withIp(admin, "198.51.100.1")), IpWhitelistMutationAnswer);
    expect(removed.message).toContain("has no entries left");
    expect((await signInAt("wl.user@example.aero", "white-pass-2026", "192.0.2.77")).status).toBe(200);
  });

  it("never lets an admin lock themselves out of their own organization", async () => {
    const org = ok(await post("/admin/organizations.json", admin, { name: "Own Admin Org" }), OrganizationMutationAnswer).organization;
    await createUserAccount(up.upstream.deps, {
      email: "org.admin@example.aero",
      password: "org-admin-2026",
      role: "member",
      first_name: "Org",
      last_name: "Admin",
      organization_id: org.id,
    });
    const h = await headersFor("org.admin@example.aero", "org-admin-2026", "198.51.100.20");
    const refused = await post("/admin/ip_whitelist.json", h, { organization_id: org.id, cidr: "10.0.0.0/8", confirm: true });
    expect(refused.status).toBe(422);
    const body = IpWarningAnswer.parse(refused.body);
    expect(body).toMatchObject({ confirm_required: false, your_ip: "198.51.100.20" });
    expect(body.error).toContain("would lock you out");
    // Their own address (or a range holding it) first is fine; then removing it is refused again.
    const mine = ok(await post("/admin/ip_whitelist.json", h, { organization_id: org.id, cidr: "198.51.100.0/24" }), IpWhitelistMutationAnswer);
    ok(await post("/admin/ip_whitelist.json", h, { organization_id: org.id, cidr: "10.0.0.0/8" }), IpWhitelistMutationAnswer);
    const removeMine = await post(`/admin/ip_whitelist/${mine.entry!.id}/delete.json`, h, { confirm: true });
    expect(removeMine.status).toBe(422);
    expect(IpWarningAnswer.parse(removeMine.body).confirm_required).toBe(false);
    expect((await get("/user/me.json", h)).status).toBe(200);
  });
});

describe("search index rebuild", () => {
  it("rebuilds one organization in batches, sweeps stale entries and reports counts before and after", async () => {
    const deps = up.upstream.deps;
    const org = await skyline();
    const items = await deps.db
      .selectFrom("storage_items as s")
      .innerJoin("aircraft as a", "a.id", "s.aircraft_id")
      .select(["s.id", "s.name", "s.path", "s.aircraft_id"])
      .where("a.organization_id", "=", org.id)
      .where("s.path", "!=", "/")
      .orderBy("s.id")
      .execute();
    const expected = items.length;
    // Damage the index: one entry missing, one stale entry that matches no record.
    await deps.search.remove([items[3].id]);
    await deps.search.index([{ id: 99_999_999, name: "Ghost record.pdf", path: "/Ghost record.pdf", aircraft_id: items[0].aircraft_id, organization_id: org.id }]);
    expect(await deps.search.count(org.id)).toBe(expected);

    // One unfinished job per scope (a job row queued behind the worker's back, not woken yet).
    const pending = await deps.db
      .insertInto("search_reindex_jobs")
      .values({
        organization_id: org.id,
        status: "queued",
        total: 0,
        done: 0,
        last_item_id: 0,
        count_before: 0,
        count_after: null,
        created_by: null,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(errorOf(await post("/admin/search/reindex.json", admin, { organization_id: org.id }))).toBe("A rebuild of this index is already queued or running.");
    await deps.db.deleteFrom("search_reindex_jobs").where("id", "=", pending.id).execute();

    const queued = ok(await post("/admin/search/reindex.json", admin, { organization_id: org.id }), ReindexMutationAnswer);
    expect(queued.job).toMatchObject({ status: "queued", count_before: expected, total: expected });
    await reindexIdle(deps);
    const after = ok(await get("/admin/search/reindex.json", admin), ReindexAnswer);
    const job = after.jobs.find((j) => j.id === queued.job.id)!;
    expect(job).toMatchObject({ status: "done", done: expected, percent: 100, count_after: expected });
    expect((await deps.search.search({ text: "Ghost", aircraftIds: "all", limit: 10, offset: 0 })).total).toBe(0);
    expect(await deps.search.ids({ afterId: items[3].id - 1, upToId: items[3].id, limit: 1 })).toEqual([items[3].id]);
    expect(after.index.by_organization.find((o) => o.organization.slug === "skyline")).toMatchObject({ indexed: expected, items: expected });
  });

  it("keeps answering searches mid-rebuild and resumes an interrupted job", async () => {
    const deps = up.upstream.deps;
    const before = await deps.search.count(null);
    const hits = async () => (await deps.search.search({ text: "Certificate", aircraftIds: "all", limit: 100, offset: 0 })).total;
    const expectedHits = await hits();
    expect(expectedHits).toBeGreaterThan(0);
    // A job left "running" half-way by a restart.
    const job = await deps.db
      .insertInto("search_reindex_jobs")
      .values({
        organization_id: null,
        status: "queued",
        total: 0,
        done: 0,
        last_item_id: 0,
        count_before: before,
        count_after: null,
        created_by: null,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await runReindexBatch(deps, job, 7);
    const mid = await deps.db.selectFrom("search_reindex_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(mid).toMatchObject({ status: "running", done: 7 });
    expect(await hits()).toBe(expectedHits); // nothing was dropped
    wakeReindexWorker(deps);
    await reindexIdle(deps);
    const done = await deps.db.selectFrom("search_reindex_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(done.status).toBe("done");
    expect(done.count_after).toBe(before);
    expect(await hits()).toBe(expectedHits);
  });
});

describe("file-server users and groups", () => {
  it("creates groups mapped to organizations and users in them", async () => {
    const org = await skyline();
    const group = ok(await post("/admin/fs/groups.json", admin, { name: "Skyline Records", organization_id: org.id }), FsGroupMutationAnswer).group;
    expect(group).toMatchObject({ name: "Skyline Records", organization: { slug: "skyline" }, member_count: 0 });
    expect((await post("/admin/fs/groups.json", admin, { name: "skyline records" })).status).toBe(422);
    const u = ok(
      await post("/admin/fs/users.json", admin, { username: "Skyline.Sync", display_name: "Skyline sync", quota_gb: 2, group_ids: [group.id] }),
      FsUserMutationAnswer
    ).user;
    expect(u).toMatchObject({ username: "skyline.sync", quota_bytes: 2 * 1024 ** 3, enabled: true, groups: [{ id: group.id, name: "Skyline Records" }] });
    expect((await post("/admin/fs/users.json", admin, { username: "skyline.sync" })).status).toBe(422);
    const off = ok(await post(`/admin/fs/users/${u.id}.json`, admin, { enabled: false }), FsUserMutationAnswer);
    expect(off.user.enabled).toBe(false);
    const groups = ok(await get("/admin/fs/groups.json?sort=member_count&dir=desc", admin), FsGroupsAnswer);
    expect(groups.groups[0]).toMatchObject({ name: "Skyline Records", member_count: 1 });
    expect(ok(await get("/admin/fs/users.json?q=sync", admin), FsUsersAnswer).total).toBe(1);
  });
});

describe("analytics and audit", () => {
  it("answers every aggregate of the analytics page", async () => {
    const a = ok(await get("/admin/analytics.json?weeks=8", admin), AnalyticsAnswer);
    expect(a.weeks).toHaveLength(8);
    expect(new Date(`${a.weeks[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(a.aircraft.by_organization.find((o) => o.organization.slug === "skyline")).toMatchObject({ total: 8 });
    expect(a.aircraft.counts.total).toBe(a.aircraft.counts.grounded + a.aircraft.counts.operational + a.aircraft.counts.transitional);
    expect(a.users.by_role.find((r) => r.role === "admin")!.active).toBeGreaterThanOrEqual(1);
    expect(a.storage.total_files).toBeGreaterThan(0);
    expect(a.storage.per_week.at(-1)!.cumulative_bytes).toBe(a.storage.total_bytes);
    expect(a.activity.per_week.at(-1)!.sign_ins).toBeGreaterThan(0);
    expect(a.activity.per_week.at(-1)!.admin_changes).toBeGreaterThan(0);
    expect(a.consultants.total).toBe(a.consultants.by_approval.verified + a.consultants.by_approval.disapproved + a.consultants.by_approval.undecided);
  });

  it("logs who, what, when and from where, filtered by user, organization and date", async () => {
    const made = ok(await post("/admin/organizations.json", withIp(admin, "198.51.100.99"), { name: "Audited Org" }), OrganizationMutationAnswer).organization;
    const today = new Date().toISOString().slice(0, 10);
    const log = ok(await get(`/admin/audit.json?organization_id=${made.id}&user=admin@demo.aero&from=${today}&to=${today}`, admin), AuditAnswer);
    expect(log.entries[0]).toMatchObject({
      action: "admin.organization.create",
      ip: "198.51.100.99",
      user: { email: "admin@demo.aero" },
      organization: { id: made.id, name: "Audited Org" },
    });
    expect(ok(await get(`/admin/audit.json?organization_id=${made.id}&to=2000-01-01`, admin), AuditAnswer).total).toBe(0);
    expect(ok(await get(`/admin/audit.json?organization_id=${made.id}&user=member@demo.aero`, admin), AuditAnswer).total).toBe(0);
  });

  it("pages the log by next and previous cursors and by number, newest first as the OFFSET listing did (ADR 084)", async () => {
    const ids = (a: z.infer<typeof AuditAnswer>) => a.entries.map((e) => e.id);
    for (let i = 0; i < 9; i++) await up.signIn("member@demo.aero"); // entries enough for three pages and more
    for (const filter of ["", "&action=auth."]) {
      // The reference: the OFFSET listing's order (newest first by id), read from the table.
      let ref = up.upstream.deps.db.selectFrom("audit_log").select("id").orderBy("id", "desc");
      if (filter) ref = ref.where("action", "like", "auth.%");
      const want = (await ref.execute()).map((r) => Number(r.id));
      expect(want.length).toBeGreaterThan(8);
      const per = 4;
      const pages = Math.ceil(want.length / per);
      let answer = ok(await get(`/admin/audit.json?per_page=${per}${filter}`, admin), AuditAnswer);
      expect(answer.prev_cursor).toBeNull();
      const walked = [...ids(answer)];
      while (answer.next_cursor) {
        answer = ok(await get(`/admin/audit.json?per_page=${per}&page=${answer.page + 1}&cursor=${answer.next_cursor}${filter}`, admin), AuditAnswer);
        walked.push(...ids(answer));
      }
      expect(walked).toEqual(want);
      expect(answer.page).toBe(pages);
      const back = [...ids(answer)];
      while (answer.prev_cursor) {
        answer = ok(await get(`/admin/audit.json?per_page=${per}&page=${answer.page - 1}&cursor=${answer.prev_cursor}${filter}`, admin), AuditAnswer);
        back.unshift(...ids(answer));
      }
      expect(back).toEqual(want);
      for (const p of [1, 2, pages, pages + 1]) {
        expect(ids(ok(await get(`/admin/audit.json?per_page=${per}&page=${p}${filter}`, admin), AuditAnswer))).toEqual(want.slice((p - 1) * per, p * per));
      }
    }
    // A cursor that is not one (damaged, of another list): the first page.
    for (const bad of ["nonsense", Buffer.from(JSON.stringify(["files.name.asc", "a", 1])).toString("base64url"), Buffer.from(JSON.stringify(["audit", "a", "7"])).toString("base64url")]) {
      const r = ok(await get(`/admin/audit.json?per_page=3&page=5&cursor=${bad}`, admin), AuditAnswer);
      expect(r.page).toBe(1);
      expect(r.prev_cursor).toBeNull();
      expect(r.entries).toHaveLength(3);
    }
  });
});
