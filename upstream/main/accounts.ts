// Accounts: creating users, single-use mailed links, admin notice recipients and the mails of the
// sign-in flows. Used by the auth and user routes and reusable by the admin area and the demo seed.
import type { Kysely } from "kysely";
import type { Deps } from "../context";
import type { Database, OneTimeTokensTable, Role } from "../db/schema";
import { nowIso } from "../db";
import { hashPassword, randomToken, sha256 } from "../auth";
import { refuse, validate } from "../http";
import { passwordRule } from "../../app/models/schemas/auth";

export interface NewAccount {
  email: string;
  /** Plain password (checked against the password rule and hashed here) ... */
  password?: string;
  /** ... or an already computed hashPassword() result. */
  passwordHash?: string;
  role: Role;
  first_name: string;
  last_name: string;
  /** Defaults to "first last". */
  username?: string;
  organization_id?: number | null;
  bio?: string;
  phone?: string | null;
  is_uam?: boolean;
  active?: boolean;
  /** Accounts created by staff or the seed are confirmed; self-registered ones are not. Default true. */
  confirmed?: boolean;
  /** For role consultant: create the consultants row (stage basic_info, empty name). Default true. */
  consultantRow?: boolean;
}

export const EMAIL_TAKEN = "An account with this e-mail address already exists.";

export const usernameFrom = (first: string, last: string) => `${first.trim()} ${last.trim()}`.replace(/\s+/g, " ").trim();

const isUniqueViolation = (err: unknown) =>
  typeof err === "object" && err !== null && "code" in err && String((err as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT_UNIQUE") || (err as { code: unknown }).code === "23505" /* PostgreSQL unique_violation */;

/**
 * Creates a user with a hashed password (and, for a consultant, the consultants row) in one
 * transaction. Throws 422 when the e-mail is taken (compared case-insensitively) or the password
 * breaks the rule. Pass `db` to run inside a caller's transaction (then pass `passwordHash`, so the
 * slow hashing does not happen while the transaction holds SQLite's writer).
 */
export async function createUserAccount(deps: Pick<Deps, "db">, input: NewAccount, opts: { db?: Kysely<Database> } = {}): Promise<{ id: number; consultantId: number | null }> {
  const email = input.email.trim().toLowerCase();
  if (!email) throw refuse("Enter an e-mail address.", { email: ["Enter an e-mail address."] });
  let passwordHash = input.passwordHash;
  if (!passwordHash) {
    if (input.password == null) throw refuse("Enter a password.", { password: ["Enter a password."] });
    passwordHash = await hashPassword(validate(passwordRule, input.password));
  }
  const hash = passwordHash;
  const work = async (db: Kysely<Database>) => {
    const taken = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (taken) throw refuse(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const first = input.first_name.trim();
    const last = input.last_name.trim();
    const user = await db
      .insertInto("users")
      .values({
        email,
        password_hash: hash,
        role: input.role,
        username: input.username?.trim() || usernameFrom(first, last) || email,
        first_name: first,
        last_name: last,
        bio: input.bio ?? "",
        phone: input.phone ?? null,
        organization_id: input.organization_id ?? null,
        is_uam: input.is_uam ? 1 : 0,
        active: input.active === false ? 0 : 1,
        confirmed_at: input.confirmed === false ? null : nowIso(),
        totp_secret: null,
        totp_enabled: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    let consultantId: number | null = null;
    if (input.role === "consultant" && input.consultantRow !== false) {
      const row = await db
        .insertInto("consultants")
        .values({
          user_id: user.id,
          name: "",
          city: "",
          country: "",
          phone_number_with_country_code: "",
          summary: "",
          photo_key: null,
          resume_key: null,
          aircraft_type: "0",
          aircraft_sub_type: "",
          helicopter_type: "0",
          helicopter_sub_type: "",
          power_plant_type: "0",
          power_plant_sub_type: "",
          services: "[]",
          approval_status: "undecided",
          availability_status: null,
          message_to_admin: "",
          available_start_date: null,
          available_end_date: null,
          comment_by_admin: "",
          daily_rate_onsite: null,
          daily_rate_offsite: null,
          stage: "basic_info",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      consultantId = row.id;
    }
    return { id: user.id, consultantId };
  };
  try {
    return opts.db ? await work(opts.db) : await deps.db.transaction().execute(work);
  } catch (err) {
    // Two concurrent registrations of one address: the UNIQUE index decides.
    if (isUniqueViolation(err)) throw refuse(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Single-use tokens (mailed links, the 2FA sign-in challenge). Only the SHA-256 is stored.
// ---------------------------------------------------------------------------------------------

export type OneTimeKind = OneTimeTokensTable["kind"];

export const ONE_TIME_TTL_MS: Record<Exclude<OneTimeKind, "phone_otp">, number> = {
  confirm: 48 * 3600_000,
  reset: 2 * 3600_000,
  "2fa_reset": 2 * 3600_000,
  "2fa_challenge": 5 * 60_000,
  sign_in_link: 15 * 60_000,
};

export async function createOneTimeToken(db: Kysely<Database>, userId: number, kind: keyof typeof ONE_TIME_TTL_MS): Promise<string> {
  const token = randomToken();
  // Every 2FA sign-in leaves a challenge row: prune long-expired tokens now and then.
  if (Math.random() < 0.01) {
    await db.deleteFrom("one_time_tokens").where("expires_at", "<", new Date(Date.now() - 7 * 24 * 3600_000).toISOString()).execute();
  }
  await db
    .insertInto("one_time_tokens")
    .values({ user_id: userId, kind, token_hash: sha256(token), expires_at: new Date(Date.now() + ONE_TIME_TTL_MS[kind]).toISOString(), used_at: null })
    .execute();
  return token;
}

/** Was a still-valid token of this kind created for the user within the last `withinMs`? (mail throttling) */
export async function recentOneTimeToken(db: Kysely<Database>, userId: number, kind: OneTimeKind, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom("one_time_tokens")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("created_at", ">", new Date(Date.now() - withinMs).toISOString())
    .executeTakeFirst();
  return !!row;
}

export type TokenLookup =
  | { status: "ok"; id: number; userId: number }
  | { status: "unknown" | "used" | "expired"; userId: number | null };

/** Finds a token of a kind without using it. */
export async function findOneTimeToken(db: Kysely<Database>, raw: string, kind: OneTimeKind): Promise<TokenLookup> {
  const row = await db
    .selectFrom("one_time_tokens")
    .select(["id", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", sha256(raw))
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row) return { status: "unknown", userId: null };
  if (row.used_at) return { status: "used", userId: row.user_id };
  if (row.expires_at <= nowIso()) return { status: "expired", userId: row.user_id };
  return { status: "ok", id: row.id, userId: row.user_id };
}

/** Marks a token used; false when another request used it first (so each link works exactly once). */
export async function markOneTimeTokenUsed(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.updateTable("one_time_tokens").set({ used_at: nowIso() }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Voids every unused token of a kind for a user (e.g. older reset links after a reset). */
export async function voidOneTimeTokens(db: Kysely<Database>, userId: number, kind: OneTimeKind) {
  await db.updateTable("one_time_tokens").set({ used_at: nowIso() }).where("user_id", "=", userId).where("kind", "=", kind).where("used_at", "is", null).execute();
}

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** A plain mail with an optional call-to-action link; text and HTML carry the same words. */
export async function sendMail(
  deps: Pick<Deps, "mail">,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
) {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), "— Aero Records"].join("\n\n");
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("") +
    (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "") +
    "<p>— Aero Records</p>";
  return deps.mail.send({ to, subject, text, html });
}

/** Where admin notices go: config.adminEmails, or else every active admin. */
export async function adminRecipients(deps: Pick<Deps, "db" | "config">): Promise<string[]> {
  if (deps.config.adminEmails?.length) return deps.config.adminEmails;
  const rows = await deps.db.selectFrom("users").select("email").where("role", "=", "admin").where("active", "=", 1).orderBy("id").execute();
  return rows.map((r) => r.email);
}

export const portalLink = (deps: Pick<Deps, "config">, pathAndQuery: string) => `${deps.config.portalUrl.replace(/\/+$/, "")}${pathAndQuery}`;

/** Mails a one-time link that signs the owner in (after many failures, or asked for on the login page). */
export async function mailSignInLink(deps: Pick<Deps, "db" | "mail" | "config">, user: { id: number; email: string; first_name: string }) {
  const token = await createOneTimeToken(deps.db, user.id, "sign_in_link");
  await sendMail(
    deps,
    user.email,
    "Your sign-in link",
    [
      `Hello ${user.first_name || user.email},`,
      "Use this link to sign in to AeroRecords. It works once and is valid for 15 minutes. If two-factor authentication is on, you will still be asked for your code.",
      "If you did not ask for it, someone may be trying to guess your password: nothing changes unless the link is used, and you can ignore this mail.",
    ],
    { label: "Sign me in", url: portalLink(deps, `/auth/link?token=${encodeURIComponent(token)}`) },
  );
}

export async function mailConfirmation(deps: Pick<Deps, "db" | "mail" | "config">, user: { id: number; email: string; first_name: string }) {
  const token = await createOneTimeToken(deps.db, user.id, "confirm");
  await sendMail(
    deps,
    user.email,
    "Confirm your e-mail address",
    [`Hello ${user.first_name || user.email},`, "Please confirm your e-mail address to finish your registration. The link works once and is valid for 48 hours."],
    { label: "Confirm my e-mail address", url: portalLink(deps, `/auth/confirm?token=${encodeURIComponent(token)}`) },
  );
}
