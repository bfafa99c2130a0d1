// Cookie session storage whose value is encrypted (AES-256-GCM), not only signed (issue 10).
//
// The session cookie carries the upstream token; a signed cookie is readable by anyone who copies
// it, so the whole session is sealed: `v1.<iv>.<ciphertext+tag>` (base64url), with a key derived from
// each secret by HKDF and the cookie's name as associated data (a sealed toast cannot be replayed as a
// session). Rotation: the first secret seals, every secret opens; a cookie no secret opens is an
// empty session. Nothing is kept on the server, so sessions survive restarts and work across any
// number of portal processes that share the secrets.
import crypto from "node:crypto";
import { createCookie, createSession, type CookieOptions, type SessionData, type SessionStorage } from "@remix-run/node";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Browsers drop cookies over 4 KiB: fail loudly instead of losing the session silently. */
const MAX_COOKIE_BYTES = 4096;

const keyCache = new Map<string, Buffer>();
function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keyCache.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "aero-records/sealed-cookie", `${VERSION}:${purpose}`, 32));
    keyCache.set(id, key);
  }
  return key;
}

/** Encrypts `plaintext` for the cookie `name` with the first secret. */
export function seal(plaintext: string, secrets: readonly string[], name: string): string {
  const key = keyFor(secrets[0]!, name);
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** Decrypts a sealed value with any of the secrets; null when none opens it (tampered, old, foreign). */
export function unseal(sealed: string, secrets: readonly string[], name: string): string | null {
  const [version, ivPart, bodyPart] = sealed.split(".");
  if (version !== VERSION || !ivPart || !bodyPart) return null;
  const iv = Buffer.from(ivPart, "base64url");
  const body = Buffer.from(bodyPart, "base64url");
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
  for (const secret of secrets) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret, name), iv);
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      /* try the next (older) secret */
    }
  }
  return null;
}

export function createSealedCookieSessionStorage<Data = SessionData, FlashData = Data>(opts: {
  cookie: CookieOptions & { name: string; secrets: string[] };
}): SessionStorage<Data, FlashData> {
  const { name, secrets, ...options } = opts.cookie;
  if (!secrets.length || secrets.some((s) => !s)) throw new Error(`The ${name} cookie needs at least one secret.`);
  // The cookie itself is unsigned: the GCM tag authenticates the sealed value.
  const cookie = createCookie(name, options);
  return {
    async getSession(cookieHeader, parseOptions) {
      const value = cookieHeader ? await cookie.parse(cookieHeader, parseOptions).catch(() => null) : null;
      let data: unknown = null;
      if (typeof value === "string") {
        const plain = unseal(value, secrets, name);
        try {
          data = plain ? JSON.parse(plain) : null;
        } catch {
          data = null;
        }
      }
      return createSession<Data, FlashData>(data && typeof data === "object" ? (data as never) : undefined, "");
    },
    async commitSession(session, serializeOptions) {
      const serialized = await cookie.serialize(seal(JSON.stringify(session.data), secrets, name), serializeOptions);
      if (serialized.length > MAX_COOKIE_BYTES) throw new Error(`Cookie ${name} would be ${serialized.length} bytes, over the browser maximum.`);
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return cookie.serialize("", { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}
