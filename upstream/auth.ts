import crypto from "node:crypto";
import { promisify } from "node:util";
import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "./context";
import { nowIso } from "./db";
import { clientIp } from "./client-address";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt$N$r$p$salt$hash, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(expected, actual);
}

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");

/** Issues a session token for a user; only its hash is stored. Returns the raw token. */
export async function issueToken(db: HonoEnv["Variables"]["deps"]["db"], userId: number, ttlHours: number, ip: string | null) {
  const token = randomToken();
  await db
    .insertInto("tokens")
    .values({ user_id: userId, token_hash: sha256(token), expires_at: new Date(Date.now() + ttlHours * 3600_000).toISOString(), revoked_at: null, last_used_at: null, ip })
    .execute();
  return token;
}

/** Revokes every live token of a user except (optionally) one. */
export async function revokeUserTokens(db: HonoEnv["Variables"]["deps"]["db"], userId: number, exceptTokenId?: number) {
  let q = db.updateTable("tokens").set({ revoked_at: nowIso() }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (exceptTokenId) q = q.where("id", "!=", exceptTokenId);
  await q.execute();
}

export const IP_REFUSED = "Access from this network is not allowed for your organization.";

export { clientIp } from "./client-address";

/**
 * Every call but sign-in and the public mail flows carries X-User-Email, X-User-Token and X-User-Uuid.
 * 401: missing or bad credentials (the portal logs the user out). 403: the account is deactivated or
 * the address is not allowed for the user's organization (also a logout, per the spec's section 8).
 */
export function requireAuth(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const { db, config } = c.get("deps");
    const email = c.req.header("x-user-email")?.trim().toLowerCase();
    const token = c.req.header("x-user-token");
    const uuid = c.req.header("x-user-uuid");
    if (!email || !token || !uuid) return c.json({ error: "Please sign in to continue." }, 401);
    if (uuid !== config.clientUuid) return c.json({ error: "Unknown client." }, 401);
    const row = await db
      .selectFrom("tokens")
      .innerJoin("users", "users.id", "tokens.user_id")
      .select([
        "tokens.id as token_id", "tokens.expires_at", "tokens.revoked_at", "tokens.last_used_at",
        "users.id", "users.email", "users.role", "users.username", "users.first_name", "users.organization_id", "users.active",
      ])
      .where("tokens.token_hash", "=", sha256(token))
      .executeTakeFirst();
    if (!row || row.email !== email || row.revoked_at || row.expires_at < nowIso()) {
      return c.json({ error: "Your session has expired. Please sign in again." }, 401);
    }
    if (row.active !== 1) return c.json({ error: "Your account is deactivated. Please contact your administrator." }, 403);
    const ip = clientIp(c);
    const allowed = await ipAllowed(c.get("deps"), row.organization_id, row.role, ip);
    if (!allowed) return c.json({ error: IP_REFUSED }, 403);
    // Touch at most once a minute: a write per request would serialize every read behind SQLite's writer.
    const now = Date.now();
    if (!row.last_used_at || now - Date.parse(row.last_used_at) > 60_000) {
      await db.updateTable("tokens").set({ last_used_at: new Date(now).toISOString() }).where("id", "=", row.token_id).execute();
    }
    c.set("user", {
      id: row.id, email: row.email, role: row.role, username: row.username, first_name: row.first_name,
      organization_id: row.organization_id, tokenId: row.token_id, ip,
    });
    await next();
  };
}

/**
 * IP whitelist: when an organization has entries, its users may only call from them. Admins are
 * not bound to an organization's list. Implemented in upstream/ipwhitelist.ts (issue 6); until an
 * organization has entries everything is allowed.
 */
export async function ipAllowed(deps: HonoEnv["Variables"]["deps"], organizationId: number | null, role: string, ip: string | null) {
  if (organizationId == null || role === "admin") return true;
  const entries = await deps.db.selectFrom("ip_whitelist").select("cidr").where("organization_id", "=", organizationId).execute();
  if (entries.length === 0) return true;
  if (!ip) return false;
  const { ipInCidr } = await import("./ipwhitelist");
  return entries.some((e) => ipInCidr(ip, e.cidr));
}
