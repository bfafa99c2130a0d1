// Electronic signatures (ADR 088) over HTTP against the seeded embedded upstream: signing with the
// password or a TOTP code, refusals (wrong proof audited in the hash chain, the organization's policy,
// the meaning, twice), "changed since" after an update, deletes refused under retention, the public
// verification, the export manifest, the signed PDF and `npm run signature:verify`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type Migration } from "kysely";
import * as OTPAuth from "otpauth";
import { PDFDocument } from "pdf-lib";
import { readPdf } from "../helpers/pdf-text";
import { embeddedManifestFile, verifySignatureFile } from "../../scripts/signature-verify";
import type { z } from "zod";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import {
  ApiErrorAnswer,
  LogbookAnswer,
  LogbookPageAnswer,
  LogbookPagesAnswer,
  Message,
  SignAnswer,
  SignatureManifest,
  SignatureVerifyAnswer,
  SigningPolicyAnswer,
  SigningPolicySetAnswer,
  WorkOrderAnswer,
  WorkOrderMutationAnswer,
} from "../../app/models/schemas/ops";
import { MeAnswer, ProfileUpdateAnswer, TwoFactorChangedAnswer, TwoFactorSetupAnswer } from "../../app/models/schemas/auth";
import { checkManifest, normalizeSignatureCode } from "../../upstream/signatures/canonical";
import { openDatabase } from "../../upstream/db";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
const SKY = { organization: "skyline", msn_id: "5123" };

const call = (who: string | null, path: string, body?: unknown, method = "POST") => upstreamFetch(`${up.opsUrl}${path}`, method, who ? H[who] : {}, body);
async function ok<S extends z.ZodTypeAny>(schema: S, who: string | null, path: string, body?: unknown): Promise<z.infer<S>> {
  const res = await call(who, path, body);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return schema.parse(json);
}
async function fails(status: number, who: string | null, path: string, body?: unknown) {
  const res = await call(who, path, body);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(status);
  return ApiErrorAnswer.parse(json);
}
const main = (who: string, path: string, body?: unknown, method = "POST") => upstreamFetch(`${up.mainUrl}${path}`, method, H[who], body);
const codeAt = (secret: string, timestamp: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp });
/** A PDF download (200, application/pdf). */
async function pdf(who: string, path: string, body: unknown) {
  const res = await call(who, path, body);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return new Uint8Array(await res.arrayBuffer());
}
/** The PDF with its embedded signatures.json changed as `change` says (what a forger would do). */
async function alterManifests(bytes: Uint8Array, change: (manifests: Record<string, any>[]) => void) {
  const doc = await PDFDocument.load(bytes);
  const file = embeddedManifestFile(doc)!;
  const manifests = JSON.parse(new TextDecoder().decode(file.data));
  change(manifests);
  doc.context.assign(file.ref, doc.context.flateStream(new TextEncoder().encode(JSON.stringify(manifests)), { Type: "EmbeddedFile" }));
  return doc.save();
}
const auditEntries = (action: string) =>
  up.upstream.deps.db.selectFrom("audit_log").select(["id", "user_id", "entity", "entity_id", "detail"]).where("action", "=", action).orderBy("id").execute();

let woId = 0;
let logbookId = 0;
let pageId = 0;
let totpSecret = "";

beforeAll(async () => {
  up = await startTestUpstream();
  for (const [k, e] of Object.entries({
    admin: "admin@demo.aero",
    client: "client@demo.aero",
    reader: "reader@demo.aero",
    emma: "emma.clarke@skyline.demo.aero",
    hannah: "hannah.weber@vertiport.demo.aero",
  })) {
    H[k] = await up.signIn(e);
  }
  const wo = await ok(WorkOrderMutationAnswer, "client", "/v1/work_order/create", { ...SKY, kind: "aircraft", number: "WO-SIG-1", title: "A-check release", data: { tasks: [{ ref: "1", description: "Replace wheel 2", mh: 1.5 }] } });
  woId = wo.work_order.work_order_id;
  const lb = await ok(LogbookAnswer, "client", "/v1/logbook/create", { ...SKY, title: "TLB signatures" });
  logbookId = lb.logbook.log_book_id;
  const page = await ok(LogbookPageAnswer, "client", "/v1/logbook/page_create", { log_book_id: logbookId, page_no: 3, date: "2026-11-20", data: { defect: "Tyre worn", action: "Wheel 2 replaced" } });
  pageId = page.page.id;
  // Emma signs with her authenticator: two-factor on, through the API as she would turn it on.
  const setup = TwoFactorSetupAnswer.parse(await (await main("emma", "/users/2fa/setup.json", {})).json());
  totpSecret = setup.secret;
  TwoFactorChangedAnswer.parse(await (await main("emma", "/users/2fa/enable.json", { code: codeAt(totpSecret, Date.now()) })).json());
});
afterAll(async () => {
  await up?.close();
});

describe("signing", () => {
  it("signs the latest version with the password, and with a TOTP code; refuses twice and a wrong meaning", async () => {
    const before = await ok(WorkOrderAnswer, "client", "/v1/work_order/get", { work_order_id: woId });
    expect(before.work_order.signatures).toEqual([]);
    expect(before.work_order.can_sign).toEqual({ allowed: true, reason: null, meanings: ["Certify release to service", "Performed", "Inspected"] });

    const signed = await ok(SignAnswer, "client", "/v1/signature/sign", { entity: "work_order", entity_id: woId, meaning: "Certify release to service", password: "demo-pass-2026" });
    expect(signed.message).toBe("Signed version 1 of work order WO-SIG-1.");
    const sig = signed.signature;
    expect(sig).toMatchObject({ meaning: "Certify release to service", signer_name: "Claire Fitzgerald", signer_role: "Client", signer_authorisation: "EASA.145.1234-ENG-07", version: 1, changed_since: false });
    expect(sig.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(sig.verify_path).toBe(`/verify/${sig.code}`);
    expect(sig.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(sig.signed_at)).not.toBeNaN();

    const again = await fails(422, "client", "/v1/signature/sign", { entity: "work_order", entity_id: woId, meaning: "Certify release to service", password: "demo-pass-2026" });
    expect(again.error).toBe("You have already signed version 1 with this meaning.");
    const meaning = await fails(422, "client", "/v1/signature/sign", { entity: "logbook_page", entity_id: pageId, meaning: "Certify release to service", password: "demo-pass-2026" });
    expect(meaning.errors?.meaning).toBeTruthy();

    // Emma: the current authenticator code alone (the next step: the one she enabled with is spent).
    const byCode = await ok(SignAnswer, "emma", "/v1/signature/sign", { entity: "work_order", entity_id: woId, meaning: "Inspected", totp_code: codeAt(totpSecret, Date.now() + 30_000) });
    expect(byCode.signature).toMatchObject({ signer_name: "Emma Clarke", meaning: "Inspected", version: 1 });

    const entries = await auditEntries("ops.signature.sign");
    const mine = entries.find((e) => JSON.parse(e.detail).code === sig.code)!;
    expect(JSON.parse(mine.detail)).toEqual({ entity: "work_order", id: woId, version: 1, meaning: "Certify release to service", code: sig.code, content_hash: sig.content_hash });
    const row = await up.upstream.deps.db.selectFrom("signatures").select(["audit_id"]).where("code", "=", sig.code).executeTakeFirstOrThrow();
    expect(Number(row.audit_id)).toBe(mine.id);

    const got = await ok(WorkOrderAnswer, "reader", "/v1/work_order/get", { work_order_id: woId });
    expect(got.work_order.signatures.map((s) => s.code)).toEqual([sig.code, byCode.signature.code]);
    expect(got.work_order.can_sign).toMatchObject({ allowed: false, reason: "Signing needs Edit Access to MSN 5123." });
  });

  it("refuses a wrong password (422, not a sign-out), audited in the hash chain; no signature is made", async () => {
    const count = async () => Number((await up.upstream.deps.db.selectFrom("signatures").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const n = await count();
    const wrong = await fails(422, "client", "/v1/signature/sign", { entity: "logbook_page", entity_id: pageId, meaning: "Performed", password: "not-my-password" });
    expect(wrong.error).toBe("The password or code is not correct.");
    expect(wrong.errors?.password).toEqual(["The password or code is not correct."]);
    const code = await fails(422, "emma", "/v1/signature/sign", { entity: "logbook_page", entity_id: pageId, meaning: "Performed", totp_code: "000000" });
    expect(code.errors?.totp_code).toBeTruthy();
    expect(await count()).toBe(n);
    const refused = await auditEntries("ops.signature.refused");
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ entity: "logbook_page", entity_id: String(pageId) });
    expect((await up.upstream.deps.audit.verify({ full: true })).ok).toBe(true);
    // The failures count in the sign-in lock-out (per account and address).
    const attempts = await up.upstream.deps.db.selectFrom("login_attempts").select(["key", "failures"]).where("key", "like", "%client@demo.aero%").execute();
    expect(attempts.some((a) => a.failures >= 1)).toBe(true);
    const none = await fails(422, "client", "/v1/signature/sign", { entity: "logbook_page", entity_id: pageId, meaning: "Performed" });
    expect(none.errors?.password).toBeTruthy();
  });

  it("applies the organization's policy: role, access, authorisation number; policy_get / policy_set", async () => {
    const sign = { entity: "logbook_page", entity_id: pageId, meaning: "Performed", password: "demo-pass-2026" };
    expect((await fails(422, "reader", "/v1/signature/sign", sign)).error).toBe("Signing needs Edit Access to MSN 5123.");

    // No authorisation number: the profile endpoint clears it, and puts it back.
    const cleared = ProfileUpdateAnswer.parse(await (await main("client", "/user/profile.json", { authorisation_number: "" })).json());
    expect(cleared.user.authorisation_number).toBeNull();
    expect((await fails(422, "client", "/v1/signature/sign", sign)).error).toBe("Add your licence or authorisation number to your profile before signing.");
    const pages = await ok(LogbookPagesAnswer, "client", "/v1/logbook/pages", { log_book_id: logbookId });
    expect(pages.can_sign).toEqual({ allowed: false, reason: "Add your licence or authorisation number to your profile before signing.", meanings: ["Performed", "Inspected"] });
    const tooLong = await main("client", "/user/profile.json", { authorisation_number: "X".repeat(41) });
    expect(tooLong.status).toBe(422);
    const saved = ProfileUpdateAnswer.parse(await (await main("client", "/user/profile.json", { authorisation_number: " EASA.145.1234-ENG-07 " })).json());
    expect(saved.message).toBe("Your licence or authorisation number was saved.");
    expect(MeAnswer.parse(await (await main("client", "/user/me.json", undefined, "GET")).json()).user.authorisation_number).toBe("EASA.145.1234-ENG-07");

    // The policy: readable by the organization's users, set by an administrator only.
    const policy = await ok(SigningPolicyAnswer, "reader", "/v1/signature/policy_get", {});
    expect(policy).toEqual({ organization_id: policy.organization_id, organization_name: "Skyline Leasing", policy: { roles: ["client", "member", "admin"], access: "write", require_authorisation: true }, is_default: true, can_edit: false });
    await fails(422, "reader", "/v1/signature/policy_set", { roles: ["client"], access: "write", require_authorisation: false });
    await fails(404, "hannah", "/v1/signature/policy_get", { organization_id: policy.organization_id });
    const set = await ok(SigningPolicySetAnswer, "admin", "/v1/signature/policy_set", { organization_id: policy.organization_id, roles: ["admin"], access: "su_write", require_authorisation: true });
    expect(set).toMatchObject({ message: "Who may sign in Skyline Leasing was saved.", is_default: false, policy: { roles: ["admin"], access: "su_write" } });
    expect((await fails(422, "client", "/v1/signature/sign", sign)).error).toBe("Your role may not sign records in Skyline Leasing.");
    await ok(SigningPolicySetAnswer, "admin", "/v1/signature/policy_set", { organization_id: policy.organization_id, roles: ["client", "admin"], access: "su_write", require_authorisation: true });
    expect((await fails(422, "client", "/v1/signature/sign", sign)).error).toBe("Signing needs Super User access to MSN 5123.");
    await fails(422, "admin", "/v1/signature/policy_set", { organization_id: policy.organization_id, roles: [], access: "write", require_authorisation: true });
    await ok(SigningPolicySetAnswer, "admin", "/v1/signature/policy_set", { organization_id: policy.organization_id, roles: ["client", "member", "admin"], access: "write", require_authorisation: true });
    // A client of another organization (a UAMBOX user) may read their own organization's policy, not change it.
    expect(await ok(SigningPolicyAnswer, "hannah", "/v1/signature/policy_get", {})).toMatchObject({ organization_name: "Vertiport Mobility", can_edit: false });
    await fails(422, "hannah", "/v1/signature/policy_set", { roles: ["client"], access: "write", require_authorisation: false });
    expect((await auditEntries("ops.signature.policy")).length).toBe(3);
  });

  it("keeps a signature on the version it signed: changed since after an update (work order and page)", async () => {
    const page = await ok(SignAnswer, "client", "/v1/signature/sign", { entity: "logbook_page", entity_id: pageId, meaning: "Performed", password: "demo-pass-2026" });
    expect(page.message).toBe("Signed version 1 of page 3 of TLB signatures.");
    let pages = await ok(LogbookPagesAnswer, "client", "/v1/logbook/pages", { log_book_id: logbookId });
    expect(pages.pages[0]).toMatchObject({ version: 1, signatures: [{ code: page.signature.code, version: 1, changed_since: false }] });

    const updated = await ok(LogbookPageAnswer, "client", "/v1/logbook/page_update", { page_id: pageId, data: { defect: "Tyre worn", action: "Wheel 2 replaced, torque checked" } });
    expect(updated.page).toMatchObject({ version: 2, signatures: [{ version: 1, changed_since: true }] });
    pages = await ok(LogbookPagesAnswer, "client", "/v1/logbook/pages", { log_book_id: logbookId });
    expect(pages.pages[0]).toMatchObject({ version: 2, signatures: [{ version: 1, changed_since: true }] });

    await ok(WorkOrderMutationAnswer, "client", "/v1/work_order/update", { work_order_id: woId, status: "closed" });
    const wo = await ok(WorkOrderAnswer, "client", "/v1/work_order/get", { work_order_id: woId });
    expect(wo.work_order.version).toBe(2);
    expect(wo.work_order.signatures.every((s) => s.version === 1 && s.changed_since)).toBe(true);
    // Version 2 can be signed in its turn.
    const v2 = await ok(SignAnswer, "client", "/v1/signature/sign", { entity: "work_order", entity_id: woId, meaning: "Certify release to service", password: "demo-pass-2026" });
    expect(v2.signature).toMatchObject({ version: 2, changed_since: false });
    expect(v2.signature.content_hash).not.toBe(wo.work_order.signatures[0].content_hash);
  });

  it("refuses deleting a signed work order, page or logbook (422)", async () => {
    expect((await fails(422, "client", "/v1/work_order/delete", { work_order_id: woId })).error).toBe("Work order WO-SIG-1 is signed and kept under retention; it cannot be deleted.");
    expect((await fails(422, "client", "/v1/logbook/page_delete", { page_id: pageId })).error).toBe("Page 3 is signed and kept under retention; it cannot be deleted.");
    expect((await fails(422, "client", "/v1/logbook/delete", { log_book_id: logbookId })).error).toBe("This logbook has signed pages and is kept under retention; it cannot be deleted.");
    // An unsigned page still goes; the database refuses to delete a signature whatever asks.
    const spare = await ok(LogbookPageAnswer, "client", "/v1/logbook/page_create", { log_book_id: logbookId, date: "2026-11-21", data: {} });
    await ok(Message, "client", "/v1/logbook/page_delete", { page_id: spare.page.id });
    await expect(up.upstream.deps.db.deleteFrom("signatures").execute()).rejects.toThrow(/never/);
    await expect(up.upstream.deps.db.updateTable("signatures").set({ meaning: "Performed" }).execute()).rejects.toThrow(/never/);
  });
});

describe("verification", () => {
  it("verifies a code publicly (no content, any case, without dashes), 404 otherwise; exports the manifest", async () => {
    const wo = await ok(WorkOrderAnswer, "client", "/v1/work_order/get", { work_order_id: woId });
    const sig = wo.work_order.signatures[0];
    const loose = sig.code.replace(/-/g, "").toLowerCase();
    expect(normalizeSignatureCode(loose)).toBe(sig.code);
    const res = await call(null, "/v1/signature/verify", { code: loose });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const v = SignatureVerifyAnswer.strict().parse(JSON.parse(text));
    expect(v).toMatchObject({ valid: true, code: sig.code, entity_label: "Work order", version: 1, latest_version: 2, changed_since: true, meaning: sig.meaning, signer_name: "Claire Fitzgerald", organization_name: "Skyline Leasing", content_hash: sig.content_hash });
    // No record content and no ids that open records (the strict parse: no other field; the signed
    // statement names the record's kind, id and version, which open nothing without access).
    expect(text).not.toMatch(/WO-SIG-1|Replace wheel|work_order_id|org_msn_id/);
    expect((await fails(404, null, "/v1/signature/verify", { code: "0000-0000-0000" })).error).toBe("No signature has that code.");
    expect((await fails(404, null, "/v1/signature/verify", { code: "not a code" })).error).toBe("No signature has that code.");

    const key = await call(null, "/v1/signature/key", undefined, "GET");
    expect(key.status).toBe(200);
    const pem = await key.text();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    await fails(401, null, "/v1/signature/export", { code: sig.code });
    await fails(404, "hannah", "/v1/signature/export", { code: sig.code });
    const manifest = await ok(SignatureManifest, "reader", "/v1/signature/export", { code: sig.code });
    expect(manifest.public_key).toBe(pem);
    expect(JSON.parse(manifest.canonical)).toMatchObject({ kind: "work_order", id: woId, version: 1, number: "WO-SIG-1", status: "open", type: "aircraft", aircraft: { msn: "5123", registration: "EI-FSK" } });
    expect(checkManifest(manifest).every((c) => c.ok)).toBe(true);
    // Any change shows: the content, the statement's fields, the signature.
    const altered = { ...manifest, canonical: manifest.canonical.replace("Replace wheel 2", "Replace wheel 3") };
    expect(checkManifest(altered).find((c) => c.name === "content hash")?.ok).toBe(false);
    const otherSigner = { ...manifest, signature: { ...manifest.signature, signer_name: "Someone Else" } };
    expect(checkManifest(otherSigner).filter((c) => !c.ok).map((c) => c.name)).toEqual(["statement"]);
  });
});

describe("signed PDFs and npm run signature:verify", () => {
  it("prints the signature blocks on the work-order PDF, embeds the manifests, and the CLI passes it and fails an altered one", async () => {
    const bytes = await pdf("reader", "/v1/work_order/download_pdf", { work_order_id: woId });
    const { text } = await readPdf(bytes);
    const wo = await ok(WorkOrderAnswer, "client", "/v1/work_order/get", { work_order_id: woId });
    const [first, , latest] = wo.work_order.signatures;
    expect(text).toContain("Electronic signatures");
    expect(text).toContain("Signed by Claire Fitzgerald, Client, authorisation EASA.145.1234-ENG-07");
    expect(text).toContain("signed version 1; changed since");
    expect(text).toContain(`${up.origin}/verify/${first.code}`);
    expect(text).toContain(latest.code);
    expect(text).toContain(latest.content_hash);
    expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(text).not.toContain("Certifying staff name"); // the blanks to sign by hand: only unsigned
    // Version 1 printed: its own two signatures, none "changed since", not version 2's.
    const v1 = (await readPdf(await pdf("reader", "/v1/work_order/download_pdf", { work_order_id: woId, version: 1 }))).text;
    expect(v1).not.toContain("changed since");
    expect(v1).not.toContain(latest.code);

    const passed = await verifySignatureFile(bytes);
    expect(passed.ok, passed.lines.join("\n")).toBe(true);
    expect(passed.lines.filter((l) => l.startsWith("Signature "))).toHaveLength(3);
    expect(passed.lines.at(-1)).toBe("OK: 3 signatures verified.");
    expect(passed.lines).toContain("  Signed by   Claire Fitzgerald, Client, authorisation EASA.145.1234-ENG-07");

    // Online too: the portal's verification page (here the upstream's verify behind a stand-in fetch).
    const portal = (async (url: string) => {
      const code = decodeURIComponent(String(url).split("/verify/")[1]!);
      return call(null, "/v1/signature/verify", { code });
    }) as typeof fetch;
    expect((await verifySignatureFile(bytes, { url: "https://portal.example", fetch: portal })).ok).toBe(true);

    const content = await verifySignatureFile(await alterManifests(bytes, (m) => (m[0].canonical = m[0].canonical.replace("Replace wheel 2", "Replace wheel 9"))));
    expect(content.ok).toBe(false);
    expect(content.failed).toEqual([`${first.code}: content hash`]);
    const signer = await verifySignatureFile(await alterManifests(bytes, (m) => (m[1].signature.signer_name = "Someone Else")));
    expect(signer.failed.map((f) => f.split(": ")[1])).toEqual(["statement"]);
    const forged = await alterManifests(bytes, (m) => {
      m[2].signature.signed_at = "2026-01-01T00:00:00.000Z";
      m[2].signature.statement = m[2].signature.statement.replace(/"signed_at":"[^"]+"/, '"signed_at":"2026-01-01T00:00:00.000Z"');
    });
    expect((await verifySignatureFile(forged)).failed).toEqual([`${latest.code}: statement signature`]);
    const unsigned = await verifySignatureFile(await pdf("client", "/v1/work_order/download_pdf", { work_order_id: (await ok(WorkOrderMutationAnswer, "client", "/v1/work_order/create", { ...SKY, kind: "engine", number: "WO-SIG-2", title: "Unsigned" })).work_order.work_order_id }));
    expect(unsigned.ok).toBe(false);

    // The exported manifest is checked the same way; the real command exits 1 on the forged PDF.
    const manifest = await (await call("client", "/v1/signature/export", { code: latest.code })).arrayBuffer();
    expect((await verifySignatureFile(new Uint8Array(manifest))).ok).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-sig-"));
    try {
      fs.writeFileSync(path.join(dir, "forged.pdf"), forged);
      const r = spawnSync("npm", ["run", "-s", "signature:verify", "--", path.join(dir, "forged.pdf")], { encoding: "utf8", timeout: 60_000 });
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stdout).toContain("PASS  content hash");
      expect(r.stderr).toContain(`FAIL: ${latest.code}: statement signature.`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints a signed logbook page's signatures in the logbook PDF, verifiable", async () => {
    const bytes = await pdf("client", "/v1/ops_data/send_all_logbook_pdf", { log_book_id: logbookId, action: "download" });
    const { text } = await readPdf(bytes);
    expect(text).toContain("Page 3: electronic signatures");
    expect(text).toContain("signed version 1; changed since");
    const outcome = await verifySignatureFile(bytes);
    expect(outcome.ok, outcome.lines.join("\n")).toBe(true);
    expect(outcome.lines[0]).toMatch(/^Signature .+: Logbook page, version 1$/);
  });
});

describe("migration 025_signatures", () => {
  it("makes the pages written before it version 1, with its snapshot", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-m025-"));
    try {
      const sqlite = new SQLite(path.join(dir, "portal.sqlite"));
      const before = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
      const names = fs.readdirSync(path.resolve("upstream/db/migrations")).map((f) => f.replace(/\.ts$/, "")).filter((n) => n < "025");
      const migrations: Record<string, Migration> = {};
      for (const n of names) migrations[n] = (await import(`../../upstream/db/migrations/${n}.ts`)) as Migration;
      const { error } = await new Migrator({ db: before, provider: { getMigrations: async () => migrations } }).migrateToLatest();
      expect(error).toBeUndefined();
      sqlite.exec(`INSERT INTO organizations (id, name, slug) VALUES (1, 'Org', 'org');
        INSERT INTO aircraft (id, organization_id, msn, name, status) VALUES (1, 1, '100', 'A', 'IN OPERATION');
        INSERT INTO logbooks (id, aircraft_id, title) VALUES (1, 1, 'TLB');
        INSERT INTO logbook_pages (id, logbook_id, page_no, date, data, created_at) VALUES (7, 1, 4, '2026-01-02', '{"defect":"NIL"}', '2026-01-02T10:00:00.000Z');`);
      await before.destroy();
      const opened = await openDatabase(dir, { readThreads: 0 });
      try {
        expect(await opened.db.selectFrom("logbook_pages").select(["id", "version"]).execute()).toEqual([{ id: 7, version: 1 }]);
        expect(await opened.db.selectFrom("logbook_page_versions").select(["logbook_page_id", "version", "page_no", "date", "data", "created_at"]).execute()).toEqual([
          { logbook_page_id: 7, version: 1, page_no: 4, date: "2026-01-02", data: '{"defect":"NIL"}', created_at: "2026-01-02T10:00:00.000Z" },
        ]);
        expect((await opened.db.selectFrom("users").select("authorisation_number").execute()).length).toBe(0);
      } finally {
        await opened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
