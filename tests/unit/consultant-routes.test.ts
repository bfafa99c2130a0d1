// The consultant pages' loaders and actions, called as functions with a Request and a real embedded
// upstream (small demo seed) behind them: own profile and settings only, another consultant's id
// refused, the onboarding redirect per stage, the marketplace's role checks and dialogs, the
// consultant error rule (401 → logout, anything else → /errors/error-500), the no-JS upload.
// Fixture consultants are registered and driven through the API, as a user would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { startTestUpstream, TEST_CLIENT_UUID, DEMO_PASSWORD, type TestUpstream } from "../helpers/upstream";
import { isResponse, toastOf, toResponse } from "../helpers/portal";

process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789abcdef";
process.env.CLIENT_UUID = TEST_CLIENT_UUID;

type RouteFn = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => Promise<Response> | Response | Promise<unknown>;
type SessionUser = { id: number; email: string; role: "consultant" | "client" | "admin" | "member" | "ops_template"; username: string; first_name: string };

let t: TestUpstream;
let context: AppLoadContext;
const cookies = new Map<string, string>();
const own = new Map<string, number>();

const PW = "fixture-pass-2026";

// Route modules (imported after the environment is set).
let profileLayout: { loader: RouteFn };
let profileTab: { loader: RouteFn; action: RouteFn };
let settingsTab: { loader: RouteFn; action: RouteFn };
let settingsLayout: { loader: RouteFn };
let home: { loader: RouteFn };
let dashboard: { loader: RouteFn; action: RouteFn };
let saved: { loader: RouteFn; action: RouteFn };
let messagePage: { loader: RouteFn; action: RouteFn };
let resume: { loader: RouteFn };
let upload: { loader: RouteFn; action: RouteFn };

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${t.mainUrl}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Signs in over the API and keeps a portal session cookie for the account. */
async function signIn(email: string, password = DEMO_PASSWORD) {
  const r = await api("POST", "/users/sign_in.json", {}, { user: { email, password } });
  if (r.status !== 200) throw new Error(`sign in ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  const { commitSession, getSession } = await import("~/utils/session.server");
  const session = await getSession(new Request("http://portal.test/"));
  session.set("user", r.json.user as SessionUser);
  session.set("token", r.json.token as string);
  cookies.set(email, (await commitSession(session)).split(";")[0]!);
  return { "x-user-email": email, "x-user-token": r.json.token as string, "x-user-uuid": TEST_CLIENT_UUID };
}

async function lastMailTo(to: string) {
  const row = await t.upstream.deps.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.text;
}

/** A consultant registered and confirmed through the API (stage basic_info, no name). */
async function registerConsultant(email: string) {
  const reg = await api("POST", "/users.json", {}, { user: { email, password: PW, password_confirmation: PW, first_name: "Test", last_name: "Consultant", role: "consultant" } });
  expect(reg.status, JSON.stringify(reg.json)).toBe(200);
  const token = /token=([\w-]+)/.exec(await lastMailTo(email))?.[1];
  expect(token).toBeTruthy();
  expect((await api("POST", "/users/confirmation.json", {}, { token })).status).toBe(200);
  const headers = await signIn(email, PW);
  const landing = await api("GET", "/consultant/landing.json", headers);
  const id = (landing.json as { data: { consultant: { id: number } } }).data.consultant.id;
  own.set(email, id);
  return { headers, id };
}

function req(path: string, email: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (email) headers.set("Cookie", cookies.get(email)!);
  return new Request(`http://portal.test${path}`, { ...init, headers });
}
function form(data: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(data), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

/** Runs a loader/action; a thrown Response is answered like a returned one. */
async function run(fn: RouteFn, request: Request, params: Record<string, string | undefined> = {}): Promise<Response> {
  try {
    return toResponse(await fn({ request, context, params }));
  } catch (e) {
    if (isResponse(e)) return e;
    throw e;
  }
}
const location = (r: Response) => r.headers.get("Location");
const body = async <T = Record<string, unknown>>(r: Response) => (await r.json()) as T;

const profileOf = (email: string, id: number, tab = "overview", search = "") => req(`/consultant/profile/${id}/${tab}${search}`, email);

beforeAll(async () => {
  t = await startTestUpstream();
  // The portal's blob fetcher: signed URLs of the test upstream are absolute; relative ones go to its /_blob.
  const blob = (r: Request) => {
    const u = new URL(r.url);
    const target = u.host === "blob.internal" ? `${t.blobUrl}${u.pathname}${u.search}` : u.href;
    return fetch(new Request(target, r));
  };
  context = { upstream: { main: t.upstream.main, ops: t.upstream.ops, blob }, clientIp: "127.0.0.1", nonce: "" } as AppLoadContext;
  profileLayout = await import("~/routes/_shell.consultant+/profile");
  profileTab = await import("~/routes/_shell.consultant+/profile.$id.$tab"); // both profile routes' data and answers (__profile-data.server.tsx)
  settingsLayout = await import("~/routes/_shell.consultant+/settings");
  settingsTab = await import("~/routes/_shell.consultant+/settings.$id.$tab");
  home = await import("~/routes/_shell.consultant+/home");
  dashboard = await import("~/routes/_shell.client+/dashboard");
  saved = await import("~/routes/_shell.client+/saved");
  messagePage = await import("~/routes/_shell.client+/message");
  resume = await import("~/routes/resources+/consultant-resume.$id");
  upload = await import("~/routes/resources+/consultant-upload.$id");

  for (const email of ["consultant@demo.aero", "admin@demo.aero", "member@demo.aero", "client@demo.aero", "template@demo.aero", "onboarding-basic@demo.aero", "onboarding-profile@demo.aero", "onboarding-phone@demo.aero"]) {
    const h = await signIn(email);
    if (!email.startsWith("admin") && !email.startsWith("member") && !email.startsWith("client") && !email.startsWith("template")) {
      const l = await api("GET", "/consultant/landing.json", h);
      own.set(email, (l.json as { data: { consultant: { id: number } } }).data.consultant.id);
    }
  }
  // Another consultant of the seed: one the marketplace lists that is not Marta.
  const list = await api("GET", "/consultant/list.json?per_page=100&sort=name", { ...(await signIn("admin@demo.aero")) });
  const other = (list.json.consultants as { id: number; name: string }[]).find((c) => c.name === "James Whitfield")!;
  own.set("james", other.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("a consultant sees and edits only their own profile and settings", () => {
  const me = "consultant@demo.aero";

  it("/consultant/profile and /consultant/settings go to the consultant's own pages", async () => {
    const id = own.get(me)!;
    expect(location(await run(profileLayout.loader, req("/consultant/profile", me)))).toBe(`/consultant/profile/${id}/overview`);
    expect(location(await run(settingsLayout.loader, req("/consultant/settings", me)))).toBe(`/consultant/settings/${id}/general`);
  });

  it("shows the own profile on every tab but resume (admin viewing), which goes to documents", async () => {
    const id = own.get(me)!;
    for (const tab of ["overview", "documents", "projects"]) {
      const r = await run(profileTab.loader, profileOf(me, id, tab), { id: String(id), tab });
      expect(r.status, tab).toBe(200);
      const d = await body<{ consultant: { id: number; email?: string; comment_by_admin?: string }; self: boolean; staff: boolean }>(r);
      expect(d.consultant.id).toBe(id);
      expect(d.self).toBe(true);
      expect(d.staff).toBe(false);
      // Notes and rates are for non-consultant viewers only.
      expect(d.consultant.comment_by_admin).toBeUndefined();
    }
    expect(location(await run(profileTab.loader, profileOf(me, id, "resume"), { id: String(id), tab: "resume" }))).toBe(`/consultant/profile/${id}/documents`);
    expect(location(await run(profileTab.loader, profileOf(me, id, "bogus"), { id: String(id), tab: "bogus" }))).toBe("/page/page-404");
  });

  it("refuses another consultant's id in the URL, on pages and actions, and changes nothing", async () => {
    const other = own.get("james")!;
    for (const tab of ["overview", "documents", "projects", "resume"]) {
      expect(location(await run(profileTab.loader, profileOf(me, other, tab), { id: String(other), tab }))).toBe("/errors/error-401");
    }
    for (const tab of ["general", "phone", "notifications", "activate", "deactivate"]) {
      expect(location(await run(settingsTab.loader, req(`/consultant/settings/${other}/${tab}`, me), { id: String(other), tab }))).toBe("/errors/error-401");
    }
    const post = await run(
      profileTab.action,
      req(`/consultant/profile/${other}/overview`, me, form({ intent: "save_profile", name: "Hijacked", city: "X", country: "Y" })),
      { id: String(other), tab: "overview" },
    );
    expect(location(post)).toBe("/errors/error-401");
    const deact = await run(settingsTab.action, req(`/consultant/settings/${other}/deactivate`, me, form({ intent: "deactivate" })), { id: String(other), tab: "deactivate" });
    expect(location(deact)).toBe("/errors/error-401");
    const row = await t.upstream.deps.db.selectFrom("consultants").select(["name", "active"]).where("id", "=", other).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "James Whitfield", active: 1 });
  });

  it("edits the own profile: a type that is not 1 clears its subtype (the field is always sent without JS)", async () => {
    const id = own.get(me)!;
    const before = await t.upstream.deps.db.selectFrom("consultants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const fd = new URLSearchParams({
      intent: "save_profile",
      name: before.name,
      city: "Kraków",
      country: before.country,
      summary: before.summary,
      aircraft_type: "1",
      aircraft_sub_type: "A320 Family, A330",
      // helicopter_type unchecked: its subtype is sent but must be cleared
      helicopter_sub_type: "H145",
      power_plant_type: "1",
      power_plant_sub_type: before.power_plant_sub_type,
    });
    fd.append("services", "Record Review");
    fd.append("services", "Redelivery");
    const r = await run(profileTab.action, req(`/consultant/profile/${id}/overview`, me, { method: "POST", body: fd }), { id: String(id), tab: "overview" });
    expect(r.status).toBe(302);
    expect(location(r)).toBe(`/consultant/profile/${id}/overview`);
    expect((await toastOf(r))?.description).toBe("Your profile is saved.");
    const after = await t.upstream.deps.db.selectFrom("consultants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.city).toBe("Kraków");
    expect(after.aircraft_sub_type).toBe("A320 Family, A330");
    expect(after.helicopter_type).toBe("0");
    expect(after.helicopter_sub_type).toBe("");
    expect(JSON.parse(after.services)).toEqual(["Record Review", "Redelivery"]);
  });

  it("refuses an invalid profile with the field's message and changes nothing", async () => {
    const id = own.get(me)!;
    const r = await run(profileTab.action, req(`/consultant/profile/${id}/overview`, me, form({ intent: "save_profile", name: "", city: "X", country: "Y" })), {
      id: String(id),
      tab: "overview",
    });
    expect(r.status).toBe(400);
    const d = await body<{ result: { error: Record<string, string[]> } }>(r);
    expect(d.result.error.name).toEqual(["Enter your name."]);
  });

  it("sends a message to the administrators and sets its own availability dates (end before start refused)", async () => {
    const id = own.get(me)!;
    const sent = await run(profileTab.action, req(`/consultant/profile/${id}/overview?dialog=message`, me, form({ intent: "message", message_to_admin: "Line one\nLine two" })), {
      id: String(id),
      tab: "overview",
    });
    expect(location(sent)).toBe(`/consultant/profile/${id}/overview`);
    expect((await toastOf(sent))?.description).toBe("Your message was sent to the administrators.");
    // An empty message (blank lines only) is refused with its message, and the dialog stays open.
    const empty = await run(profileTab.action, req(`/consultant/profile/${id}/overview?dialog=message`, me, form({ intent: "message", message_to_admin: " \n " })), { id: String(id), tab: "overview" });
    expect(empty.status).toBe(400);
    expect((await body<{ intent: string; result: { error: Record<string, string[]> } }>(empty)).result.error.message_to_admin).toEqual(["Write a message to the administrators."]);

    const bad = await run(
      profileTab.action,
      req(`/consultant/profile/${id}/overview?dialog=availability`, me, form({ intent: "availability", available_start_date: "2027-02-01", available_end_date: "2027-01-01" })),
      { id: String(id), tab: "overview" },
    );
    expect(bad.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(bad)).result.error.available_end_date).toEqual(["The end date cannot be before the start date."]);

    const good = await run(
      profileTab.action,
      req(`/consultant/profile/${id}/overview?dialog=availability`, me, form({ intent: "availability", available_start_date: "2027-02-01", available_end_date: "2027-03-01" })),
      { id: String(id), tab: "overview" },
    );
    expect(location(good)).toBe(`/consultant/profile/${id}/overview`);
    const row = await t.upstream.deps.db.selectFrom("consultants").select(["available_start_date", "available_end_date"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ available_start_date: "2027-02-01", available_end_date: "2027-03-01" });
  });

  it("may not use the staff controls on its own profile (approve is refused by the portal)", async () => {
    const id = own.get(me)!;
    const r = await run(profileTab.action, req(`/consultant/profile/${id}/overview`, me, form({ intent: "approve", id: String(id) })), { id: String(id), tab: "overview" });
    expect(location(r)).toBe("/errors/error-401");
  });

  it("adds and deletes its own projects", async () => {
    const id = own.get(me)!;
    const added = await run(
      profileTab.action,
      req(`/consultant/profile/${id}/projects`, me, form({ intent: "add_project", title: "Unit test project", start_date: "2025-01-10", end_date: "2025-02-10" })),
      { id: String(id), tab: "projects" },
    );
    expect(location(added)).toBe(`/consultant/profile/${id}/projects`);
    const p = await t.upstream.deps.db.selectFrom("consultant_projects").select("id").where("consultant_id", "=", id).where("title", "=", "Unit test project").executeTakeFirstOrThrow();
    const del = await run(profileTab.action, req(`/consultant/profile/${id}/projects`, me, form({ intent: "delete_project", pid: String(p.id), _js: "1" })), { id: String(id), tab: "projects" });
    expect(del.status).toBe(200);
    expect(await body(del)).toMatchObject({ ok: true, message: "The project is deleted." });
  });

  it("uploads a photo without JS: the multipart post is streamed to the blob store and saved", async () => {
    const id = own.get(me)!;
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const fd = new FormData();
    fd.append("intent", "upload");
    fd.append("kind", "photo");
    fd.append("file", new Blob([png], { type: "image/png" }), "My Photo (1).png");
    const r = await run(profileTab.action, req(`/consultant/profile/${id}/documents`, me, { method: "POST", body: fd }), { id: String(id), tab: "documents" });
    expect(location(r)).toBe(`/consultant/profile/${id}/documents`);
    expect(await toastOf(r)).toMatchObject({ type: "success", description: "Your profile is saved." });
    const row = await t.upstream.deps.db.selectFrom("consultants").select("photo_key").where("id", "=", id).executeTakeFirstOrThrow();
    // The one upload file-name rule (app/models/file-names.ts): special characters become "_".
    expect(row.photo_key).toMatch(new RegExp(`^consultants/${id}/photo/[\\w-]+/My Photo _1_\\.png$`));
    expect((await t.upstream.deps.blob.stat(row.photo_key!))?.size).toBe(png.length);

    const bad = new FormData();
    bad.append("intent", "upload");
    bad.append("kind", "resume");
    bad.append("file", new Blob([png], { type: "image/png" }), "cv.png");
    const refused = await run(profileTab.action, req(`/consultant/profile/${id}/documents`, me, { method: "POST", body: bad }), { id: String(id), tab: "documents" });
    expect(await toastOf(refused)).toMatchObject({ type: "error", description: "The resume must be a pdf, doc, docx file." });

    const noKind = new FormData();
    noKind.append("intent", "upload");
    noKind.append("file", new Blob([png], { type: "image/png" }), "a.png");
    const unknown = await run(profileTab.action, req(`/consultant/profile/${id}/documents`, me, { method: "POST", body: noKind }), { id: String(id), tab: "documents" });
    expect(await toastOf(unknown)).toMatchObject({ type: "error", description: "Choose whether you upload a photo or a resume." });
    const noFile = new FormData();
    noFile.append("intent", "upload");
    noFile.append("kind", "photo");
    noFile.append("file", new Blob([], { type: "application/octet-stream" }), "");
    const empty = await run(profileTab.action, req(`/consultant/profile/${id}/documents`, me, { method: "POST", body: noFile }), { id: String(id), tab: "documents" });
    expect(await toastOf(empty)).toMatchObject({ type: "error", description: "Choose a photo file to upload." });
  });

  it("gets an upload link for the JS upload and saves the key it uploaded (JSON, the toast for the next page)", async () => {
    const id = own.get(me)!;
    const post = (b: unknown, email: string | null = me) =>
      run(upload.action, req(`/resources/consultant-upload/${id}`, email, { method: "POST", body: JSON.stringify(b), headers: { "Content-Type": "application/json" } }), { id: String(id) });
    const r = await post({ op: "link", kind: "resume" });
    expect(r.status).toBe(200);
    const link = await body<{ url: string; url_fields: Record<string, string>; key_prefix: string }>(r);
    expect(link.key_prefix).toMatch(new RegExp(`^consultants/${id}/resume/`));
    const fd = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) fd.append(k, k === "key" ? `${link.key_prefix}cv.pdf` : v);
    fd.append("file", new Blob(["%PDF-1.4 test"], { type: "application/pdf" }), "cv.pdf");
    const stored = await fetch(link.url, { method: "POST", body: fd });
    expect(stored.status).toBeLessThan(300);
    const save = await post({ op: "save", kind: "resume", key: `${link.key_prefix}cv.pdf` });
    expect(save.status).toBe(200);
    expect(await toastOf(save)).toMatchObject({ type: "success" });
    expect(await body(save)).toMatchObject({ message: expect.any(String) });
    const row = await t.upstream.deps.db.selectFrom("consultants").select("resume_key").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.resume_key).toBe(`${link.key_prefix}cv.pdf`);

    // Refusals are JSON a script can read, never a redirect to a page.
    expect((await post({ op: "link", kind: "video" })).status).toBe(422);
    const signedOut = await post({ op: "link", kind: "photo" }, null);
    expect(signedOut.status).toBe(401);
    expect(await body(signedOut)).toEqual({ error: "Your session has ended: sign in again." });
    const other = await run(upload.action, req(`/resources/consultant-upload/${id + 1000}`, me, { method: "POST", body: JSON.stringify({ op: "link", kind: "photo" }) }), {
      id: String(id + 1000),
    });
    expect(other.status).toBe(403);
  });
});

describe("the onboarding redirect by stage (spec §4), one test per stage", () => {
  const expectRedirect = async (email: string, to: (id: number) => string) => {
    const id = own.get(email)!;
    const target = to(id);
    // From home, the profile and the settings pages, to the stage's page.
    expect(location(await run(home.loader, req("/consultant/home", email))), "home").toBe(target);
    if (target !== `/consultant/profile/${id}/overview`) {
      expect(location(await run(profileTab.loader, profileOf(email, id), { id: String(id), tab: "overview" })), "overview").toBe(target);
    }
    if (target !== `/consultant/settings/${id}/general`) {
      expect(location(await run(settingsTab.loader, req(`/consultant/settings/${id}/general`, email), { id: String(id), tab: "general" })), "general").toBe(target);
    }
    // The stage's page itself answers (no loop).
    const [, area, , tab] = target.split("/").slice(1);
    const page = area === "profile" ? profileTab : settingsTab;
    expect((await run(page.loader, req(target, email), { id: String(id), tab })).status).toBe(200);
  };

  it("no name / basic_info → general settings", async () => {
    await expectRedirect("onboarding-basic@demo.aero", (id) => `/consultant/settings/${id}/general`);
  });

  it("a freshly registered consultant (basic_info, no name) too; saving the general settings moves on to the profile", async () => {
    const email = "fresh.consultant@unit.test";
    const { id } = await registerConsultant(email);
    await expectRedirect(email, () => `/consultant/settings/${id}/general`);
    const r = await run(settingsTab.action, req(`/consultant/settings/${id}/general`, email, form({ intent: "general", name: "Fresh Consultant", city: "Oslo", country: "Norway" })), {
      id: String(id),
      tab: "general",
    });
    expect(location(r)).toBe(`/consultant/profile/${id}/overview`);
    expect((await toastOf(r))?.description).toBe("Your general settings are saved.");
  });

  it("profile → profile overview", async () => {
    await expectRedirect("onboarding-profile@demo.aero", (id) => `/consultant/profile/${id}/overview`);
  });

  it("verify_phone → phone settings", async () => {
    await expectRedirect("onboarding-phone@demo.aero", (id) => `/consultant/settings/${id}/phone`);
  });

  it("otp_sent → phone settings (after a code was sent from the phone page)", async () => {
    const email = "onboarding-phone@demo.aero";
    const id = own.get(email)!;
    const r = await run(settingsTab.action, req(`/consultant/settings/${id}/phone`, email, form({ intent: "send_code", phone_number_with_country_code: "+351 912 345 678" })), {
      id: String(id),
      tab: "phone",
    });
    expect(location(r)).toBe(`/consultant/settings/${id}/phone`);
    expect((await toastOf(r))?.description).toMatch(/6-digit code/);
    expect((await t.upstream.deps.db.selectFrom("consultants").select("stage").where("id", "=", id).executeTakeFirstOrThrow()).stage).toBe("otp_sent");
    await expectRedirect(email, () => `/consultant/settings/${id}/phone`);
  });

  it("otp_verified → phone settings (a verified phone with the profile step left incomplete)", async () => {
    const email = "otp.verified@unit.test";
    const { id, headers } = await registerConsultant(email);
    // Through the portal's own forms: general → profile (summary and a type) → phone code → verify.
    await run(settingsTab.action, req(`/consultant/settings/${id}/general`, email, form({ intent: "general", name: "Otto Verified", city: "Hamburg", country: "Germany" })), { id: String(id), tab: "general" });
    const prof = await run(
      profileTab.action,
      req(`/consultant/profile/${id}/overview`, email, form({ intent: "save_profile", name: "Otto Verified", city: "Hamburg", country: "Germany", summary: "Records.", aircraft_type: "1", aircraft_sub_type: "A320" })),
      { id: String(id), tab: "overview" },
    );
    expect(location(prof)).toBe(`/consultant/settings/${id}/phone`);
    await run(settingsTab.action, req(`/consultant/settings/${id}/phone`, email, form({ intent: "send_code", phone_number_with_country_code: "+49 151 2345 6789" })), { id: String(id), tab: "phone" });
    // Empty the summary again (allowed; the stage never goes back): the profile step is incomplete.
    expect((await api("POST", `/consultant/${id}/profile_update.json`, headers, { consultant: { summary: "" } })).status).toBe(200);
    const code = /is (\d{6})\./.exec(await lastMailTo(email))![1]!;
    const v = await run(settingsTab.action, req(`/consultant/settings/${id}/phone`, email, form({ intent: "verify_code", code })), { id: String(id), tab: "phone" });
    expect(location(v)).toBe(`/consultant/settings/${id}/phone`);
    expect((await toastOf(v))?.description).toBe("Your phone number is verified.");
    expect((await t.upstream.deps.db.selectFrom("consultants").select("stage").where("id", "=", id).executeTakeFirstOrThrow()).stage).toBe("otp_verified");
    await expectRedirect(email, () => `/consultant/settings/${id}/phone`);
  });

  it("account_locked → notifications settings (after five wrong codes)", async () => {
    const email = "locked.out@unit.test";
    const { id, headers } = await registerConsultant(email);
    await api("POST", `/consultant/${id}/settings/general.json`, headers, { name: "Lock Ed", city: "Rome", country: "Italy" });
    await api("POST", `/consultant/${id}/profile_update.json`, headers, { consultant: { summary: "Records.", aircraft_type: "1" } });
    await api("POST", `/consultant/${id}/settings/phone.json`, headers, { phone_number_with_country_code: "+39 312 345 6789" });
    let last: Response | null = null;
    for (let i = 0; i < 5; i++) {
      last = await run(settingsTab.action, req(`/consultant/settings/${id}/phone`, email, form({ intent: "verify_code", code: "000000" })), { id: String(id), tab: "phone" });
      if (i < 4) {
        expect(last.status).toBe(400);
        expect(JSON.stringify(await body(last))).toContain("That code is not correct or has expired.");
      }
    }
    expect(location(last!)).toBe(`/consultant/settings/${id}/notifications`);
    expect((await toastOf(last!))?.description).toBe("Too many wrong codes: your account is locked. Please contact an administrator.");
    await expectRedirect(email, () => `/consultant/settings/${id}/notifications`);
    // An administrator's activation unlocks it.
    const admin = await run(settingsTab.action, req(`/consultant/settings/${id}/activate`, "admin@demo.aero", form({ intent: "activate" })), { id: String(id), tab: "activate" });
    expect((await toastOf(admin))?.description).toMatch(/unlocked/);
  });

  it("complete → no redirect", async () => {
    const r = await run(home.loader, req("/consultant/home", "consultant@demo.aero"));
    expect(r.status).toBe(200);
  });
});

describe("the marketplace (/client/dashboard, /client/saved, /client/message)", () => {
  it("refuses consultants and ops_template with /errors/error-401", async () => {
    for (const email of ["consultant@demo.aero", "template@demo.aero"]) {
      for (const [mod, path] of [
        [dashboard, "/client/dashboard"],
        [saved, "/client/saved"],
        [messagePage, "/client/message"],
      ] as const) {
        expect(location(await run(mod.loader, req(path, email))), `${email} ${path}`).toBe("/errors/error-401");
        expect(location(await run(mod.action, req(path, email, form({ intent: "like", id: "1" })))), `${email} ${path} post`).toBe("/errors/error-401");
      }
    }
  });

  it("lists cards filtered and sorted from the URL, paged", async () => {
    const r = await run(dashboard.loader, req("/client/dashboard?type=helicopter&sort=name&availability=available", "client@demo.aero"));
    const d = await body<{ list: { consultants: { name: string; availability_status: boolean | null; helicopter_sub_type: string }[]; total: number; per_page: number } }>(r);
    expect(d.list.per_page).toBe(12);
    expect(d.list.consultants.length).toBeGreaterThan(0);
    for (const c of d.list.consultants) {
      expect(c.availability_status).toBe(true);
      expect(c.helicopter_sub_type).not.toBe("");
    }
    const names = d.list.consultants.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("a client approves too (every non-consultant viewer, spec 000 §1); a consultant is refused before the upstream", async () => {
    const james = String(own.get("james"));
    const back = "/client/dashboard";
    const r = await run(dashboard.action, req(back, "client@demo.aero", form({ intent: "disapprove", id: james, redirectTo: back })));
    expect(location(r)).toBe(back);
    expect(await toastOf(r)).toMatchObject({ type: "success", description: "The consultant is disapproved." });
    const before = await t.upstream.deps.db.selectFrom("audit_log").select((eb) => eb.fn.max("id").as("max")).executeTakeFirstOrThrow();
    for (const intent of ["approve", "disapprove", "availability", "notes"]) {
      const refused = await run(dashboard.action, req(back, "consultant@demo.aero", form({ intent, id: james, available_start_date: "2027-01-01", comment_by_admin: "x", daily_rate_onsite: "1", daily_rate_offsite: "1" })));
      expect(location(refused), intent).toBe("/errors/error-401");
    }
    const audit = await t.upstream.deps.db.selectFrom("audit_log").select("action").where("entity_id", "=", james).where("id", ">", Number(before.max ?? 0)).execute();
    expect(audit).toHaveLength(0);
  });

  it("an admin approves and disapproves: a redirect back without JS, JSON for a fetcher", async () => {
    const james = String(own.get("james"));
    const back = "/client/dashboard?sort=name&page=1";
    const r = await run(dashboard.action, req(back, "admin@demo.aero", form({ intent: "disapprove", id: james, redirectTo: back })));
    expect(location(r)).toBe(back);
    expect(await toastOf(r)).toMatchObject({ type: "success", description: "The consultant is disapproved." });
    const j = await run(dashboard.action, req(back, "admin@demo.aero", form({ intent: "approve", id: james, redirectTo: back, _js: "1" })));
    expect(j.status).toBe(200);
    expect(await body(j)).toEqual({ ok: true, message: "The consultant is approved." });
    expect((await t.upstream.deps.db.selectFrom("consultants").select("approval_status").where("id", "=", Number(james)).executeTakeFirstOrThrow()).approval_status).toBe("verified");
  });

  it("an admin sets availability: an end before the start is refused; then the available call runs before the profile save", async () => {
    const james = own.get("james")!;
    const page = `/client/dashboard?dialog=availability&consultant=${james}`;
    const open = await body<{ dialog: { dialog: string; consultant: { id: number } } }>(await run(dashboard.loader, req(page, "admin@demo.aero")));
    expect(open.dialog).toMatchObject({ dialog: "availability", consultant: { id: james } });
    // A client asking for the dialog gets it too (every non-consultant viewer).
    expect((await body<{ dialog: unknown }>(await run(dashboard.loader, req(page, "client@demo.aero")))).dialog).toMatchObject({ dialog: "availability" });

    const bad = await run(
      dashboard.action,
      req(page, "admin@demo.aero", form({ intent: "availability", id: String(james), availability_status: "not_available", available_start_date: "2027-05-10", available_end_date: "2027-05-01", closeTo: "/client/dashboard" })),
    );
    expect(bad.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(bad)).result.error.available_end_date).toEqual(["The end date cannot be before the start date."]);

    const before = await t.upstream.deps.db.selectFrom("audit_log").select((eb) => eb.fn.max("id").as("max")).executeTakeFirstOrThrow();
    const good = await run(
      dashboard.action,
      req(page, "admin@demo.aero", form({ intent: "availability", id: String(james), availability_status: "not_available", available_start_date: "2027-05-10", available_end_date: "2027-06-01", closeTo: "/client/dashboard" })),
    );
    expect(location(good)).toBe("/client/dashboard");
    expect((await toastOf(good))?.description).toBe("The consultant is marked as not available.\nThe consultant's profile is saved.");
    const row = await t.upstream.deps.db.selectFrom("consultants").select(["availability_status", "available_start_date", "available_end_date"]).where("id", "=", james).executeTakeFirstOrThrow();
    expect(row).toEqual({ availability_status: 0, available_start_date: "2027-05-10", available_end_date: "2027-06-01" });
    const audit = await t.upstream.deps.db
      .selectFrom("audit_log")
      .select(["action", "id"])
      .where("entity_id", "=", String(james))
      .where("id", ">", Number(before.max ?? 0))
      .orderBy("id")
      .execute();
    const actions = audit.map((a) => a.action).filter((a) => a === "consultant.not_available" || a === "consultant.profile.update");
    expect(actions).toEqual(["consultant.not_available", "consultant.profile.update"]);
  });

  it("an admin sets notes and rates (all required)", async () => {
    const james = own.get("james")!;
    const page = `/client/dashboard?dialog=notes&consultant=${james}`;
    const missing = await run(dashboard.action, req(page, "admin@demo.aero", form({ intent: "notes", id: String(james), comment_by_admin: "", daily_rate_onsite: "", daily_rate_offsite: "700" })));
    expect(missing.status).toBe(400);
    const err = (await body<{ result: { error: Record<string, string[]> } }>(missing)).result.error;
    expect(err.comment_by_admin).toEqual(["Write a note about the consultant."]);
    expect(err.daily_rate_onsite).toEqual(["Enter the onsite daily rate."]);
    const good = await run(dashboard.action, req(page, "admin@demo.aero", form({ intent: "notes", id: String(james), comment_by_admin: "Strong on wide-body.", daily_rate_onsite: "1250", daily_rate_offsite: "800.5", closeTo: "/client/dashboard" })));
    expect(location(good)).toBe("/client/dashboard");
    const row = await t.upstream.deps.db.selectFrom("consultants").select(["comment_by_admin", "daily_rate_onsite", "daily_rate_offsite"]).where("id", "=", james).executeTakeFirstOrThrow();
    expect(row).toEqual({ comment_by_admin: "Strong on wide-body.", daily_rate_onsite: 1250, daily_rate_offsite: 800.5 });
  });

  it("a client likes a consultant and finds it under Saved, then unlikes it", async () => {
    const james = String(own.get("james"));
    const like = await run(dashboard.action, req("/client/dashboard", "client@demo.aero", form({ intent: "like", id: james, _js: "1" })));
    expect(await body(like)).toEqual({ ok: true, message: "The consultant is saved to your list." });
    const list = await body<{ list: { consultants: { id: number; liked: boolean }[] } }>(await run(saved.loader, req("/client/saved", "client@demo.aero")));
    expect(list.list.consultants.find((c) => c.id === Number(james))?.liked).toBe(true);
    const unlike = await run(saved.action, req("/client/saved", "client@demo.aero", form({ intent: "unlike", id: james, redirectTo: "/client/saved" })));
    expect(location(unlike)).toBe("/client/saved");
    const after = await body<{ list: { consultants: { id: number }[] } }>(await run(saved.loader, req("/client/saved", "client@demo.aero")));
    expect(after.list.consultants.some((c) => c.id === Number(james))).toBe(false);
  });

  it("a client writes to a consultant and sees it under Sent", async () => {
    const james = own.get("james")!;
    const page = await body<{ recipient: { id: number; name: string } }>(await run(messagePage.loader, req(`/client/message?to=${james}`, "client@demo.aero")));
    expect(page.recipient).toEqual({ id: james, name: "James Whitfield" });
    const r = await run(messagePage.action, req("/client/message", "client@demo.aero", form({ consultant_id: String(james), body: "Are you free in May?" })));
    expect(location(r)).toBe("/client/message?box=sent");
    const sent = await body<{ messages: { sent: { body: string; to: { name: string } }[] } }>(await run(messagePage.loader, req("/client/message?box=sent", "client@demo.aero")));
    expect(sent.messages.sent[0]).toMatchObject({ body: "Are you free in May?", to: { name: "James Whitfield" } });
  });

  it("resume download: a signed link, or back with 'Resume not uploaded'", async () => {
    const james = own.get("james")!;
    const r = await run(resume.loader, req(`/resources/consultant-resume/${james}?back=/client/saved`, "client@demo.aero"), { id: String(james) });
    expect(r.status).toBe(302);
    expect(location(r)).toMatch(/\/o\/consultants\//);
    const carlos = await t.upstream.deps.db.selectFrom("consultants").select("id").where("name", "=", "Carlos Mendoza").executeTakeFirstOrThrow();
    const none = await run(resume.loader, req(`/resources/consultant-resume/${carlos.id}?back=/client/saved`, "client@demo.aero"), { id: String(carlos.id) });
    expect(location(none)).toBe("/client/saved");
    expect(await toastOf(none)).toMatchObject({ type: "error", description: "Resume not uploaded" });
  });
});

describe("staff viewing profiles, and the consultant error rule (spec §8)", () => {
  it("admin and member view any profile including the resume tab, with notes and rates", async () => {
    const james = own.get("james")!;
    for (const email of ["admin@demo.aero", "member@demo.aero"]) {
      const r = await run(profileTab.loader, profileOf(email, james, "resume"), { id: String(james), tab: "resume" });
      expect(r.status).toBe(200);
      const d = await body<{ consultant: { comment_by_admin?: string; resume_edited: { url: string | null } }; staff: boolean }>(r);
      expect(d.staff).toBe(true);
      expect(typeof d.consultant.comment_by_admin).toBe("string");
      expect(d.consultant.resume_edited.url).toBeTruthy();
    }
    // Clients browse profiles (the market view: the notes and rates shown on the cards, not the e-mail), but not the resume tab.
    const market = await run(profileTab.loader, profileOf("client@demo.aero", james), { id: String(james), tab: "overview" });
    expect(market.status).toBe(200);
    const m = await body<{ consultant: { email?: string; message_to_admin?: string }; staff: boolean; self: boolean }>(market);
    expect(m).toMatchObject({ staff: false, self: false });
    expect(m.consultant.email).toBeUndefined();
    expect(m.consultant.message_to_admin).toBeUndefined();
    expect(location(await run(profileTab.loader, profileOf("client@demo.aero", james, "resume"), { id: String(james), tab: "resume" }))).toBe(`/consultant/profile/${james}/overview`);
  });

  it("any failure of a consultant call other than 401 goes to /errors/error-500", async () => {
    const r = await run(profileTab.loader, profileOf("admin@demo.aero", 987654), { id: "987654", tab: "overview" });
    expect(location(r)).toBe("/errors/error-500");
    const like = await run(dashboard.action, req("/client/dashboard", "client@demo.aero", form({ intent: "like", id: "987654" })));
    expect(location(like)).toBe("/errors/error-500");
  });

  it("a 401 of a consultant call logs out: the session is cleared and the user goes to login", async () => {
    const email = "consultant@demo.aero";
    const { commitSession, getSession } = await import("~/utils/session.server");
    const session = await getSession(new Request("http://portal.test/", { headers: { Cookie: cookies.get(email)! } }));
    session.set("token", "not-a-valid-token");
    const bad = (await commitSession(session)).split(";")[0]!;
    const r = await run(home.loader, new Request("http://portal.test/consultant/home", { headers: { Cookie: bad } }));
    expect(location(r)).toMatch(/^\/auth\/login/);
    const id = own.get(email)!;
    const r2 = await run(profileTab.loader, new Request(`http://portal.test/consultant/profile/${id}/overview`, { headers: { Cookie: bad } }), { id: String(id), tab: "overview" });
    expect(location(r2)).toMatch(/^\/auth\/login/);
    expect(r2.headers.get("Set-Cookie")).toMatch(/__session=;/);
    // Like and unlike too (spec §8 "Like or unlike: 401 triggers the shared logout").
    const clientSession = await getSession(new Request("http://portal.test/", { headers: { Cookie: cookies.get("client@demo.aero")! } }));
    clientSession.set("token", "not-a-valid-token");
    const badClient = (await commitSession(clientSession)).split(";")[0]!;
    const like = await run(
      dashboard.action,
      new Request("http://portal.test/client/dashboard", { method: "POST", body: new URLSearchParams({ intent: "like", id: String(own.get("james")) }), headers: { Cookie: badClient } }),
    );
    expect(location(like)).toMatch(/^\/auth\/login/);
  });

  it("a signed-out visitor goes to login", async () => {
    const r = await run(profileTab.loader, req("/consultant/profile/1/overview", null), { id: "1", tab: "overview" });
    expect(location(r)).toBe("/auth/login?redirectTo=%2Fconsultant%2Fprofile%2F1%2Foverview");
  });
});
