// Electronic signatures in the database (ADR 088): the signing key, what a record's version holds,
// who may sign (an organization's policy), the signatures of records and their manifests. The
// routes are upstream/ops/signatures.ts; what a signature covers is canonical.ts.
import type { AuthUser, Deps } from "../context";
import type { PdfAttachment, PdfSignedEntry } from "../lib/pdf";
import { dateTimeUtc } from "../../app/utils/dates";
import type { AccessLevel, SignaturesTable } from "../db/schema";
import type { Selectable } from "kysely";
import { accessLevel, atLeast } from "../access";
import { notFound } from "../http";
import {
  DEFAULT_SIGNING_POLICY,
  ENTITY_LABELS,
  MEANINGS_BY_ENTITY,
  SigningPolicy,
  type CanSign,
  type Signature,
  type SignableEntity,
  type SignatureVerifyAnswer,
} from "../../app/models/schemas/ops";
import {
  canonicalRecord,
  MANIFEST_FORMAT,
  newKeyPair,
  statementText,
  verifyPath,
  type SignatureManifest,
  type SignedContent,
} from "./canonical";

export type SignatureRow = Selectable<SignaturesTable>;

// ---------------------------------------------------------------------------------------------
// The signing key: an Ed25519 pair made on first use and kept in the database (kv), so that every
// process sharing the database signs with it; only the public half ever leaves the upstream.
// ---------------------------------------------------------------------------------------------

const KEY_KV = "signature_signing_key";
const keyCache = new WeakMap<Deps["db"], { privateKeyPem: string; publicKeyPem: string }>();

export async function signingKey(deps: Pick<Deps, "db">): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const cached = keyCache.get(deps.db);
  if (cached) return cached;
  let row = await deps.db.selectFrom("kv").select("value").where("key", "=", KEY_KV).executeTakeFirst();
  if (!row) {
    // Two processes may both make one: the first insert wins and both read it back.
    await deps.db
      .insertInto("kv")
      .values({ key: KEY_KV, value: JSON.stringify(newKeyPair()) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    row = await deps.db.selectFrom("kv").select("value").where("key", "=", KEY_KV).executeTakeFirstOrThrow();
  }
  const key = JSON.parse(row.value) as { privateKeyPem: string; publicKeyPem: string };
  keyCache.set(deps.db, key);
  return key;
}

export const publicKeyPem = async (deps: Pick<Deps, "db">) => (await signingKey(deps)).publicKeyPem;

// ---------------------------------------------------------------------------------------------
// Records: a version's content, the latest version
// ---------------------------------------------------------------------------------------------

const parseObject = (s: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

/** A signable record: its aircraft, latest version, and how messages name it. */
export interface SignTarget {
  entity: SignableEntity;
  id: number;
  aircraftId: number;
  latestVersion: number;
  /** "work order WO-1", "page 3 of TLB 1". */
  label: string;
}

/** The record behind (entity, id), or null when there is none. */
export async function findTarget(deps: Pick<Deps, "db">, entity: SignableEntity, id: number): Promise<SignTarget | null> {
  if (entity === "work_order") {
    const wo = await deps.db
      .selectFrom("work_orders")
      .select(["id", "aircraft_id", "number", (eb) => eb.selectFrom("work_order_versions").select((e) => e.fn.max("version").as("v")).whereRef("work_order_id", "=", "work_orders.id").as("latest")])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!wo) return null;
    return { entity, id: wo.id, aircraftId: wo.aircraft_id, latestVersion: Number(wo.latest ?? 1), label: `work order ${wo.number}` };
  }
  const page = await deps.db
    .selectFrom("logbook_pages")
    .innerJoin("logbooks", "logbooks.id", "logbook_pages.logbook_id")
    .select(["logbook_pages.id", "logbook_pages.page_no", "logbook_pages.version", "logbooks.aircraft_id", "logbooks.title"])
    .where("logbook_pages.id", "=", id)
    .executeTakeFirst();
  if (!page) return null;
  return { entity, id: page.id, aircraftId: page.aircraft_id, latestVersion: Number(page.version), label: `page ${page.page_no} of ${page.title}` };
}

/** What one version of a record holds, as canonical.ts reads it; null when that version is not there. */
export async function recordContent(deps: Pick<Deps, "db">, entity: SignableEntity, id: number, version: number): Promise<SignedContent | null> {
  if (entity === "work_order") {
    const v = await deps.db
      .selectFrom("work_order_versions as v")
      .innerJoin("work_orders as w", "w.id", "v.work_order_id")
      .innerJoin("aircraft as a", "a.id", "w.aircraft_id")
      .select(["w.id", "w.kind", "w.number as wo_number", "w.title as wo_title", "w.status as wo_status", "v.version", "v.number", "v.title", "v.status", "v.data", "a.msn", "a.registration"])
      .where("v.work_order_id", "=", id)
      .where("v.version", "=", version)
      .executeTakeFirst();
    if (!v) return null;
    return {
      kind: "work_order",
      id: v.id,
      version: v.version,
      aircraft: { msn: v.msn, registration: v.registration },
      number: v.number ?? v.wo_number,
      title: v.title ?? v.wo_title,
      status: v.status ?? v.wo_status,
      type: v.kind,
      data: parseObject(v.data),
    };
  }
  const p = await deps.db
    .selectFrom("logbook_page_versions as v")
    .innerJoin("logbook_pages as p", "p.id", "v.logbook_page_id")
    .innerJoin("logbooks as l", "l.id", "p.logbook_id")
    .innerJoin("aircraft as a", "a.id", "l.aircraft_id")
    .select(["p.id", "v.version", "v.page_no", "v.date", "v.data", "l.id as logbook_id", "l.title as logbook_title", "a.msn", "a.registration"])
    .where("v.logbook_page_id", "=", id)
    .where("v.version", "=", version)
    .executeTakeFirst();
  if (!p) return null;
  return {
    kind: "logbook_page",
    id: p.id,
    version: p.version,
    logbook: { id: p.logbook_id, title: p.logbook_title },
    aircraft: { msn: p.msn, registration: p.registration },
    page_no: p.page_no,
    date: p.date,
    data: parseObject(p.data),
  };
}

// ---------------------------------------------------------------------------------------------
// Who may sign: the organization's policy
// ---------------------------------------------------------------------------------------------

export async function policyOf(deps: Pick<Deps, "db">, organizationId: number): Promise<{ policy: SigningPolicy; isDefault: boolean; organizationName: string }> {
  const org = await deps.db.selectFrom("organizations").select(["name", "signing_policy"]).where("id", "=", organizationId).executeTakeFirst();
  if (!org) throw notFound("That organization");
  if (org.signing_policy) {
    try {
      const parsed = SigningPolicy.safeParse(JSON.parse(org.signing_policy));
      if (parsed.success) return { policy: parsed.data, isDefault: false, organizationName: org.name };
    } catch {
      /* unreadable: the default applies */
    }
  }
  return { policy: DEFAULT_SIGNING_POLICY, isDefault: true, organizationName: org.name };
}

const ACCESS_NEEDED: Record<SigningPolicy["access"], string> = { write: "Edit Access", su_write: "Super User access" };

/**
 * Why the user may not sign records of this aircraft (the first reason, in the order the sign call
 * checks them), or null when they may.
 */
export async function signingRefusal(deps: Pick<Deps, "db">, user: AuthUser, aircraft: { id: number; organization_id: number; msn: string }): Promise<string | null> {
  const { policy, organizationName } = await policyOf(deps, aircraft.organization_id);
  if (!(policy.roles as string[]).includes(user.role)) return `Your role may not sign records in ${organizationName}.`;
  const level: AccessLevel | null = await accessLevel(deps as Deps, user, aircraft.id, "ops");
  if (!atLeast(level, policy.access)) return `Signing needs ${ACCESS_NEEDED[policy.access]} to MSN ${aircraft.msn}.`;
  if (policy.require_authorisation) {
    const me = await deps.db.selectFrom("users").select("authorisation_number").where("id", "=", user.id).executeTakeFirst();
    if (!me?.authorisation_number?.trim()) return "Add your licence or authorisation number to your profile before signing.";
  }
  return null;
}

export async function canSign(deps: Pick<Deps, "db">, user: AuthUser, entity: SignableEntity, aircraft: { id: number; organization_id: number; msn: string }): Promise<CanSign> {
  const reason = await signingRefusal(deps, user, aircraft);
  return { allowed: reason === null, reason, meanings: [...MEANINGS_BY_ENTITY[entity]] };
}

// ---------------------------------------------------------------------------------------------
// Signatures of records
// ---------------------------------------------------------------------------------------------

export const signatureJson = (r: SignatureRow, latestVersion: number): Signature => ({
  code: r.code,
  meaning: r.meaning,
  signer_name: r.signer_name,
  signer_role: r.signer_role,
  signer_authorisation: r.signer_authorisation,
  signed_at: r.signed_at,
  version: Number(r.version),
  content_hash: r.content_hash,
  changed_since: latestVersion > Number(r.version),
  verify_path: verifyPath(r.code),
});

/** The signatures of records of one kind (one query), oldest first, by record id. */
export async function signaturesOf(deps: Pick<Deps, "db">, entity: SignableEntity, latest: Map<number, number>): Promise<Map<number, Signature[]>> {
  const out = new Map<number, Signature[]>();
  const ids = [...latest.keys()];
  if (ids.length === 0) return out;
  const rows = await deps.db.selectFrom("signatures").selectAll().where("entity", "=", entity).where("entity_id", "in", ids).orderBy("id").execute();
  for (const r of rows) {
    const id = Number(r.entity_id);
    const list = out.get(id) ?? [];
    list.push(signatureJson(r, latest.get(id) ?? Number(r.version)));
    out.set(id, list);
  }
  return out;
}

/** Whether any of these records is signed (deletes are refused then). */
export async function anySigned(deps: Pick<Deps, "db">, entity: SignableEntity, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await deps.db.selectFrom("signatures").select("id").where("entity", "=", entity).where("entity_id", "in", ids).limit(1).executeTakeFirst();
  return !!row;
}

export const findSignature = (deps: Pick<Deps, "db">, code: string) => deps.db.selectFrom("signatures").selectAll().where("code", "=", code).executeTakeFirst();

export const statementOf = (r: SignatureRow) =>
  statementText({
    code: r.code,
    entity: r.entity,
    entity_id: Number(r.entity_id),
    version: Number(r.version),
    meaning: r.meaning,
    signer_name: r.signer_name,
    signer_role: r.signer_role,
    signer_authorisation: r.signer_authorisation,
    signed_at: r.signed_at,
    content_hash: r.content_hash,
  });

/** The public verification of a signature: who signed what kind of record, when, meaning what. */
export async function verification(deps: Pick<Deps, "db">, r: SignatureRow): Promise<SignatureVerifyAnswer> {
  const target = await findTarget(deps, r.entity, Number(r.entity_id));
  const org = await deps.db.selectFrom("organizations").select("name").where("id", "=", r.organization_id).executeTakeFirst();
  const version = Number(r.version);
  // A signed record is never deleted (retention); were it gone, its signed version is the last known.
  const latest = target?.latestVersion ?? version;
  return {
    valid: true,
    code: r.code,
    entity_label: ENTITY_LABELS[r.entity],
    version,
    latest_version: latest,
    changed_since: latest > version,
    meaning: r.meaning,
    signer_name: r.signer_name,
    signer_role: r.signer_role,
    signer_authorisation: r.signer_authorisation,
    signed_at: r.signed_at,
    content_hash: r.content_hash,
    statement: statementOf(r),
    statement_signature: r.statement_signature,
    organization_name: org?.name ?? "",
  };
}

/** A signature with what proves it offline: the signed version's canonical text and the public key. */
export async function manifestOf(deps: Pick<Deps, "db">, r: SignatureRow): Promise<SignatureManifest> {
  const content = await recordContent(deps, r.entity, Number(r.entity_id), Number(r.version));
  if (!content) throw notFound("The signed version of that record");
  return { format: MANIFEST_FORMAT, signature: await verification(deps, r), canonical: canonicalRecord(content), public_key: await publicKeyPem(deps) };
}

// ---------------------------------------------------------------------------------------------
// Signatures on a PDF: the printed blocks and the embedded manifests
// ---------------------------------------------------------------------------------------------

/** "28 Nov 2026, 14:05 UTC": the portal's one format of a moment (ADR 089). */
export const signedAtText = (iso: string) => dateTimeUtc(iso);

/** The name of the file a PDF embeds its signatures' manifests in (a JSON array). */
export const PDF_MANIFESTS_FILE = "signatures.json";

/**
 * The signatures of a record's versions up to the one printed, as the PDF prints them (a block each,
 * with its verification code and URL) and the file of their manifests the PDF embeds, so that
 * `npm run signature:verify -- file.pdf` checks them offline.
 */
export async function pdfSignatures(deps: Pick<Deps, "db" | "config">, entity: SignableEntity, id: number, printedVersion: number): Promise<{ entries: PdfSignedEntry[]; manifests: SignatureManifest[] }> {
  const rows = await deps.db.selectFrom("signatures").selectAll().where("entity", "=", entity).where("entity_id", "=", id).where("version", "<=", printedVersion).orderBy("id").execute();
  const base = (deps.config.portalUrl ?? "").replace(/\/+$/, "");
  const entries = rows.map((r): PdfSignedEntry => {
    const version = Number(r.version);
    return {
      title: `Signed by ${r.signer_name}, ${r.signer_role}${r.signer_authorisation ? `, authorisation ${r.signer_authorisation}` : ""}`,
      fields: [
        ["Meaning", r.meaning],
        ["Signed", signedAtText(r.signed_at)],
        ["Version", `version ${version}`],
        ["SHA-256", r.content_hash],
        ["Verification code", r.code],
        ["Verify at", `${base}${verifyPath(r.code)}`],
      ],
      warning: version < printedVersion ? `signed version ${version}; changed since` : undefined,
    };
  });
  const manifests: SignatureManifest[] = [];
  for (const r of rows) manifests.push(await manifestOf(deps, r));
  return { entries, manifests };
}

export const manifestsAttachment = (manifests: SignatureManifest[]): PdfAttachment => ({
  name: PDF_MANIFESTS_FILE,
  data: new TextEncoder().encode(JSON.stringify(manifests, null, 2)),
  type: "application/json",
  description: "Electronic signatures of this document, with what proves them offline (npm run signature:verify)",
});
