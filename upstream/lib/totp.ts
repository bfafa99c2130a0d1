// TOTP (RFC 6238) for two-factor sign-in: 6 digits, 30 s steps, SHA-1 (what every authenticator
// app supports), one step of clock drift either way. Secrets are stored sealed (AES-256-GCM with a
// key derived from the upstream secret), so a copy of the database alone does not yield the codes.
import crypto from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

export const TOTP_ISSUER = "Aero Records";
const DIGITS = 6;
const PERIOD = 30;
const WINDOW = 1;

function totp(secretBase32: string, label = "") {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A fresh random secret (160 bits), base32 as authenticator apps expect it. */
export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URL and its QR code as an SVG document. */
export async function totpProvisioning(secretBase32: string, email: string): Promise<{ otpauth_url: string; qr_svg: string }> {
  const otpauth_url = totp(secretBase32, email).toString();
  const qr_svg = await QRCode.toString(otpauth_url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauth_url, qr_svg };
}

/** Normalizes what a user typed ("123 456", "123-456") to six digits, or null. */
export function normalizeTotpCode(code: string | number): string | null {
  const s = typeof code === "number" ? String(Math.trunc(code)).padStart(DIGITS, "0") : code.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(s) ? s : null;
}

/**
 * Checks a code against the secret. Returns the time step the code belongs to (so the caller can
 * refuse a replay of the same or an older step), or null when the code is wrong.
 */
export function verifyTotp(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  const token = normalizeTotpCode(code);
  if (!token) return null;
  const delta = totp(secretBase32).validate({ token, timestamp, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

const PREFIX = "v1:";
const keyFor = (appSecret: string) => crypto.createHash("sha256").update(`totp-secret:${appSecret}`).digest();

/** Seals a base32 secret for storage in users.totp_secret. */
export function sealTotpSecret(secretBase32: string, appSecret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(appSecret), iv);
  const ct = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64url");
}

/** Opens a stored secret. A plain base32 value (e.g. written by a seed) is accepted as is. */
export function openTotpSecret(stored: string, appSecret: string): string | null {
  if (!stored.startsWith(PREFIX)) return /^[A-Z2-7]+=*$/i.test(stored) ? stored.toUpperCase() : null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(appSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
