// The user's address as the portal forwards it to a remote upstream (ADR 025): `X-Client-Ip` and
// `X-Client-Ip-Signature: <unix ms>.<HMAC-SHA256 base64url>` over `client-ip\n{ip}\n{ts}` with
// UPSTREAM_SECRET, the format upstream/client-address.ts verifies (verifyClientIp). Made with Web
// Crypto, so the portal signs the same way on Node and on Workers.
import { toBase64url } from "./base64url";

export const FORWARDED_IP_HEADER = "x-client-ip";
export const FORWARDED_IP_SIGNATURE = "x-client-ip-signature";

const utf8 = new TextEncoder();
/** One HMAC key per secret, imported once. */
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

/** `X-Client-Ip-Signature` for a forwarded address: `<unix ms>.<hmac>`. */
export async function signForwardedAddress(ip: string, secret: string, now = Date.now()): Promise<string> {
  const ts = String(now);
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), utf8.encode(`client-ip\n${ip}\n${ts}`));
  return `${ts}.${toBase64url(new Uint8Array(mac))}`;
}

/** Headers the portal adds to a call of a remote upstream: none without an address or a secret. */
export async function forwardedAddressHeaders(ip: string | null, secret: string | undefined, now = Date.now()): Promise<Record<string, string>> {
  if (!ip || !secret) return {};
  return { [FORWARDED_IP_HEADER]: ip, [FORWARDED_IP_SIGNATURE]: await signForwardedAddress(ip, secret, now) };
}
