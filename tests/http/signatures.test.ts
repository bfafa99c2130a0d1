// Electronic signatures as a browser without JavaScript uses them (ADR 088), over HTTP against the
// production server: the signing dialog of a work order and of a logbook page (a wrong password is
// refused in the dialog and signs nothing; with two-factor on, the authenticator's code), "changed
// since" after an edit, a signed record's delete refused, the public verification page without a
// session (signer, meaning, time, hash; no record content) and its JSON, the profile's authorisation
// number and the organization's signing policy.
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpForm, startPortal, type HttpPage, type NoJsBrowser, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

const CLIENT = "client@demo.aero";
const ADMIN = "admin@demo.aero";
const PASSWORD = "demo-pass-2026";

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
/** The open dialog (there is one at most). */
function dialog(p: HttpPage): Element {
  const all = p.doc.querySelectorAll("dialog[open]");
  if (all.length !== 1) throw new Error(`${p.path}: ${all.length} open dialogs`);
  return all[0]!;
}
const dialogTitle = (p: HttpPage) => clean(p.doc.getElementById(dialog(p).getAttribute("aria-labelledby")!)?.textContent);
/** The signing dialog's form, filled: the meaning chosen and the password typed. */
function signForm(p: HttpPage, meaning: string, password: string): HttpForm {
  const f = new HttpForm(p, dialog(p).querySelector("form")!);
  expect(f.buttons()).toContain("Sign");
  return f.check("meaning", meaning).set("password", password);
}
const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });
const verifyLinks = (p: HttpPage) => p.links("main").filter((l) => l.href.startsWith("/verify/"));

async function signedIn(email: string): Promise<NoJsBrowser> {
  const b = portal.browser();
  await b.signIn(email);
  return b;
}

/** The client's aircraft MSN 5123 in AeroOPS (its org_msn_id). */
async function aircraft(b: NoJsBrowser) {
  const fleet = await b.open("/Aeroops/org/Aircrafts?q=5123");
  const p = await fleet.click("MSN 5123: open in AeroOPS");
  return Number(new URL(p.url).searchParams.get("org_msn_id"));
}

describe("signing a work order without JavaScript", () => {
  it("signs through the dialog (a wrong password first), shows changed since, refuses the delete; the public page verifies it", async () => {
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    const org_msn_id = await aircraft(b);
    const number = `WO-SIG-${Date.now() % 1_000_000}`;
    const title = "Release after borescope";
    const created = await api.ops("POST", "/v1/work_order/create", { org_msn_id, kind: "engine", number, title, status: "closed", data: { station: "Shannon", remarks: "Findings within limits", tasks: [] } });
    expect(created.status).toBe(200);
    const id = created.body.work_order.work_order_id;
    let p = await b.open(`/client/Aeroops/updateworkorder/engine_wo${id}?org_msn_id=${org_msn_id}&aerotype=Aeroops`);
    expect(p.text("#wo-signatures")).toBe("Signatures");
    expect(p.text("main")).toContain("Not signed yet.");

    p = await p.click("Sign version 1");
    expect(dialogTitle(p)).toBe(`Sign work order ${number}`);
    expect(clean(dialog(p).textContent)).toContain(`version 1 of work order ${number}`);
    expect([...dialog(p).querySelectorAll("input[name=meaning]")].map((r) => r.getAttribute("value"))).toEqual(["Certify release to service", "Performed", "Inspected"]);
    expect(dialog(p).querySelector("input[name=password]")?.getAttribute("autocomplete")).toBe("current-password");

    // A wrong password: refused in the dialog, the field marked, the meaning kept, nothing signed.
    p = await signForm(p, "Certify release to service", "not-my-password").submit("Sign");
    expect(p.status).toBe(422);
    expect(clean(dialog(p).textContent)).toContain("The password or code is not correct.");
    expect(dialog(p).querySelector("input[name=password]")?.getAttribute("aria-invalid")).toBe("true");
    expect(dialog(p).querySelector("input[name=meaning]:checked")?.getAttribute("value")).toBe("Certify release to service");
    expect((await api.ops("POST", "/v1/work_order/get", { work_order_id: id })).body.work_order.signatures).toEqual([]);
    // No meaning chosen: said in the dialog.
    const none = new HttpForm(p, dialog(p).querySelector("form")!).check("meaning", "Certify release to service", false).set("password", PASSWORD);
    p = await none.submit("Sign");
    expect(p.status).toBe(422);
    expect(clean(dialog(p).textContent)).toContain("Choose the meaning of your signature.");

    p = await signForm(p, "Certify release to service", PASSWORD).submit("Sign");
    expect(p.toast()).toBe(`Signed version 1 of work order ${number}.`);
    expect(p.doc.querySelector("dialog[open]")).toBeNull();
    const signed = (await api.ops("POST", "/v1/work_order/get", { work_order_id: id })).body.work_order.signatures;
    expect(signed).toEqual([expect.objectContaining({ meaning: "Certify release to service", version: 1, changed_since: false })]);
    const sig = signed[0];
    const shown = clean(p.doc.querySelector(`[data-signature="${sig.code}"]`)?.textContent);
    expect(shown).toContain(`Signed by ${sig.signer_name}`);
    expect(shown).toContain("Certify release to service");
    expect(shown).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(verifyLinks(p).map((l) => l.href)).toEqual([sig.verify_path]);
    // The same meaning again on the same version: refused, said in the dialog.
    p = await p.click("Sign version 1");
    p = await signForm(p, "Certify release to service", PASSWORD).submit("Sign");
    expect(p.status).toBe(422);
    expect(clean(dialog(p).querySelector("[role=alert]")?.textContent)).toBe("You have already signed version 1 with this meaning.");

    // An edit makes version 2: the signature stays on version 1, "changed since".
    p = await b.open(`/client/Aeroops/updateworkorder/engine_wo${id}?org_msn_id=${org_msn_id}&aerotype=Aeroops`);
    const wo = p.form({ button: "Save as version 2" });
    wo.set("remarks", "Findings within limits; fan blade 12 blended");
    p = await wo.submit("Save as version 2");
    expect(p.toast()).toContain("Saved as version 2.");
    expect(clean(p.doc.querySelector(`[data-signature="${sig.code}"]`)?.textContent)).toContain("signed version 1; changed since");

    // Signed: the delete is refused, in the dialog.
    p = await p.click("Delete…");
    p = await new HttpForm(p, dialog(p).querySelector("form")!).submit("Delete work order");
    expect(p.status).toBe(422);
    expect(clean(dialog(p).textContent)).toContain(`Work order ${number} is signed and kept under retention; it cannot be deleted.`);
    expect((await api.ops("POST", "/v1/work_order/get", { work_order_id: id })).status).toBe(200);

    // The verification page, without a session: the signature's facts, none of the record's content.
    const guest = portal.browser();
    let v = await guest.open(sig.verify_path.toLowerCase().replace(/-/g, ""));
    expect(v.path).toBe(sig.verify_path);
    expect(v.status).toBe(200);
    expect(v.h1s()).toEqual(["Valid signature"]);
    const facts = clean(v.text("main"));
    for (const fact of [sig.signer_name, "Certify release to service", "Work order, version 1", "changed since (latest version 2)", sig.content_hash, sig.code]) expect(facts).toContain(fact);
    if (sig.signer_authorisation) expect(facts).toContain(sig.signer_authorisation);
    for (const content of [number, title, "Shannon", "fan blade"]) expect(v.html).not.toContain(content);
    v = await v.form({ button: "Compare" }).set("sha256", sig.content_hash.toUpperCase()).submit("Compare");
    expect(v.text("[role=status]")).toBe("It matches: the content you hold is the signed version's.");
    v = await v.form({ button: "Compare" }).set("sha256", "0".repeat(64)).submit("Compare");
    expect(v.text("[role=alert]")).toBe("It does not match: the content you hold is not the signed version's.");
    v = await v.form({ button: "Verify" }).set("code", "ZZZZ-ZZZZ-ZZZZ").submit("Verify");
    expect([v.status, v.pathname, v.h1s()]).toEqual([404, "/verify/ZZZZ-ZZZZ-ZZZZ", ["No signature has that code."]]);

    // The same page answers JSON to a client that asks for it (signature:verify --url).
    const json = await guest.request(sig.verify_path, { method: "GET", headers: { accept: "application/json" } });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(json.html)).toMatchObject({ valid: true, code: sig.code, version: 1, latest_version: 2, changed_since: true, content_hash: sig.content_hash, meaning: "Certify release to service" });
    const missing = await guest.request("/verify/ZZZZ-ZZZZ-ZZZZ", { method: "GET", headers: { accept: "application/json" } });
    expect([missing.status, JSON.parse(missing.html)]).toEqual([404, { error: "No signature has that code." }]);
  });
});

describe("signing a logbook page, the profile's number and the organization's policy, without JavaScript", () => {
  it("signs a page (with the password, then with a TOTP code); the number and the policy forms save, and the page then says why the client may not sign", async () => {
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    const org_msn_id = await aircraft(b);
    const title = `TLB SIG ${Date.now() % 1_000_000}`;
    const log = await api.ops("POST", "/v1/logbook/create", { org_msn_id, title });
    const log_book_id = log.body.logbook.log_book_id;
    const page = (await api.ops("POST", "/v1/logbook/page_create", { log_book_id, date: "2026-11-27", data: { flight_no: "EI123", sector: "SNN-LHR", block_hours: 1.2, cycles: 1, defect: "NIL", action: "", certifying_staff: "" } })).body.page;
    const here = `/client/Aeroops/logbookpages/logbook_id=${log_book_id}?org_msn_id=${org_msn_id}&aerotype=Aeroops`;
    let p = await b.open(here);
    p = await p.click(`Sign page ${page.page_no}`);
    expect(dialogTitle(p)).toBe(`Sign page ${page.page_no}`);
    expect([...dialog(p).querySelectorAll("input[name=meaning]")].map((r) => r.getAttribute("value"))).toEqual(["Performed", "Inspected"]);
    p = await signForm(p, "Inspected", PASSWORD).submit("Sign");
    expect(p.toast()).toBe(`Signed version 1 of page ${page.page_no} of ${title}.`);
    // The page's signatures: the row under the page's own.
    const signatures = clean(p.doc.querySelector(`[aria-label="Signatures of page ${page.page_no}"]`)?.textContent);
    expect(signatures).toContain("Signed by");
    expect(signatures).toContain("Inspected");
    expect(verifyLinks(p)).toHaveLength(1);
    // A signed page is kept: its delete is refused in the dialog.
    p = await p.click(`Delete page ${page.page_no}`);
    p = await new HttpForm(p, dialog(p).querySelector("form")!).submit("Delete page");
    expect(p.status).toBe(422);
    expect(clean(dialog(p).textContent)).toContain(`Page ${page.page_no} is signed`);

    // The profile's number: cleared, the page says why signing waits for it; saved again, Sign is back.
    let s = await b.open("/user/settings");
    s = await s.form({ button: "Save number" }).set("authorisation_number", "").submit("Save number");
    expect(s.toast()).toMatch(/^Your licence or authorisation number was (saved|removed)\.$/);
    p = await b.open(here);
    expect(p.text("[data-sign-refused]")).toBe("Signing: Add your licence or authorisation number to your profile before signing.");
    expect(p.links("main").filter((l) => l.text.startsWith("Sign page"))).toEqual([]);
    s = await b.open("/user/settings");
    s = await s.form({ button: "Save number" }).set("authorisation_number", "EASA.145.9999-ENG-01").submit("Save number");
    expect(s.toast()).toBe("Your licence or authorisation number was saved.");
    expect(s.form({ button: "Save number" }).get("authorisation_number")).toBe("EASA.145.9999-ENG-01");
    expect((await api.main("GET", "/user/me.json")).body.user.authorisation_number).toBe("EASA.145.9999-ENG-01");

    // Two-factor on: the dialog asks for the authenticator's code instead of the password.
    s = await s.form({ button: "Set up two-factor authentication" }).submit();
    const secret = s.text("[data-testid=totp-secret]")!.replace(/\s+/g, "");
    // The previous 30-second step (accepted as clock drift) leaves the current one for the signature.
    s = await s.form({ button: "Turn on two-factor authentication" }).set("code", codeAt(secret, Date.now() - 30_000)).submit();
    expect(s.toastType()).toBe("success");
    p = await (await b.open(here)).click(`Sign page ${page.page_no}`);
    expect(dialog(p).querySelector("input[name=password]")).toBeNull();
    expect(dialog(p).querySelector("input[name=totp_code]")?.getAttribute("autocomplete")).toBe("one-time-code");
    p = await new HttpForm(p, dialog(p).querySelector("form")!).check("meaning", "Performed").set("totp_code", codeAt(secret, Date.now())).submit("Sign");
    expect(p.toast()).toBe(`Signed version 1 of page ${page.page_no} of ${title}.`);
    expect(p.doc.querySelectorAll(`[aria-label="Signatures of page ${page.page_no}"] li`)).toHaveLength(2);

    // An administrator lets only administrators sign in the client's organization: the client is refused.
    const orgId = (await api.main("GET", "/user/me.json")).body.organization.id;
    const admin = await signedIn(ADMIN);
    let o = await admin.open(`/admin/organization/${orgId}`);
    const policy = o.form({ button: "Save signing policy" });
    for (const role of ["client", "member", "consultant"]) policy.check("roles", role, false);
    policy.check("roles", "admin").check("access", "su_write").check("require_authorisation", "true", false);
    o = await policy.submit("Save signing policy");
    expect(o.toastType()).toBe("success");
    const saved = o.form({ button: "Save signing policy" });
    expect([saved.get("access"), saved.get("require_authorisation")]).toEqual(["su_write", undefined]);
    expect((await api.ops("POST", "/v1/signature/policy_get", {})).body.policy).toEqual({ roles: ["admin"], access: "su_write", require_authorisation: false });
    p = await b.open(here);
    expect(p.text("[data-sign-refused]")).toMatch(/^Signing: Your role may not sign records in .+\.$/);
    // The settings show the client the policy, read-only.
    s = await b.open("/user/settings");
    expect(s.forms().filter((f) => f.buttons().includes("Save signing policy"))).toEqual([]);
    expect(s.text("main")).toMatch(/Roles that may sign\s*Administrator\s*Minimum access\s*Super User/);
  });
});
