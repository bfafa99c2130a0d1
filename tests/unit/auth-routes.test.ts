// Every redirect rule of sign-in, sessions, the shell and the error paths (spec 000 §2, §4, §5, §8),
// with the loaders and actions called as plain functions against the embedded upstream.
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieFrom, setPortalEnv, startPortal, type Portal } from "../helpers/portal";

setPortalEnv();

type Fn = Parameters<Portal["run"]>[0];
let p: Portal;

const routes = {
  index: () => import("~/routes/_index"),
  publicLayout: () => import("~/routes/_public+/_layout"),
  login: () => import("~/routes/_public+/auth.login"),
  confirmUrl: () => import("~/routes/_public+/users.confirm_url"),
  verify: () => import("~/routes/_public+/auth.2fa.verify"),
  shell: () => import("~/routes/_shell+/_layout"),
  clientHome: () => import("~/routes/_shell.client+/home"),
  consultantHome: () => import("~/routes/_shell.consultant+/home"),
  analytics: () => import("~/routes/_shell.admin+/analytics"),
  opsOrgs: () => import("~/routes/_shell.admin+/aeroops.organization"),
  outbox: () => import("~/routes/_shell.admin+/outbox"),
  issues: () => import("~/routes/_shell.admin+/issue-reports"),
  settings: () => import("~/routes/_shell+/user.settings"),
  report: () => import("~/routes/_shell+/report-issue"),
  fleet: () => import("~/routes/resources+/fleet"),
  logout: () => import("~/routes/logout"),
  authSplat: () => import("~/routes/auth.$"),
  splat: () => import("~/routes/$"),
  page401: () => import("~/routes/page+/page-401"),
  page404: () => import("~/routes/page+/page-404"),
  page500: () => import("~/routes/page+/page-500"),
  page422: () => import("~/routes/page+/page-422"),
  error401: () => import("~/routes/errors+/error-401"),
  error500: () => import("~/routes/errors+/error-500"),
};

const location = (res: Response) => res.headers.get("Location");
const cookies: Record<string, string> = {};
async function as(email: string) {
  cookies[email] ??= await p.signIn(email);
  return cookies[email]!;
}

beforeAll(async () => {
  p = await startPortal();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

describe("/ for a signed-in user: the landing by role", () => {
  it.each([
    ["admin@demo.aero", "/admin/analytics"],
    ["member@demo.aero", "/admin/analytics"],
    ["client@demo.aero", "/client/home"],
    ["reader@demo.aero", "/client/home"],
    ["template@demo.aero", "/admin/aeroops/organization"],
    ["consultant@demo.aero", "/consultant/home"],
  ])("%s goes to %s", async (email, to) => {
    const { loader } = await routes.index();
    const res = await p.run(loader as Fn, "/", { cookie: await as(email) });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(to);
  });

  it.each([
    ["onboarding-basic@demo.aero", /^\/consultant\/settings\/\d+\/general$/],
    ["onboarding-profile@demo.aero", /^\/consultant\/profile\/\d+\/overview$/],
    ["onboarding-phone@demo.aero", /^\/consultant\/settings\/\d+\/phone$/],
  ])("a consultant still onboarding (%s) goes to the page of its stage", async (email, to) => {
    const { loader } = await routes.index();
    const res = await p.run(loader as Fn, "/", { cookie: await as(email) });
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(to);
  });
});

describe("/ for a guest", () => {
  it("shows the marketing page and clears what the session cookie still held", async () => {
    const { loader } = await routes.index();
    const res = await p.run(loader as Fn, "/", { cookie: "__session=stale" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
  });

  it("goes to MARKETING_URL when it is configured", async () => {
    process.env.MARKETING_URL = "https://www.example.aero/";
    vi.resetModules();
    try {
      const { loader } = await import("~/routes/_index");
      const res = await p.run(loader as Fn, "/");
      expect(res.status).toBe(302);
      expect(location(res)).toBe("https://www.example.aero/");
    } finally {
      delete process.env.MARKETING_URL;
      vi.resetModules();
    }
  });

  it("sends the contact form to the admins' outbox", async () => {
    const { action } = await routes.index();
    const res = await p.run(action as Fn, "/?index", { form: { name: "Ada Lovelace", email: "ada@example.com", company: "Analytical", message: "Do you cover ATR 72?" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/?contact=sent#contact");
    const mail = await p.up.upstream.deps.db.selectFrom("mail_outbox").select(["to_address", "text"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("admin@demo.aero");
    expect(mail.text).toContain("Do you cover ATR 72?");
  });

  it("refuses an incomplete contact form with field errors", async () => {
    const { action } = await routes.index();
    const res = await p.run(action as Fn, "/?index", { form: { name: "", email: "nope", message: "" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.result.error)).toEqual(expect.arrayContaining(["name", "email", "message"]));
  });
});

describe("the public layout", () => {
  it("sends a signed-in user to /", async () => {
    const { loader } = await routes.publicLayout();
    const res = await p.run(loader as Fn, "/auth/login", { cookie: await as("client@demo.aero") });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/");
  });

  it("lets a guest in", async () => {
    const { loader } = await routes.publicLayout();
    expect((await p.run(loader as Fn, "/auth/register")).status).toBe(200);
  });
});

describe("sign-in", () => {
  it("refuses wrong credentials with one message that does not say which was wrong", async () => {
    const { action } = await routes.login();
    const wrongPassword = await p.run(action as Fn, "/auth/login", { form: { email: "member@demo.aero", password: "not-the-password-1" } });
    const unknownUser = await p.run(action as Fn, "/auth/login", { form: { email: "nobody-here@demo.aero", password: "not-the-password-1" } });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
      const body = await res.json();
      expect(body.result.error[""]).toEqual(["Invalid email or password."]);
      expect(JSON.stringify(body)).not.toContain("not-the-password-1");
    }
  });

  it("starts a session in an httpOnly, SameSite=Lax cookie and goes to /", async () => {
    const { action } = await routes.login();
    const res = await p.run(action as Fn, "/auth/login", { form: { email: "reader@demo.aero", password: "demo-pass-2026" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("keeps where the user was going, but only inside the portal", async () => {
    const { action } = await routes.login();
    const inside = await p.run(action as Fn, "/auth/login", { form: { email: "client@demo.aero", password: "demo-pass-2026", redirectTo: "/storage/overview?x=1" } });
    expect(location(inside)).toBe("/storage/overview?x=1");
    const outside = await p.run(action as Fn, "/auth/login", { form: { email: "client@demo.aero", password: "demo-pass-2026", redirectTo: "//evil.example/" } });
    expect(location(outside)).toBe("/");
  });

  it("/users/confirm_url is the same login screen", async () => {
    const login = await routes.login();
    const same = await routes.confirmUrl();
    expect(same.action).toBe(login.action);
    expect(same.loader).toBe(login.loader);
    expect(same.default).toBe(login.default);
  });

  it("slows repeated failures down and then refuses sign-in for a while (the numbers the login page states)", async () => {
    const { SIGN_IN_LOCKOUT } = await import("~/models/auth-rules");
    const { action } = await routes.login();
    const form = { email: "lockout-probe@demo.aero", password: "wrong-password-1" };
    for (let i = 1; i <= SIGN_IN_LOCKOUT.lockAfter; i++) {
      const res = await p.run(action as Fn, "/auth/login", { form });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    const refused = await p.run(action as Fn, "/auth/login", { form });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.result.error[""][0]).toMatch(new RegExp(`Try again in ${SIGN_IN_LOCKOUT.lockMinutes} minutes`));
  }, 60_000);
});

describe("the shell and the role guard", () => {
  it("requires a user: a guest goes to /auth/login, keeping where they were going", async () => {
    const { loader } = await routes.shell();
    const res = await p.run(loader as Fn, "/client/home?tab=1");
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/auth/login?${new URLSearchParams({ redirectTo: "/client/home?tab=1" })}`);
  });

  it.each([
    ["client@demo.aero", "analytics", "/admin/analytics"],
    ["consultant@demo.aero", "clientHome", "/client/home"],
    ["client@demo.aero", "consultantHome", "/consultant/home"],
    ["template@demo.aero", "outbox", "/admin/outbox"],
    ["client@demo.aero", "issues", "/admin/issue-reports"],
    ["consultant@demo.aero", "opsOrgs", "/admin/aeroops/organization"],
  ] as const)("%s on %s goes to /errors/error-401", async (email, route, path) => {
    const { loader } = await routes[route]();
    const res = await p.run(loader as Fn, path, { cookie: await as(email) });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/errors/error-401");
  });

  it("a session whose token the upstream no longer accepts is ended and sent to login", async () => {
    const cookie = await p.signIn("member@demo.aero");
    await p.up.upstream.deps.db.updateTable("tokens").set({ revoked_at: new Date().toISOString() }).execute();
    for (const k of Object.keys(cookies)) delete cookies[k];
    const { loader } = await routes.shell();
    const res = await p.run(loader as Fn, "/admin/analytics", { cookie });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/auth/login?${new URLSearchParams({ redirectTo: "/admin/analytics" })}`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
  });

  it("gives the shell what it shows, without the token", async () => {
    const cookie = await as("client@demo.aero");
    const { loader } = await routes.shell();
    const res = await p.run(loader as Fn, "/client/home", { cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.shell.user.email).toBe("client@demo.aero");
    expect(data.shell.fleet.shown).toBe(true);
    expect(data.shell.switcher.shown).toBe(true);
    const token = await p.up.upstream.deps.db.selectFrom("tokens").select("token_hash").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(text).not.toContain(token.token_hash);
    expect(text).not.toMatch(/"token"/);
  });

  it("hides the USERS list from admin and ops_template on ops and oil pages only", async () => {
    const { loader } = await routes.shell();
    const admin = await as("admin@demo.aero");
    const onOps = await (await p.run(loader as Fn, "/client/Aeroops/aeroplane?org_msn_id=1", { cookie: admin })).json();
    expect(onOps.shell.users.shown).toBe(false);
    const onStorage = await (await p.run(loader as Fn, "/storage/aircraft/1/files", { cookie: admin })).json();
    expect(onStorage.shell.users.shown).toBe(true);
    const client = await as("client@demo.aero");
    const clientOnOps = await (await p.run(loader as Fn, "/client/Aeroops/aeroplane", { cookie: client })).json();
    expect(clientOnOps.shell.users.shown).toBe(true);
    const template = await as("template@demo.aero");
    const templateOnOps = await (await p.run(loader as Fn, "/client/Aeroops/aeroplane?org_msn_id=1", { cookie: template })).json();
    expect(templateOnOps.shell.users.shown).toBe(false);
  });

  it("lists each user's access type for the aircraft in context, and the user's own level", async () => {
    const { loader } = await routes.shell();
    const cookie = await as("client@demo.aero");
    const home = await (await p.run(loader as Fn, "/client/home", { cookie })).json();
    expect(home.shell.users).toEqual({ shown: true, list: [] });
    const id = home.shell.fleet.items[0].id;
    const page = await (await p.run(loader as Fn, `/storage/aircraft/${id}/files`, { cookie })).json();
    expect(page.shell.aircraft.id).toBe(id);
    expect(page.shell.accessLabel).toBe("Edit Access");
    expect(page.shell.pathAircraftId).toBe(id);
    expect(page.shell.users.list.length).toBeGreaterThan(0);
    for (const u of page.shell.users.list) expect(["Read Access", "Edit Access", "Super User"]).toContain(u.label);
    // The aircraft in context starts open in the tree, with its folders.
    expect(page.shell.fleet.expand).toBe(id);
    expect(page.shell.fleet.folders.length).toBeGreaterThan(0);
    // Open in AeroOPS follows the ops access to this aircraft.
    expect(page.shell.switcher).toMatchObject({ shown: true, ops: true });
  });
});

describe("/resources/fleet: the fleet tree's parts for its widget", () => {
  it("answers a search's list and an aircraft's folders as HTML whose links lead back to the page", async () => {
    const cookie = await as("client@demo.aero");
    const { loader } = await routes.fleet();
    const res = await p.run(loader as Fn, `/resources/fleet?${new URLSearchParams({ here: "/client/home?page=2&fleet=old&expand=1", fleet: "41230" })}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const list = await res.text();
    expect(list).toContain("MSN 41230");
    expect(list).not.toMatch(/MSN 5123\b/);
    const id = /id="fleet-(\d+)"/.exec(list)![1];
    // "Show folders" without JavaScript: the page with its own parameters, this search and the aircraft.
    expect(list).toContain(`href="/client/home?page=2&amp;fleet=41230&amp;expand=${id}#fleet-${id}"`);
    expect(list).toContain(`data-folders="/resources/fleet?aircraft=${id}"`);

    const folders = await (await p.run(loader as Fn, `/resources/fleet?aircraft=${id}`, { cookie })).text();
    expect(folders).toMatch(new RegExp(`^<li><a href="/storage/aircraft/${id}/files\\?dir=`));
    expect((await p.run(loader as Fn, "/resources/fleet?aircraft=x", { cookie })).status).toBe(400);
  });

  it("builds links only to its own pages, and sends a guest to sign in", async () => {
    const cookie = await as("client@demo.aero");
    const { loader } = await routes.fleet();
    const elsewhere = await (await p.run(loader as Fn, "/resources/fleet?here=%2F%2Fevil.example%2Fx&fleet=41230", { cookie })).text();
    expect(elsewhere).toMatch(/href="\/\?fleet=41230&amp;expand=\d+#fleet-\d+"/);
    const guest = await p.run(loader as Fn, "/resources/fleet?fleet=41230");
    expect(guest.status).toBe(302);
    expect(location(guest)).toMatch(/^\/auth\/login/);
  });
});

describe("unknown paths and the error pages", () => {
  it("an unknown /auth path goes to /page/page-404", async () => {
    const { loader } = await routes.authSplat();
    const res = await p.run(loader as Fn, "/auth/nope");
    expect(location(res)).toBe("/page/page-404");
  });

  it("every unknown path goes to /page/page-404", async () => {
    const { loader, action } = await routes.splat();
    expect(location(await p.run(loader as Fn, "/no/such/page"))).toBe("/page/page-404");
    expect(location(await p.run(action as Fn, "/no/such/page", { form: {} }))).toBe("/page/page-404");
    // …but a missing built asset is a plain 404, not an HTML page behind a redirect.
    const asset = await p.run(loader as Fn, "/assets/chunk-GONE.js");
    expect(asset.status).toBe(404);
    expect(location(asset)).toBeNull();
  });

  it.each([
    ["page401", "admin@demo.aero", "/admin/analytics"],
    ["page404", "admin@demo.aero", "/admin/analytics"],
    ["page500", "admin@demo.aero", "/admin/analytics"],
    ["page404", "client@demo.aero", "/client/home"],
    ["page401", "consultant@demo.aero", "/consultant/home"],
    ["page500", "template@demo.aero", "/admin/aeroops/organization"],
  ] as const)("/page/%s sends %s to %s", async (route, email, to) => {
    const { loader } = await routes[route]();
    const res = await p.run(loader as Fn, "/page/x", { cookie: await as(email) });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(to);
  });

  it.each(["page401", "page404", "page500"] as const)("/page/%s sends a guest to login", async (route) => {
    const { loader } = await routes[route]();
    const res = await p.run(loader as Fn, "/page/x");
    expect(location(res)).toBe("/auth/login");
  });

  it.each([
    ["page422", 422],
    ["error401", 401],
    ["error500", 500],
  ] as const)("%s has its own screen (status %d, no redirect)", async (route, status) => {
    const mod = await routes[route]();
    const res = await p.run(mod.loader as Fn, "/x");
    expect(res.status).toBe(status);
    expect(location(res)).toBeNull();
    expect(typeof mod.default).toBe("function");
  });
});

describe("sign-out", () => {
  it("revokes the token upstream, destroys the session and lands on the login page that tells other tabs", async () => {
    const cookie = await p.signIn("reader@demo.aero");
    const { action } = await routes.logout();
    const res = await p.run(action as Fn, "/logout", { cookie, form: {} });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/auth/login?signed_out=1");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    // The old cookie is worthless now: the upstream refuses its token.
    const { loader } = await routes.clientHome();
    const again = await p.run(loader as Fn, "/client/home", { cookie });
    expect(location(again)).toMatch(/^\/auth\/login\?redirectTo=/);
  });

  it("GET /logout signs out (the spec's logout URL); without a session it goes to login", async () => {
    const { loader } = await routes.logout();
    const cookie = await p.signIn("reader@demo.aero");
    const res = await p.run(loader as Fn, "/logout", { cookie });
    expect(location(res)).toBe("/auth/login?signed_out=1");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    const { loader: home } = await routes.clientHome();
    expect(location(await p.run(home as Fn, "/client/home", { cookie }))).toMatch(/^\/auth\/login\?redirectTo=/);
    expect(location(await p.run(loader as Fn, "/logout"))).toBe("/auth/login");
  });

  it("GET /logout from another site only asks (a link elsewhere cannot sign users out)", async () => {
    const { loader } = await routes.logout();
    const cookie = await p.signIn("reader@demo.aero");
    const res = await p.run(loader as Fn, "/logout", { cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
    expect(location(res)).toBeNull();
    const { loader: home } = await routes.clientHome();
    expect((await p.run(home as Fn, "/client/home", { cookie })).status).toBe(200);
  });
});

describe("two-factor authentication", () => {
  const email = "member@demo.aero";
  const codeAt = (secret: string, ms: number) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });

  it("is turned on in the settings, then asked for after the password", async () => {
    const settings = await routes.settings();
    let cookie = await p.signIn(email);
    const setup = await p.run(settings.action as Fn, "/user/settings", { cookie, form: { intent: "setup" } });
    expect(setup.status).toBe(200);
    const { setup: shown } = await setup.json();
    expect(shown.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(shown.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await p.run(settings.action as Fn, "/user/settings", { cookie, form: { intent: "enable", code: "000000", secret: shown.secret, otpauth_url: shown.otpauth_url } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).setup.secret).toBe(shown.secret);

    // The previous 30-second step: accepted (one step of drift), and leaves the current one for sign-in.
    const enabled = await p.run(settings.action as Fn, "/user/settings", {
      cookie,
      form: { intent: "enable", code: codeAt(shown.secret, Date.now() - 30_000), secret: shown.secret, otpauth_url: shown.otpauth_url },
    });
    expect(enabled.status).toBe(302);
    expect(location(enabled)).toBe("/user/settings");

    const login = await routes.login();
    const first = await p.run(login.action as Fn, "/auth/login", { form: { email, password: "demo-pass-2026", redirectTo: "/admin/outbox" } });
    expect(first.status).toBe(302);
    expect(location(first)).toBe(`/auth/2fa/verify?${new URLSearchParams({ redirectTo: "/admin/outbox" })}`);
    cookie = cookieFrom(first);

    // The challenge alone is no session.
    const shell = await routes.shell();
    expect(location(await p.run(shell.loader as Fn, "/admin/outbox", { cookie }))).toMatch(/^\/auth\/login/);

    const verify = await routes.verify();
    expect((await p.run(verify.loader as Fn, "/auth/2fa/verify", { cookie })).status).toBe(200);
    const bad = await p.run(verify.action as Fn, "/auth/2fa/verify", { cookie, form: { code: "123456", redirectTo: "/admin/outbox" } });
    expect(bad.status).toBe(400);
    const ok = await p.run(verify.action as Fn, "/auth/2fa/verify", { cookie, form: { code: codeAt(shown.secret, Date.now()), redirectTo: "/admin/outbox" } });
    expect(ok.status).toBe(302);
    expect(location(ok)).toBe("/admin/outbox");
    cookie = cookieFrom(ok, cookie);
    expect((await p.run(shell.loader as Fn, "/admin/outbox", { cookie })).status).toBe(200);

    // Turned off again with the password.
    const off = await p.run(settings.action as Fn, "/user/settings", { cookie, form: { intent: "disable", password: "demo-pass-2026" } });
    expect(location(off)).toBe("/user/settings");
  });

  it("the verify step without a pending challenge goes back to login", async () => {
    const verify = await routes.verify();
    expect(location(await p.run(verify.loader as Fn, "/auth/2fa/verify"))).toBe("/auth/login");
  });
});

describe("Report Issue", () => {
  it("sends the description with the page to the admins and goes back with a toast", async () => {
    const cookie = await as("client@demo.aero");
    const { action } = await routes.report();
    const res = await p.run(action as Fn, "/report-issue", { cookie, form: { description: "The folder list is empty.", url: "/client/home?page=2" } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/client/home?page=2");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("en_toast="))).toBe(true);
    const row = await p.up.upstream.deps.db.selectFrom("issue_reports").select(["url", "description"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toEqual({ url: "http://portal.test/client/home?page=2", description: "The folder list is empty." });
  });

  it("refuses an empty description and never redirects off-site", async () => {
    const cookie = await as("client@demo.aero");
    const { action } = await routes.report();
    const form = { description: " ", url: "https://evil.example/" };
    const res = await p.run(action as Fn, "/report-issue", { cookie, form });
    expect(res.status).toBe(400);
    expect((await res.json()).url).toBe("/client/home");
  });
});

describe("sessions after a password change", () => {
  it("signs out the other sessions and keeps this one", async () => {
    const settings = await routes.settings();
    const shell = await routes.shell();
    const here = await p.signIn("reader@demo.aero");
    const elsewhere = await p.signIn("reader@demo.aero");
    const wrong = await p.run(settings.action as Fn, "/user/settings", {
      cookie: here,
      form: { intent: "password", current_password: "not-it-123456", password: "Another-pass-2027", password_confirmation: "Another-pass-2027" },
    });
    expect(wrong.status).toBe(400);
    const changed = await p.run(settings.action as Fn, "/user/settings", {
      cookie: here,
      form: { intent: "password", current_password: "demo-pass-2026", password: "Another-pass-2027", password_confirmation: "Another-pass-2027" },
    });
    expect(location(changed)).toBe("/user/settings");
    expect((await p.run(shell.loader as Fn, "/client/home", { cookie: here })).status).toBe(200);
    expect(location(await p.run(shell.loader as Fn, "/client/home", { cookie: elsewhere }))).toMatch(/^\/auth\/login/);
    // Back to the demo password for anything that follows.
    const back = await p.run(settings.action as Fn, "/user/settings", {
      cookie: here,
      form: { intent: "password", current_password: "Another-pass-2027", password: "demo-pass-2026", password_confirmation: "demo-pass-2026" },
    });
    expect(location(back)).toBe("/user/settings");
  });
});

describe("render errors", () => {
  it("are forwarded to /error/send_fe_error.json with the user's e-mail", async () => {
    const { action } = await import("~/routes/resources+/error-report");
    const cookie = await as("client@demo.aero");
    const res = await p.run(action as Fn, "/resources/error-report", {
      cookie,
      form: { error: "TypeError: x is undefined", errorInfo: "at Page (page.tsx:1)", errorUrl: "http://portal.test/client/home" },
    });
    expect(res.status).toBe(200);
    const row = await p.up.upstream.deps.db.selectFrom("error_reports").select(["error", "email", "error_url"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toEqual({ error: "TypeError: x is undefined", email: "client@demo.aero", error_url: "http://portal.test/client/home" });
  });
});

describe("a signed-out request from a script", () => {
  it("gets a 401 it can read, not the sign-in page (which would take the page's flash message)", async () => {
    const { loader } = await import("~/routes/resources+/speed-test-link");
    const script = await p.run(loader as Fn, "/resources/speed-test-link?file=1MB", { headers: { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" } });
    expect(script.status).toBe(401);
    expect(await script.json()).toEqual({ error: "Your session has ended. Please sign in again." });
    // A navigation and a client without the header still get the redirect.
    for (const headers of [{ "Sec-Fetch-Mode": "navigate" }, {}] as Record<string, string>[]) {
      const res = await p.run(loader as Fn, "/resources/speed-test-link?file=1MB", { headers });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/auth/login?redirectTo=%2Fresources%2Fspeed-test-link%3Ffile%3D1MB");
    }
    // So does Remix's own data request (single fetch, GET /client/home.data), which its router follows:
    // the loader sees the page's URL with the router's `_routes` and a fetch's headers, and server.ts
    // marks the request in the load context. The page to come back to is the page's own URL.
    const { loader: home } = await import("~/routes/_shell.client+/home");
    const data = await p.run(home as Fn, "/client/home?q=a&_routes=routes%2F_shell.client%2B%2Fhome", {
      headers: { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
      context: { dataRequest: true },
    });
    expect(data.status).toBe(302);
    expect(data.headers.get("location")).toBe("/auth/login?redirectTo=%2Fclient%2Fhome%3Fq%3Da");
  });
});
