// The admin area's loaders and actions called as plain functions against the embedded upstream (in
// process, a fresh seeded DATA_DIR):
//   - the guard, route by route: every admin route file (listed from app/routes) refuses client and
//     consultant accounts, ops_template gets only the AeroOPS pages, member the whole admin area;
//   - every admin page loads for an admin (a smoke test of loaders against the real API);
//   - the forms: validation errors come back on the form (400), success redirects with a toast;
//   - the IP whitelist through the portal: sign-in and every page from an allowed and a refused
//     address (context.clientIp is what server.ts takes from Express's req.ip behind TRUST_PROXY).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { cookieFrom, isResponse, PORTAL_ORIGIN, setPortalEnv, startPortal, toastOf, toResponse, type Portal } from "../helpers/portal";

setPortalEnv();

type Fn = Parameters<Portal["run"]>[0];
type RouteModule = { loader?: Fn; action?: Fn };
let p: Portal;
const cookies: Record<string, string> = {};

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
/** Every route file of the admin area (the spec's admin routes and this extra pages). */
const ADMIN_ROUTE = /^_shell\.(admin\.|dashboard\.tsx$|deactivate\.tsx$|nextcloud\.|aerooil\.)/;
/** Every route file by its flat name: "x+/y.tsx" is "x.y.tsx", "x+/_layout.tsx" is "x.tsx" (ADR 028). */
const routeFiles = new Map<string, string>();
for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
  if (entry.isDirectory() && entry.name.endsWith("+")) {
    const prefix = entry.name.slice(0, -1);
    for (const f of fs.readdirSync(path.join(ROUTES_DIR, entry.name))) {
      if (f.startsWith("__")) continue; // a route's helper module, not a route
      routeFiles.set(f.startsWith("_layout.") ? `${prefix}${f.slice("_layout".length)}` : `${prefix}.${f}`, path.join(entry.name, f));
    }
  } else if (entry.isFile()) routeFiles.set(entry.name, entry.name);
}
const adminFiles = [...routeFiles.keys()].filter((f) => ADMIN_ROUTE.test(f) && /\.tsx?$/.test(f)).sort();
const load = (file: string) => import(/* @vite-ignore */ path.join(ROUTES_DIR, routeFiles.get(file) ?? file)) as Promise<RouteModule>;

/** AeroOPS admin pages: ops_template may use them (spec 001 §6). */
const OPS_TEMPLATE_FILES = new Set([
  "_shell.admin.aeroops.organization.tsx",
  "_shell.admin.aeroops.create.tsx",
  "_shell.admin.aeroops.org.tsx",
  "_shell.admin.aeroops.template.manufacturers.($id).tsx",
]);

async function as(email: string) {
  cookies[email] ??= await p.signIn(email);
  return cookies[email];
}


async function run(
  fn: Fn,
  url: string,
  opts: { email?: string; cookie?: string; form?: Record<string, string | string[]>; params?: Record<string, string>; context?: AppLoadContext } = {}
) {
  const headers = new Headers();
  const cookie = opts.cookie ?? (opts.email ? await as(opts.email) : undefined);
  if (cookie) headers.set("Cookie", cookie);
  let init: RequestInit = { method: "GET", headers };
  if (opts.form) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    init = { method: "POST", headers, body: body.toString() };
  }
  try {
    const out = await fn({ request: new Request(PORTAL_ORIGIN + url, init), context: opts.context ?? p.context, params: opts.params ?? {} });
    return toResponse(out);
  } catch (e) {
    if (isResponse(e)) return e;
    throw e;
  }
}

let ids: { skyline: number; aircraft: number; client: number; manufacturer: number };

beforeAll(async () => {
  p = await startPortal();
  const db = p.up.upstream.deps.db;
  const skyline = await db.selectFrom("organizations").select("id").where("slug", "=", "skyline").executeTakeFirstOrThrow();
  const aircraft = await db.selectFrom("aircraft").select("id").where("organization_id", "=", skyline.id).where("msn", "=", "5123").executeTakeFirstOrThrow();
  const client = await db.selectFrom("users").select("id").where("email", "=", "client@demo.aero").executeTakeFirstOrThrow();
  const manufacturer = await db.selectFrom("manufacturers").select("id").orderBy("id").executeTakeFirstOrThrow();
  ids = { skyline: skyline.id, aircraft: aircraft.id, client: client.id, manufacturer: manufacturer.id };
});
afterAll(async () => {
  await p?.close();
});

/** A URL and params that make each admin page load for an admin. */
function target(file: string): { url: string; params: Record<string, string> } {
  const name = file.replace(/\.tsx?$/, "").replace(/^_shell\./, "");
  const params: Record<string, string> = { orgId: String(ids.skyline), aircraftId: String(ids.aircraft), id: String(ids.manufacturer) };
  const special: Record<string, string> = {
    "admin.organization.$orgId._index": `/admin/organization/${ids.skyline}`,
    "admin.organization.$orgId.aircraft.new": `/admin/organization/${ids.skyline}/aircraft/new`,
    "admin.organization.$orgId.aircraft.$aircraftId": `/admin/organization/${ids.skyline}/aircraft/${ids.aircraft}`,
    "admin.organization._index": "/admin/organization",
    "admin.ip-whitelist._index": "/admin/ip-whitelist",
    "admin.aeroops.org": "/admin/aeroops/org?org=skyline",
    "admin.aeroops.template.manufacturers.($id)": `/admin/aeroops/template/manufacturers/${ids.manufacturer}`,
    "aerooil.view": "/aerooil/view?organization=skyline",
    "aerooil.msnids": "/aerooil/msnids?organization=skyline",
    "nextcloud.user._index": "/nextcloud/user",
    "nextcloud.group._index": "/nextcloud/group",
  };
  return { url: special[name] ?? `/${name.replace(/\./g, "/")}`, params };
}

describe("the admin guard, route by route", () => {
  it("finds the admin route files", () => {
    expect(adminFiles.length).toBeGreaterThanOrEqual(28);
    for (const f of [
      "_shell.admin.analytics.tsx",
      "_shell.admin.user-access-control.tsx",
      "_shell.admin.es-migration.tsx",
      "_shell.dashboard.tsx",
      "_shell.deactivate.tsx",
      "_shell.nextcloud.user.create.tsx",
      "_shell.aerooil.msnids.tsx",
    ]) {
      expect(adminFiles).toContain(f);
    }
  });

  it("refuses client and consultant accounts on every admin route (loader and action) with /errors/error-401", async () => {
    for (const file of adminFiles) {
      const mod = await load(file);
      const { url, params } = target(file);
      for (const email of ["client@demo.aero", "consultant@demo.aero"]) {
        for (const [kind, fn] of [
          ["loader", mod.loader],
          ["action", mod.action],
        ] as const) {
          if (!fn) continue;
          const res = await run(fn, url, { email, params, form: kind === "action" ? { intent: "x" } : undefined });
          expect(`${file} ${kind} ${email}: ${res.status} ${res.headers.get("Location")}`).toBe(`${file} ${kind} ${email}: 302 /errors/error-401`);
        }
      }
    }
  });

  it("sends a signed-out visitor to the login page", async () => {
    for (const file of adminFiles) {
      const mod = await load(file);
      const { url, params } = target(file);
      const res = await run(mod.loader!, url, { params });
      expect(res.status, file).toBe(302);
      expect(res.headers.get("Location"), file).toMatch(/^\/auth\/login\?redirectTo=/);
    }
  });

  it("lets ops_template use the AeroOPS admin pages only", async () => {
    for (const file of adminFiles) {
      const mod = await load(file);
      const { url, params } = target(file);
      const res = await run(mod.loader!, url, { email: "template@demo.aero", params });
      if (OPS_TEMPLATE_FILES.has(file)) expect(res.status, file).toBe(200);
      else expect(`${file}: ${res.headers.get("Location")}`).toBe(`${file}: /errors/error-401`);
    }
    // The module type comes from ?type=: AeroOIL is not the template manager's.
    const org = await load("_shell.admin.aeroops.organization.tsx");
    const oil = await run(org.loader!, "/admin/aeroops/organization?type=Aerooil", { email: "template@demo.aero" });
    expect(oil.headers.get("Location")).toBe("/errors/error-401");
  });

  it("loads every admin page for an admin, and for a member", async () => {
    for (const file of adminFiles) {
      const mod = await load(file);
      const { url, params } = target(file);
      const res = await run(mod.loader!, url, { email: "admin@demo.aero", params });
      expect(`${file}: ${res.status}`).toBe(`${file}: 200`);
    }
    const analytics = await load("_shell.admin.analytics.tsx");
    expect((await run(analytics.loader!, "/admin/analytics", { email: "member@demo.aero" })).status).toBe(200);
  });

  it("gives a Super User the Access page of their aircraft and refuses others", async () => {
    const mod = await load("_shell.aircraft-access.$aircraftId.tsx");
    const params = { aircraftId: String(ids.aircraft) };
    const url = `/aircraft-access/${ids.aircraft}`;
    const su = await run(mod.loader!, url, { email: "emma.clarke@skyline.demo.aero", params });
    expect(su.status).toBe(200);
    const body = (await su.json()) as { view: { can_manage: Record<string, boolean> } };
    expect(body.view.can_manage).toEqual({ storage: true, ops: true, oil: true });
    const writer = await run(mod.loader!, url, { email: "client@demo.aero", params });
    expect(writer.status).toBe(302);
    expect(writer.headers.get("Location")).toBe("/client/home");
    expect((await toastOf(writer))?.description).toBe("Only a Super User of this aircraft can manage its access.");
    expect((await run(mod.loader!, url, { email: "consultant@demo.aero", params })).headers.get("Location")).toBe("/errors/error-401");
  });
});

describe("admin forms", () => {
  it("creates an organization, an aircraft, a client and a consultant; grants and revokes access", async () => {
    const orgCreate = await load("_shell.admin.organization.create.tsx");
    const bad = await run(orgCreate.action!, "/admin/organization/create", { email: "admin@demo.aero", form: { name: "", product_type: "OTHER" } });
    expect(bad.status).toBe(400);
    const org = await run(orgCreate.action!, "/admin/organization/create", {
      email: "admin@demo.aero",
      form: { name: "Unit Test Air", product_type: "STORAGE", search_all: "on" },
    });
    expect(org.status).toBe(302);
    expect((await toastOf(org))?.description).toBe("Organization Unit Test Air was created.");
    const orgId = Number(org.headers.get("Location")!.split("/").pop());

    const acNew = await load("_shell.admin.organization.$orgId.aircraft.new.tsx");
    const ac = await run(acNew.action!, `/admin/organization/${orgId}/aircraft/new`, {
      email: "admin@demo.aero",
      params: { orgId: String(orgId) },
      form: { msn: "4242", registration: "EI-UNT", model: "ATR 72-600", manufacturer: "ATR", kind: "aircraft", status: "IN OPERATION" },
    });
    expect(ac.headers.get("Location")).toBe(`/admin/organization/${orgId}`);
    const dup = await run(acNew.action!, `/admin/organization/${orgId}/aircraft/new`, {
      email: "admin@demo.aero",
      params: { orgId: String(orgId) },
      form: { msn: "4242", registration: "EI-UNX", kind: "aircraft", status: "IN OPERATION" },
    });
    expect(dup.status).toBe(400);
    const aircraftId = (await p.up.upstream.deps.db.selectFrom("aircraft").select("id").where("organization_id", "=", orgId).executeTakeFirstOrThrow()).id;

    const clientCreate = await load("_shell.admin.client.create.tsx");
    const made = await run(clientCreate.action!, "/admin/client/create", {
      email: "admin@demo.aero",
      form: { first_name: "Una", last_name: "Test", email: "una.test@example.aero", organization_id: String(orgId), password: "una-pass-2026" },
    });
    expect(made.status).toBe(302);
    const clientId = Number(new URL(PORTAL_ORIGIN + made.headers.get("Location")).searchParams.get("user_id"));
    expect(clientId).toBeGreaterThan(0);

    const consultantCreate = await load("_shell.admin.consultant.create.tsx");
    const cons = await run(consultantCreate.action!, "/admin/consultant/create", {
      email: "admin@demo.aero",
      form: { first_name: "Cora", last_name: "Sult", email: "cora.sult@example.aero", country: "Ireland" },
    });
    expect(cons.headers.get("Location")).toBe("/admin/consultant/dashboard?sort=created_at&dir=desc");
    expect((await toastOf(cons))?.description).toContain("an invitation was mailed to cora.sult@example.aero");

    // Grant Edit Access to the aircraft's storage through the row form of the user's page.
    const uac = await load("_shell.admin.user-access-control.tsx");
    const page = `/admin/user-access-control?user_id=${clientId}`;
    const view = await run(uac.loader!, page, { email: "admin@demo.aero" });
    const data = (await view.json()) as { userView: { aircraft: { id: number; access: Record<string, string | null> }[] } };
    expect(data.userView.aircraft.map((a) => a.id)).toEqual([aircraftId]);
    const grant = await run(uac.action!, page, {
      email: "admin@demo.aero",
      form: {
        intent: "row",
        user_id: String(clientId),
        aircraft_id: String(aircraftId),
        storage: "write",
        was_storage: "",
        ops: "",
        was_ops: "",
        oil: "",
        was_oil: "",
        redirectTo: page,
      },
    });
    expect((await toastOf(grant))?.description).toBe("Una Test now has Edit Access to MSN 4242 (Storage).");
    // The client sees it in the fleet at once.
    const una = await p.signIn("una.test@example.aero", "una-pass-2026");
    const overview = await import("~/routes/_shell.storage+/overview");
    // What a client-side navigation receives: the page's data.
    const fleet = async () => JSON.stringify(await (await run(overview.loader as Fn, "/storage/overview", { cookie: una, context: { ...p.context, dataRequest: true } })).json());
    expect(await fleet()).toContain("ATR 72-600 MSN 4242");
    // Revoke: the row with no access.
    const revoke = await run(uac.action!, page, {
      email: "admin@demo.aero",
      form: { intent: "row", user_id: String(clientId), aircraft_id: String(aircraftId), storage: "", was_storage: "write", redirectTo: page },
    });
    expect((await toastOf(revoke))?.description).toBe("Una Test no longer has Storage access to MSN 4242.");
    expect(await fleet()).not.toContain("MSN 4242");
    // Bulk, for the whole organization.
    const bulk = await run(uac.action!, page, {
      email: "admin@demo.aero",
      form: { intent: "grant", user_id: String(clientId), organization_id: String(orgId), products: ["storage", "ops"], access: "read", redirectTo: page },
    });
    expect((await toastOf(bulk))?.description).toBe("Una Test now has Read Access to MSN 4242 (Storage, AeroOPS).");
  });

  it("deactivates and reactivates from /deactivate", async () => {
    const mod = await load("_shell.deactivate.tsx");
    const reader = (await p.up.upstream.deps.db.selectFrom("users").select("id").where("email", "=", "reader@demo.aero").executeTakeFirstOrThrow()).id;
    const readerCookie = await p.signIn("reader@demo.aero");
    const off = await run(mod.action!, "/deactivate", {
      email: "admin@demo.aero",
      form: { intent: "deactivate", user_id: String(reader), redirectTo: "/deactivate?q=reader" },
    });
    expect(off.headers.get("Location")).toBe("/deactivate?q=reader");
    expect((await toastOf(off))?.description).toBe("Ravi Desai is deactivated and has been signed out everywhere.");
    // The reader's portal session ends at their next request.
    const shell = await import("~/routes/_shell+/_layout");
    const next = await run(shell.loader as Fn, "/client/home", { cookie: readerCookie });
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toMatch(/^\/auth\/login/);
    const on = await run(mod.action!, "/deactivate", {
      email: "admin@demo.aero",
      form: { intent: "activate", user_id: String(reader), redirectTo: "/deactivate" },
    });
    expect((await toastOf(on))?.description).toBe("Ravi Desai can sign in again.");
  });

  it("queues a search-index rebuild and refreshes the page while it runs", async () => {
    const mod = (await load("_shell.admin.es-migration.tsx")) as RouteModule & { meta: (a: { data: unknown }) => { httpEquiv?: string; content?: string }[] };
    const res = await run(mod.action!, "/admin/es-migration", { email: "admin@demo.aero", form: { organization_id: String(ids.skyline) } });
    expect(res.headers.get("Location")).toBe("/admin/es-migration");
    expect((await toastOf(res))?.description).toMatch(/^The search index of Skyline Leasing is being rebuilt/);
    expect(mod.meta({ data: { busy: true } }).some((m) => m.httpEquiv === "refresh")).toBe(true);
    expect(mod.meta({ data: { busy: false } }).some((m) => m.httpEquiv === "refresh")).toBe(false);
  });
});

describe("the IP whitelist through the portal", () => {
  const at = (ip: string) => ({ ...p.context, clientIp: ip } as AppLoadContext);

  it("lets an organization's users in only from its addresses: at sign-in and on every page", async () => {
    const create = await load("_shell.admin.ip-whitelist.create.tsx");
    const adminCookie = await as("admin@demo.aero");
    const form = { organization_id: String(ids.skyline), cidr: "198.51.100.0/24", label: "Skyline office" };
    // The admin's own address (203.0.113.10) is not in the list: a warning first, then confirm.
    const warned = await run(create.action!, "/admin/ip-whitelist/create", { cookie: adminCookie, form });
    expect(warned.status).toBe(400);
    const warning = (await warned.json()) as { confirm: boolean; result: { error: Record<string, string[]> } };
    expect(warning.confirm).toBe(true);
    expect(warning.result.error[""]![0]).toContain("Your current address 203.0.113.10 is not in this organization's list");
    const saved = await run(create.action!, "/admin/ip-whitelist/create", { cookie: adminCookie, form: { ...form, confirm: "on" } });
    expect(saved.headers.get("Location")).toBe(`/admin/ip-whitelist?organization_id=${ids.skyline}`);

    const login = await import("~/routes/_public+/auth.login");
    const signIn = (ip: string) => run(login.action as Fn, "/auth/login", { form: { email: "client@demo.aero", password: "demo-pass-2026" }, context: at(ip) });
    // Refused address: the login form says why; no session.
    const refused = await signIn("192.0.2.50");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain("Access from this network is not allowed for your organization.");
    // Allowed address: signed in, and the shell loads.
    const allowed = await signIn("198.51.100.23");
    expect(allowed.status).toBe(302);
    const cookie = cookieFrom(allowed);
    const shell = await import("~/routes/_shell+/_layout");
    expect((await run(shell.loader as Fn, "/client/home", { cookie, context: at("198.51.100.23") })).status).toBe(200);
    // The same session from a refused address: every page logs out (403 → /auth/login, session cleared).
    const away = await run(shell.loader as Fn, "/client/home", { cookie, context: at("192.0.2.50") });
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fclient%2Fhome");
    expect(away.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    expect((await toastOf(away))?.description).toBe("Access from this network is not allowed for your organization.");
    // Admins are never bound by a list.
    const analytics = await load("_shell.admin.analytics.tsx");
    expect((await run(analytics.loader!, "/admin/analytics", { cookie: adminCookie, context: at("192.0.2.50") })).status).toBe(200);

    // Remove the entry again (confirm: the admin's address is still not in it, and the list empties).
    const list = await load("_shell.admin.ip-whitelist._index.tsx");
    const entry = await p.up.upstream.deps.db.selectFrom("ip_whitelist").select("id").where("organization_id", "=", ids.skyline).executeTakeFirstOrThrow();
    const removed = await run(list.action!, "/admin/ip-whitelist", {
      cookie: adminCookie,
      form: { intent: "delete", id: String(entry.id), redirectTo: "/admin/ip-whitelist" },
    });
    expect((await toastOf(removed))?.description).toContain("has no entries left");
    expect((await signIn("192.0.2.50")).status).toBe(302);
  });
});
