// Issue 10: the trust boundaries of the APIs, tried over HTTP the way an outsider would.
//   - a bare X-Client-Ip from outside moves neither the IP whitelist, nor a rate limit, nor the audit log;
//   - only an address signed with the shared secret (a remote portal) or the socket's counts;
//   - refused writes (role, access level, another organization's aircraft) are in the audit log;
//   - the audit log is append-only in the database;
//   - error reports that are empty or carry NUL characters are refused and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUpstream, fromAddress, startTestUpstream, TEST_CLIENT_UUID, type TestUpstream } from "../helpers/upstream";
import { signClientIp } from "../../upstream/client-address";
import { AuditAnswer } from "~/models/schemas/admin";

let up: TestUpstream;
type H = Record<string, string>;

beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(async () => {
  await up?.close();
});

const call = (method: string, path: string, headers: H = {}, body?: unknown) => callUpstream(`${up.mainUrl}${path}`, method, headers, body);

const signInAt = (email: string, headers: H = {}) => call("POST", "/users/sign_in.json", headers, { user: { email, password: "demo-pass-2026" } });
const auth = (email: string, token: string, extra: H = {}): H => ({ "x-user-email": email, "x-user-token": token, "x-user-uuid": TEST_CLIENT_UUID, ...extra });

async function lastAudit(action: string) {
  return up.upstream.deps.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").executeTakeFirst();
}

describe("the caller's address comes from a channel an outsider cannot forge", () => {
  it("a forged X-Client-Ip does not pass the IP whitelist, at sign-in or on later calls", async () => {
    const admin = await up.signIn("admin@demo.aero");
    const skyline = await up.upstream.deps.db.selectFrom("organizations").select("id").where("slug", "=", "skyline").executeTakeFirstOrThrow();
    // Only 10.0.0.0/8 may use Skyline's accounts (the admin confirms the warning about their own address).
    const added = await call("POST", "/admin/ip_whitelist.json", admin, { organization_id: skyline.id, cidr: "10.0.0.0/8", label: "HQ", confirm: true });
    expect(added.status).toBe(200);
    try {
      // The test runs from 127.0.0.1: refused, with or without a bare header claiming 10.1.2.3.
      expect((await signInAt("client@demo.aero")).status).toBe(403);
      expect((await signInAt("client@demo.aero", { "x-client-ip": "10.1.2.3" })).status).toBe(403);
      // A signature made with another secret, or an old one, is not believed either.
      expect((await signInAt("client@demo.aero", { "x-client-ip": "10.1.2.3", "x-client-ip-signature": signClientIp("10.1.2.3", "not-the-secret-0123456789") })).status).toBe(403);
      expect(
        (await signInAt("client@demo.aero", { "x-client-ip": "10.1.2.3", "x-client-ip-signature": signClientIp("10.1.2.3", "test-forward-secret-0123456789abcdef", Date.now() - 3600_000) })).status,
      ).toBe(403);
      // A portal holding the shared secret speaks for its user at 10.1.2.3: that works...
      const inside = await signInAt("client@demo.aero", fromAddress("10.1.2.3"));
      expect(inside.status).toBe(200);
      const token = inside.body.token as string;
      expect((await call("GET", "/storage/v2/aircraft.json", auth("client@demo.aero", token, fromAddress("10.9.9.9")))).status).toBe(200);
      // ...but the same token with a bare header from outside is refused (and the session ends).
      expect((await call("GET", "/storage/v2/aircraft.json", auth("client@demo.aero", token, { "x-client-ip": "10.1.2.3" }))).status).toBe(403);
    } finally {
      const list = await call("GET", `/admin/ip_whitelist.json?organization_id=${skyline.id}`, admin);
      for (const e of (list.body.entries as { id: number }[]) ?? []) await call("POST", `/admin/ip_whitelist/${e.id}/delete.json`, admin, {});
    }
    expect((await signInAt("client@demo.aero")).status).toBe(200);
  });

  it("a forged X-Client-Ip does not change a per-address rate limit", async () => {
    // Password-reset requests: 30 per address per 10 minutes. Each forged address would be a fresh budget.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call("POST", "/users/password.json", { "x-client-ip": `198.18.${i}.1` }, { email: `nobody${i}@example.aero` })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("the audit log records the socket's address, not a forged one", async () => {
    await call("POST", "/users/sign_in.json", { "x-client-ip": "203.0.113.99" }, { user: { email: "client@demo.aero", password: "wrong-pass-2026" } });
    const row = await lastAudit("auth.sign_in_failed");
    expect(row?.ip).toBe("127.0.0.1");
    // And a signed one when a portal forwards it.
    await call("POST", "/users/sign_in.json", fromAddress("203.0.113.98"), { user: { email: "client@demo.aero", password: "wrong-pass-2026" } });
    expect((await lastAudit("auth.sign_in_failed"))?.ip).toBe("203.0.113.98");
  });
});

describe("refused writes are audited", () => {
  it("records a read-only user's write, another organization's aircraft and a role refusal, and shows them to an admin", async () => {
    const reader = await up.signIn("reader@demo.aero");
    const client = await up.signIn("client@demo.aero");
    const db = up.upstream.deps.db;
    const readerId = (await db.selectFrom("users").select("id").where("email", "=", "reader@demo.aero").executeTakeFirstOrThrow()).id;
    const readOnly = await db
      .selectFrom("aircraft_access")
      .select("aircraft_id")
      .where("user_id", "=", readerId)
      .where("product", "=", "storage")
      .where("access", "=", "read")
      .executeTakeFirstOrThrow();
    const foreign = await db
      .selectFrom("aircraft")
      .innerJoin("organizations", "organizations.id", "aircraft.organization_id")
      .select("aircraft.id")
      .where("organizations.slug", "=", "nordic")
      .executeTakeFirstOrThrow();

    const refusedRead = await call("POST", "/storage/v2/folders.json", reader, { aircraft_id: readOnly.aircraft_id, dir: "/", paths: ["Probe"] });
    expect(refusedRead.status).toBe(422);
    expect(String(refusedRead.body.error)).toMatch(/Read Access/);
    expect((await call("POST", "/storage/v2/folders.json", client, { aircraft_id: foreign.id, dir: "/", paths: ["Probe"] })).status).toBe(404);
    expect((await call("POST", "/admin/organizations.json", client, { name: "Probe Org" })).status).toBe(422);
    // A validation error is not a refusal.
    const before = (await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", "refused.request").executeTakeFirstOrThrow()).n;
    expect((await call("POST", "/storage/v2/folders.json", client, { dir: "/" })).status).toBe(422);
    const after = (await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", "refused.request").executeTakeFirstOrThrow()).n;
    expect(after).toBe(before);

    const admin = await up.signIn("admin@demo.aero");
    const log = AuditAnswer.parse((await call("GET", "/admin/audit.json?action=refused.", admin)).body);
    const seen = log.entries.map((e) => ({ who: e.user?.email, ...(e.detail as { path: string; status: number }) }));
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ who: "reader@demo.aero", path: "/storage/v2/folders.json", status: 422 }),
        expect.objectContaining({ who: "client@demo.aero", path: "/storage/v2/folders.json", status: 404 }),
        expect.objectContaining({ who: "client@demo.aero", path: "/admin/organizations.json", status: 422 }),
      ]),
    );
    expect(log.entries.every((e) => e.ip === "127.0.0.1")).toBe(true);
  });

  it("keeps the audit log append-only in the database", async () => {
    const db = up.upstream.deps.db;
    const row = await db.selectFrom("audit_log").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    await expect(db.updateTable("audit_log").set({ action: "edited" }).where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
  });
});

describe("error reports", () => {
  it("refuses a report that is not an object, has no error, or carries NUL characters, and stores nothing", async () => {
    const db = up.upstream.deps.db;
    const count = async () => (await db.selectFrom("error_reports").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect((await call("POST", "/error/send_fe_error.json", {}, [])).status).toBe(422);
    expect((await call("POST", "/error/send_fe_error.json", {}, {})).status).toBe(422);
    expect((await call("POST", "/error/send_fe_error.json", {}, { error: "  " })).status).toBe(422);
    expect((await call("POST", "/error/send_fe_error.json", {}, { error: "boom\u0000", errorUrl: "/x" })).status).toBe(422);
    const bad = await fetch(`${up.mainUrl}/error/send_fe_error.json`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(bad.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await call("POST", "/error/send_fe_error.json", {}, { error: "TypeError: x is undefined", errorUrl: "/client/home" })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
