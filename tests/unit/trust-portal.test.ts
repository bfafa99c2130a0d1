// Issue 10 on the portal's side: the session cookie is encrypted (no token in what the browser holds),
// secrets rotate, the toast cookie follows the session cookie's Secure rule, bad error reports get 400
// and store nothing, a role refusal of a write is audited, and cross-origin writes are recognised.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../helpers/portal";

let p: Portal;

beforeAll(async () => {
  // Secure cookies forced on, as on an https deployment (read once, before any app module loads).
  process.env.SECURE_COOKIES = "true";
  p = await startPortal();
});
afterAll(async () => {
  await p?.close();
  delete process.env.SECURE_COOKIES;
});

/** The value of one cookie as the browser holds it, decoded the way anyone could (base64 of JSON). */
function decodedByHand(cookieHeader: string, name: string): string {
  const raw = cookieHeader.split(/;\s*/).find((c) => c.startsWith(`${name}=`))!.slice(name.length + 1);
  const text = Buffer.from(decodeURIComponent(raw), "base64").toString("utf8");
  return text;
}

describe("the session cookie", () => {
  it("is encrypted: decoding it by hand shows neither the token nor the user", async () => {
    const cookie = await p.signIn("client@demo.aero");
    const { getSession } = await import("~/utils/session.server");
    const session = await getSession(p.request("/client/home", { cookie }));
    const token = session.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{30,}$/); // the portal itself can open it
    const raw = cookie.split(/;\s*/).find((c) => c.startsWith("__session="))!;
    const byHand = decodedByHand(cookie, "__session");
    for (const seen of [raw, decodeURIComponent(raw), byHand]) {
      expect(seen).not.toContain(token);
      expect(seen).not.toContain("client@demo.aero");
    }
    expect(byHand).toMatch(/^"v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"$/);
  });

  it("refuses a tampered cookie (no session), and opens one sealed with an older secret after rotation", async () => {
    const { seal, unseal } = await import("~/utils/sealed-cookie.server");
    const sealed = await seal(JSON.stringify({ a: 1 }), ["old-secret-0123456789abcdef0123456789"], "__session");
    expect(await unseal(sealed, ["new-secret-0123456789abcdef0123456789", "old-secret-0123456789abcdef0123456789"], "__session")).toBe('{"a":1}');
    expect(await unseal(sealed, ["new-secret-0123456789abcdef0123456789"], "__session")).toBeNull();
    expect(await unseal(sealed, ["old-secret-0123456789abcdef0123456789"], "en_toast")).toBeNull(); // not valid as another cookie
    // The second-to-last character carries six bits of the tag: any other letter there breaks it.
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.slice(-1);
    expect(flipped).not.toBe(sealed);
    expect(await unseal(flipped, ["old-secret-0123456789abcdef0123456789"], "__session")).toBeNull();

    const cookie = await p.signIn("client@demo.aero");
    const value = cookie.split(/;\s*/).find((c) => c.startsWith("__session="))!.slice("__session=".length);
    const tampered = `__session=${value.slice(0, 20)}${value[20] === "A" ? "B" : "A"}${value.slice(21)}`;
    const { getUser } = await import("~/utils/auth.server");
    expect(await getUser(p.request("/client/home", { cookie }))).not.toBeNull();
    expect(await getUser(p.request("/client/home", { cookie: tampered }))).toBeNull();
  });

  it("sets Secure on the session and the toast cookie alike", async () => {
    const login = await import("~/routes/_public+/auth.login");
    const res = await p.run(login.action as never, "/auth/login", { form: { email: "client@demo.aero", password: "demo-pass-2026" } });
    const { createToastHeaders } = await import("~/utils/toast.server");
    const toast = (await createToastHeaders({ description: "Saved." })).get("Set-Cookie")!;
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/;\s*Secure/i);
    expect(toast).toMatch(/^en_toast=/);
    expect(toast).toMatch(/;\s*Secure/i);
    expect(toast).toMatch(/;\s*HttpOnly/i);
    expect(decodedByHand(toast.split(";")[0]!, "en_toast")).not.toContain("Saved.");
  });
});

describe("POST /resources/error-report", () => {
  const count = async () =>
    (await p.up.upstream.deps.db.selectFrom("error_reports").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

  it("answers 400 to an empty, malformed or NUL-containing body and stores nothing", async () => {
    const route = await import("~/routes/resources+/error-report");
    const before = await count();
    const post = (body: BodyInit | null, type?: string) =>
      route.action({
        request: new Request("http://portal.test/resources/error-report", { method: "POST", body, headers: type ? { "Content-Type": type } : {} }),
        context: p.context,
        params: {},
      });
    expect((await post(null)).status).toBe(400);
    expect((await post("", "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await post("{not json", "application/json")).status).toBe(400);
    expect((await post("%%%", "multipart/form-data; boundary=x")).status).toBe(400);
    expect((await post(new URLSearchParams({ error: "boom\u0000", errorUrl: "/x" }))).status).toBe(400);
    expect((await post(new URLSearchParams({ errorInfo: "no error field" }))).status).toBe(400);
    expect(await count()).toBe(before);
    const good = await post(new URLSearchParams({ error: "TypeError: x is undefined", errorInfo: "at Foo", errorUrl: "http://portal.test/client/home" }));
    expect(good.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe("refusals the portal makes itself", () => {
  it("records a write refused for the role in the audit log", async () => {
    const cookie = await p.signIn("client@demo.aero");
    const route = await import("~/routes/_shell.admin+/organization.create");
    const res = await p.run(route.action as never, "/admin/organization/create", { cookie, form: { name: "Probe Org" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/errors/error-401");
    const row = await p.up.upstream.deps.db.selectFrom("audit_log").selectAll().where("action", "=", "refused.request").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail)).toMatchObject({ method: "POST", path: "/admin/organization/create", source: "portal" });
    expect(row.ip).toBe("203.0.113.10");
    // ...and an admin sees it on /admin/audit under "Refused requests".
    const admin = await p.signIn("admin@demo.aero");
    const audit = await import("~/routes/_shell.admin+/audit");
    const page = await p.run(audit.loader as never, "/admin/audit?action=refused.", { cookie: admin });
    expect(page.status).toBe(200);
    const { entries } = (await page.json()) as { entries: { action: string; user: { email: string } | null; detail: { path?: string } }[] };
    expect(entries.some((e) => e.action === "refused.request" && e.user?.email === "client@demo.aero" && e.detail.path === "/admin/organization/create")).toBe(true);
  });
});

describe("cross-origin writes (server.ts)", () => {
  it("recognises what Remix would abort on, so the server answers 403 first", async () => {
    const { isCrossOriginWrite } = await import("~/utils/front-door.server");
    expect(isCrossOriginWrite("POST", { origin: "https://evil.example", host: "portal.test" })).toBe(true);
    expect(isCrossOriginWrite("POST", { origin: "null", host: "portal.test" })).toBe(true);
    expect(isCrossOriginWrite("POST", { origin: "not a url", host: "portal.test" })).toBe(true);
    expect(isCrossOriginWrite("DELETE", { origin: "http://portal.test", host: "other.test" })).toBe(true);
    expect(isCrossOriginWrite("POST", { origin: "http://portal.test", host: "portal.test" })).toBe(false);
    expect(isCrossOriginWrite("POST", { host: "portal.test" })).toBe(false); // no Origin: same as Remix
    expect(isCrossOriginWrite("GET", { origin: "https://evil.example", host: "portal.test" })).toBe(false);
    expect(isCrossOriginWrite("POST", { origin: "https://portal.example", host: "internal:3000", "x-forwarded-host": "portal.example, proxy" })).toBe(false);
  });

  it("without an Origin header, refuses a write the browser says came from another site (ADR 069)", async () => {
    const { isCrossOriginWrite } = await import("~/utils/front-door.server");
    const from = (site: string | undefined, method = "POST") => isCrossOriginWrite(method, { host: "portal.test", ...(site === undefined ? {} : { "sec-fetch-site": site }) });
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(from("cross-site", method), method).toBe(true);
      expect(from("same-site", method), method).toBe(true); // another subdomain is another app
    }
    expect(from("Cross-Site")).toBe(true);
    expect(isCrossOriginWrite("POST", { host: "portal.test", "sec-fetch-site": ["cross-site"] })).toBe(true);
    expect(from("same-origin")).toBe(false);
    expect(from("none")).toBe(false); // typed or bookmarked
    expect(from(undefined)).toBe(false); // not a browser, or an old one
    expect(from("cross-site", "GET")).toBe(false);
    expect(from("cross-site", "HEAD")).toBe(false);
    // With an Origin, the Origin decides.
    expect(isCrossOriginWrite("POST", { origin: "http://portal.test", host: "portal.test", "sec-fetch-site": "same-site" })).toBe(false);
    expect(isCrossOriginWrite("POST", { origin: "https://evil.example", host: "portal.test", "sec-fetch-site": "same-origin" })).toBe(true);
  });
});
