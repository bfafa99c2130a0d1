// Cookie session storage whose value is encrypted (AES-256-GCM), not only signed (issue 10).
//
// The session cookie carries the upstream token; a signed cookie is readable by anyone who copies
// it, so the whole session is sealed: `v1.<iv>.<ciphertext+tag>` (base64url), with a key derived from
// each secret by HKDF and the cookie's name as associated data (a sealed toast cannot be replayed as a
// session). Rotation: the first secret seals, every secret opens; a cookie no secret opens is an
// empty session. Nothing is kept on the server, so sessions survive restarts and work across any
// number of portal processes that share the secrets. Web Crypto only (no node:crypto, no Buffer), so
// the same code runs on Node and on Workers; the format is the one node:crypto wrote before
// (tests/unit/sealed-cookie.test.ts opens each side's cookies with the other).
import { createCookie, createSession, type CookieOptions, type SessionData, type SessionStorage } from "@remix-run/node";
import { fromBase64url, toBase64url } from "./base64url";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Browsers drop cookies over 4 KiB: fail loudly instead of losing the session silently. */
const MAX_COOKIE_BYTES = 4096;
const utf8 = new TextEncoder();

/** AES-256 keys by HKDF-SHA256 of a secret, one per secret and cookie name, derived once. */
const keyCache = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = keyCache.get(id);
  if (!key) {
    const hkdf = { name: "HKDF", hash: "SHA-256", salt: utf8.encode("aero-records/sealed-cookie"), info: utf8.encode(`${VERSION}:${purpose}`) };
    key = crypto.subtle
      .importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) => crypto.subtle.deriveKey(hkdf, material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]));
    keyCache.set(id, key);
  }
  return key;
}

/** AES-GCM with the cookie's name as associated data; Web Crypto appends the 16-byte tag to the ciphertext. */
const gcm = (iv: Uint8Array<ArrayBuffer>, name: string) => ({ name: "AES-GCM", iv, additionalData: utf8.encode(name), tagLength: TAG_BYTES * 8 });

/** Encrypts `plaintext` for the cookie `name` with the first secret. */
export async function seal(plaintext: string, secrets: readonly string[], name: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const body = await crypto.subtle.encrypt(gcm(iv, name), await keyFor(secrets[0]!, name), utf8.encode(plaintext));
  return `${VERSION}.${toBase64url(iv)}.${toBase64url(new Uint8Array(body))}`;
}

/** Decrypts a sealed value with any of the secrets; null when none opens it (tampered, old, foreign). */
export async function unseal(sealed: string, secrets: readonly string[], name: string): Promise<string | null> {
  const [version, ivPart, bodyPart] = sealed.split(".");
  if (version !== VERSION || !ivPart || !bodyPart) return null;
  const iv = fromBase64url(ivPart);
  const body = fromBase64url(bodyPart);
  if (iv?.length !== IV_BYTES || !body || body.length < TAG_BYTES) return null;
  for (const secret of secrets) {
    try {
      return new TextDecoder().decode(await crypto.subtle.decrypt(gcm(iv, name), await keyFor(secret, name), body));
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
        const plain = await unseal(value, secrets, name);
        try {
          data = plain ? JSON.parse(plain) : null;
        } catch {
          data = null;
        }
      }
      return createSession<Data, FlashData>(data && typeof data === "object" ? (data as never) : undefined, "");
    },
    async commitSession(session, serializeOptions) {
      const serialized = await cookie.serialize(await seal(JSON.stringify(session.data), secrets, name), serializeOptions);
      if (serialized.length > MAX_COOKIE_BYTES) throw new Error(`Cookie ${name} would be ${serialized.length} bytes, over the browser maximum.`);
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return cookie.serialize("", { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}
