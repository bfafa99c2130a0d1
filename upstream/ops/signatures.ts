// Electronic signatures (ADR 088): /v1/signature/sign, export, policy_get, policy_set (signed in), and
// the public /v1/signature/verify and /v1/signature/key, registered before the ops API's sign-in check.
import type { Hono } from "hono";
import type { AuthUser, Deps, HonoEnv } from "../context";
import { nowIso } from "../db";
import { isStaff, requireAccess } from "../access";
import { ApiError, deny, notFound, readBody, refuse } from "../http";
import { clientIp } from "../client-address";
import { hitRate, UNKNOWN_CLIENT, type RateRule } from "../rate-limit";
import { reidentify } from "../main/auth";
import { ROLE_LABEL } from "../../app/models/shell";
import {
  MEANINGS_BY_ENTITY,
  SignatureCodeInput,
  SigningPolicyGetInput,
  SigningPolicySetInput,
  SignInput,
  type SigningPolicy,
} from "../../app/models/schemas/ops";
import { canonicalRecord, contentHash, normalizeSignatureCode, newSignatureCode, signStatement, statementText } from "../signatures/canonical";
import { findAircraftById, type Ctx } from "./common";
import { both } from "./tabs";
import { contentDisposition } from "../../app/utils/content-disposition";
import {
  findSignature,
  findTarget,
  manifestOf,
  policyOf,
  publicKeyPem,
  recordContent,
  signatureJson,
  signingKey,
  signingRefusal,
  verification,
} from "../signatures/service";

const NO_SUCH_CODE = "No signature has that code.";
export const WRONG_PROOF = "The password or code is not correct.";

/** The public verification's limit per client address (a code is 60 random bits: no guessing). */
const VERIFY_LIMIT: RateRule = { name: "signature-verify", limit: 60, windowMs: 60_000 };

const signerName = (u: { first_name: string; last_name: string; username: string }) => [u.first_name, u.last_name].filter((s) => s?.trim()).join(" ").trim() || u.username;

/** A signature row by the code as typed; 404 when there is none. */
async function signatureByCode(deps: Deps, typed: string) {
  const code = normalizeSignatureCode(typed);
  const row = code ? await findSignature(deps, code) : undefined;
  if (!row) throw new ApiError(404, NO_SUCH_CODE);
  return row;
}

/** The organization a policy call is about: the one named, else the caller's; the caller must belong to it (staff: any). */
async function policyOrganization(deps: Deps, user: AuthUser, organizationId: number | undefined) {
  const orgId = organizationId ?? user.organization_id;
  if (orgId == null) throw refuse("Choose an organization.", { organization_id: ["Choose an organization."] });
  if (!isStaff(user) && user.organization_id !== orgId) throw notFound("That organization");
  // Who may sign is set by the portal's administrators (the organization's page in the admin area),
  // as they set its modules and aircraft; the organization's own users read it.
  const canEdit = user.role === "admin";
  return { orgId, canEdit };
}

async function policyAnswer(deps: Deps, orgId: number, canEdit: boolean) {
  const { policy, isDefault, organizationName } = await policyOf(deps, orgId);
  return { organization_id: orgId, organization_name: organizationName, policy, is_default: isDefault, can_edit: canEdit };
}

export function registerPublicSignatureRoutes(app: Hono<HonoEnv>) {
  app.on("POST", both("/v1/signature/verify"), async (c) => {
    const deps = c.get("deps");
    if (!(await hitRate(deps.db, VERIFY_LIMIT, clientIp(c) ?? UNKNOWN_CLIENT))) {
      throw new ApiError(429, "Too many verifications from your network. Please wait a minute and try again.");
    }
    const { code } = await readBody(c, SignatureCodeInput);
    return c.json(await verification(deps, await signatureByCode(deps, code)));
  });

  app.on("GET", both("/v1/signature/key"), async (c) => {
    const pem = await publicKeyPem(c.get("deps"));
    return c.body(pem, 200, {
      "content-type": "application/x-pem-file",
      "content-disposition": contentDisposition("aero-records-signature-key.pem"),
      "cache-control": "public, max-age=3600",
    });
  });
}

export function registerSignatureRoutes(app: Hono<HonoEnv>) {
  app.on("POST", both("/v1/signature/sign"), async (c) => sign(c));

  app.on("POST", both("/v1/signature/export"), async (c) => {
    const deps = c.get("deps");
    const { code } = await readBody(c, SignatureCodeInput);
    const row = await signatureByCode(deps, code);
    await requireAccess(deps, c.get("user"), row.aircraft_id, "ops", "read");
    return c.json(await manifestOf(deps, row));
  });

  app.on("POST", both("/v1/signature/policy_get"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, SigningPolicyGetInput);
    const { orgId, canEdit } = await policyOrganization(deps, c.get("user"), input.organization_id);
    return c.json(await policyAnswer(deps, orgId, canEdit));
  });

  app.on("POST", both("/v1/signature/policy_set"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, SigningPolicySetInput);
    const { orgId, canEdit } = await policyOrganization(deps, user, input.organization_id);
    if (!canEdit) throw deny("Only an administrator can change who may sign.");
    if (input.roles.length === 0) throw refuse("Choose at least one role that may sign.", { roles: ["Choose at least one role."] });
    const policy: SigningPolicy = { roles: [...new Set(input.roles)], access: input.access, require_authorisation: input.require_authorisation };
    await deps.db.updateTable("organizations").set({ signing_policy: JSON.stringify(policy) }).where("id", "=", orgId).execute();
    await deps.audit.log({ userId: user.id, action: "ops.signature.policy", entity: "organization", entityId: orgId, organizationId: orgId, detail: policy, ip: user.ip });
    const answer = await policyAnswer(deps, orgId, canEdit);
    return c.json({ message: `Who may sign in ${answer.organization_name} was saved.`, ...answer });
  });
}

/**
 * Signs the latest version of a record. In order: the record and read access (404), the policy
 * (422 with the reason), the meaning (422), the password or code (422, audited, counted in the
 * sign-in lock-out), a signature already there (422); then the statement is signed with the
 * upstream's key, audited in the hash chain, and stored.
 */
async function sign(c: Ctx): Promise<Response> {
  const deps = c.get("deps");
  const user = c.get("user");
  const input = await readBody(c, SignInput);
  const target = await findTarget(deps, input.entity, input.entity_id);
  if (!target) throw notFound(input.entity === "work_order" ? "That work order" : "That logbook page");
  await requireAccess(deps, user, target.aircraftId, "ops", "read");
  const aircraft = await findAircraftById(deps, target.aircraftId);
  const refusal = await signingRefusal(deps, user, aircraft);
  if (refusal) throw deny(refusal);
  const meanings = MEANINGS_BY_ENTITY[input.entity] as readonly string[];
  if (!meanings.includes(input.meaning)) {
    throw refuse(`Choose what your signature means: ${meanings.join(", ")}.`, { meaning: ["Choose one of the meanings shown."] });
  }
  if (!input.password && !input.totp_code) {
    throw refuse("Enter your password or your authenticator code to sign.", { password: ["Enter your password."] });
  }
  const proven = await reidentify(c, user.id, input);
  if (proven instanceof Response) return proven;
  if (!proven) {
    await deps.audit.log({
      userId: user.id,
      action: "ops.signature.refused",
      entity: input.entity,
      entityId: input.entity_id,
      organizationId: aircraft.organization_id,
      detail: { entity: input.entity, id: input.entity_id, meaning: input.meaning, reason: "re-identification failed" },
      ip: user.ip,
    });
    throw new ApiError(422, WRONG_PROOF, { [input.totp_code && !input.password ? "totp_code" : "password"]: [WRONG_PROOF] });
  }

  // The latest version as of now (the checks above may have waited): the one signed.
  const now = await findTarget(deps, input.entity, input.entity_id);
  if (!now) throw notFound(input.entity === "work_order" ? "That work order" : "That logbook page");
  const version = now.latestVersion;
  const already = await deps.db
    .selectFrom("signatures")
    .select("id")
    .where("entity", "=", input.entity)
    .where("entity_id", "=", input.entity_id)
    .where("version", "=", version)
    .where("meaning", "=", input.meaning)
    .where("signer_id", "=", user.id)
    .executeTakeFirst();
  const duplicate = () => refuse(`You have already signed version ${version} with this meaning.`);
  if (already) throw duplicate();
  const content = await recordContent(deps, input.entity, input.entity_id, version);
  if (!content) throw notFound(input.entity === "work_order" ? "That work order" : "That logbook page");

  const me = await deps.db.selectFrom("users").select(["first_name", "last_name", "username", "role", "authorisation_number"]).where("id", "=", user.id).executeTakeFirstOrThrow();
  const fields = {
    code: newSignatureCode(),
    entity: input.entity,
    entity_id: input.entity_id,
    version,
    meaning: input.meaning,
    signer_name: signerName(me),
    signer_role: ROLE_LABEL[me.role],
    signer_authorisation: me.authorisation_number?.trim() || null,
    signed_at: nowIso(),
    content_hash: contentHash(canonicalRecord(content)),
  };
  const statement_signature = signStatement(statementText(fields), (await signingKey(deps)).privateKeyPem);
  // The audit entry first, so the stored signature names its place in the hash chain (a signature
  // row is never updated afterwards).
  await deps.audit.log({
    userId: user.id,
    action: "ops.signature.sign",
    entity: input.entity,
    entityId: input.entity_id,
    organizationId: aircraft.organization_id,
    detail: { entity: input.entity, id: input.entity_id, version, meaning: input.meaning, code: fields.code, content_hash: fields.content_hash },
    ip: user.ip,
  });
  const entry = await deps.db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", "ops.signature.sign")
    .where("entity_id", "=", String(input.entity_id))
    .where("detail", "like", `%"code":"${fields.code}"%`)
    .orderBy("id", "desc")
    .executeTakeFirst();
  let row;
  try {
    row = await deps.db
      .insertInto("signatures")
      .values({
        ...fields,
        organization_id: aircraft.organization_id,
        aircraft_id: aircraft.id,
        signer_id: user.id,
        statement_signature,
        audit_id: entry?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // A second press of Sign that passed the check above at the same moment (signatures_once).
    if (/unique|duplicate/i.test(String((err as Error)?.message))) throw duplicate();
    throw err;
  }
  return c.json({ message: `Signed version ${version} of ${now.label}.`, signature: signatureJson(row, version) });
}
