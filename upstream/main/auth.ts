// Public routes of the main API (registered before the global requireAuth): sign-in with optional
// TOTP second factor, sign-out, registration and e-mail confirmation, password reset and change,
// two-factor setup and reset, the front-end error report and the public contact form.
// Routes that need a signed-in user use requireAuth() inline. Contract: docs/api/auth-and-user.md.
import { systemClock } from "../lib/clock";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { sql } from "kysely";
import { z } from "zod";
import type { Deps, HonoEnv } from "../context";
import { nowIso } from "../db";
import { clientIp, hashPassword, IP_REFUSED, ipAllowed, issueToken, randomToken, requireAuth, revokeUserTokens, verifyPassword } from "../auth";
import { ApiError, readBody, refuse } from "../http";
import { generateTotpSecret, openTotpSecret, sealTotpSecret, totpProvisioning, verifyTotp } from "../lib/totp";
import { hitRate, UNKNOWN_CLIENT, type RateRule } from "../rate-limit";
import {
  AUTH_MESSAGES,
  ChangePasswordInput,
  ConfirmInput,
  ContactInput,
  Disable2faInput,
  EmailInput,
  Enable2faInput,
  ERROR_REPORT_FIELD_MAX,
  RegisterInput,
  ResetPasswordInput,
  SignInInput,
  SignInLinkInput,
  Verify2faInput,
} from "../../app/models/schemas/auth";
import {
  adminRecipients,
  createOneTimeToken,
  createUserAccount,
  EMAIL_TAKEN,
  findOneTimeToken,
  mailConfirmation,
  mailSignInLink,
  markOneTimeTokenUsed,
  portalLink,
  recentOneTimeToken,
  sendMail,
  type TokenLookup,
  voidOneTimeTokens,
} from "./accounts";

export { createUserAccount } from "./accounts";

type C = Context<HonoEnv>;

// ---------------------------------------------------------------------------------------------
// Input helpers
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads the body and validates it; Devise-style {"user": {...}} is accepted as well as the flat form. */
async function input<S extends z.ZodTypeAny>(c: C, schema: S): Promise<z.infer<S>> {
  const raw: unknown = await readBody(c, z.unknown());
  const flat = isObject(raw) && isObject(raw.user) ? { ...raw, ...raw.user } : raw;
  const parsed = schema.safeParse(flat);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);
    throw refuse(parsed.error.issues[0]?.message ?? "Invalid input.", errors);
  }
  return parsed.data;
}

/** The token's ids when it can be used; otherwise a 422 with the message for why not. */
function usable(found: TokenLookup, messages: Record<"unknown" | "used" | "expired", string>): { id: number; userId: number } {
  if (found.status === "ok") return { id: found.id, userId: found.userId };
  throw refuse(messages[found.status]);
}



const tooMany = (what: string) => new ApiError(429, `Too many ${what}. Please wait a few minutes and try again.`);

// ---------------------------------------------------------------------------------------------
// Sign-in lock-out (login_attempts), issue 10 / ADR 026
//
// A stranger must not be able to lock an account: the lock is per account *and* address pair
// ("pair:<email>|<ip>"), so ten wrong passwords lock that address out of that account only. Failures
// are also counted per account ("acct:<email>"), from every address: they slow every attempt down
// (at most 2 s), and past ACCOUNT_GUARD_AFTER a password alone no longer signs in: a second factor
// (TOTP) or a mailed one-time sign-in link is needed, which a guesser does not have.
// ---------------------------------------------------------------------------------------------

export const LOCKOUT = {
  windowMs: 15 * 60_000,
  slowAfter: 5,
  lockAfter: 10,
  lockMs: 15 * 60_000,
  maxDelayMs: 2000,
  baseDelayMs: 250,
  /** Failures on one account from all addresses after which a password alone is not enough. */
  accountGuardAfter: 20,
};

const pairKey = (email: string, ip: string | null) => `pair:${email.trim().toLowerCase()}|${ip ?? UNKNOWN_CLIENT}`;
const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;

/** The extra wait before the n-th attempt within the window (n counts this attempt). */
export const attemptDelayMs = (n: number) =>
  n <= LOCKOUT.slowAfter ? 0 : Math.min(LOCKOUT.maxDelayMs, LOCKOUT.baseDelayMs * 2 ** (n - LOCKOUT.slowAfter - 1));

const clockOf = (deps: Deps) => deps.config.clock ?? systemClock;

function lockedAnswer(c: C, lockedUntil: string) {
  const ms = Math.max(0, Date.parse(lockedUntil) - clockOf(c.get("deps")).now());
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  c.header("Retry-After", String(Math.ceil(ms / 1000)));
  return c.json({ error: `Too many failed sign-in attempts from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or ask for a sign-in link by e-mail.` }, 429);
}

/**
 * Reserves an attempt before the password (or code) is checked, atomically, so that parallel
 * guesses count too. A success clears the pair's row; a failure leaves the attempt counted.
 * Returns the number of attempts in the window (this one included) or the lock's end.
 */
async function reserveAttempt(deps: Deps, key: string): Promise<{ attempts: number; lockedUntil: string | null }> {
  const t = clockOf(deps).now();
  const now = new Date(t).toISOString();
  const windowStart = new Date(t - LOCKOUT.windowMs).toISOString();
  const { rows } = await sql<{ failures: number; locked_until: string | null }>`
    INSERT INTO login_attempts (key, failures, first_failure_at, locked_until) VALUES (${key}, 1, ${now}, NULL)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_attempts.locked_until > ${now} THEN login_attempts.failures WHEN login_attempts.first_failure_at < ${windowStart} THEN 1 ELSE login_attempts.failures + 1 END,
      first_failure_at = CASE WHEN login_attempts.locked_until > ${now} THEN login_attempts.first_failure_at WHEN login_attempts.first_failure_at < ${windowStart} THEN ${now} ELSE login_attempts.first_failure_at END,
      locked_until = CASE WHEN login_attempts.locked_until > ${now} THEN login_attempts.locked_until ELSE NULL END
    RETURNING failures, locked_until`.execute(deps.db);
  const row = rows[0]!;
  // Addresses that were only ever guessed leave rows behind: prune old ones now and then.
  if (Math.random() < 0.01) {
    const dayAgo = new Date(t - 24 * 3600_000).toISOString();
    await deps.db.deleteFrom("login_attempts").where("first_failure_at", "<", dayAgo).where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)])).execute();
  }
  if (row.locked_until && row.locked_until > now) return { attempts: row.failures, lockedUntil: row.locked_until };
  return { attempts: row.failures, lockedUntil: null };
}

/** Takes back a reserved attempt (the check succeeded): the counter holds failures only. */
async function releaseAttempt(deps: Deps, key: string) {
  await deps.db.updateTable("login_attempts").set((eb) => ({ failures: eb("failures", "-", 1) })).where("key", "=", key).where("failures", ">", 0).execute();
}

async function lock(deps: Deps, key: string): Promise<string> {
  const until = new Date(clockOf(deps).now() + LOCKOUT.lockMs).toISOString();
  await deps.db.updateTable("login_attempts").set({ locked_until: until }).where("key", "=", key).execute();
  return until;
}

/**
 * Forgets counted failures of an account: its own address pair and the account-wide count (a proven
 * owner), or with `everywhere` every address's too (a password reset through the mailed link).
 */
export async function clearAttempts(db: Deps["db"], email: string, ip: string | null, { everywhere = false } = {}) {
  const e = email.trim().toLowerCase();
  const prefix = `pair:${e}|`;
  await db
    .deleteFrom("login_attempts")
    .where((eb) =>
      eb.or([
        eb("key", "=", accountKey(e)),
        everywhere ? eb(sql<string>`substr(key, 1, ${prefix.length})`, "=", prefix) : eb("key", "=", pairKey(e, ip)),
      ]),
    )
    .execute();
}

/** A password sign-in succeeded: this address's failures are forgotten (the account count decays). */
const forgetPair = (deps: Deps, email: string, ip: string | null) => deps.db.deleteFrom("login_attempts").where("key", "=", pairKey(email, ip)).execute();

type Guarded<T> = Response | { ok: T; accountFailures: number } | "failed";

/** Runs the lock-out around one check; `check` returns what it verified, or null on failure. */
async function guarded<T>(c: C, email: string, check: () => Promise<T | null>): Promise<Guarded<T>> {
  const deps = c.get("deps");
  const pair = pairKey(email, clientIp(c));
  const mine = await reserveAttempt(deps, pair);
  if (mine.lockedUntil) return lockedAnswer(c, mine.lockedUntil);
  if (mine.attempts > LOCKOUT.lockAfter) return lockedAnswer(c, await lock(deps, pair));
  const account = await reserveAttempt(deps, accountKey(email));
  const delay = attemptDelayMs(Math.max(mine.attempts, account.attempts));
  if (delay) await clockOf(deps).sleep(delay);
  const result = await check();
  if (result !== null) {
    // A success is not a failure: give the account its attempt back. The pair's row is the caller's
    // to clear (a password that leads to a second factor keeps the attempts counted).
    await releaseAttempt(deps, accountKey(email));
    return { ok: result, accountFailures: account.attempts - 1 };
  }
  if (mine.attempts >= LOCKOUT.lockAfter) await lock(deps, pair);
  return "failed";
}

/** Past the account guard a password alone is not enough: the owner gets a one-time link by mail. */
const accountGuarded = (failures: number) => failures >= LOCKOUT.accountGuardAfter;

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

let dummyHash: Promise<string> | null = null;
/** Unknown e-mails are checked against this hash so they take as long as known ones. */
const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

type UserRow = {
  id: number;
  email: string;
  role: HonoEnv["Variables"]["user"]["role"];
  username: string;
  first_name: string;
  password_hash: string;
  active: number;
  confirmed_at: string | null;
  totp_enabled: number;
  totp_secret: string | null;
  organization_id: number | null;
};

const USER_COLUMNS = [
  "id", "email", "role", "username", "first_name", "password_hash", "active", "confirmed_at", "totp_enabled", "totp_secret", "organization_id",
] as const;

const findUserByEmail = (deps: Deps, email: string) =>
  deps.db.selectFrom("users").select(USER_COLUMNS).where("email", "=", email.trim().toLowerCase()).executeTakeFirst() as Promise<UserRow | undefined>;
const findUserById = (deps: Deps, id: number) =>
  deps.db.selectFrom("users").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst() as Promise<UserRow | undefined>;

const sessionUser = (u: UserRow) => ({ id: u.id, email: u.email, role: u.role, username: u.username, first_name: u.first_name });

async function startSession(c: C, user: UserRow, via: "password" | "totp" | "link") {
  const deps = c.get("deps");
  const ip = clientIp(c);
  // The IP whitelist holds at sign-in too, not only on later calls (issue 6).
  if (!(await ipAllowed(deps, user.organization_id, user.role, ip))) {
    await deps.audit.log({ userId: user.id, action: "auth.sign_in_refused_ip", entity: "user", entityId: user.id, organizationId: user.organization_id, detail: { via }, ip });
    throw new ApiError(403, IP_REFUSED);
  }
  const token = await issueToken(deps.db, user.id, deps.config.tokenTtlHours, ip);
  await deps.audit.log({ userId: user.id, action: "auth.sign_in", entity: "user", entityId: user.id, organizationId: user.organization_id, detail: { via }, ip });
  return c.json({ token, user: sessionUser(user) });
}

/** TOTP check with replay protection: a code (time step) is accepted once per user. */
async function checkTotp(deps: Deps, userId: number, sealed: string | null, code: string): Promise<boolean> {
  if (!sealed) return false;
  const secret = openTotpSecret(sealed, deps.config.secret);
  if (!secret) return false;
  const step = verifyTotp(secret, code);
  if (step === null) return false;
  const key = `totp_last_step:${userId}`;
  // Atomic: only raises the stored step, so two requests with one code cannot both pass.
  const { rows } = await sql<{ value: string }>`
    INSERT INTO kv (key, value) VALUES (${key}, ${String(step)})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE CAST(kv.value AS INTEGER) < CAST(excluded.value AS INTEGER)
    RETURNING value`.execute(deps.db);
  return rows.length === 1;
}

/**
 * The signed-in user proves again who they are at the moment of an electronic signature (ADR 088):
 * their password, or the current code of their authenticator when two-factor is on; either one is
 * enough. The check counts in the sign-in lock-out above, so a stolen session cannot guess the
 * password through it. True, false (wrong), or the lock-out's 429 answer.
 */
export async function reidentify(c: C, userId: number, proof: { password?: string; totp_code?: string }): Promise<boolean | Response> {
  const deps = c.get("deps");
  const user = await findUserById(deps, userId);
  if (!user) return false;
  const outcome = await guarded(c, user.email, async () => {
    if (proof.totp_code && user.totp_enabled === 1 && (await checkTotp(deps, user.id, user.totp_secret, proof.totp_code))) return true;
    if (proof.password && (await verifyPassword(proof.password, user.password_hash))) return true;
    return null;
  });
  if (outcome instanceof Response) return outcome;
  if (outcome === "failed") return false;
  await forgetPair(deps, user.email, clientIp(c));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

// The public endpoints' limits, in the database: they hold across portal processes (ADR 057).
const ERROR_REPORT_LIMIT: RateRule = { name: "error-report", limit: 30, windowMs: 60_000 }; // per client address per minute
const ERROR_REPORT_GLOBAL: RateRule = { name: "error-report-all", limit: 600, windowMs: 60_000 }; // all addresses per minute
const CONTACT_LIMIT: RateRule = { name: "contact", limit: 5, windowMs: 10 * 60_000 };
const MAIL_FLOW_LIMIT: RateRule = { name: "mail-flow", limit: 30, windowMs: 10 * 60_000 }; // register / reset / 2FA reset per client address
const MAIL_THROTTLE_MS = 60_000; // at most one reset mail per account per minute
const CONFIRM_RESEND_MS = 5 * 60_000;

const limitKey = (c: C) => clientIp(c) ?? UNKNOWN_CLIENT;

/** Public bodies are small: refuse big ones before reading them (also for chunked uploads). */
const smallBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error: "The request is too large." }, 413) });

export function registerAuthRoutes(app: Hono<HonoEnv>) {
  // --- sign in / out ---------------------------------------------------------------------------

  app.post("/users/sign_in.json", async (c) => {
    const deps = c.get("deps");
    const { email, password } = await input(c, SignInInput);
    const outcome = await guarded(c, email, async () => {
      const user = await findUserByEmail(deps, email);
      const ok = await verifyPassword(password, user?.password_hash ?? (await getDummyHash()));
      return ok && user ? user : null;
    });
    if (outcome instanceof Response) return outcome;
    if (outcome === "failed") {
      await deps.audit.log({ userId: null, action: "auth.sign_in_failed", entity: "user", detail: { email }, ip: clientIp(c) });
      throw refuse(AUTH_MESSAGES.invalidCredentials);
    }
    const u = outcome.ok;
    if (u.totp_enabled === 1) {
      // The attempts stay counted until the second factor succeeds: a known password alone must
      // not reset the counter that bounds code guessing.
      const challenge = await createOneTimeToken(deps.db, u.id, "2fa_challenge");
      return c.json({ two_factor_required: true as const, challenge });
    }
    await forgetPair(deps, email, clientIp(c));
    if (u.active !== 1) throw refuse(AUTH_MESSAGES.deactivated);
    if (!u.confirmed_at) {
      if (!(await recentOneTimeToken(deps.db, u.id, "confirm", CONFIRM_RESEND_MS))) await mailConfirmation(deps, u);
      throw refuse(AUTH_MESSAGES.unconfirmed);
    }
    if (accountGuarded(outcome.accountFailures)) {
      // Many failures from many addresses: the right password alone does not sign in now; the owner
      // finishes through a one-time link sent to the account's own mailbox.
      if (!(await recentOneTimeToken(deps.db, u.id, "sign_in_link", MAIL_THROTTLE_MS))) await mailSignInLink(deps, u);
      await deps.audit.log({ userId: u.id, action: "auth.sign_in_link_required", entity: "user", entityId: u.id, organizationId: u.organization_id, ip: clientIp(c) });
      throw refuse(AUTH_MESSAGES.signInLinkRequired);
    }
    return startSession(c, u, "password");
  });

  app.post("/users/verify_2fa.json", async (c) => {
    const deps = c.get("deps");
    const { challenge, code } = await input(c, Verify2faInput);
    const found = await findOneTimeToken(deps.db, challenge, "2fa_challenge");
    if (found.status !== "ok") throw refuse("This sign-in attempt has expired. Please sign in again.");
    const user = await findUserById(deps, found.userId);
    if (!user || user.totp_enabled !== 1) throw refuse("This sign-in attempt has expired. Please sign in again.");
    const outcome = await guarded(c, user.email, async () => ((await checkTotp(deps, user.id, user.totp_secret, code)) ? true : null));
    if (outcome instanceof Response) return outcome;
    if (outcome === "failed") {
      await deps.audit.log({ userId: user.id, action: "auth.2fa_failed", entity: "user", entityId: user.id, ip: clientIp(c) });
      throw refuse("That code is not valid. Check the time on your device and enter the current code from your authenticator app.", {
        code: ["That code is not valid."],
      });
    }
    if (!(await markOneTimeTokenUsed(deps.db, found.id))) throw refuse("This sign-in attempt has expired. Please sign in again.");
    await clearAttempts(deps.db, user.email, clientIp(c));
    if (user.active !== 1) throw refuse(AUTH_MESSAGES.deactivated);
    if (!user.confirmed_at) throw refuse(AUTH_MESSAGES.unconfirmed);
    return startSession(c, user, "totp");
  });

  // A one-time sign-in link by mail: what the owner uses when the account guard asks for more than a
  // password, or instead of a forgotten password. Same answer whether or not the account exists.
  app.post("/users/sign_in_link.json", async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, MAIL_FLOW_LIMIT, limitKey(c)))) throw tooMany("requests from your network");
    const { email } = await input(c, EmailInput);
    const user = await findUserByEmail(deps, email);
    if (user && user.active === 1 && !(await recentOneTimeToken(deps.db, user.id, "sign_in_link", MAIL_THROTTLE_MS))) {
      await mailSignInLink(deps, user);
      await deps.audit.log({ userId: user.id, action: "auth.sign_in_link_requested", entity: "user", entityId: user.id, ip: clientIp(c) });
    }
    return c.json({ message: AUTH_MESSAGES.signInLinkSent });
  });

  app.post("/users/sign_in_with_link.json", async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, MAIL_FLOW_LIMIT, limitKey(c)))) throw tooMany("requests from your network");
    const { token } = await input(c, SignInLinkInput);
    const found = await findOneTimeToken(deps.db, token, "sign_in_link");
    if (found.status !== "ok") throw refuse(AUTH_MESSAGES.signInLinkInvalid);
    if (!(await markOneTimeTokenUsed(deps.db, found.id))) throw refuse(AUTH_MESSAGES.signInLinkInvalid);
    const user = await findUserById(deps, found.userId);
    if (!user) throw refuse(AUTH_MESSAGES.signInLinkInvalid);
    if (user.active !== 1) throw refuse(AUTH_MESSAGES.deactivated);
    // The link proves the mailbox, not the second factor: with TOTP on, the code is still asked for.
    if (user.totp_enabled === 1) {
      const challenge = await createOneTimeToken(deps.db, user.id, "2fa_challenge");
      return c.json({ two_factor_required: true as const, challenge, email: user.email });
    }
    // The mailbox is the owner's: an unconfirmed address becomes confirmed, as with a reset link.
    if (!user.confirmed_at) await deps.db.updateTable("users").set({ confirmed_at: nowIso() }).where("id", "=", user.id).execute();
    await clearAttempts(deps.db, user.email, clientIp(c));
    return startSession(c, user, "link");
  });

  app.post("/users/sign_out.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    await deps.db.updateTable("tokens").set({ revoked_at: nowIso() }).where("id", "=", me.tokenId).where("revoked_at", "is", null).execute();
    await deps.audit.log({ userId: me.id, action: "auth.sign_out", entity: "user", entityId: me.id, organizationId: me.organization_id, ip: me.ip });
    return c.json({ message: AUTH_MESSAGES.signedOut });
  });

  // --- registration and confirmation -----------------------------------------------------------

  app.post("/users.json", async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, MAIL_FLOW_LIMIT, limitKey(c)))) throw tooMany("requests from your network");
    const data = await input(c, RegisterInput);
    const ip = clientIp(c);
    // Hash first: the same work happens for a taken address, and no transaction waits on scrypt.
    const passwordHash = await hashPassword(data.password);
    const existing = await findUserByEmail(deps, data.email);
    if (existing) {
      // Never reveal that the address is registered: same answer, and tell the owner instead.
      if (!existing.confirmed_at) {
        if (!(await recentOneTimeToken(deps.db, existing.id, "confirm", CONFIRM_RESEND_MS))) await mailConfirmation(deps, existing);
      } else {
        await sendMail(
          deps,
          existing.email,
          "Someone tried to register with your e-mail address",
          [
            `Hello ${existing.first_name || existing.email},`,
            "Someone (perhaps you) tried to create a new account with this e-mail address, which already has an account. Nothing was changed.",
            "If you forgot your password, you can set a new one here. If it was not you, you can ignore this mail.",
          ],
          { label: "Reset my password", url: portalLink(deps, "/auth/reset") },
        );
      }
      await deps.audit.log({ userId: existing.id, action: "auth.register_existing", entity: "user", entityId: existing.id, ip });
      return c.json({ message: AUTH_MESSAGES.registered });
    }
    let created: { id: number; consultantId: number | null; token: string };
    try {
      created = await deps.db.transaction().execute(async (trx) => {
        const account = await createUserAccount(
          deps,
          { email: data.email, passwordHash, role: data.role, first_name: data.first_name, last_name: data.last_name, confirmed: false },
          { db: trx },
        );
        const token = await createOneTimeToken(trx, account.id, "confirm");
        return { ...account, token };
      });
    } catch (err) {
      // Lost a race with a parallel registration of the same address: same answer as above.
      if (err instanceof ApiError && err.error === EMAIL_TAKEN) return c.json({ message: AUTH_MESSAGES.registered });
      throw err;
    }
    await sendMail(
      deps,
      data.email,
      "Confirm your e-mail address",
      [`Hello ${data.first_name},`, "Please confirm your e-mail address to finish your registration. The link works once and is valid for 48 hours."],
      { label: "Confirm my e-mail address", url: portalLink(deps, `/auth/confirm?token=${encodeURIComponent(created.token)}`) },
    );
    await deps.audit.log({ userId: created.id, action: "auth.register", entity: "user", entityId: created.id, detail: { role: data.role, consultant_id: created.consultantId }, ip });
    return c.json({ message: AUTH_MESSAGES.registered });
  });

  app.post("/users/confirmation.json", async (c) => {
    const deps = c.get("deps");
    const { token } = await input(c, ConfirmInput);
    const found = usable(await findOneTimeToken(deps.db, token, "confirm"), {
      unknown: "This confirmation link is not valid. Please use the latest link we sent you.",
      used: "This confirmation link was already used. If your address is confirmed, please sign in.",
      expired: "This confirmation link has expired. Sign in to get a new one by e-mail.",
    });
    const confirmed = await deps.db.transaction().execute(async (trx) => {
      if (!(await markOneTimeTokenUsed(trx, found.id))) return false;
      await trx.updateTable("users").set({ confirmed_at: nowIso() }).where("id", "=", found.userId).where("confirmed_at", "is", null).execute();
      return true;
    });
    if (!confirmed) throw refuse("This confirmation link was already used. If your address is confirmed, please sign in.");
    await deps.audit.log({ userId: found.userId, action: "auth.confirm", entity: "user", entityId: found.userId, ip: clientIp(c) });
    return c.json({ message: AUTH_MESSAGES.confirmed });
  });

  // --- password reset and change ---------------------------------------------------------------

  app.post("/users/password.json", async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, MAIL_FLOW_LIMIT, limitKey(c)))) throw tooMany("requests from your network");
    const { email } = await input(c, EmailInput);
    const user = await findUserByEmail(deps, email);
    if (user && !(await recentOneTimeToken(deps.db, user.id, "reset", MAIL_THROTTLE_MS))) {
      const token = await createOneTimeToken(deps.db, user.id, "reset");
      await sendMail(
        deps,
        user.email,
        "Reset your password",
        [
          `Hello ${user.first_name || user.email},`,
          "We received a request to reset the password of your account. The link works once and is valid for 2 hours.",
          "If you did not ask for this, you can ignore this mail: your password stays as it is.",
        ],
        { label: "Choose a new password", url: portalLink(deps, `/users/password/edit?reset_password_token=${encodeURIComponent(token)}`) },
      );
      await deps.audit.log({ userId: user.id, action: "auth.reset_requested", entity: "user", entityId: user.id, ip: clientIp(c) });
    }
    return c.json({ message: AUTH_MESSAGES.resetRequested });
  });

  app.put("/users/password.json", async (c) => {
    const deps = c.get("deps");
    const data = await input(c, ResetPasswordInput);
    const found = usable(await findOneTimeToken(deps.db, data.reset_password_token, "reset"), {
      unknown: "This password reset link is not valid. Please ask for a new one.",
      used: "This password reset link was already used. Please ask for a new one.",
      expired: "This password reset link has expired (links are valid for 2 hours). Please ask for a new one.",
    });
    const hash = await hashPassword(data.password);
    const user = await deps.db.transaction().execute(async (trx) => {
      if (!(await markOneTimeTokenUsed(trx, found.id))) return null;
      await voidOneTimeTokens(trx, found.userId, "reset");
      // The link proves the owner reads this mailbox, so an unconfirmed address becomes confirmed.
      await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", found.userId).execute();
      await trx.updateTable("users").set({ confirmed_at: nowIso() }).where("id", "=", found.userId).where("confirmed_at", "is", null).execute();
      await revokeUserTokens(trx, found.userId);
      const row = await trx.selectFrom("users").select(["id", "email", "first_name", "organization_id"]).where("id", "=", found.userId).executeTakeFirstOrThrow();
      await clearAttempts(trx, row.email, null, { everywhere: true });
      return row;
    });
    if (!user) throw refuse("This password reset link was already used. Please ask for a new one.");
    await deps.audit.log({ userId: user.id, action: "auth.password_reset", entity: "user", entityId: user.id, organizationId: user.organization_id, ip: clientIp(c) });
    await sendMail(deps, user.email, "Your password was changed", [
      `Hello ${user.first_name || user.email},`,
      "The password of your account was just reset and all your sessions were signed out. If this was not you, please contact your administrator at once.",
    ]);
    return c.json({ message: AUTH_MESSAGES.passwordReset });
  });

  app.put("/users/me/password.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const data = await input(c, ChangePasswordInput);
    const row = await deps.db.selectFrom("users").select(["password_hash", "first_name"]).where("id", "=", me.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(data.current_password, row.password_hash))) {
      throw refuse("Your current password is not correct.", { current_password: ["Your current password is not correct."] });
    }
    if (data.password === data.current_password) {
      throw refuse("The new password must differ from the current one.", { password: ["The new password must differ from the current one."] });
    }
    const hash = await hashPassword(data.password);
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", me.id).execute();
      await revokeUserTokens(trx, me.id, me.tokenId);
      await voidOneTimeTokens(trx, me.id, "reset");
    });
    await deps.audit.log({ userId: me.id, action: "auth.password_change", entity: "user", entityId: me.id, organizationId: me.organization_id, ip: me.ip });
    await sendMail(deps, me.email, "Your password was changed", [
      `Hello ${row.first_name || me.email},`,
      "The password of your account was just changed and your other sessions were signed out. If this was not you, please reset your password and contact your administrator.",
    ]);
    return c.json({ message: AUTH_MESSAGES.passwordChanged });
  });

  // --- two-factor authentication ---------------------------------------------------------------

  app.get("/users/2fa/status.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const row = await deps.db.selectFrom("users").select("totp_enabled").where("id", "=", c.get("user").id).executeTakeFirstOrThrow();
    return c.json({ enabled: row.totp_enabled === 1 });
  });

  app.post("/users/2fa/setup.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const row = await deps.db.selectFrom("users").select("totp_enabled").where("id", "=", me.id).executeTakeFirstOrThrow();
    if (row.totp_enabled === 1) throw refuse("Two-factor authentication is already on. Turn it off first to set up another authenticator.");
    const secret = generateTotpSecret();
    const { otpauth_url, qr_svg } = await totpProvisioning(secret, me.email);
    await deps.db.updateTable("users").set({ totp_secret: sealTotpSecret(secret, deps.config.secret) }).where("id", "=", me.id).where("totp_enabled", "=", 0).execute();
    await deps.audit.log({ userId: me.id, action: "auth.2fa_setup", entity: "user", entityId: me.id, organizationId: me.organization_id, ip: me.ip });
    return c.json({ secret, otpauth_url, qr_svg });
  });

  app.post("/users/2fa/enable.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const { code } = await input(c, Enable2faInput);
    const row = await deps.db.selectFrom("users").select(["totp_enabled", "totp_secret", "first_name"]).where("id", "=", me.id).executeTakeFirstOrThrow();
    if (row.totp_enabled === 1) throw refuse("Two-factor authentication is already on.");
    if (!row.totp_secret) throw refuse("Start the setup first: scan the QR code, then enter the code your app shows.");
    if (!(await checkTotp(deps, me.id, row.totp_secret, code))) {
      throw refuse("That code is not valid. Check the time on your device and enter the current code from your authenticator app.", { code: ["That code is not valid."] });
    }
    await deps.db.updateTable("users").set({ totp_enabled: 1 }).where("id", "=", me.id).execute();
    await deps.audit.log({ userId: me.id, action: "auth.2fa_enable", entity: "user", entityId: me.id, organizationId: me.organization_id, ip: me.ip });
    await sendMail(deps, me.email, "Two-factor authentication is on", [
      `Hello ${row.first_name || me.email},`,
      "Two-factor authentication was turned on for your account. From now on you will enter a code from your authenticator app when you sign in.",
    ]);
    return c.json({ message: AUTH_MESSAGES.twoFactorEnabled, enabled: true });
  });

  app.post("/users/2fa/disable.json", requireAuth(), async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const { password } = await input(c, Disable2faInput);
    const row = await deps.db.selectFrom("users").select(["password_hash", "totp_enabled", "first_name"]).where("id", "=", me.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(password, row.password_hash))) throw refuse("Your password is not correct.", { password: ["Your password is not correct."] });
    if (row.totp_enabled !== 1) {
      await deps.db.updateTable("users").set({ totp_secret: null }).where("id", "=", me.id).execute();
      return c.json({ message: AUTH_MESSAGES.twoFactorDisabled, enabled: false });
    }
    await deps.db.updateTable("users").set({ totp_enabled: 0, totp_secret: null }).where("id", "=", me.id).execute();
    await deps.audit.log({ userId: me.id, action: "auth.2fa_disable", entity: "user", entityId: me.id, organizationId: me.organization_id, ip: me.ip });
    await sendMail(deps, me.email, "Two-factor authentication is off", [
      `Hello ${row.first_name || me.email},`,
      "Two-factor authentication was turned off for your account. If this was not you, please change your password and contact your administrator.",
    ]);
    return c.json({ message: AUTH_MESSAGES.twoFactorDisabled, enabled: false });
  });

  app.post("/users/2fa/reset.json", async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, MAIL_FLOW_LIMIT, limitKey(c)))) throw tooMany("requests from your network");
    const { email } = await input(c, EmailInput);
    const user = await findUserByEmail(deps, email);
    if (user && user.totp_enabled === 1 && !(await recentOneTimeToken(deps.db, user.id, "2fa_reset", MAIL_THROTTLE_MS))) {
      const token = await createOneTimeToken(deps.db, user.id, "2fa_reset");
      await sendMail(
        deps,
        user.email,
        "Reset two-factor authentication",
        [
          `Hello ${user.first_name || user.email},`,
          "We received a request to turn off two-factor authentication for your account, for example because you lost your phone. The link works once and is valid for 2 hours; it also signs out all your sessions.",
          "If you did not ask for this, ignore this mail and consider changing your password.",
        ],
        { label: "Turn off two-factor authentication", url: portalLink(deps, `/auth/2fa/confirm_reset?token=${encodeURIComponent(token)}`) },
      );
      await deps.audit.log({ userId: user.id, action: "auth.2fa_reset_requested", entity: "user", entityId: user.id, ip: clientIp(c) });
    }
    return c.json({ message: AUTH_MESSAGES.twoFactorResetRequested });
  });

  app.post("/users/2fa/confirm_reset.json", async (c) => {
    const deps = c.get("deps");
    const { token } = await input(c, ConfirmInput);
    const found = usable(await findOneTimeToken(deps.db, token, "2fa_reset"), {
      unknown: "This reset link is not valid. Please ask for a new one.",
      used: "This reset link was already used. Please ask for a new one if you still need it.",
      expired: "This reset link has expired (links are valid for 2 hours). Please ask for a new one.",
    });
    const done = await deps.db.transaction().execute(async (trx) => {
      if (!(await markOneTimeTokenUsed(trx, found.id))) return false;
      await voidOneTimeTokens(trx, found.userId, "2fa_reset");
      await voidOneTimeTokens(trx, found.userId, "2fa_challenge");
      await trx.updateTable("users").set({ totp_enabled: 0, totp_secret: null }).where("id", "=", found.userId).execute();
      await revokeUserTokens(trx, found.userId);
      return true;
    });
    if (!done) throw refuse("This reset link was already used. Please ask for a new one if you still need it.");
    await deps.audit.log({ userId: found.userId, action: "auth.2fa_reset", entity: "user", entityId: found.userId, ip: clientIp(c) });
    return c.json({ message: AUTH_MESSAGES.twoFactorResetDone });
  });

  // --- public reports ----------------------------------------------------------------------------

  app.post("/error/send_fe_error.json", smallBody(256 * 1024), async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, ERROR_REPORT_GLOBAL, "all")) || !(await hitRate(c.get("deps").db, ERROR_REPORT_LIMIT, limitKey(c)))) throw tooMany("error reports");
    const raw: unknown = await readBody(c, z.unknown());
    // A report is an object with a non-empty `error`; NUL characters are refused, not stored (issue 10).
    if (!isObject(raw)) throw refuse("An error report is a JSON object with an error field.");
    const body = raw;
    const field = (v: unknown, max = ERROR_REPORT_FIELD_MAX) => {
      const s = v == null ? "" : typeof v === "string" ? v : JSON.stringify(v);
      return (s ?? "").slice(0, max);
    };
    if ([body.error, body.errorInfo, body.errorUrl, body.email].some((v) => field(v, Infinity).includes("\u0000"))) {
      throw refuse("An error report cannot contain NUL characters.");
    }
    if (!field(body.error).trim()) throw refuse("An error report needs an error field.", { error: ["Required."] });
    const report = {
      error: field(body.error),
      error_info: field(body.errorInfo),
      error_url: field(body.errorUrl),
      email: field(body.email, 254).trim().toLowerCase(),
    };
    const row = await deps.db.insertInto("error_reports").values(report).returning("id").executeTakeFirstOrThrow();
    await deps.audit.log({ userId: null, action: "error_report.create", entity: "error_report", entityId: row.id, detail: { url: report.error_url.slice(0, 500) }, ip: clientIp(c) });
    // No `message`: the portal would show it as a success toast, and the reporter is not a user action.
    return c.json({ result: true as const });
  });

  app.post("/public/contact.json", smallBody(64 * 1024), async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(c.get("deps").db, CONTACT_LIMIT, limitKey(c)))) throw tooMany("messages from your network");
    const data = await input(c, ContactInput);
    const recipients = await adminRecipients(deps);
    const lines = [
      `From: ${data.name} <${data.email}>`,
      ...(data.company ? [`Company: ${data.company}`] : []),
      "",
      data.message,
    ];
    for (const to of recipients) await sendMail(deps, to, `Contact form: ${data.name}${data.company ? ` (${data.company})` : ""}`, ["A visitor wrote through the contact form.", lines.join("\n")]);
    await deps.audit.log({ userId: null, action: "public.contact", entity: "contact", detail: { email: data.email, name: data.name, recipients: recipients.length }, ip: clientIp(c) });
    return c.json({ message: AUTH_MESSAGES.contactSent });
  });
}
