// `npm run signature:verify`: checks electronic signatures outside the portal (ADR 088).
//
//   npm run signature:verify -- <file.pdf>               the signatures a work-order or logbook PDF
//                                                        carries (embedded as signatures.json)
//   npm run signature:verify -- <manifest.json>          a manifest from "Export" (POST /v1/signature/export)
//   npm run signature:verify -- <file> --url <origin>    also asks the portal's public verification
//                                                        page ({origin}/verify/{code}) and compares
//
// Per signature: the SHA-256 of the signed content is the signature's content_hash; the statement
// (who, role, authorisation, time, meaning, version, hash) is the one the fields and the content
// make; its Ed25519 signature holds under the public key. Prints signer, role, authorisation, time,
// meaning, version and hash, then PASS or FAIL per check. Exits 0 when every check passes, 1 naming
// the failing checks otherwise, 2 when the file cannot be read. Needs no database and no network
// (but with --url).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString, PDFHexString } from "pdf-lib";
import { checkManifest, MANIFEST_FORMAT, type ManifestCheck, type SignatureManifest } from "../upstream/signatures/canonical";

const USAGE = "Usage: npm run signature:verify -- <file.pdf | manifest.json> [--url <portal origin>]";
/** The file a PDF embeds its manifests in (upstream/signatures/service.ts PDF_MANIFESTS_FILE). */
const PDF_MANIFESTS_FILE = "signatures.json";

export interface VerifyOutcome {
  ok: boolean;
  /** What was printed, line by line. */
  lines: string[];
  /** "<code>: <check>" for every check that failed. */
  failed: string[];
}

/** The embedded signatures.json of a PDF: its stream's reference and bytes, or null. */
export function embeddedManifestFile(doc: PDFDocument): { ref: PDFRef; data: Uint8Array } | null {
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  if (!embedded) return null;
  // A name tree: pairs in Names, or further nodes in Kids.
  const stack: PDFDict[] = [embedded];
  while (stack.length) {
    const node = stack.pop()!;
    const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
    for (let i = 0; i < (kids?.size() ?? 0); i++) stack.push(kids!.lookup(i, PDFDict));
    const pairs = node.lookupMaybe(PDFName.of("Names"), PDFArray);
    for (let i = 0; i + 1 < (pairs?.size() ?? 0); i += 2) {
      const key = pairs!.lookup(i);
      const name = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : "";
      if (name !== PDF_MANIFESTS_FILE) continue;
      const spec = pairs!.lookup(i + 1, PDFDict);
      const ef = spec.lookup(PDFName.of("EF"), PDFDict);
      const ref = ef.get(PDFName.of("F"));
      const stream = ef.lookup(PDFName.of("F"));
      if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) return null;
      return { ref, data: decodePDFRawStream(stream).decode() };
    }
  }
  return null;
}

/** The manifests a file holds: a PDF's embedded ones, or a manifest (or a list of them) as JSON. */
export async function manifestsOf(bytes: Uint8Array): Promise<SignatureManifest[]> {
  let json: unknown;
  if (Buffer.from(bytes.slice(0, 5)).toString("latin1") === "%PDF-") {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    const file = embeddedManifestFile(doc);
    if (!file) return [];
    json = JSON.parse(new TextDecoder().decode(file.data));
  } else {
    json = JSON.parse(new TextDecoder().decode(bytes));
  }
  const list = Array.isArray(json) ? json : [json];
  return list.map((m) => {
    if (!m || typeof m !== "object" || (m as SignatureManifest).format !== MANIFEST_FORMAT || typeof (m as SignatureManifest).signature !== "object") {
      throw new Error(`not a signature manifest (format "${MANIFEST_FORMAT}")`);
    }
    return m as SignatureManifest;
  });
}

/** The fields the portal's verification page must answer as the manifest has them. */
const COMPARED = ["code", "version", "meaning", "signer_name", "signer_role", "signer_authorisation", "signed_at", "content_hash", "statement_signature"] as const;

async function onlineCheck(m: SignatureManifest, origin: string, fetchImpl: typeof fetch): Promise<ManifestCheck> {
  const url = `${origin.replace(/\/+$/, "")}/verify/${encodeURIComponent(m.signature.code)}`;
  try {
    const res = await fetchImpl(url, { headers: { accept: "application/json" } });
    if (res.status === 404) return { name: "portal verification", ok: false, detail: `${url}: no signature has that code` };
    if (!res.ok) return { name: "portal verification", ok: false, detail: `${url} answered ${res.status}` };
    const answer = (await res.json()) as Record<string, unknown>;
    const differ: string[] = [...(answer.valid === true ? [] : ["valid"]), ...COMPARED.filter((k) => k in answer && answer[k] !== m.signature[k])];
    return differ.length ? { name: "portal verification", ok: false, detail: `${url} differs in ${differ.join(", ")}` } : { name: "portal verification", ok: true };
  } catch (err) {
    return { name: "portal verification", ok: false, detail: `${url}: ${(err as Error).message}` };
  }
}

/** Checks every signature of a PDF or manifest file; what the command prints, and whether all passed. */
export async function verifySignatureFile(bytes: Uint8Array, opts: { url?: string; fetch?: typeof fetch } = {}): Promise<VerifyOutcome> {
  const lines: string[] = [];
  const failed: string[] = [];
  const manifests = await manifestsOf(bytes);
  if (manifests.length === 0) {
    lines.push("FAIL: the file carries no electronic signature.");
    return { ok: false, lines, failed: ["no signature"] };
  }
  for (const m of manifests) {
    const s = m.signature;
    lines.push(
      `Signature ${s.code}: ${s.entity_label ?? "Record"}, version ${s.version}`,
      `  Signed by   ${s.signer_name}, ${s.signer_role}${s.signer_authorisation ? `, authorisation ${s.signer_authorisation}` : ""}`,
      `  Meaning     ${s.meaning}`,
      `  Signed at   ${s.signed_at}`,
      `  SHA-256     ${s.content_hash}`,
    );
    const checks = checkManifest(m);
    if (opts.url) checks.push(await onlineCheck(m, opts.url, opts.fetch ?? fetch));
    for (const c of checks) {
      lines.push(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}${c.ok || !c.detail ? "" : `: ${c.detail}`}`);
      if (!c.ok) failed.push(`${s.code}: ${c.name}`);
    }
  }
  lines.push(failed.length ? `FAIL: ${failed.join("; ")}.` : `OK: ${manifests.length} signature${manifests.length === 1 ? "" : "s"} verified.`);
  return { ok: failed.length === 0, lines, failed };
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { url: { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  let outcome: VerifyOutcome;
  try {
    outcome = await verifySignatureFile(new Uint8Array(fs.readFileSync(file)), { url: parsed.values.url });
  } catch (err) {
    console.error(`Cannot read ${path.basename(file)}: ${(err as Error).message}`);
    return 2;
  }
  for (const line of outcome.lines.slice(0, -1)) console.log(line);
  (outcome.ok ? console.log : console.error)(outcome.lines[outcome.lines.length - 1]);
  return outcome.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
