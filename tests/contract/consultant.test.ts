// Contract tests of the consultant and client calls (docs/api/consultant.md), over HTTP against the
// embedded upstream. Fixtures: own accounts created through the account module (no demo seed), so
// the tests do not depend on the seed's content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { callUpstream, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { createUserAccount } from "../../upstream/main/accounts";
import {
  EmailAnswer,
  LandingAnswer,
  LikeAnswer,
  MarketplaceAnswer,
  MessageAnswer,
  MessagesAnswer,
  ProfileAnswer,
  ProfileUpdateAnswer,
  ProjectCreateAnswer,
  ProjectsAnswer,
  RateAnswer,
  ResumeAnswer,
  SavedAnswer,
  SettingsAnswer,
  SettingsUpdateAnswer,
  UploadLinkAnswer,
} from "../../app/models/schemas/consultant";
import { CONSULTANT_MESSAGES as MSG } from "../../app/models/consultant-rules";

const PW = "fixture-pass-2026";
let t: TestUpstream;
type Headers = Record<string, string>;
const H: Record<"admin" | "member" | "client" | "client2" | "template" | "consA" | "consB" | "consNew", Headers> = {} as never;
const ids = { consA: 0, consB: 0, consNew: 0, consHidden: 0, consBlank: 0, clientUser: 0 };

async function call(method: "GET" | "POST", path: string, headers: Headers, body?: unknown) {
  const r = await callUpstream(`${t.mainUrl}${path}`, method, headers, body);
  return { status: r.status, json: r.body };
}
const get = (path: string, h: Headers) => call("GET", path, h);
const post = (path: string, h: Headers, body: unknown = {}) => call("POST", path, h, body);
function ok<S extends z.ZodTypeAny>(schema: S, r: { status: number; json: unknown }): z.infer<S> {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return schema.parse(r.json);
}
function refused(r: { status: number; json: Record<string, unknown> }, status = 422) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(typeof r.json.error).toBe("string");
  return r.json.error as string;
}

async function account(role: "admin" | "member" | "client" | "consultant" | "ops_template", email: string, first: string, last: string) {
  return createUserAccount(t.upstream.deps, { email, password: PW, role, first_name: first, last_name: last });
}

/** A consultant with a filled profile, written straight to the database (fixture only). */
async function fixtureConsultant(i: number, p: Partial<{ name: string; country: string; services: string[]; availability: number | null; approval: "verified" | "disapproved" | "undecided"; active: number; created_at: string }>) {
  const { consultantId } = await account("consultant", `pool${i}@fixture.test`, `Pool${i}`, "Consultant");
  await t.upstream.deps.db
    .updateTable("consultants")
    .set({
      name: p.name ?? `Pool ${String(i).padStart(2, "0")}`,
      city: "City",
      country: p.country ?? "France",
      summary: "Records specialist.",
      aircraft_type: "1",
      aircraft_sub_type: "A320",
      services: JSON.stringify(p.services ?? ["Record Review"]),
      availability_status: p.availability === undefined ? null : p.availability,
      approval_status: p.approval ?? "undecided",
      active: p.active ?? 1,
      stage: "complete",
      phone_verified: 1,
      created_at: p.created_at ?? `2025-01-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
    })
    .where("id", "=", consultantId!)
    .execute();
  return consultantId!;
}

async function lastMailTo(to: string) {
  return t.upstream.deps.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").executeTakeFirst();
}

async function uploadTo(link: z.infer<typeof UploadLinkAnswer>, filename: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(link.url, { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return `${link.key_prefix}${filename}`;
}

beforeAll(async () => {
  t = await startTestUpstream({ seed: false });
  await account("admin", "admin@fixture.test", "Ada", "Admin");
  await account("member", "member@fixture.test", "Max", "Member");
  ids.clientUser = (await account("client", "client@fixture.test", "Cleo", "Client")).id;
  await account("client", "client2@fixture.test", "Carl", "Client");
  await account("ops_template", "template@fixture.test", "Tim", "Template");
  ids.consA = (await account("consultant", "cons-a@fixture.test", "Ana", "Ruiz")).consultantId!;
  ids.consB = (await account("consultant", "cons-b@fixture.test", "Ben", "Okoro")).consultantId!;
  ids.consNew = (await account("consultant", "cons-new@fixture.test", "Nia", "New")).consultantId!;
  // Consultant A: a finished profile; B: a finished profile too.
  for (const [id, name, country] of [[ids.consA, "Ana Ruiz", "Spain"], [ids.consB, "Ben Okoro", "Nigeria"]] as const) {
    await t.upstream.deps.db.updateTable("consultants").set({
      name, city: "Capital", country, summary: "Twenty years of records.", aircraft_type: "1", aircraft_sub_type: "A330",
      services: JSON.stringify(["Record Review", "Physical Inspection"]), stage: "complete", phone_verified: 1,
      phone_number_with_country_code: "+34600000001", comment_by_admin: "Reliable.", daily_rate_onsite: 800, daily_rate_offsite: 500,
    }).where("id", "=", id).execute();
  }
  H.admin = await t.signIn("admin@fixture.test", PW);
  H.member = await t.signIn("member@fixture.test", PW);
  H.client = await t.signIn("client@fixture.test", PW);
  H.client2 = await t.signIn("client2@fixture.test", PW);
  H.template = await t.signIn("template@fixture.test", PW);
  H.consA = await t.signIn("cons-a@fixture.test", PW);
  H.consB = await t.signIn("cons-b@fixture.test", PW);
  H.consNew = await t.signIn("cons-new@fixture.test", PW);
});

afterAll(async () => {
  await t?.close();
});

describe("GET /consultant/{id}/profile.json", () => {
  it("the consultant reads their own profile without the admin's notes and rates", async () => {
    const { data } = ok(ProfileAnswer, await get(`/consultant/${ids.consA}/profile.json`, H.consA));
    expect(data.consultant).toMatchObject({ id: ids.consA, name: "Ana Ruiz", email: "cons-a@fixture.test", stage: "complete", liked: false });
    expect(data.consultant.services).toEqual(["Record Review", "Physical Inspection"]);
    expect(data.consultant).not.toHaveProperty("comment_by_admin");
    expect(data.consultant).not.toHaveProperty("daily_rate_onsite");
    expect(data.consultant.photo.url).toBeNull();
    expect(data.consultant.resume_edited.url).toBeNull();
    expect(data.consultant.approval_status).toBe("undecided");
    expect(data.consultant.availability_status).toBeNull();
  });
  it("another consultant's profile is invisible to a consultant", async () => {
    refused(await get(`/consultant/${ids.consB}/profile.json`, H.consA), 404);
  });
  it("clients see notes and rates but not the e-mail; staff see everything", async () => {
    const c = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client)).data.consultant;
    expect(c).toMatchObject({ comment_by_admin: "Reliable.", daily_rate_onsite: 800, daily_rate_offsite: 500 });
    expect(c).not.toHaveProperty("email");
    expect(c).not.toHaveProperty("message_to_admin");
    const a = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.member)).data.consultant;
    expect(a).toMatchObject({ email: "cons-b@fixture.test", comment_by_admin: "Reliable." });
  });
  it("unknown ids, malformed ids and ops_template get 404; no credentials get 401", async () => {
    refused(await get(`/consultant/999999/profile.json`, H.client), 404);
    refused(await get(`/consultant/abc/profile.json`, H.client), 404);
    refused(await get(`/consultant/${ids.consB}/profile.json`, H.template), 404);
    refused(await get(`/consultant/${ids.consB}/profile.json`, {}), 401);
  });
});

describe("POST /consultant/{id}/profile_update.json", () => {
  it("advances the onboarding stage as the steps' fields are filled", async () => {
    const first = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { name: "Nia New" } }));
    expect(first.data.consultant.stage).toBe("basic_info");
    const basic = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { city: "Lagos", country: "Nigeria" } }));
    expect(basic.message).toBe(MSG.profileSaved);
    expect(basic.data.consultant.stage).toBe("profile");
    const prof = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, {
      consultant: { summary: "Physical inspections.", helicopter_type: "1", helicopter_sub_type: "H145", services: ["physical inspection", "Records Scanning"] },
    }));
    expect(prof.data.consultant).toMatchObject({ stage: "verify_phone", helicopter_type: "1", helicopter_sub_type: "H145", services: ["Physical Inspection", "Records Scanning"] });
  });
  it('clears a subtype when its type is not "1"', async () => {
    const r = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { helicopter_type: "0", helicopter_sub_type: "ignored" } }));
    expect(r.data.consultant).toMatchObject({ helicopter_type: "0", helicopter_sub_type: "" });
    ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { aircraft_type: "1", aircraft_sub_type: "B737" } }));
  });
  it("refuses bad input and changes nothing", async () => {
    const before = ok(ProfileAnswer, await get(`/consultant/${ids.consNew}/profile.json`, H.consNew)).data.consultant;
    expect(refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { city: "Abuja", available_start_date: "2026-05-10", available_end_date: "2026-05-01" } }))).toBe("The end date cannot be before the start date.");
    refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { services: ["Teleportation"] } }));
    refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { stage: "complete" } }));
    refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { name: "" } }));
    refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: {} }));
    expect(refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { comment_by_admin: "I am great" } }))).toBe(MSG.notesRefused);
    const after = ok(ProfileAnswer, await get(`/consultant/${ids.consNew}/profile.json`, H.consNew)).data.consultant;
    expect(after).toEqual(before);
  });
  it("checks the availability end date against the stored start date, or 1920-05-04", async () => {
    ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { available_start_date: "2026-06-01", available_end_date: "2026-06-30" } }));
    expect(refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { available_end_date: "2026-05-31" } }))).toBe(MSG.endBeforeStart);
    expect(refused(await post(`/consultant/${ids.consNew}/profile_update.json`, H.consNew, { consultant: { available_start_date: "", available_end_date: "1920-05-03" } }))).toBe(MSG.endBeforeMinimum);
  });
  it("another consultant gets 404, a client 422; staff set notes, rates and availability dates only", async () => {
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.consA, { consultant: { name: "Hacked" } }), 404);
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.client, { consultant: { name: "Hacked" } }));
    // A client sets notes, rates and availability dates (spec 000 §1), not the photo or resume.
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.client, { consultant: { photo_key: "x" } }));
    const byClient = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consB}/profile_update.json`, H.client, { consultant: { comment_by_admin: "Seen by a client", daily_rate_onsite: 700 } }));
    expect(byClient.data.consultant).toMatchObject({ comment_by_admin: "Seen by a client", daily_rate_onsite: 700 });
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.admin, { consultant: { name: "Renamed" } }));
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.admin, { consultant: { comment_by_admin: "x", daily_rate_onsite: -5 } }));
    const r = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consB}/profile_update.json`, H.admin, {
      consultant: { comment_by_admin: "Top reviewer", daily_rate_onsite: "950", daily_rate_offsite: 600, available_start_date: "2026-02-01" },
    }));
    expect(r.message).toBe(MSG.profileSavedByStaff);
    expect(r.data.consultant).toMatchObject({ name: "Ben Okoro", comment_by_admin: "Top reviewer", daily_rate_onsite: 950, daily_rate_offsite: 600, available_start_date: "2026-02-01" });
    const own = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.consB)).data.consultant;
    expect(own).not.toHaveProperty("comment_by_admin");
  });
  it("a changed phone number must be verified again", async () => {
    const r = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consB}/profile_update.json`, H.consB, { consultant: { phone_number_with_country_code: "+234 800 000 0002" } }));
    expect(r.data.consultant).toMatchObject({ phone_number_with_country_code: "+2348000000002", phone_verified: false, stage: "verify_phone" });
    refused(await post(`/consultant/${ids.consB}/profile_update.json`, H.consB, { consultant: { phone_number_with_country_code: "12345" } }));
  });
});

describe("uploads: photo and resume", () => {
  it("upload_link gives a signed policy inside the consultant's prefix", async () => {
    const link = ok(UploadLinkAnswer, await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "photo" }));
    expect(link.key_prefix).toMatch(new RegExp(`^consultants/${ids.consA}/photo/[^/]+/$`));
    expect(link.max_bytes).toBe(5 * 1024 * 1024);
    refused(await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "video" }));
    refused(await post(`/consultant/${ids.consA}/upload_link.json`, H.consB, { kind: "photo" }), 404);
    refused(await post(`/consultant/${ids.consA}/upload_link.json`, H.client, { kind: "photo" }));
  });
  it("a photo key is accepted after the upload and served through a signed link; the old one is removed", async () => {
    const link1 = ok(UploadLinkAnswer, await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "photo" }));
    const key1 = await uploadTo(link1, "me.png", new Uint8Array([137, 80, 78, 71, 1, 2, 3]), "image/png");
    const r1 = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { photo_key: key1 } }));
    expect(r1.data.consultant.photo.url).toBeTruthy();
    const img = await fetch(r1.data.consultant.photo.url!);
    expect(img.status).toBe(200);
    expect(new Uint8Array(await img.arrayBuffer())).toHaveLength(7);

    const link2 = ok(UploadLinkAnswer, await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "photo" }));
    const key2 = await uploadTo(link2, "me2.jpg", new Uint8Array([255, 216, 255, 0]), "image/jpeg");
    ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { photo_key: key2 } }));
    expect(await t.upstream.deps.blob.stat(key1)).toBeNull();
    expect(await t.upstream.deps.blob.stat(key2)).not.toBeNull();
  });
  it("refuses keys outside the prefix, missing objects and wrong types (and removes the refused upload)", async () => {
    refused(await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { photo_key: `consultants/${ids.consB}/photo/x/a.png` } }));
    refused(await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { photo_key: `consultants/${ids.consA}/photo/nothing/a.png` } }));
    const link = ok(UploadLinkAnswer, await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "photo" }));
    const key = await uploadTo(link, "script.txt", new TextEncoder().encode("hello"), "text/plain");
    refused(await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { photo_key: key } }));
    expect(await t.upstream.deps.blob.stat(key)).toBeNull();
  });
  it('GET resume.json: "Resume not uploaded" until one is, then a signed download', async () => {
    expect(refused(await get(`/consultant/${ids.consA}/resume.json`, H.client))).toBe("Resume not uploaded");
    const link = ok(UploadLinkAnswer, await post(`/consultant/${ids.consA}/upload_link.json`, H.consA, { kind: "resume" }));
    expect(link.max_bytes).toBe(20 * 1024 * 1024);
    const key = await uploadTo(link, "cv.pdf", new TextEncoder().encode("%PDF-1.4 fixture"), "application/pdf");
    const r = ok(ProfileUpdateAnswer, await post(`/consultant/${ids.consA}/profile_update.json`, H.consA, { consultant: { resume_key: key } }));
    expect(r.data.consultant.resume_edited.url).toBeTruthy();
    const { url } = ok(ResumeAnswer, await get(`/consultant/${ids.consA}/resume.json`, H.admin));
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition") ?? "").toContain("attachment");
    expect(await file.text()).toBe("%PDF-1.4 fixture");
    refused(await get(`/consultant/${ids.consA}/resume.json`, H.consB), 404);
  });
});

describe("approve, disapprove, available, not available", () => {
  it("are refused to consultants (even on their own id)", async () => {
    expect(refused(await get(`/consultant/${ids.consA}/approve_consultant.json`, H.consA))).toBe(MSG.approvalRefused);
    expect(refused(await get(`/consultant/${ids.consB}/disapprove_consultant.json`, H.consA))).toBe(MSG.approvalRefused);
    expect(refused(await get(`/consultant/${ids.consB}/not_available_consultant.json`, H.consB))).toBe(MSG.availabilityRefused);
  });
  it("clients (marketplace viewers, spec 000 §1) set approval and availability", async () => {
    expect(ok(MessageAnswer, await get(`/consultant/${ids.consB}/disapprove_consultant.json`, H.client)).message).toBe(MSG.disapproved);
    ok(MessageAnswer, await get(`/consultant/${ids.consB}/not_available_consultant.json`, H.client));
    const c = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client)).data.consultant;
    expect(c).toMatchObject({ approval_status: "disapproved", availability_status: false });
  });
  it("admins and members set approval and availability", async () => {
    expect(ok(MessageAnswer, await get(`/consultant/${ids.consB}/approve_consultant.json`, H.admin)).message).toBe(MSG.approved);
    ok(MessageAnswer, await get(`/consultant/${ids.consB}/available_consultant.json`, H.member));
    let c = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client)).data.consultant;
    expect(c).toMatchObject({ approval_status: "verified", availability_status: true });
    ok(MessageAnswer, await get(`/consultant/${ids.consB}/disapprove_consultant.json`, H.member));
    ok(MessageAnswer, await get(`/consultant/${ids.consB}/not_available_consultant.json`, H.admin));
    c = ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client)).data.consultant;
    expect(c).toMatchObject({ approval_status: "disapproved", availability_status: false });
    refused(await get(`/consultant/424242/approve_consultant.json`, H.admin), 404);
    ok(MessageAnswer, await get(`/consultant/${ids.consB}/approve_consultant.json`, H.admin));
  });
});

describe("landing and e-mail", () => {
  it("GET /consultant/landing.json is the signed-in consultant with the last five projects", async () => {
    for (let i = 1; i <= 6; i++) {
      ok(ProjectCreateAnswer, await post(`/consultant/${ids.consA}/projects.json`, H.consA, {
        project: { title: `Project ${i}`, client_name: "Lessor", aircraft: "A320 MSN 100" + i, service: "Record Review", start_date: `2025-0${i}-01`, end_date: `2025-0${i}-20`, description: "" },
      }));
    }
    const { data } = ok(LandingAnswer, await get(`/consultant/landing.json`, H.consA));
    expect(data.consultant.id).toBe(ids.consA);
    expect(data.last_five_project.map((p) => p.title)).toEqual(["Project 6", "Project 5", "Project 4", "Project 3", "Project 2"]);
    refused(await get(`/consultant/landing.json`, H.client));
  });
  it("GET /consultant/{id}/landing.json follows the profile's visibility", async () => {
    const { data } = ok(LandingAnswer, await get(`/consultant/${ids.consA}/landing.json`, H.client));
    expect(data.consultant).toHaveProperty("comment_by_admin");
    expect(data.last_five_project).toHaveLength(5);
    refused(await get(`/consultant/${ids.consA}/landing.json`, H.consB), 404);
  });
  it("GET email_by_id.json: staff and the consultant themself", async () => {
    expect(ok(EmailAnswer, await get(`/consultant/${ids.consA}/email_by_id.json`, H.member)).data.user.email).toBe("cons-a@fixture.test");
    expect(ok(EmailAnswer, await get(`/consultant/${ids.consA}/email_by_id.json`, H.consA)).data.user.email).toBe("cons-a@fixture.test");
    refused(await get(`/consultant/${ids.consA}/email_by_id.json`, H.client));
    refused(await get(`/consultant/${ids.consA}/email_by_id.json`, H.consB), 404);
  });
});

describe("like, unlike and saved", () => {
  it("consultants may not like", async () => {
    expect(refused(await post(`/client/update_like_info.json`, H.consA, { id: ids.consB }))).toBe(MSG.consultantsOnlyLike);
    refused(await post(`/client/update_unlike_info.json`, H.consA, { id: ids.consB }));
  });
  it("a client likes, sees it on the profile and in saved, then unlikes", async () => {
    expect(ok(LikeAnswer, await post(`/client/update_like_info.json`, H.client, { id: ids.consB }))).toEqual({ message: MSG.liked, liked: true });
    ok(LikeAnswer, await post(`/client/update_like_info.json`, H.client, { id: String(ids.consB) })); // idempotent
    expect(ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client)).data.consultant.liked).toBe(true);
    expect(ok(ProfileAnswer, await get(`/consultant/${ids.consB}/profile.json`, H.client2)).data.consultant.liked).toBe(false);
    const saved = ok(SavedAnswer, await get(`/client/saved.json`, H.client));
    expect(saved.consultants.map((c) => c.id)).toEqual([ids.consB]);
    expect(saved.total).toBe(1);
    expect(saved.consultants[0]).toMatchObject({ liked: true, has_resume: false });
    expect(ok(LikeAnswer, await post(`/client/update_unlike_info.json`, H.client, { id: ids.consB })).liked).toBe(false);
    expect(ok(SavedAnswer, await get(`/client/saved.json`, H.client)).total).toBe(0);
    refused(await post(`/client/update_like_info.json`, H.client, { id: 999999 }), 404);
    refused(await post(`/client/update_like_info.json`, H.client, {}));
    refused(await get(`/client/saved.json`, H.consA));
  });
});

describe("ratings", () => {
  it("clients and admins rate once each (updatable); the average has one decimal", async () => {
    ok(RateAnswer, await post(`/consultant/${ids.consA}/rate.json`, H.client, { rating: 5, comment: "Excellent" }));
    const r = ok(RateAnswer, await post(`/consultant/${ids.consA}/rate.json`, H.admin, { rating: 4 }));
    expect(r).toMatchObject({ average_rating: 4.5, rating_count: 2 });
    ok(RateAnswer, await post(`/consultant/${ids.consA}/rate.json`, H.client2, { rating: 4 }));
    const again = ok(RateAnswer, await post(`/consultant/${ids.consA}/rate.json`, H.client, { rating: 3 }));
    expect(again).toMatchObject({ average_rating: 3.7, rating_count: 3, my_rating: 3 });
    const p = ok(ProfileAnswer, await get(`/consultant/${ids.consA}/profile.json`, H.client)).data.consultant;
    expect(p).toMatchObject({ average_rating: 3.7, rating_count: 3, my_rating: 3 });
  });
  it("refuses consultants and ratings outside 1..5", async () => {
    refused(await post(`/consultant/${ids.consB}/rate.json`, H.consA, { rating: 5 }));
    refused(await post(`/consultant/${ids.consB}/rate.json`, H.client, { rating: 0 }));
    refused(await post(`/consultant/${ids.consB}/rate.json`, H.client, { rating: 6 }));
  });
});

describe("messages", () => {
  it("the Send Message dialog stores a message to the admins, sets message_to_admin and mails the admins", async () => {
    refused(await post(`/consultant/${ids.consA}/message.json`, H.consA, { message_to_admin: "  " }));
    const r = ok(MessageAnswer, await post(`/consultant/${ids.consA}/message.json`, H.consA, { message_to_admin: "Please review\nmy resume." }));
    expect(r.message).toBe(MSG.messageToAdminSent);
    const mail = await lastMailTo("admin@fixture.test");
    expect(mail?.text).toContain("Please review\nmy resume.");
    const p = ok(ProfileAnswer, await get(`/consultant/${ids.consA}/profile.json`, H.consA)).data.consultant;
    expect(p.message_to_admin).toBe("Please review\nmy resume.");
    refused(await post(`/consultant/${ids.consA}/message.json`, H.client, { message_to_admin: "x" }));
    refused(await post(`/consultant/${ids.consA}/message.json`, H.consB, { message_to_admin: "x" }), 404);
    const admin = ok(MessagesAnswer, await get(`/client/messages.json`, H.admin));
    expect(admin.received[0]).toMatchObject({ to: null, consultant_id: ids.consA, consultant_name: "Ana Ruiz", from: { name: "Ana Ruiz" } });
    const mine = ok(MessagesAnswer, await get(`/client/messages.json`, H.consA));
    expect(mine.sent[0]?.body).toBe("Please review\nmy resume.");
  });
  it("a client writes to a consultant; both see it; consultants cannot use it", async () => {
    const r = ok(MessageAnswer, await post(`/client/message.json`, H.client, { consultant_id: ids.consB, body: "Available in March?" }));
    expect(r.message).toBe(MSG.messageSent);
    expect((await lastMailTo("cons-b@fixture.test"))?.text).toContain("Available in March?");
    const sent = ok(MessagesAnswer, await get(`/client/messages.json`, H.client));
    expect(sent.sent[0]).toMatchObject({ body: "Available in March?", to: { name: "Ben Okoro" }, from: { id: ids.clientUser } });
    expect(sent.sent_total).toBe(1);
    const got = ok(MessagesAnswer, await get(`/client/messages.json`, H.consB));
    expect(got.received[0]).toMatchObject({ body: "Available in March?", from: { name: "Cleo Client" } });
    refused(await post(`/client/message.json`, H.consA, { consultant_id: ids.consB, body: "hi" }));
    refused(await post(`/client/message.json`, H.client, { consultant_id: ids.consB, body: "" }));
    refused(await post(`/client/message.json`, H.client, { consultant_id: 999999, body: "hi" }), 404);
  });
});

describe("projects", () => {
  it("lists paged, adds own only, deletes", async () => {
    const page = ok(ProjectsAnswer, await get(`/consultant/${ids.consA}/projects.json?page=2&per_page=4`, H.client));
    expect(page).toMatchObject({ total: 6, page: 2, per_page: 4 });
    expect(page.projects.map((p) => p.title)).toEqual(["Project 2", "Project 1"]);
    refused(await post(`/consultant/${ids.consA}/projects.json`, H.consB, { project: { title: "x", start_date: "2025-01-01" } }), 404);
    refused(await post(`/consultant/${ids.consA}/projects.json`, H.client, { project: { title: "x", start_date: "2025-01-01" } }));
    refused(await post(`/consultant/${ids.consA}/projects.json`, H.consA, { project: { title: "x", start_date: "2025-02-01", end_date: "2025-01-01" } }));
    const created = ok(ProjectCreateAnswer, await post(`/consultant/${ids.consA}/projects.json`, H.consA, { title: "Flat form", start_date: "2024-01-01" }));
    refused(await post(`/consultant/${ids.consB}/projects/${created.project.id}/delete.json`, H.consB), 404);
    refused(await post(`/consultant/${ids.consA}/projects/${created.project.id}/delete.json`, H.client));
    ok(MessageAnswer, await post(`/consultant/${ids.consA}/projects/${created.project.id}/delete.json`, H.consA));
    refused(await post(`/consultant/${ids.consA}/projects/${created.project.id}/delete.json`, H.consA), 404);
    expect(ok(ProjectsAnswer, await get(`/consultant/${ids.consA}/projects.json`, H.consA)).total).toBe(6);
  });
});

describe("settings", () => {
  it("GET settings: the consultant and staff", async () => {
    const s = ok(SettingsAnswer, await get(`/consultant/${ids.consNew}/settings.json`, H.consNew)).data.settings;
    expect(s).toMatchObject({ id: ids.consNew, email: "cons-new@fixture.test", email_notifications: true, active: true });
    ok(SettingsAnswer, await get(`/consultant/${ids.consNew}/settings.json`, H.admin));
    refused(await get(`/consultant/${ids.consNew}/settings.json`, H.client));
    refused(await get(`/consultant/${ids.consNew}/settings.json`, H.consA), 404);
  });
  it("general settings save and keep the stage moving", async () => {
    const r = ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consNew}/settings/general.json`, H.consNew, { name: "Nia N. New", city: "Lagos", country: "Nigeria", summary: "Inspections and scanning." }));
    expect(r.data.settings).toMatchObject({ name: "Nia N. New", stage: "verify_phone" });
    refused(await post(`/consultant/${ids.consNew}/settings/general.json`, H.consNew, { name: "", city: "Lagos", country: "Nigeria" }));
  });
  it("phone: a mailed 6-digit code, otp_sent, then verified and complete", async () => {
    refused(await post(`/consultant/${ids.consNew}/settings/phone.json`, H.consNew, { phone_number_with_country_code: "0800" }));
    const r = ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consNew}/settings/phone.json`, H.consNew, { phone_number_with_country_code: "+234 801 234 5678" }));
    expect(r.message).toBe(MSG.codeSent);
    expect(r.data.settings).toMatchObject({ stage: "otp_sent", phone_verified: false, phone_number_with_country_code: "+2348012345678" });
    const code = /\b(\d{6})\b/.exec((await lastMailTo("cons-new@fixture.test"))?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(refused(await post(`/consultant/${ids.consNew}/settings/verify_phone.json`, H.consNew, { code: wrong }))).toContain("4 attempts left");
    const done = ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consNew}/settings/verify_phone.json`, H.consNew, { code }));
    expect(done.data.settings).toMatchObject({ phone_verified: true, stage: "complete" });
    refused(await post(`/consultant/${ids.consNew}/settings/verify_phone.json`, H.consNew, { code }));
  });
  it("five wrong codes lock the account; an admin's activation unlocks it", async () => {
    ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consB}/settings/phone.json`, H.consB, { phone_number_with_country_code: "+2348000000002" }));
    const code = /\b(\d{6})\b/.exec((await lastMailTo("cons-b@fixture.test"))?.text ?? "")?.[1];
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) refused(await post(`/consultant/${ids.consB}/settings/verify_phone.json`, H.consB, { code: wrong }));
    expect(refused(await post(`/consultant/${ids.consB}/settings/verify_phone.json`, H.consB, { code: wrong }))).toBe(MSG.accountLocked);
    expect(ok(SettingsAnswer, await get(`/consultant/${ids.consB}/settings.json`, H.consB)).data.settings.stage).toBe("account_locked");
    expect(refused(await post(`/consultant/${ids.consB}/settings/verify_phone.json`, H.consB, { code }))).toBe(MSG.accountLocked);
    refused(await post(`/consultant/${ids.consB}/settings/phone.json`, H.consB, { phone_number_with_country_code: "+2348000000002" }));
    // The consultant's own activation does not unlock.
    expect(ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consB}/settings/activate.json`, H.consB)).data.settings.stage).toBe("account_locked");
    const unlocked = ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consB}/settings/activate.json`, H.admin));
    expect(unlocked.data.settings.stage).toBe("otp_sent");
  });
  it("notifications", async () => {
    expect(ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consB}/settings/notifications.json`, H.consB, { email_notifications: false })).data.settings.email_notifications).toBe(false);
    refused(await post(`/consultant/${ids.consB}/settings/notifications.json`, H.consB, { email_notifications: "maybe" }));
    refused(await post(`/consultant/${ids.consB}/settings/notifications.json`, H.admin, { email_notifications: true }));
  });
});

describe("GET /consultant/list.json (marketplace)", () => {
  beforeAll(async () => {
    const countries = ["France", "Germany", "India"];
    for (let i = 0; i < 24; i++) {
      const id = await fixtureConsultant(i, {
        country: countries[i % 3],
        services: i % 4 === 0 ? ["CAMO"] : ["Record Review"],
        availability: i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : null,
        approval: i % 5 === 0 ? "verified" : "undecided",
      });
      if (i === 7) await t.upstream.deps.db.insertInto("consultant_ratings").values({ consultant_id: id, user_id: ids.clientUser, rating: 5, comment: "" }).execute();
    }
    ids.consHidden = await fixtureConsultant(30, { name: "Hidden Person", country: "Iceland", active: 0 });
    // Still at its first onboarding step (no name): not listed.
    ids.consBlank = (await account("consultant", "blank@fixture.test", "", "")).consultantId!;
  });

  it("is for non-consultants only", async () => {
    expect(refused(await get(`/consultant/list.json`, H.consA))).toBe(MSG.marketplaceOnly);
    refused(await get(`/consultant/list.json`, H.template));
  });

  it("pages through the active consultants with the card shape and facets", async () => {
    const p1 = ok(MarketplaceAnswer, await get(`/consultant/list.json?sort=name&per_page=10`, H.client));
    // 24 pool + A + B + New (the deactivated and the unnamed ones are excluded).
    expect(p1.total).toBe(27);
    expect(p1.consultants).toHaveLength(10);
    expect(p1.page).toBe(1);
    const p3 = ok(MarketplaceAnswer, await get(`/consultant/list.json?sort=name&per_page=10&page=3`, H.client));
    expect(p3.consultants).toHaveLength(7);
    const all = [...p1.consultants, ...ok(MarketplaceAnswer, await get(`/consultant/list.json?sort=name&per_page=10&page=2`, H.client)).consultants, ...p3.consultants];
    expect(new Set(all.map((c) => c.id)).size).toBe(27);
    expect(all.map((c) => c.name)).toEqual([...all.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.some((c) => c.id === ids.consHidden || c.id === ids.consBlank)).toBe(false);
    // ... but staff still reach both by id.
    ok(ProfileAnswer, await get(`/consultant/${ids.consBlank}/profile.json`, H.admin));
    ok(ProfileAnswer, await get(`/consultant/${ids.consHidden}/profile.json`, H.admin));
    expect(p1.facets.countries.find((f) => f.value === "France")?.count).toBe(8);
    expect(p1.facets.countries.some((f) => f.value === "Iceland")).toBe(false);
    expect(p1.facets.services.find((f) => f.value === "CAMO")?.count).toBe(6);
    const a = all.find((c) => c.id === ids.consA)!;
    expect(a).toMatchObject({ has_resume: true, average_rating: 3.7, rating_count: 3, comment_by_admin: "Reliable." });
    expect(a.photo.url).toBeTruthy();
  });

  it("filters by country, service, availability, approval, rating and text", async () => {
    const q = async (qs: string) => ok(MarketplaceAnswer, await get(`/consultant/list.json?${qs.includes("per_page=") ? "" : "per_page=100&"}${qs}`, H.member));
    expect((await q("country=germany")).total).toBe(8);
    expect((await q("service=CAMO")).total).toBe(6);
    expect((await q("country=France&service=CAMO")).consultants.every((c) => c.country === "France" && c.services.includes("CAMO"))).toBe(true);
    const avail = await q("availability=available");
    expect(avail.consultants.every((c) => c.availability_status === true)).toBe(true);
    expect(avail.total).toBe(8); // pool i%3==0 (consultant B was last set not available)
    expect((await q("availability=unset")).consultants.every((c) => c.availability_status === null)).toBe(true);
    const verified = await q("approval=verified");
    expect(verified.consultants.every((c) => c.approval_status === "verified")).toBe(true);
    expect(verified.total).toBe(5 + 1); // pool 0,5,10,15,20 and consultant B
    const rated = await q("min_rating=4");
    expect(rated.consultants.map((c) => c.name)).toEqual(["Pool 07"]);
    expect((await q("q=pool%2007")).consultants.map((c) => c.name)).toEqual(["Pool 07"]);
    expect((await q("q=%25")).total).toBe(0); // a LIKE wildcard is searched literally
    const byRating = await q("sort=rating&per_page=2");
    expect(byRating.consultants.map((c) => c.name)).toEqual(["Pool 07", "Ana Ruiz"]);
    const newest = await q("sort=newest&per_page=1");
    expect(newest.consultants).toHaveLength(1);
    expect((await q("sort=bogus&page=0")).page).toBe(1);
  });

  it("deactivating removes a consultant from the marketplace; activating brings it back", async () => {
    refused(await post(`/consultant/${ids.consA}/settings/deactivate.json`, H.client));
    refused(await post(`/consultant/${ids.consA}/settings/deactivate.json`, H.consB), 404);
    ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consA}/settings/deactivate.json`, H.consA));
    const list = ok(MarketplaceAnswer, await get(`/consultant/list.json?per_page=100`, H.client));
    expect(list.consultants.some((c) => c.id === ids.consA)).toBe(false);
    refused(await get(`/consultant/${ids.consA}/profile.json`, H.client), 404);
    expect(ok(ProfileAnswer, await get(`/consultant/${ids.consA}/profile.json`, H.admin)).data.consultant.active).toBe(false);
    expect(ok(ProfileAnswer, await get(`/consultant/${ids.consA}/profile.json`, H.consA)).data.consultant.active).toBe(false);
    ok(SettingsUpdateAnswer, await post(`/consultant/${ids.consA}/settings/activate.json`, H.admin));
    expect(ok(MarketplaceAnswer, await get(`/consultant/list.json?per_page=100`, H.client)).consultants.some((c) => c.id === ids.consA)).toBe(true);
  });

  it("every write is audit-logged", async () => {
    const rows = await t.upstream.deps.db.selectFrom("audit_log").select("action").where("action", "like", "consultant.%").execute();
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ["consultant.profile.update", "consultant.approve", "consultant.like", "consultant.rate", "consultant.message_to_admin", "consultant.deactivate", "consultant.settings.phone_locked"]) {
      expect(actions.has(a), a).toBe(true);
    }
  });
});
