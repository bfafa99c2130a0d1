// Electronic signatures (ADR 088; docs/api/ops.md "Signatures"): a record signed with a stated
// meaning after the signer identified again (password or authenticator code), checked by anyone with
// its verification code, and each organization's policy of who may sign. The signatures a record
// carries come with the record's own answer (work_order/get, logbook/pages): no call here for them.
import { redirect } from "@remix-run/node";
import type { Api, Result } from "./api.server";
import { normalizeCode, type SigningPolicyView, type SignRefusal } from "./signature-rules";
import { SIGNING_ACCESS, SIGNING_ROLES, SignAnswer, SignatureVerifyAnswer, SigningPolicyAnswer, SigningPolicySetAnswer, type SignableEntity } from "./schemas/ops";

/**
 * Signs the record's latest version. The ops API refuses a wrong password or code, a policy refusal
 * and a second signature of the same meaning with 422: the dialog's errors here (passthrough); a 401
 * (the session is gone) still sends the user to sign in again.
 */
export async function sign(api: Api, request: Request, input: { entity: SignableEntity; entity_id: number; meaning: string; password?: string; totp_code?: string }) {
  const res = await api.post("ops", "/v1/signature/sign.json", { json: input, schema: SignAnswer, passthrough: true });
  if (!res.ok && res.status === 401) {
    const url = new URL(request.url);
    throw redirect(`/auth/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  return res;
}

/** The public check of a code (no session needed): the signature's facts, never the record's content. */
export async function verify(api: Api, rawCode: string | null | undefined): Promise<Result<SignatureVerifyAnswer>> {
  const code = normalizeCode(rawCode);
  if (!code) return { ok: false, status: 404, error: NO_SUCH_CODE, data: { error: NO_SUCH_CODE } };
  return api.post("ops", "/v1/signature/verify.json", { json: { code }, schema: SignatureVerifyAnswer, passthrough: true });
}
export const NO_SUCH_CODE = "No signature has that code.";

/**
 * An organization's signing policy (the caller's own without `organization_id`) as its section shows
 * it, or null when the caller may not read it (the section is then left out, not the page).
 */
export async function policy(api: Api, organization_id?: number): Promise<SigningPolicyView | null> {
  const res = await api.post("ops", "/v1/signature/policy_get.json", { json: organization_id ? { organization_id } : {}, schema: SigningPolicyAnswer, passthrough: true, read: true });
  if (!res.ok) return null;
  return { ...res.data, choices: { roles: SIGNING_ROLES, access: SIGNING_ACCESS } };
}

/** Saves the policy as its form posted it (site admins, and the organization's own manager). */
export function setPolicy(api: Api, form: FormData, organization_id?: number) {
  const json = {
    ...(organization_id ? { organization_id } : {}),
    roles: form.getAll("roles").map(String),
    access: String(form.get("access") ?? ""),
    require_authorisation: form.get("require_authorisation") === "true",
  };
  return api.post("ops", "/v1/signature/policy_set.json", { json, schema: SigningPolicySetAnswer, passthrough: true });
}

// ---- the signing dialog's form ------------------------------------------------------------------

/**
 * The signing dialog as posted: the meaning and the secret (the password, or the authenticator code
 * when the dialog asked for one). Answers what to send, or the refusal to show in the dialog.
 */
export function readSignForm(form: FormData, meanings: readonly string[]) {
  const meaning = String(form.get("meaning") ?? "");
  const password = form.get("password");
  const code = form.get("totp_code");
  const errors: SignRefusal["errors"] = {};
  if (!meanings.includes(meaning)) errors.meaning = "Choose the meaning of your signature.";
  if (typeof code === "string") {
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) errors.secret = "Enter the 6-digit code from your authenticator app.";
  } else if (typeof password !== "string" || password === "") errors.secret = "Enter your password.";
  const secret = typeof code === "string" ? { totp_code: code.replace(/\s/g, "") } : { password: typeof password === "string" ? password : "" };
  if (errors.meaning || errors.secret) return { ok: false as const, refusal: { meaning, errors, formError: null } satisfies SignRefusal };
  return { ok: true as const, meaning, secret };
}

/** The ops API's refusal as the dialog shows it: a wrong password or code, or a meaning refused, marks that field. */
export function refusalOf(res: { status: number; error: string; errors?: Record<string, string[]> }, meaning: string): SignRefusal {
  const secret = res.errors?.password ?? res.errors?.totp_code;
  if (secret?.length) return { meaning, errors: { secret: secret.join(" ") }, formError: null };
  if (res.errors?.meaning?.length) return { meaning, errors: { meaning: res.errors.meaning.join(" ") }, formError: null };
  return { meaning, errors: {}, formError: res.error };
}
