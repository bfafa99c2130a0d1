// Electronic signatures (ADR 088): what the portal's signing dialog, signed-record displays and the
// public verification page share (browser-safe: the schemas' types only, no zod): the dialog's
// refusal, the verification code's and a SHA-256's forms as typed.

export type { CanSign, Signature, SignableEntity } from "./schemas/ops";

/** The signing dialog's answer after a refusal: the meaning chosen, and the errors by field. */
export interface SignRefusal {
  meaning: string;
  errors: { meaning?: string; secret?: string };
  formError: string | null;
}

// Crockford's base32 (no I, L, O, U): a code is 12 of these, shown "XXXX-XXXX-XXXX".
const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/**
 * A verification code as typed (any case, with or without dashes or spaces, Crockford's look-alikes
 * I/L for 1 and O for 0) in its shown form "XXXX-XXXX-XXXX", or null when it cannot be one.
 */
export function normalizeCode(raw: string | null | undefined): string | null {
  const s = (raw ?? "").toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (!CROCKFORD.test(s)) return null;
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** A SHA-256 as typed (hex, any case, spaces allowed), lower-case; null when it is not one. */
export function normalizeSha256(raw: string | null | undefined): string | null {
  const s = (raw ?? "").replace(/\s/g, "").toLowerCase();
  return /^[0-9a-f]{64}$/.test(s) ? s : null;
}

/** An organization's signing policy as its section shows it, with the choices its form offers. */
export interface SigningPolicyView {
  organization_id: number;
  organization_name: string;
  policy: { roles: string[]; access: string; require_authorisation: boolean };
  is_default: boolean;
  can_edit: boolean;
  choices: { roles: readonly string[]; access: readonly string[] };
}
