// Contract tests of the main API's auth, user, notification, issue-report, contact, error-report
// and mail-outbox endpoints, over HTTP against the embedded upstream (docs/api/auth-and-user.md).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import type { z } from "zod";
import { callUpstream, fromAddress, startTestUpstream, TEST_CLIENT_UUID, type TestUpstream } from "../helpers/upstream";
import { createUserAccount } from "../../upstream/main/auth";
import {
  AUTH_MESSAGES,
  ErrorAnswer,
  ErrorReportAnswer,
  IssueReportAnswer,
  IssueReportClosedAnswer,
  IssueReportsAnswer,
  MailOutboxAnswer,
  MeAnswer,
  MessageAnswer,
  NotificationsAnswer,
  NotificationsReadAnswer,
  ResultAnswer,
  SignedInAnswer,
  SignInAnswer,
  TwoFactorChangedAnswer,
  TwoFactorRequiredAnswer,
  TwoFactorSetupAnswer,
  TwoFactorStatusAnswer,
} from "../../app/models/schemas/auth";

let t: TestUpstream;
const PASSWORD = "first-pass-2026";

beforeAll(async () => {
  t = await startTestUpstream({ seed: false });
  // Staff accounts the way the admin area and the seed create them.
  await createUserAccount(t.upstream.deps, { email: "boss@example.aero", password: PASSWORD, role: "admin", first_name: "Bo", last_name: "Boss" });
  await createUserAccount(t.upstream.deps, { email: "staff@example.aero", password: PASSWORD, role: "member", first_name: "Stu", last_name: "Staff" });
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

const call = (method: string, path: string, body?: unknown, headers: Headers = {}) => callUpstream<unknown>(`${t.mainUrl}${path}`, method, headers, body);
/** Posts on a connection of its own and returns the status (for answers given before the body is read). */
function postOnFreshConnection(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.mainUrl}${path}`, { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(body);
  });
}
const post = (path: string, body?: unknown, headers?: Headers) => call("POST", path, body ?? {}, headers);
const put = (path: string, body: unknown, headers?: Headers) => call("PUT", path, body, headers);
const get = (path: string, headers?: Headers) => call("GET", path, undefined, headers);

function expectOk<S extends z.ZodTypeAny>(r: { status: number; body: unknown }, schema: S): z.infer<S> {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return schema.parse(r.body);
}
function expectError(r: { status: number; body: unknown }, status: number, message?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const body = ErrorAnswer.parse(r.body);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body;
}

const authHeaders = (email: string, token: string): Headers => ({ "x-user-email": email, "x-user-token": token, "x-user-uuid": TEST_CLIENT_UUID });

async function signIn(email: string, password = PASSWORD) {
  const body = expectOk(await post("/users/sign_in.json", { user: { email, password } }), SignedInAnswer);
  return { ...body, headers: authHeaders(email, body.token) };
}

/** The newest mail to an address, and the token of the link in it (read from the outbox table). */
async function lastMail(to: string, param?: string) {
  const mail = await t.upstream.deps.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!mail) return { mail: null, token: null, url: null };
  if (!param) return { mail, token: null, url: null };
  const url = mail.text.match(/https?:\/\/\S+/)?.[0] ?? null;
  return { mail, url, token: url ? new URL(url).searchParams.get(param) : null };
}
const mailCount = async (to: string) =>
  Number((await t.upstream.deps.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("to_address", "=", to).executeTakeFirstOrThrow()).n);

async function register(email: string, role: "client" | "consultant" = "client", extra: Record<string, unknown> = {}) {
  return post("/users.json", {
    user: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: "Ada", last_name: "Lovelace", role, ...extra },
  });
}

/** Registers and confirms through the mailed link. */
async function registeredUser(email: string, role: "client" | "consultant" = "client") {
  expectOk(await register(email, role), MessageAnswer);
  const { token } = await lastMail(email, "token");
  expectOk(await post("/users/confirmation.json", { token }), MessageAnswer);
  return email;
}

const codeAt = (secret: string, timestamp: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp });

describe("registration, confirmation, sign-in, 2FA", () => {
  it("runs the whole flow: register → confirm → sign in → enable 2FA → sign out → sign in with a code", async () => {
    const email = "Ada.Pilot@Example.aero";
    const lower = email.toLowerCase();
    const reg = expectOk(await register(email), MessageAnswer);
    expect(reg.message).toBe(AUTH_MESSAGES.registered);

    // Not confirmed yet: refused with a clear message; no session.
    expectError(await post("/users/sign_in.json", { user: { email: lower, password: PASSWORD } }), 422, AUTH_MESSAGES.unconfirmed);

    const { url, token } = await lastMail(lower, "token");
    expect(url).toContain(`${t.origin}/auth/confirm?token=`);
    expect(token).toBeTruthy();
    expectError(await post("/users/confirmation.json", { token: "not-a-real-token" }), 422, /not valid/);
    expect(expectOk(await post("/users/confirmation.json", { token }), MessageAnswer).message).toBe(AUTH_MESSAGES.confirmed);
    // Single use.
    expectError(await post("/users/confirmation.json", { token }), 422, /already used/);

    // Sign in (e-mail is case-insensitive).
    const signed = expectOk(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, fromAddress("198.51.100.7")), SignInAnswer);
    expect("token" in signed).toBe(true);
    const session = SignedInAnswer.parse(signed);
    const issued = await t.upstream.deps.db.selectFrom("tokens").select("ip").where("user_id", "=", session.user.id).executeTakeFirstOrThrow();
    expect(issued.ip).toBe("198.51.100.7");
    expect(session.user).toMatchObject({ email: lower, role: "client", username: "Ada Lovelace", first_name: "Ada" });
    const h = authHeaders(lower, session.token);

    // 2FA setup: pending until a code confirms it.
    expect(expectOk(await get("/users/2fa/status.json", h), TwoFactorStatusAnswer).enabled).toBe(false);
    const setup = expectOk(await post("/users/2fa/setup.json", {}, h), TwoFactorSetupAnswer);
    expect(setup.qr_svg).toContain("<svg");
    expect(setup.otpauth_url).toContain("secret=" + setup.secret);
    expect(expectOk(await get("/users/2fa/status.json", h), TwoFactorStatusAnswer).enabled).toBe(false);
    // The secret is stored sealed, not as the base32 value.
    const stored = await t.upstream.deps.db.selectFrom("users").select("totp_secret").where("email", "=", lower).executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(setup.secret);

    const now = Date.now();
    const wrong = String((Number(codeAt(setup.secret, now)) + 500_000) % 1_000_000).padStart(6, "0");
    expectError(await post("/users/2fa/enable.json", { code: wrong }, h), 422, /not valid/);
    expectError(await post("/users/2fa/enable.json", { code: "12ab" }, h), 422, /6-digit/);
    const enabled = expectOk(await post("/users/2fa/enable.json", { code: codeAt(setup.secret, now) }, h), TwoFactorChangedAnswer);
    expect(enabled.enabled).toBe(true);
    expect(expectOk(await get("/users/2fa/status.json", h), TwoFactorStatusAnswer).enabled).toBe(true);
    expect(expectOk(await get("/user/me.json", h), MeAnswer).user.totp_enabled).toBe(true);
    // A second setup is refused while 2FA is on.
    expectError(await post("/users/2fa/setup.json", {}, h), 422, /already on/);

    // Sign out revokes exactly that token.
    expect(expectOk(await post("/users/sign_out.json", {}, h), MessageAnswer).message).toBe(AUTH_MESSAGES.signedOut);
    expectError(await get("/user/me.json", h), 401);

    // Sign in now asks for the code.
    const step1 = expectOk(await post("/users/sign_in.json", { user: { email: lower, password: PASSWORD } }), TwoFactorRequiredAnswer);
    expectError(await post("/users/verify_2fa.json", { challenge: step1.challenge, code: wrong }), 422, /not valid/);
    expectError(await post("/users/verify_2fa.json", { challenge: "nope", code: "123456" }), 422, /sign in again/);
    // The next time step is within the allowed drift, and newer than the step used to enable.
    const code = codeAt(setup.secret, now + 30_000);
    const verified = expectOk(await post("/users/verify_2fa.json", { challenge: step1.challenge, code }), SignedInAnswer);
    expect(verified.user.email).toBe(lower);
    expect(expectOk(await get("/user/me.json", authHeaders(lower, verified.token)), MeAnswer).user.email).toBe(lower);
    // The challenge is single use, and the same code cannot be replayed with a new challenge.
    expectError(await post("/users/verify_2fa.json", { challenge: step1.challenge, code }), 422, /sign in again/);
    const step2 = expectOk(await post("/users/sign_in.json", { user: { email: lower, password: PASSWORD } }), TwoFactorRequiredAnswer);
    expectError(await post("/users/verify_2fa.json", { challenge: step2.challenge, code }), 422, /not valid/);

    // Disabling needs the password.
    const h2 = authHeaders(lower, verified.token);
    expectError(await post("/users/2fa/disable.json", { password: "wrong-password-1" }, h2), 422, /not correct/);
    expect(expectOk(await post("/users/2fa/disable.json", { password: PASSWORD }, h2), TwoFactorChangedAnswer).enabled).toBe(false);
    expectOk(await post("/users/sign_in.json", { user: { email: lower, password: PASSWORD } }), SignedInAnswer);
  });

  it("resets 2FA through a mailed link, which also signs out every session", async () => {
    const email = await registeredUser("lost.phone@example.aero");
    const { headers } = await signIn(email);
    const setup = expectOk(await post("/users/2fa/setup.json", {}, headers), TwoFactorSetupAnswer);
    expectOk(await post("/users/2fa/enable.json", { code: codeAt(setup.secret, Date.now()) }, headers), TwoFactorChangedAnswer);

    const before = await mailCount("nobody@example.aero");
    const same = expectOk(await post("/users/2fa/reset.json", { email: "nobody@example.aero" }), MessageAnswer);
    expect(await mailCount("nobody@example.aero")).toBe(before);
    const asked = expectOk(await post("/users/2fa/reset.json", { email }), MessageAnswer);
    expect(asked.message).toBe(same.message);
    const { url, token } = await lastMail(email, "token");
    expect(url).toContain(`${t.origin}/auth/2fa/confirm_reset?token=`);

    expectError(await post("/users/2fa/confirm_reset.json", { token: "bogus" }), 422, /not valid/);
    expect(expectOk(await post("/users/2fa/confirm_reset.json", { token }), MessageAnswer).message).toBe(AUTH_MESSAGES.twoFactorResetDone);
    expectError(await post("/users/2fa/confirm_reset.json", { token }), 422, /already used/);
    expectError(await get("/user/me.json", headers), 401);
    // Password only again.
    await signIn(email);
  });

  it("creates the consultants row for a consultant and reports it in me.json", async () => {
    const email = await registeredUser("new.consultant@example.aero", "consultant");
    const { headers } = await signIn(email);
    const me = expectOk(await get("/user/me.json", headers), MeAnswer);
    expect(me.user.role).toBe("consultant");
    expect(me.consultant).toMatchObject({ stage: "basic_info", name: "" });
    expect(me.organization).toBeNull();
    expect(me.products).toEqual({ storage: false, ops: false, oil: false });
  });

  it("validates registration input and never reveals a taken address", async () => {
    const short = expectError(await register("weak@example.aero", "client", { password: "short1", password_confirmation: "short1" }), 422);
    expect(short.errors?.password?.[0]).toMatch(/at least 10 characters/);
    const noDigit = expectError(await register("weak@example.aero", "client", { password: "onlyletters-here", password_confirmation: "onlyletters-here" }), 422);
    expect(noDigit.errors?.password).toBeTruthy();
    expectError(await register("weak@example.aero", "client", { password_confirmation: "something-else-1" }), 422, /do not match/);
    expectError(await register("weak@example.aero", "admin" as "client"), 422, /client or as a consultant/);
    expectError(await register("not-an-email"), 422, /valid e-mail/);

    const email = await registeredUser("taken@example.aero");
    const mailsBefore = await mailCount(email);
    const again = expectOk(await register("TAKEN@example.aero"), MessageAnswer);
    expect(again.message).toBe(AUTH_MESSAGES.registered);
    expect(await mailCount(email)).toBe(mailsBefore + 1);
    expect((await lastMail(email)).mail?.subject).toMatch(/tried to register/);
    const users = await t.upstream.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);
  });
});

describe("passwords", () => {
  it("resets a forgotten password through a single-use link that revokes every session", async () => {
    const email = await registeredUser("forgetful@example.aero");
    const old = await signIn(email);

    const unknown = expectOk(await post("/users/password.json", { email: "ghost@example.aero" }), MessageAnswer);
    expect(unknown.message).toBe(AUTH_MESSAGES.resetRequested);
    expect(await mailCount("ghost@example.aero")).toBe(0);
    expect(expectOk(await post("/users/password.json", { user: { email } }), MessageAnswer).message).toBe(AUTH_MESSAGES.resetRequested);
    const { url, token } = await lastMail(email, "reset_password_token");
    expect(url).toContain(`${t.origin}/users/password/edit?reset_password_token=`);

    const NEW = "second-pass-2027";
    expectError(await put("/users/password.json", { reset_password_token: token, password: "weak", password_confirmation: "weak" }), 422, /at least 10/);
    expectError(await put("/users/password.json", { reset_password_token: "nope", password: NEW, password_confirmation: NEW }), 422, /not valid/);
    expect(expectOk(await put("/users/password.json", { reset_password_token: token, password: NEW, password_confirmation: NEW }), MessageAnswer).message).toBe(
      AUTH_MESSAGES.passwordReset,
    );
    expectError(await put("/users/password.json", { reset_password_token: token, password: NEW, password_confirmation: NEW }), 422, /already used/);
    expectError(await get("/user/me.json", old.headers), 401);
    expectError(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }), 422, AUTH_MESSAGES.invalidCredentials);
    await signIn(email, NEW);
  });

  it("changes the password and revokes the user's other tokens only", async () => {
    const email = await registeredUser("changer@example.aero");
    const a = await signIn(email);
    const b = await signIn(email);
    const NEW = "changed-pass-2028";
    const wrong = expectError(await put("/users/me/password.json", { current_password: "not-it-123", password: NEW, password_confirmation: NEW }, a.headers), 422);
    expect(wrong.errors?.current_password).toBeTruthy();
    expectError(await put("/users/me/password.json", { current_password: PASSWORD, password: NEW, password_confirmation: NEW }), 401);
    expect(
      expectOk(await put("/users/me/password.json", { current_password: PASSWORD, password: NEW, password_confirmation: NEW }, a.headers), MessageAnswer).message,
    ).toBe(AUTH_MESSAGES.passwordChanged);
    expectOk(await get("/user/me.json", a.headers), MeAnswer);
    expectError(await get("/user/me.json", b.headers), 401);
    await signIn(email, NEW);
  });
});

describe("sign-in protection", () => {
  it("answers the same for an unknown e-mail and a wrong password", async () => {
    const email = await registeredUser("someone@example.aero");
    expectError(await post("/users/sign_in.json", { user: { email, password: "wrong-pass-123" } }), 422, AUTH_MESSAGES.invalidCredentials);
    expectError(await post("/users/sign_in.json", { user: { email: "nobody.here@example.aero", password: "wrong-pass-123" } }), 422, AUTH_MESSAGES.invalidCredentials);
    // A success clears this address's counted failures and gives the account its attempt back.
    await signIn(email);
    const rows = await t.upstream.deps.db.selectFrom("login_attempts").selectAll().where("key", "like", `%${email}%`).execute();
    expect(rows.filter((r) => r.key.startsWith("pair:"))).toEqual([]);
    expect(rows.find((r) => r.key === `acct:${email}`)?.failures ?? 0).toBe(1);
  });

  it("slows down after 5 failures and locks that address out of the account for 15 minutes after 10", async () => {
    const email = await registeredUser("target@example.aero");
    const attacker = fromAddress("198.51.100.66");
    const waits: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const before = t.clock.slept();
      expectError(await post("/users/sign_in.json", { user: { email, password: `guess-number-${i}` } }, attacker), 422, AUTH_MESSAGES.invalidCredentials);
      waits.push(t.clock.slept() - before);
    }
    // Attempts 6..10 wait 250, 500, 1000, 2000, 2000 ms (on the upstream's clock).
    expect(waits).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 2000]);
    // The guessing address is refused even with the right password...
    const locked = await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, attacker);
    expectError(locked, 429, /^Too many failed sign-in attempts from your network\. Try again in 15 minutes, or ask for a sign-in link by e-mail\.$/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    // 14 minutes later it still is; after 15 the lock is over.
    t.clock.advance(14 * 60_000);
    expectError(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, attacker), 429, /Try again in \d minutes?/);
    t.clock.advance(60_000 + 1000);
    const later = expectOk(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, attacker), SignedInAnswer);
    expect(later.user.email).toBe(email);
    // Locked again by a new round of guesses (the success forgot the old ones)...
    for (let i = 1; i <= 10; i++) await post("/users/sign_in.json", { user: { email, password: `again-${i}` } }, attacker);
    expect((await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, attacker)).status).toBe(429);
    // ...but the owner, from another address, signs in at once: a stranger cannot lock the account.
    const owner = expectOk(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, fromAddress("203.0.113.20")), SignedInAnswer);
    expect(owner.user.email).toBe(email);
    // A password reset clears every lock of the account.
    expectOk(await post("/users/password.json", { email }), MessageAnswer);
    const { token } = await lastMail(email, "reset_password_token");
    expectOk(await put("/users/password.json", { reset_password_token: token, password: "after-lock-2029", password_confirmation: "after-lock-2029" }), MessageAnswer);
    expectOk(await post("/users/sign_in.json", { user: { email, password: "after-lock-2029" } }, attacker), SignedInAnswer);
  });

  it("after many failures from many addresses asks for more than the password: a mailed one-time link signs the owner in", async () => {
    const { LOCKOUT } = await import("../../upstream/main/auth");
    const saved = { ...LOCKOUT };
    Object.assign(LOCKOUT, { baseDelayMs: 0, maxDelayMs: 0 }); // the slow-down has its own test; here only counts matter
    try {
      const email = await registeredUser("spread.attack@example.aero");
      for (let i = 0; i < LOCKOUT.accountGuardAfter; i++) {
        const from = fromAddress(`192.0.2.${10 + Math.floor(i / 5)}`); // 5 guesses from each of several addresses
        expectError(await post("/users/sign_in.json", { user: { email, password: `spread-guess-${i}` } }, from), 422, AUTH_MESSAGES.invalidCredentials);
      }
      // The right password alone does not sign in now (from anywhere), and says why; a link is mailed.
      const before = await mailCount(email);
      expectError(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, fromAddress("203.0.113.21")), 422, AUTH_MESSAGES.signInLinkRequired);
      expect(await mailCount(email)).toBe(before + 1);
      const { token, url } = await lastMail(email, "token");
      expect(url).toMatch(/\/auth\/link\?token=/);
      // The link works once, and clears the account's count.
      const session = expectOk(await post("/users/sign_in_with_link.json", { token }, fromAddress("203.0.113.21")), SignedInAnswer);
      expectOk(await get("/user/me.json", authHeaders(email, session.token)), MeAnswer);
      expectError(await post("/users/sign_in_with_link.json", { token }), 422, AUTH_MESSAGES.signInLinkInvalid);
      expectOk(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }, fromAddress("203.0.113.21")), SignedInAnswer);
    } finally {
      Object.assign(LOCKOUT, saved);
    }
  });

  it("mails a sign-in link on request, with the same answer for unknown addresses", async () => {
    const email = await registeredUser("link.user@example.aero");
    expect(expectOk(await post("/users/sign_in_link.json", { email }), MessageAnswer).message).toBe(AUTH_MESSAGES.signInLinkSent);
    expect(expectOk(await post("/users/sign_in_link.json", { email: "nobody.link@example.aero" }), MessageAnswer).message).toBe(AUTH_MESSAGES.signInLinkSent);
    expect(await mailCount("nobody.link@example.aero")).toBe(0);
    const { token } = await lastMail(email, "token");
    expectOk(await post("/users/sign_in_with_link.json", { token }), SignedInAnswer);
    expectError(await post("/users/sign_in_with_link.json", { token: "x".repeat(43) }), 422, AUTH_MESSAGES.signInLinkInvalid);
  });
});

describe("credentials on calls", () => {
  it("answers 401 without headers or with a wrong uuid, and 403 for a deactivated user's token", async () => {
    const email = await registeredUser("deactivated@example.aero");
    const { headers } = await signIn(email);
    expectError(await get("/user/me.json"), 401);
    expectError(await get("/user/me.json", { ...headers, "x-user-uuid": "00000000-0000-4000-8000-000000000000" }), 401);
    expectError(await get("/user/me.json", { ...headers, "x-user-email": "someone.else@example.aero" }), 401);
    expectError(await get("/user/me.json", { ...headers, "x-user-token": "forged-token-value" }), 401);
    expectOk(await get("/user/me.json", headers), MeAnswer);
    await t.upstream.deps.db.updateTable("users").set({ active: 0 }).where("email", "=", email).execute();
    expectError(await get("/user/me.json", headers), 403, AUTH_MESSAGES.deactivated);
    expectError(await post("/users/sign_in.json", { user: { email, password: PASSWORD } }), 422, AUTH_MESSAGES.deactivated);
  });
});

describe("user endpoints", () => {
  it("reports organization, products, UAM flag and role", async () => {
    const db = t.upstream.deps.db;
    const org = await db
      .insertInto("organizations")
      .values({ name: "Sky Taxi", slug: "sky-taxi", product_type: "UAMBOX", has_ops: 1, has_oil: 0, search_all: 1, client_logo: "Sky Taxi" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const other = await db.insertInto("organizations").values({ name: "Other", slug: "other", product_type: "STORAGE" }).returning("id").executeTakeFirstOrThrow();
    const ac = await db
      .insertInto("aircraft")
      .values({ organization_id: org.id, msn: "1001", name: "MSN 1001", registration: "N1001", kind: "aircraft", manufacturer: "", model: "", status: "GROUNDED", ops_issue_date: null, oil_issue_date: null, file_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const foreign = await db
      .insertInto("aircraft")
      .values({ organization_id: other.id, msn: "2002", name: "MSN 2002", registration: "", kind: "helicopter", manufacturer: "", model: "", status: "GROUNDED", ops_issue_date: null, oil_issue_date: null, file_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id } = await createUserAccount(t.upstream.deps, { email: "uam@example.aero", password: PASSWORD, role: "client", first_name: "Una", last_name: "Air", organization_id: org.id });
    await db
      .insertInto("aircraft_access")
      .values([
        { user_id: id, aircraft_id: ac.id, product: "ops", access: "read", granted_by: null },
        // A grant on another organization's aircraft does not count.
        { user_id: id, aircraft_id: foreign.id, product: "oil", access: "write", granted_by: null },
      ])
      .execute();
    const { headers } = await signIn("uam@example.aero");
    const me = expectOk(await get("/user/me.json", headers), MeAnswer);
    expect(me.organization).toEqual({ id: org.id, name: "Sky Taxi", slug: "sky-taxi", product_type: "UAMBOX", search_all: true, client_logo: "Sky Taxi", has_ops: true, has_oil: false });
    expect(me.products).toEqual({ storage: false, ops: true, oil: false });
    expect(me.user).toMatchObject({ first_name: "Una", last_name: "Air", is_uam: false, totp_enabled: false, bio: "" });
    expect(JSON.stringify(me)).not.toContain("password");

    // Empty body, as the spec's portal sends it.
    const uam = await fetch(`${t.mainUrl}/user/uambox.json`, { method: "POST", headers: { ...headers, "content-type": "application/json" } });
    expect(ResultAnswer.parse(await uam.json()).result).toBe(true);
    expect(expectOk(await post("/user/uambox.json", {}, (await signIn("staff@example.aero")).headers), ResultAnswer).result).toBe(false);
    expect(expectOk(await post("/user/role/validate.json", { user_role: "client" }, headers), ResultAnswer).result).toBe(true);
    expect(expectOk(await post("/user/role/validate.json", { user_role: "admin" }, headers), ResultAnswer).result).toBe(false);

    const staff = expectOk(await get("/user/me.json", (await signIn("boss@example.aero")).headers), MeAnswer);
    expect(staff.products).toEqual({ storage: true, ops: true, oil: true });
  });

  it("lists notifications newest first and marks them read", async () => {
    const email = await registeredUser("notified@example.aero");
    const { headers, user } = await signIn(email);
    const db = t.upstream.deps.db;
    const other = await createUserAccount(t.upstream.deps, { email: "other.notified@example.aero", password: PASSWORD, role: "client", first_name: "O", last_name: "N" });
    await db
      .insertInto("notifications")
      .values([
        { user_id: user.id, type: "order", title: "Old", read_at: null, created_at: "2024-01-01T00:00:00.000Z" },
        { user_id: user.id, type: "project", title: "Newer", read_at: null, created_at: "2024-06-01T00:00:00.000Z" },
        { user_id: user.id, type: "feature", title: "Newest", read_at: null, created_at: "2025-01-01T00:00:00.000Z" },
        { user_id: other.id, type: "user", title: "Not mine", read_at: null, created_at: "2025-02-01T00:00:00.000Z" },
      ])
      .execute();
    const list = expectOk(await get("/user/notifications.json", headers), NotificationsAnswer);
    expect(list.notifications.map((n) => n.title)).toEqual(["Newest", "Newer", "Old"]);
    expect(list.unread).toBe(3);
    const newest = list.notifications[0]!;
    const notMine = await db.selectFrom("notifications").select("id").where("user_id", "=", other.id).executeTakeFirstOrThrow();
    const one = expectOk(await post("/user/notifications/read.json", { ids: [newest.id, notMine.id] }, headers), NotificationsReadAnswer);
    expect(one.updated).toBe(1);
    const after = expectOk(await get("/user/notifications.json", headers), NotificationsAnswer);
    expect(after.unread).toBe(2);
    expect(after.notifications[0]!.read_at).not.toBeNull();
    expectError(await post("/user/notifications/read.json", { ids: ["x"] }, headers), 422);
    expect(expectOk(await post("/user/notifications/read.json", {}, headers), NotificationsReadAnswer).updated).toBe(2);
    expect((await db.selectFrom("notifications").select("read_at").where("user_id", "=", other.id).executeTakeFirstOrThrow()).read_at).toBeNull();
  });

  it("sends issue reports to the admins and lets staff list and close them", async () => {
    const email = await registeredUser("reporter@example.aero");
    const { headers } = await signIn(email);
    expectError(await post("/user/report_issue.json", { description: "   " }, headers), 422, /Describe the issue/);
    expectError(await post("/user/report_issue.json", { description: "x".repeat(5001) }, headers), 422, /5000/);
    const adminMails = await mailCount("boss@example.aero");
    const sent = expectOk(await post("/user/report_issue.json", { description: "The folder tree does not load.", url: "/storage/overview" }, headers), IssueReportAnswer);
    expect(sent.message).toBe(AUTH_MESSAGES.issueReported);
    expect(await mailCount("boss@example.aero")).toBe(adminMails + 1);
    expect((await lastMail("boss@example.aero")).mail?.text).toContain("The folder tree does not load.");

    expectError(await get("/admin/issue_reports.json", headers), 422, /role/);
    const member = await signIn("staff@example.aero");
    const open = expectOk(await get("/admin/issue_reports.json?status=open", member.headers), IssueReportsAnswer);
    expect(open.total).toBe(1);
    expect(open.reports[0]).toMatchObject({ id: sent.id, url: "/storage/overview", status: "open", closed_at: null, user: { email } });
    expectError(await get("/admin/issue_reports.json?status=maybe", member.headers), 422);
    expectError(await post(`/admin/issue_reports/${sent.id}/close.json`, {}, headers), 422);
    expectError(await post("/admin/issue_reports/99999/close.json", {}, member.headers), 404);
    const closed = expectOk(await post(`/admin/issue_reports/${sent.id}/close.json`, {}, member.headers), IssueReportClosedAnswer);
    expect(closed.report.status).toBe("closed");
    expect(closed.report.closed_at).not.toBeNull();
    expect(expectOk(await get("/admin/issue_reports.json?status=open", member.headers), IssueReportsAnswer).total).toBe(0);
    expect(expectOk(await get("/admin/issue_reports.json?status=closed&page=1&per_page=5", member.headers), IssueReportsAnswer)).toMatchObject({ total: 1, page: 1, per_page: 5 });
  });
});

describe("public endpoints and the outbox", () => {
  it("stores front-end error reports without credentials, each field capped at 10 KB", async () => {
    const r = expectOk(
      await post("/error/send_fe_error.json", { error: "x".repeat(20_000), errorInfo: { componentStack: "at Foo" }, errorUrl: "/storage/overview", email: "Some@One.aero" }),
      ErrorReportAnswer,
    );
    expect(r.result).toBe(true);
    const row = await t.upstream.deps.db.selectFrom("error_reports").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.error).toHaveLength(10_000);
    expect(row.error_info).toBe(JSON.stringify({ componentStack: "at Foo" }));
    expect(row.error_url).toBe("/storage/overview");
    expect(row.email).toBe("some@one.aero");
    // Oversized bodies are refused before they are read (own connection: the server closes it).
    expect(await postOnFreshConnection("/error/send_fe_error.json", JSON.stringify({ error: "y".repeat(300 * 1024) }))).toBe(413);
  });

  it("validates the contact form and mails it to the admins", async () => {
    expectError(await post("/public/contact.json", { name: "", email: "a@b.aero", message: "Hi" }), 422, /name/);
    expectError(await post("/public/contact.json", { name: "Al", email: "nope", message: "Hi" }), 422, /valid e-mail/);
    const before = await mailCount("boss@example.aero");
    const r = expectOk(await post("/public/contact.json", { name: "Al Lessor", email: "al@lessor.aero", company: "Lessor Ltd", message: "We have 12 A320s to transition." }), MessageAnswer);
    expect(r.message).toBe(AUTH_MESSAGES.contactSent);
    expect(await mailCount("boss@example.aero")).toBe(before + 1);
    const { mail } = await lastMail("boss@example.aero");
    expect(mail?.subject).toContain("Al Lessor");
    expect(mail?.text).toContain("We have 12 A320s to transition.");
  });

  it("lists the mail outbox for staff, hiding other people's link tokens from members", async () => {
    await registeredUser("outboxed@example.aero");
    const admin = await signIn("boss@example.aero");
    const member = await signIn("staff@example.aero");
    const client = await signIn("outboxed@example.aero");
    expectError(await get("/admin/mail_outbox.json", client.headers), 422);

    const forAdmin = expectOk(await get("/admin/mail_outbox.json?to=OUTBOXED@example", admin.headers), MailOutboxAnswer);
    expect(forAdmin.total).toBeGreaterThanOrEqual(1);
    expect(forAdmin.mails.every((m) => m.to_address === "outboxed@example.aero")).toBe(true);
    const confirm = forAdmin.mails.find((m) => m.subject === "Confirm your e-mail address")!;
    expect(confirm.text).toMatch(/token=[A-Za-z0-9_-]{20,}/);

    const forMember = expectOk(await get("/admin/mail_outbox.json?to=outboxed@example.aero&per_page=10", member.headers), MailOutboxAnswer);
    const masked = forMember.mails.find((m) => m.id === confirm.id)!;
    expect(masked.text).toContain("token=[hidden]");
    expect(forMember.per_page).toBe(10);

    // LIKE wildcards are taken literally.
    expect(expectOk(await get("/admin/mail_outbox.json?to=%25", admin.headers), MailOutboxAnswer).total).toBe(0);
    const all = expectOk(await get("/admin/mail_outbox.json?page=1&per_page=2", admin.headers), MailOutboxAnswer);
    expect(all.mails).toHaveLength(2);
    expect(all.mails[0]!.id).toBeGreaterThan(all.mails[1]!.id);
  });
});
