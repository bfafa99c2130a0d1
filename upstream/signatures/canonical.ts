// The one definition of what a signature covers and how it is checked (ADR 088), shared by the
// upstream (signing, verification, PDF manifests), `npm run signature:verify` and the tests. Node's
// crypto only: nothing here reads the database.
import crypto from "node:crypto";

/**
 * JSON with every object's keys sorted (by UTF-16 code units, as Array.prototype.sort does) at every
 * depth and no whitespace; undefined members are left out as JSON.stringify does. Written out here
 * rather than by sorting and stringifying: JavaScript puts integer-like keys ("2", "10") first
 * whatever the insertion order, which would not be the sorted order another tool writes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : canonicalJson(v))).join(",")}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined && typeof obj[k] !== "function")
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
}

export const sha256Hex = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

export interface AircraftIdentity {
  msn: string;
  registration: string;
}

/** A work order as one version saved it. */
export interface WorkOrderContent {
  id: number;
  version: number;
  aircraft: AircraftIdentity;
  number: string;
  title: string;
  status: string;
  /** The kind of work order: aircraft, engine or component. */
  type: string;
  data: Record<string, unknown>;
}

/** A logbook page as one version saved it. */
export interface LogbookPageContent {
  id: number;
  version: number;
  logbook: { id: number; title: string };
  aircraft: AircraftIdentity;
  page_no: number;
  date: string;
  data: Record<string, unknown>;
}

export type SignedContent = ({ kind: "work_order" } & WorkOrderContent) | ({ kind: "logbook_page" } & LogbookPageContent);

/** The canonical text of a record's version: what its content_hash is the SHA-256 of. */
export function canonicalRecord(record: SignedContent): string {
  const aircraft = { msn: record.aircraft.msn, registration: record.aircraft.registration };
  if (record.kind === "work_order") {
    const { id, version, number, title, status, type, data } = record;
    return canonicalJson({ kind: "work_order", id, version, aircraft, number, title, status, type, data });
  }
  const { id, version, logbook, page_no, date, data } = record;
  return canonicalJson({ kind: "logbook_page", id, version, logbook: { id: logbook.id, title: logbook.title }, aircraft, page_no, date, data });
}

export const contentHash = (canonical: string) => sha256Hex(canonical);

/** What the upstream signs with its key: who signed what, when, meaning what. */
export interface SignatureStatement {
  code: string;
  entity: "work_order" | "logbook_page";
  entity_id: number;
  version: number;
  meaning: string;
  signer_name: string;
  signer_role: string;
  signer_authorisation: string | null;
  signed_at: string;
  content_hash: string;
}

export const statementText = (s: SignatureStatement) =>
  canonicalJson({
    code: s.code,
    entity: s.entity,
    entity_id: s.entity_id,
    version: s.version,
    meaning: s.meaning,
    signer_name: s.signer_name,
    signer_role: s.signer_role,
    signer_authorisation: s.signer_authorisation,
    signed_at: s.signed_at,
    content_hash: s.content_hash,
  });

/** Ed25519 signature (base64) of the statement's text. */
export const signStatement = (text: string, privateKeyPem: string) => crypto.sign(null, Buffer.from(text, "utf8"), privateKeyPem).toString("base64");

export function statementSignatureValid(text: string, signatureB64: string, publicKeyPem: string): boolean {
  try {
    return crypto.verify(null, Buffer.from(text, "utf8"), publicKeyPem, Buffer.from(signatureB64, "base64"));
  } catch {
    return false;
  }
}

export function newKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ed25519");
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Verification codes: 12 characters of Crockford's base32, shown "XXXX-XXXX-XXXX"
// ---------------------------------------------------------------------------------------------

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new code from 60 random bits, grouped. */
export function newSignatureCode(): string {
  const bytes = crypto.randomBytes(8);
  let n = bytes.readBigUInt64BE() >> 4n; // 60 bits
  let out = "";
  for (let i = 0; i < 12; i++) {
    out = CROCKFORD[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8)}`;
}

/**
 * A code as typed (dashes and spaces optional, any case; Crockford's O→0, I/L→1) in its stored form,
 * or null when it cannot be one.
 */
export function normalizeSignatureCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/.test(s)) return null;
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

export const verifyPath = (code: string) => `/verify/${code}`;

// ---------------------------------------------------------------------------------------------
// Manifests: a signature with what proves it offline
// ---------------------------------------------------------------------------------------------

export const MANIFEST_FORMAT = "aero-records-signature";

/** A signature as the public verification answers it (no record content). */
export interface VerifiedSignature {
  valid: boolean;
  code: string;
  entity_label: "Work order" | "Logbook page";
  version: number;
  latest_version: number;
  changed_since: boolean;
  meaning: string;
  signer_name: string;
  signer_role: string;
  signer_authorisation: string | null;
  signed_at: string;
  content_hash: string;
  statement: string;
  statement_signature: string;
  organization_name: string;
}

export interface SignatureManifest {
  format: typeof MANIFEST_FORMAT;
  signature: VerifiedSignature;
  /** The canonical text of the signed version. */
  canonical: string;
  public_key: string;
}

export interface ManifestCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/**
 * The offline checks of one manifest: the canonical text hashes to content_hash; the statement is the
 * one rebuilt from the signature's fields and the canonical text's record; its Ed25519 signature holds
 * under the public key.
 */
export function checkManifest(m: SignatureManifest): ManifestCheck[] {
  const checks: ManifestCheck[] = [];
  const s = m.signature;
  const hash = typeof m.canonical === "string" ? sha256Hex(m.canonical) : "";
  checks.push({ name: "content hash", ok: hash === s.content_hash, detail: hash === s.content_hash ? undefined : `sha256 of the content is ${hash}, the signature says ${s.content_hash}` });
  let record: { kind?: unknown; id?: unknown; version?: unknown } = {};
  try {
    record = JSON.parse(m.canonical);
  } catch {
    /* the statement check fails below */
  }
  const entity = record.kind === "work_order" || record.kind === "logbook_page" ? record.kind : null;
  const rebuilt =
    entity && typeof record.id === "number"
      ? statementText({
          code: s.code,
          entity,
          entity_id: record.id,
          version: s.version,
          meaning: s.meaning,
          signer_name: s.signer_name,
          signer_role: s.signer_role,
          signer_authorisation: s.signer_authorisation,
          signed_at: s.signed_at,
          content_hash: s.content_hash,
        })
      : null;
  const sameStatement = rebuilt !== null && rebuilt === s.statement && record.version === s.version;
  checks.push({ name: "statement", ok: sameStatement, detail: sameStatement ? undefined : "the signed statement does not match the signature's fields and record" });
  const signed = statementSignatureValid(s.statement, s.statement_signature, m.public_key);
  checks.push({ name: "statement signature", ok: signed, detail: signed ? undefined : "the Ed25519 signature does not hold under the public key" });
  return checks;
}
