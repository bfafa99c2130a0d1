// Consultant and client calls of the main API (spec 000 §2-§7 "Consultant and client"; docs/api/consultant.md).
//
// Who sees what:
// - A consultant sees and changes only their own profile; every other consultant is invisible (404).
// - Clients, admins and members ("marketplace viewers") read any active consultant; staff (admin,
//   member) also read deactivated ones. Every marketplace viewer approves, disapproves, sets the
//   availability and writes notes and rates (spec 000 §1, §5: "only non-consultant viewers");
//   photos and resumes stay the consultant's and staff's. ops_template has no marketplace.
// - comment_by_admin and the daily rates are shown to non-consultant viewers only; the e-mail and the
//   message to the admins to the consultant themself and staff only.
import { recordUploadIntent } from "../blob/orphans";
import { isPostgres, LIKE, nocase } from "../db/dialect";
import crypto from "node:crypto";
import type { Context, Hono } from "hono";
import { sql, type Kysely, type Updateable } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { ConsultantsTable, Database } from "../db/schema";
import { nowIso } from "../db";
import { isStaff } from "../access";
import { sha256 } from "../auth";
import { notFound, readBody, readQuery, refuse } from "../http";
import {
  CONSULTANT_MESSAGES as MSG,
  PHONE_OTP_MAX_FAILURES,
  PHONE_OTP_TTL_MINUTES,
  PHONE_STAGES,
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  RESUME_EXTENSIONS,
  RESUME_MAX_BYTES,
  advanceStage,
  approvalOf,
  availabilityDatesError,
  roundRating,
  stageAfterPhoneChange,
  type ConsultantStage,
} from "../../app/models/consultant-rules";
import {
  CONSULTANT_SELF_FIELDS,
  CONSULTANT_MARKET_FIELDS,
  CONSULTANT_STAFF_FIELDS,
  ClientMessageInput,
  ConsultantMessageInput,
  GeneralSettingsInput,
  LikeInput,
  MarketplaceQuery,
  NotificationsInput,
  PageQuery,
  PhoneSettingsInput,
  ProfileUpdateInput,
  ProjectCreateInput,
  RateInput,
  UploadLinkInput,
  VerifyPhoneInput,
  type ConsultantCard,
  type ConsultantFields,
  type ConsultantProfile,
  type MarketplaceFilters,
  type Message,
  type Project,
} from "../../app/models/schemas/consultant";

type Ctx = Context<HonoEnv>;
type View = "self" | "staff" | "market";

const MARKET_ROLES: AuthUser["role"][] = ["client", "admin", "member"];
const DEFAULT_PER_PAGE = 20;
const UPLOAD_LINK_TTL_SECONDS = 600;

// ---------------------------------------------------------------------------------------------
// Loading and visibility
// ---------------------------------------------------------------------------------------------

/** One consultant with its user, rating aggregate and the viewer's own rating and like: one query. */
function consultantQuery(db: Kysely<Database>, viewerId: number) {
  return db
    .selectFrom("consultants as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .selectAll("c")
    .select([
      "u.email as email",
      "u.active as user_active",
      sql<number | null>`(SELECT AVG(r.rating) FROM consultant_ratings r WHERE r.consultant_id = c.id)`.as("avg_rating"),
      sql<number>`(SELECT COUNT(*) FROM consultant_ratings r WHERE r.consultant_id = c.id)`.as("rating_count"),
      sql<number | null>`(SELECT r.rating FROM consultant_ratings r WHERE r.consultant_id = c.id AND r.user_id = ${viewerId})`.as("my_rating"),
      sql<number>`EXISTS (SELECT 1 FROM consultant_likes l WHERE l.consultant_id = c.id AND l.user_id = ${viewerId})`.as("liked"),
    ]);
}
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof consultantQuery>["executeTakeFirst"]>>>;

function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw notFound("That consultant");
  return Number(raw);
}

/** How the viewer sees a consultant, or null when it is invisible to them. */
function viewOf(user: AuthUser, row: Pick<Row, "user_id" | "active" | "user_active">): View | null {
  if (user.role === "consultant") return row.user_id === user.id ? "self" : null;
  if (isStaff(user)) return "staff";
  if (user.role === "client") return row.active === 1 && row.user_active === 1 ? "market" : null;
  return null;
}

/** Loads the consultant of the `:id` path parameter; 404 when unknown or invisible to the caller. */
async function loadVisible(c: Ctx, idParam = c.req.param("id")): Promise<{ row: Row; view: View }> {
  const user = c.get("user");
  const id = parseId(idParam);
  const row = await consultantQuery(c.get("deps").db, user.id).where("c.id", "=", id).executeTakeFirst();
  const view = row ? viewOf(user, row) : null;
  if (!row || !view) throw notFound("That consultant");
  return { row, view };
}

/** The consultant themself (404 for another consultant, 422 for anybody else). */
async function loadSelf(c: Ctx, refusal: string): Promise<Row> {
  const { row, view } = await loadVisible(c);
  if (view !== "self") throw refuse(refusal);
  return row;
}

/** The consultant themself or staff. */
async function loadSelfOrStaff(c: Ctx, refusal: string): Promise<{ row: Row; view: View }> {
  const r = await loadVisible(c);
  if (r.view === "market") throw refuse(refusal);
  return r;
}

function requireMarketViewer(user: AuthUser, consultantRefusal: string = MSG.marketplaceOnly) {
  if (user.role === "consultant") throw refuse(consultantRefusal);
  if (!MARKET_ROLES.includes(user.role)) throw refuse(MSG.marketplaceOnly);
}

const audit = (c: Ctx, action: string, entity: string, entityId: number | string | null, detail: unknown = {}) =>
  c.get("deps").audit.log({ userId: c.get("user").id, action, entity, entityId, organizationId: null, detail, ip: c.get("user").ip });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * Signed GET links expire at a whole hour 1-2 h from now, so the same object gets the same URL for
 * up to an hour and the browser can cache photos (the portal's users are often on thin links).
 */
function hourAlignedTtl(): number {
  const now = Math.floor(Date.now() / 1000);
  return (Math.floor(now / 3600) + 2) * 3600 - now;
}

const extOf = (key: string) => (/\.([a-z0-9]{1,8})$/i.exec(key)?.[1] ?? "").toLowerCase();
const slug = (s: string) => s.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-").slice(0, 60);

async function photoUrl(deps: Deps, key: string | null): Promise<string | null> {
  return key ? deps.blob.signedGetUrl(key, { expiresInSeconds: hourAlignedTtl() }) : null;
}
async function resumeUrl(deps: Deps, row: Pick<Row, "resume_key" | "name" | "id">): Promise<string | null> {
  if (!row.resume_key) return null;
  const ext = extOf(row.resume_key);
  const filename = `${slug(row.name) || `consultant-${row.id}`}-resume${ext ? `.${ext}` : ""}`;
  return deps.blob.signedGetUrl(row.resume_key, { expiresInSeconds: hourAlignedTtl(), filename, download: true });
}

const parseServices = (s: string): string[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};
const typeFlag = (v: string): "0" | "1" => (v === "1" ? "1" : "0");
const availability = (v: number | null): boolean | null => (v == null ? null : v === 1);

async function toProfile(deps: Deps, row: Row, view: View): Promise<ConsultantProfile> {
  const p: ConsultantProfile = {
    id: row.id,
    name: row.name,
    city: row.city,
    country: row.country,
    phone_number_with_country_code: row.phone_number_with_country_code,
    summary: row.summary,
    photo: { url: await photoUrl(deps, row.photo_key) },
    resume_edited: { url: await resumeUrl(deps, row) },
    average_rating: roundRating(row.avg_rating),
    rating_count: Number(row.rating_count),
    my_rating: row.my_rating ?? null,
    aircraft_type: typeFlag(row.aircraft_type),
    aircraft_sub_type: row.aircraft_sub_type,
    helicopter_type: typeFlag(row.helicopter_type),
    helicopter_sub_type: row.helicopter_sub_type,
    power_plant_type: typeFlag(row.power_plant_type),
    power_plant_sub_type: row.power_plant_sub_type,
    services: parseServices(row.services),
    approval_status: approvalOf(row.approval_status),
    availability_status: availability(row.availability_status),
    available_start_date: row.available_start_date,
    available_end_date: row.available_end_date,
    stage: row.stage,
    phone_verified: row.phone_verified === 1,
    active: row.active === 1,
    liked: Number(row.liked) === 1,
  };
  if (view === "self" || view === "staff") {
    p.email = row.email;
    p.message_to_admin = row.message_to_admin;
  }
  if (view !== "self") {
    p.comment_by_admin = row.comment_by_admin;
    p.daily_rate_onsite = row.daily_rate_onsite;
    p.daily_rate_offsite = row.daily_rate_offsite;
  }
  return p;
}

async function reload(c: Ctx, id: number): Promise<{ row: Row; view: View }> {
  const row = await consultantQuery(c.get("deps").db, c.get("user").id).where("c.id", "=", id).executeTakeFirstOrThrow();
  return { row, view: viewOf(c.get("user"), row) ?? "staff" };
}

const projectColumns = ["id", "title", "client_name", "aircraft", "service", "start_date", "end_date", "description"] as const;

async function lastFiveProjects(db: Kysely<Database>, consultantId: number): Promise<Project[]> {
  return db
    .selectFrom("consultant_projects")
    .select(projectColumns)
    .where("consultant_id", "=", consultantId)
    .orderBy("start_date", "desc")
    .orderBy("id", "desc")
    .limit(5)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Marketplace cards: one query for the page, one for the total, two small ones for the facets.
// ---------------------------------------------------------------------------------------------

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const AVG_SQL = sql<number | null>`(SELECT AVG(r.rating) FROM consultant_ratings r WHERE r.consultant_id = c.id)`;

function cardBase(db: Kysely<Database>, viewer: AuthUser, f: MarketplaceFilters, savedOnly: boolean) {
  // Listed: active profiles of active accounts that have a name (a profile still at its first
  // onboarding step would be an empty card).
  let q = db.selectFrom("consultants as c").innerJoin("users as u", "u.id", "c.user_id").where("c.active", "=", 1).where("u.active", "=", 1).where("c.name", "!=", "");
  if (savedOnly) {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom("consultant_likes as sl").select(sql`1`.as("one")).whereRef("sl.consultant_id", "=", "c.id").where("sl.user_id", "=", viewer.id)),
    );
  }
  const pg = isPostgres(db);
  if (f.country) q = q.where(pg ? sql<boolean>`lower(c.country) = lower(${f.country})` : sql<boolean>`c.country = ${f.country} COLLATE NOCASE`);
  if (f.aircraft_type) q = q.where("c.aircraft_type", f.aircraft_type === "1" ? "=" : "!=", "1");
  if (f.helicopter_type) q = q.where("c.helicopter_type", f.helicopter_type === "1" ? "=" : "!=", "1");
  if (f.power_plant_type) q = q.where("c.power_plant_type", f.power_plant_type === "1" ? "=" : "!=", "1");
  if (f.service) {
    q = q.where(
      pg
        ? sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(c.services::jsonb) = 'array' THEN c.services::jsonb ELSE '[]'::jsonb END) j(value) WHERE lower(j.value) = lower(${f.service}))`
        : sql<boolean>`EXISTS (SELECT 1 FROM json_each(c.services) j WHERE j.value = ${f.service} COLLATE NOCASE)`,
    );
  }
  if (f.availability === "available") q = q.where("c.availability_status", "=", 1);
  else if (f.availability === "not_available") q = q.where("c.availability_status", "=", 0);
  else if (f.availability === "unset") q = q.where("c.availability_status", "is", null);
  if (f.approval) q = q.where("c.approval_status", "=", f.approval);
  if (f.min_rating != null && f.min_rating > 0) q = q.where(sql<boolean>`${AVG_SQL} >= ${f.min_rating - 0.05}`);
  const text = f.q?.trim();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    const L = LIKE(db);
    q = q.where(
      sql<boolean>`(c.name ${L} ${like} ESCAPE '\\' OR c.city ${L} ${like} ESCAPE '\\' OR c.country ${L} ${like} ESCAPE '\\'
        OR c.aircraft_sub_type ${L} ${like} ESCAPE '\\' OR c.helicopter_sub_type ${L} ${like} ESCAPE '\\'
        OR c.power_plant_sub_type ${L} ${like} ESCAPE '\\' OR c.services ${L} ${like} ESCAPE '\\')`,
    );
  }
  return q;
}

async function queryCards(deps: Deps, viewer: AuthUser, f: MarketplaceFilters, savedOnly: boolean) {
  const page = f.page ?? 1;
  const perPage = f.per_page ?? DEFAULT_PER_PAGE;
  const base = cardBase(deps.db, viewer, f, savedOnly);
  let list = base
    .select([
      "c.id", "c.name", "c.city", "c.country", "c.photo_key", "c.approval_status", "c.availability_status",
      "c.available_start_date", "c.available_end_date", "c.services", "c.aircraft_sub_type", "c.helicopter_sub_type",
      "c.power_plant_sub_type", "c.resume_key", "c.comment_by_admin", "c.daily_rate_onsite", "c.daily_rate_offsite",
      AVG_SQL.as("avg_rating"),
      sql<number>`(SELECT COUNT(*) FROM consultant_ratings r WHERE r.consultant_id = c.id)`.as("rating_count"),
      sql<number>`EXISTS (SELECT 1 FROM consultant_likes l WHERE l.consultant_id = c.id AND l.user_id = ${viewer.id})`.as("liked"),
    ]);
  const byName = nocase(deps.db, sql.ref("c.name"));
  switch (f.sort ?? "rating") {
    case "name":
      list = list.orderBy(byName).orderBy("c.id");
      break;
    case "country":
      list = list.orderBy(nocase(deps.db, sql.ref("c.country"))).orderBy(byName).orderBy("c.id");
      break;
    case "newest":
      list = list.orderBy("c.created_at", "desc").orderBy("c.id", "desc");
      break;
    default:
      list = list.orderBy(sql`avg_rating DESC NULLS LAST`).orderBy(sql`rating_count`, "desc").orderBy(byName).orderBy("c.id");
  }
  const [rows, count] = await Promise.all([
    list.limit(perPage).offset((page - 1) * perPage).execute(),
    base.select(sql<number>`COUNT(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const photos = await Promise.all(rows.map((r) => photoUrl(deps, r.photo_key)));
  const consultants: ConsultantCard[] = rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    city: r.city,
    country: r.country,
    photo: { url: photos[i]! },
    average_rating: roundRating(r.avg_rating),
    rating_count: Number(r.rating_count),
    approval_status: approvalOf(r.approval_status),
    availability_status: availability(r.availability_status),
    available_start_date: r.available_start_date,
    available_end_date: r.available_end_date,
    services: parseServices(r.services),
    aircraft_sub_type: r.aircraft_sub_type,
    helicopter_sub_type: r.helicopter_sub_type,
    power_plant_sub_type: r.power_plant_sub_type,
    has_resume: r.resume_key != null,
    liked: Number(r.liked) === 1,
    comment_by_admin: r.comment_by_admin,
    daily_rate_onsite: r.daily_rate_onsite,
    daily_rate_offsite: r.daily_rate_offsite,
  }));
  return { consultants, total: Number(count.n), page, per_page: perPage };
}

type Facets = { countries: { value: string; count: number }[]; services: { value: string; count: number }[] };
/**
 * The facets scan every consultant, so they are kept for FACET_TTL_MS per database and dropped at
 * once when this module changes a country, the services or the active flag. Writes by other modules
 * (admin, seed) show within the TTL.
 */
const FACET_TTL_MS = 30_000;
const facetCache = new WeakMap<object, { at: number; value: Facets }>();
const invalidateFacets = (db: Kysely<Database>) => facetCache.delete(db);

async function facets(db: Kysely<Database>): Promise<Facets> {
  const hit = facetCache.get(db);
  if (hit && Date.now() - hit.at < FACET_TTL_MS) return hit.value;
  const value = await computeFacets(db);
  facetCache.set(db, { at: Date.now(), value });
  return value;
}

/** Countries and services over every listed consultant (not the current filter: the choices stay put). */
async function computeFacets(db: Kysely<Database>): Promise<Facets> {
  const [countries, services] = await Promise.all([
    db
      .selectFrom("consultants as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select(["c.country as value", sql<number>`COUNT(*)`.as("count")])
      .where("c.active", "=", 1)
      .where("u.active", "=", 1)
      .where("c.name", "!=", "")
      .where("c.country", "!=", "")
      .groupBy("c.country")
      .orderBy("c.country")
      .execute(),
    (isPostgres(db)
      ? sql<{ value: string; count: number }>`
      SELECT j.v #>> '{}' AS value, COUNT(*) AS count
      FROM consultants c JOIN users u ON u.id = c.user_id,
        jsonb_array_elements(CASE WHEN jsonb_typeof(c.services::jsonb) = 'array' THEN c.services::jsonb ELSE '[]'::jsonb END) j(v)
      WHERE c.active = 1 AND u.active = 1 AND c.name != '' AND jsonb_typeof(j.v) = 'string'
      GROUP BY 1 ORDER BY 1`
      : sql<{ value: string; count: number }>`
      SELECT j.value AS value, COUNT(*) AS count
      FROM consultants c JOIN users u ON u.id = c.user_id, json_each(c.services) j
      WHERE c.active = 1 AND u.active = 1 AND c.name != '' AND json_valid(c.services) AND j.type = 'text'
      GROUP BY j.value ORDER BY j.value`
    ).execute(db).then((r) => r.rows),
  ]);
  return {
    countries: countries.map((r) => ({ value: r.value, count: Number(r.count) })),
    services: services.map((r) => ({ value: String(r.value), count: Number(r.count) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

type UploadKind = "photo" | "resume";
const UPLOAD_RULES: Record<UploadKind, { maxBytes: number; extensions: readonly string[]; label: string }> = {
  photo: { maxBytes: PHOTO_MAX_BYTES, extensions: PHOTO_EXTENSIONS, label: "photo" },
  resume: { maxBytes: RESUME_MAX_BYTES, extensions: RESUME_EXTENSIONS, label: "resume" },
};
const kindPrefix = (consultantId: number, kind: UploadKind) => `consultants/${consultantId}/${kind}/`;
/** consultants/<id>/<kind>/<random>/: the folder of one upload (deleted whole when replaced). */
const uploadFolder = (key: string) => /^(consultants\/\d+\/(?:photo|resume)\/[^/]+\/)/.exec(key)?.[1] ?? null;

/** Checks a key returned by an upload: inside this consultant's prefix, present, right type and size. */
async function checkUploadedKey(deps: Deps, consultantId: number, kind: UploadKind, key: string) {
  const rule = UPLOAD_RULES[kind];
  const field = `${kind}_key`;
  if (!key.startsWith(kindPrefix(consultantId, kind)) || !uploadFolder(key) || key.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw refuse(`The uploaded ${rule.label} does not belong to this profile.`, { [field]: ["Upload the file through this profile's upload link."] });
  }
  const stat = await deps.blob.stat(key);
  if (!stat) throw refuse(`The uploaded ${rule.label} was not found. Please upload it again.`, { [field]: ["Not found in the store."] });
  const problem = !rule.extensions.includes(extOf(key))
    ? `The ${rule.label} must be a ${rule.extensions.join(", ")} file.`
    : stat.size > rule.maxBytes
      ? `The ${rule.label} is larger than ${rule.maxBytes / 1024 / 1024} MB.`
      : stat.size === 0
        ? `The ${rule.label} is empty.`
        : null;
  if (problem) {
    // A refused upload is removed at once: nothing may stay behind unreferenced.
    await deps.blob.deletePrefix(uploadFolder(key)!);
    throw refuse(problem, { [field]: [problem] });
  }
}

/** Deletes a replaced upload, but only one of this consultant's own (a seeded file may be shared). */
async function removeReplacedBlob(deps: Deps, consultantId: number, oldKey: string | null, newKey: string | null) {
  if (!oldKey || oldKey === newKey || !oldKey.startsWith(`consultants/${consultantId}/`)) return;
  const folder = uploadFolder(oldKey);
  try {
    if (folder && !(newKey && newKey.startsWith(folder))) await deps.blob.deletePrefix(folder);
    else await deps.blob.delete(oldKey);
  } catch (err) {
    console.error("[consultant] could not remove a replaced upload", oldKey, err);
  }
}

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

async function adminAddresses(deps: Deps): Promise<string[]> {
  if (deps.config.adminEmails?.length) return deps.config.adminEmails;
  const rows = await deps.db.selectFrom("users").select("email").where("role", "=", "admin").where("active", "=", 1).execute();
  return rows.map((r) => r.email);
}

async function sendAll(deps: Deps, to: string[], subject: string, text: string) {
  for (const address of to) await deps.mail.send({ to: address, subject, text });
}

// ---------------------------------------------------------------------------------------------
// Phone codes
// ---------------------------------------------------------------------------------------------

const failuresKey = (consultantId: number) => `consultant:${consultantId}:phone_otp_failures`;
const stageBeforeLockKey = (consultantId: number) => `consultant:${consultantId}:stage_before_lock`;
const otpHash = (deps: Deps, userId: number, code: string) => sha256(`${deps.config.secret}:phone_otp:${userId}:${code}`);

async function kvGet(db: Kysely<Database>, key: string) {
  return (await db.selectFrom("kv").select("value").where("key", "=", key).executeTakeFirst())?.value ?? null;
}
async function kvSet(db: Kysely<Database>, key: string, value: string) {
  await db.insertInto("kv").values({ key, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
}

function stageFields(row: Pick<Row, "name" | "city" | "country" | "summary" | "aircraft_type" | "helicopter_type" | "power_plant_type" | "phone_verified">) {
  return {
    name: row.name,
    city: row.city,
    country: row.country,
    summary: row.summary,
    aircraft_type: row.aircraft_type,
    helicopter_type: row.helicopter_type,
    power_plant_type: row.power_plant_type,
    phone_verified: row.phone_verified,
  };
}

// ---------------------------------------------------------------------------------------------
// Settings answer
// ---------------------------------------------------------------------------------------------

const toSettings = (row: Row) => ({
  id: row.id,
  name: row.name,
  city: row.city,
  country: row.country,
  summary: row.summary,
  email: row.email,
  phone_number_with_country_code: row.phone_number_with_country_code,
  phone_verified: row.phone_verified === 1,
  email_notifications: row.email_notifications === 1,
  active: row.active === 1,
  stage: row.stage,
});

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export function registerConsultantRoutes(app: Hono<HonoEnv>) {
  // ----- Marketplace (defined before the /:id routes; distinct shapes anyway) -----------------

  app.get("/consultant/list.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user);
    const f = readQuery(c, MarketplaceQuery);
    const deps = c.get("deps");
    const [cards, fac] = await Promise.all([queryCards(deps, user, f, false), facets(deps.db)]);
    return c.json({ ...cards, facets: fac });
  });

  app.get("/client/saved.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user);
    const q = readQuery(c, PageQuery);
    const cards = await queryCards(c.get("deps"), user, { page: q.page, per_page: q.per_page, sort: "name" }, true);
    return c.json(cards);
  });

  // ----- Landing ------------------------------------------------------------------------------

  app.get("/consultant/landing.json", async (c) => {
    const user = c.get("user");
    if (user.role !== "consultant") throw refuse("Only consultants have a consultant landing page.");
    const deps = c.get("deps");
    let row = await consultantQuery(deps.db, user.id).where("c.user_id", "=", user.id).executeTakeFirst();
    if (!row) {
      // A consultant account created without its profile row gets one now, at the first step.
      await deps.db
        .insertInto("consultants")
        .values({
          user_id: user.id, name: "", city: "", country: "", phone_number_with_country_code: "", summary: "",
          photo_key: null, resume_key: null, aircraft_type: "0", aircraft_sub_type: "", helicopter_type: "0",
          helicopter_sub_type: "", power_plant_type: "0", power_plant_sub_type: "", services: "[]",
          approval_status: "undecided", availability_status: null, message_to_admin: "", available_start_date: null,
          available_end_date: null, comment_by_admin: "", daily_rate_onsite: null, daily_rate_offsite: null, stage: "basic_info",
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
      row = await consultantQuery(deps.db, user.id).where("c.user_id", "=", user.id).executeTakeFirstOrThrow();
      await audit(c, "consultant.create", "consultant", row.id, { reason: "first landing" });
    }
    return c.json({ data: { consultant: await toProfile(deps, row, "self"), last_five_project: await lastFiveProjects(deps.db, row.id) } });
  });

  app.get("/consultant/:id/landing.json", async (c) => {
    const { row, view } = await loadVisible(c);
    const deps = c.get("deps");
    return c.json({ data: { consultant: await toProfile(deps, row, view), last_five_project: await lastFiveProjects(deps.db, row.id) } });
  });

  // ----- Profile ------------------------------------------------------------------------------

  app.get("/consultant/:id/profile.json", async (c) => {
    const { row, view } = await loadVisible(c);
    return c.json({ data: { consultant: await toProfile(c.get("deps"), row, view) } });
  });

  app.post("/consultant/:id/profile_update.json", async (c) => {
    const { row, view } = await loadVisible(c);
    const input: ConsultantFields = (await readBody(c, ProfileUpdateInput)).consultant;
    const deps = c.get("deps");
    const keys = Object.keys(input) as (keyof ConsultantFields)[];
    const allowed: readonly string[] = view === "self" ? CONSULTANT_SELF_FIELDS : view === "market" ? CONSULTANT_MARKET_FIELDS : CONSULTANT_STAFF_FIELDS;
    const refused = keys.filter((k) => !allowed.includes(k));
    if (refused.length) {
      const errors = Object.fromEntries(refused.map((k) => [k, ["You cannot change this field."]]));
      if (view === "self") throw refuse(MSG.notesRefused, errors);
      throw refuse(`Only the consultant${view === "market" ? " or an administrator" : ""} can change: ${refused.join(", ")}.`, errors);
    }

    const patch: Updateable<ConsultantsTable> = {};
    for (const k of ["name", "city", "country", "summary", "message_to_admin", "comment_by_admin"] as const) {
      if (input[k] !== undefined) patch[k] = input[k];
    }
    if (input.daily_rate_onsite !== undefined) patch.daily_rate_onsite = input.daily_rate_onsite;
    if (input.daily_rate_offsite !== undefined) patch.daily_rate_offsite = input.daily_rate_offsite;
    if (input.services !== undefined) patch.services = JSON.stringify(input.services);

    // Types: "1" means the subtype applies; otherwise the subtype is cleared.
    for (const [t, s] of [["aircraft_type", "aircraft_sub_type"], ["helicopter_type", "helicopter_sub_type"], ["power_plant_type", "power_plant_sub_type"]] as const) {
      if (input[t] === undefined && input[s] === undefined) continue;
      const type = input[t] ?? typeFlag(row[t]);
      patch[t] = type;
      patch[s] = type === "1" ? (input[s] ?? row[s]) : "";
    }

    // Availability dates: checked on the merged pair.
    const start = input.available_start_date !== undefined ? input.available_start_date : row.available_start_date;
    const end = input.available_end_date !== undefined ? input.available_end_date : row.available_end_date;
    if (input.available_start_date !== undefined || input.available_end_date !== undefined) {
      const err = availabilityDatesError(start, end);
      if (err) throw refuse(err, { available_end_date: [err] });
      patch.available_start_date = start;
      patch.available_end_date = end;
    }

    let stage: ConsultantStage = row.stage;
    let phoneVerified = row.phone_verified;
    if (input.phone_number_with_country_code !== undefined && input.phone_number_with_country_code !== row.phone_number_with_country_code) {
      patch.phone_number_with_country_code = input.phone_number_with_country_code;
      patch.phone_verified = phoneVerified = 0;
      stage = stageAfterPhoneChange(stage);
    }

    if (input.photo_key !== undefined && input.photo_key !== row.photo_key) {
      await checkUploadedKey(deps, row.id, "photo", input.photo_key);
      patch.photo_key = input.photo_key;
    }
    if (input.resume_key !== undefined && input.resume_key !== row.resume_key) {
      await checkUploadedKey(deps, row.id, "resume", input.resume_key);
      patch.resume_key = input.resume_key;
    }

    stage = advanceStage(stage, stageFields({ ...row, ...patch, phone_verified: phoneVerified } as Row));
    if (stage !== row.stage) patch.stage = stage;
    patch.updated_at = nowIso();

    await deps.db.updateTable("consultants").set(patch).where("id", "=", row.id).execute();
    if (patch.country !== undefined || patch.services !== undefined || patch.name !== undefined) invalidateFacets(deps.db);
    await removeReplacedBlob(deps, row.id, row.photo_key, patch.photo_key ?? row.photo_key);
    await removeReplacedBlob(deps, row.id, row.resume_key, patch.resume_key ?? row.resume_key);
    await audit(c, "consultant.profile.update", "consultant", row.id, { fields: keys, stage: stage !== row.stage ? { from: row.stage, to: stage } : undefined });

    const after = await reload(c, row.id);
    return c.json({ message: view === "self" ? MSG.profileSaved : MSG.profileSavedByStaff, data: { consultant: await toProfile(deps, after.row, after.view) } });
  });

  app.post("/consultant/:id/upload_link.json", async (c) => {
    const { row } = await loadSelfOrStaff(c, "Only the consultant or an administrator can upload files to this profile.");
    const { kind } = await readBody(c, UploadLinkInput);
    const rule = UPLOAD_RULES[kind];
    const keyPrefix = `${kindPrefix(row.id, kind)}${crypto.randomBytes(12).toString("base64url")}/`;
    // What is uploaded under the link and never saved to the profile is swept (ADR 068).
    await recordUploadIntent(c.get("deps").db, keyPrefix);
    const policy = await c.get("deps").blob.createUploadPolicy({ keyPrefix, maxBytes: rule.maxBytes, minBytes: 1, expiresInSeconds: UPLOAD_LINK_TTL_SECONDS });
    return c.json({ url: policy.url, url_fields: policy.url_fields, key_prefix: keyPrefix, max_bytes: rule.maxBytes });
  });

  app.get("/consultant/:id/resume.json", async (c) => {
    const { row } = await loadVisible(c);
    const deps = c.get("deps");
    if (!row.resume_key || !(await deps.blob.stat(row.resume_key))) throw refuse(MSG.resumeMissing);
    return c.json({ url: (await resumeUrl(deps, row))! });
  });

  app.get("/consultant/:id/email_by_id.json", async (c) => {
    const { row } = await loadSelfOrStaff(c, "Only administrators can see a consultant's e-mail address.");
    return c.json({ data: { user: { email: row.email } } });
  });

  // ----- Approval and availability (marketplace viewers: clients and staff) -------------------

  const statusRoutes = [
    ["approve_consultant", { approval_status: "verified" }, MSG.approved, MSG.approvalRefused, "consultant.approve"],
    ["disapprove_consultant", { approval_status: "disapproved" }, MSG.disapproved, MSG.approvalRefused, "consultant.disapprove"],
    ["available_consultant", { availability_status: 1 }, MSG.available, MSG.availabilityRefused, "consultant.available"],
    ["not_available_consultant", { availability_status: 0 }, MSG.notAvailable, MSG.availabilityRefused, "consultant.not_available"],
  ] as const;
  for (const [name, patch, message, refusal, action] of statusRoutes) {
    app.get(`/consultant/:id/${name}.json`, async (c) => {
      const user = c.get("user");
      if (!isStaff(user) && user.role !== "client") throw refuse(refusal);
      const { row } = await loadVisible(c);
      await c.get("deps").db.updateTable("consultants").set({ ...patch, updated_at: nowIso() }).where("id", "=", row.id).execute();
      await audit(c, action, "consultant", row.id, patch);
      return c.json({ message });
    });
  }

  // ----- Likes ---------------------------------------------------------------------------------

  app.post("/client/update_like_info.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user, MSG.consultantsOnlyLike);
    const { id } = await readBody(c, LikeInput);
    const { row } = await loadVisible(c, String(id));
    await c.get("deps").db.insertInto("consultant_likes").values({ user_id: user.id, consultant_id: row.id }).onConflict((oc) => oc.doNothing()).execute();
    await audit(c, "consultant.like", "consultant", row.id);
    return c.json({ message: MSG.liked, liked: true });
  });

  app.post("/client/update_unlike_info.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user, MSG.consultantsOnlyLike);
    const { id } = await readBody(c, LikeInput);
    // Unliking works on a consultant that has since been deactivated too (it only removes a row of the caller's).
    const exists = await c.get("deps").db.selectFrom("consultants").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) throw notFound("That consultant");
    await c.get("deps").db.deleteFrom("consultant_likes").where("user_id", "=", user.id).where("consultant_id", "=", id).execute();
    await audit(c, "consultant.unlike", "consultant", id);
    return c.json({ message: MSG.unliked, liked: false });
  });

  // ----- Ratings -------------------------------------------------------------------------------

  app.post("/consultant/:id/rate.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user, "Consultants cannot rate consultants.");
    const { row } = await loadVisible(c);
    const { rating, comment } = await readBody(c, RateInput);
    const db = c.get("deps").db;
    await db
      .insertInto("consultant_ratings")
      .values({ consultant_id: row.id, user_id: user.id, rating, comment })
      .onConflict((oc) => oc.columns(["consultant_id", "user_id"]).doUpdateSet({ rating, comment, created_at: nowIso() }))
      .execute();
    const agg = await db
      .selectFrom("consultant_ratings")
      .select([sql<number | null>`AVG(rating)`.as("avg"), sql<number>`COUNT(*)`.as("n")])
      .where("consultant_id", "=", row.id)
      .executeTakeFirstOrThrow();
    await audit(c, "consultant.rate", "consultant", row.id, { rating });
    return c.json({ message: MSG.ratingSaved, average_rating: roundRating(agg.avg), rating_count: Number(agg.n), my_rating: rating });
  });

  // ----- Messages ------------------------------------------------------------------------------

  app.post("/consultant/:id/message.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can send a message to the administrators from this profile.");
    const { message_to_admin } = await readBody(c, ConsultantMessageInput);
    const deps = c.get("deps");
    const user = c.get("user");
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto("messages").values({ from_user_id: user.id, to_user_id: null, consultant_id: row.id, body: message_to_admin }).execute();
      await trx.updateTable("consultants").set({ message_to_admin, updated_at: nowIso() }).where("id", "=", row.id).execute();
    });
    const who = row.name || row.email;
    await sendAll(
      deps,
      await adminAddresses(deps),
      `Message from consultant ${who}`,
      `${who} (${row.email}) wrote to the administrators:\n\n${message_to_admin}\n\nProfile: ${deps.config.portalUrl}/consultant/profile/${row.id}/overview\n`,
    );
    await audit(c, "consultant.message_to_admin", "consultant", row.id);
    return c.json({ message: MSG.messageToAdminSent });
  });

  app.post("/client/message.json", async (c) => {
    const user = c.get("user");
    requireMarketViewer(user, "Consultants write to the administrators from their profile.");
    const { consultant_id, body } = await readBody(c, ClientMessageInput);
    const { row } = await loadVisible(c, String(consultant_id));
    const deps = c.get("deps");
    const msg = await deps.db
      .insertInto("messages")
      .values({ from_user_id: user.id, to_user_id: row.user_id, consultant_id: row.id, body })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (row.email_notifications === 1) {
      const sender = [user.first_name].filter(Boolean).join(" ") || user.username || user.email;
      await deps.mail.send({
        to: row.email,
        subject: `New message from ${sender}`,
        text: `${sender} wrote to you:\n\n${body}\n\nSign in to reply: ${deps.config.portalUrl}/consultant/home\n`,
      });
    }
    await audit(c, "consultant.message", "message", msg.id, { consultant_id: row.id });
    return c.json({ message: MSG.messageSent });
  });

  app.get("/client/messages.json", async (c) => {
    const user = c.get("user");
    const { page = 1, per_page = DEFAULT_PER_PAGE } = readQuery(c, PageQuery);
    const db = c.get("deps").db;
    const staff = isStaff(user);
    const partyName = (u: string, cn: string) =>
      sql<string>`COALESCE(NULLIF(${sql.ref(`${cn}.name`)}, ''), NULLIF(TRIM(${sql.ref(`${u}.first_name`)} || ' ' || ${sql.ref(`${u}.last_name`)}), ''), ${sql.ref(`${u}.username`)})`;
    const base = () =>
      db
        .selectFrom("messages as m")
        .innerJoin("users as fu", "fu.id", "m.from_user_id")
        .leftJoin("consultants as fc", "fc.user_id", "m.from_user_id")
        .leftJoin("users as tu", "tu.id", "m.to_user_id")
        .leftJoin("consultants as tc", "tc.user_id", "m.to_user_id")
        .leftJoin("consultants as mc", "mc.id", "m.consultant_id");
    const select = (q: ReturnType<typeof base>) =>
      q
        .select([
          "m.id", "m.body", "m.created_at", "m.from_user_id", "m.to_user_id", "m.consultant_id",
          partyName("fu", "fc").as("from_name"),
          sql<string | null>`CASE WHEN m.to_user_id IS NULL THEN NULL ELSE ${partyName("tu", "tc")} END`.as("to_name"),
          "mc.name as consultant_name",
        ])
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(per_page)
        .offset((page - 1) * per_page);
    const sentQ = base().where("m.from_user_id", "=", user.id);
    const receivedQ = base().where((eb) => (staff ? eb.or([eb("m.to_user_id", "=", user.id), eb("m.to_user_id", "is", null)]) : eb("m.to_user_id", "=", user.id)));
    const [sent, received, sentN, receivedN] = await Promise.all([
      select(sentQ).execute(),
      select(receivedQ).execute(),
      sentQ.select(sql<number>`COUNT(*)`.as("n")).executeTakeFirstOrThrow(),
      receivedQ.select(sql<number>`COUNT(*)`.as("n")).executeTakeFirstOrThrow(),
    ]);
    const toMessage = (m: (typeof sent)[number]): Message => ({
      id: m.id,
      from: { id: m.from_user_id, name: m.from_name },
      to: m.to_user_id == null ? null : { id: m.to_user_id, name: m.to_name ?? "" },
      consultant_id: m.consultant_id,
      consultant_name: m.consultant_name ?? null,
      body: m.body,
      created_at: m.created_at,
    });
    return c.json({
      sent: sent.map(toMessage),
      received: received.map(toMessage),
      sent_total: Number(sentN.n),
      received_total: Number(receivedN.n),
      page,
      per_page,
    });
  });

  // ----- Projects ------------------------------------------------------------------------------

  app.get("/consultant/:id/projects.json", async (c) => {
    const { row } = await loadVisible(c);
    const { page = 1, per_page = DEFAULT_PER_PAGE } = readQuery(c, PageQuery);
    const db = c.get("deps").db;
    const [projects, count] = await Promise.all([
      db.selectFrom("consultant_projects").select(projectColumns).where("consultant_id", "=", row.id)
        .orderBy("start_date", "desc").orderBy("id", "desc").limit(per_page).offset((page - 1) * per_page).execute(),
      db.selectFrom("consultant_projects").select(sql<number>`COUNT(*)`.as("n")).where("consultant_id", "=", row.id).executeTakeFirstOrThrow(),
    ]);
    return c.json({ projects, total: Number(count.n), page, per_page });
  });

  app.post("/consultant/:id/projects.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can add projects to this profile.");
    const p = await readBody(c, ProjectCreateInput);
    const project = await c.get("deps").db
      .insertInto("consultant_projects")
      .values({ consultant_id: row.id, ...p })
      .returning(projectColumns)
      .executeTakeFirstOrThrow();
    await audit(c, "consultant.project.create", "consultant_project", project.id, { consultant_id: row.id, title: p.title });
    return c.json({ message: MSG.projectAdded, project });
  });

  app.post("/consultant/:id/projects/:pid/delete.json", async (c) => {
    const { row } = await loadSelfOrStaff(c, "Only the consultant or an administrator can delete this project.");
    const pid = c.req.param("pid");
    if (!/^\d{1,12}$/.test(pid)) throw notFound("That project");
    const res = await c.get("deps").db.deleteFrom("consultant_projects").where("id", "=", Number(pid)).where("consultant_id", "=", row.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound("That project");
    await audit(c, "consultant.project.delete", "consultant_project", pid, { consultant_id: row.id });
    return c.json({ message: MSG.projectDeleted });
  });

  // ----- Settings ------------------------------------------------------------------------------

  app.get("/consultant/:id/settings.json", async (c) => {
    const { row } = await loadSelfOrStaff(c, "Only the consultant or an administrator can see these settings.");
    return c.json({ data: { settings: toSettings(row) } });
  });

  app.post("/consultant/:id/settings/general.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can change these settings.");
    const input = await readBody(c, GeneralSettingsInput);
    const next = { ...row, ...input, summary: input.summary ?? row.summary };
    const stage = advanceStage(row.stage, stageFields(next));
    await c.get("deps").db
      .updateTable("consultants")
      .set({ name: next.name, city: next.city, country: next.country, summary: next.summary, stage, updated_at: nowIso() })
      .where("id", "=", row.id)
      .execute();
    if (next.country !== row.country || next.name !== row.name) invalidateFacets(c.get("deps").db);
    await audit(c, "consultant.settings.general", "consultant", row.id, { stage: stage !== row.stage ? { from: row.stage, to: stage } : undefined });
    const after = await reload(c, row.id);
    return c.json({ message: MSG.generalSaved, data: { settings: toSettings(after.row) } });
  });

  app.post("/consultant/:id/settings/phone.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can change this phone number.");
    if (row.stage === "account_locked") throw refuse(MSG.accountLocked);
    const { phone_number_with_country_code: phone } = await readBody(c, PhoneSettingsInput);
    const deps = c.get("deps");
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    const now = nowIso();
    const stage: ConsultantStage = PHONE_STAGES.includes(row.stage) ? "otp_sent" : row.stage;
    await deps.db.transaction().execute(async (trx) => {
      // A new code replaces any earlier one.
      await trx.updateTable("one_time_tokens").set({ used_at: now }).where("user_id", "=", row.user_id).where("kind", "=", "phone_otp").where("used_at", "is", null).execute();
      await trx
        .insertInto("one_time_tokens")
        .values({ user_id: row.user_id, kind: "phone_otp", token_hash: otpHash(deps, row.user_id, code), expires_at: new Date(Date.now() + PHONE_OTP_TTL_MINUTES * 60_000).toISOString(), used_at: null })
        .execute();
      await trx.updateTable("consultants").set({ phone_number_with_country_code: phone, phone_verified: 0, stage, updated_at: now }).where("id", "=", row.id).execute();
    });
    await deps.mail.send({
      to: row.email,
      subject: "Your phone verification code",
      text: `Your code to verify the phone number ${phone} is ${code}.\n\nIt is valid for ${PHONE_OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.\n`,
    });
    await audit(c, "consultant.settings.phone", "consultant", row.id, { phone, stage });
    const after = await reload(c, row.id);
    return c.json({ message: MSG.codeSent, data: { settings: toSettings(after.row) } });
  });

  app.post("/consultant/:id/settings/verify_phone.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can verify this phone number.");
    if (row.stage === "account_locked") throw refuse(MSG.accountLocked);
    const { code } = await readBody(c, VerifyPhoneInput);
    const deps = c.get("deps");
    const now = nowIso();
    const token = await deps.db
      .selectFrom("one_time_tokens")
      .select(["id", "token_hash"])
      .where("user_id", "=", row.user_id)
      .where("kind", "=", "phone_otp")
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("id", "desc")
      .executeTakeFirst();
    const expected = token?.token_hash ?? "";
    const actual = otpHash(deps, row.user_id, code);
    const ok = !!token && expected.length === actual.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(actual));
    if (!ok) {
      // One atomic increment, so parallel guesses cannot slip past the limit.
      const counted = await deps.db
        .insertInto("kv")
        .values({ key: failuresKey(row.id), value: "1" })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: sql<string>`CAST(CAST(kv.value AS INTEGER) + 1 AS TEXT)` }))
        .returning("value")
        .executeTakeFirstOrThrow();
      const failures = Number(counted.value);
      if (failures >= PHONE_OTP_MAX_FAILURES) {
        await deps.db.transaction().execute(async (trx) => {
          await kvSet(trx, stageBeforeLockKey(row.id), row.stage);
          await trx.updateTable("one_time_tokens").set({ used_at: now }).where("user_id", "=", row.user_id).where("kind", "=", "phone_otp").where("used_at", "is", null).execute();
          await trx.updateTable("consultants").set({ stage: "account_locked", updated_at: now }).where("id", "=", row.id).execute();
        });
        await audit(c, "consultant.settings.phone_locked", "consultant", row.id, { failures });
        throw refuse(MSG.accountLocked);
      }
      await audit(c, "consultant.settings.phone_wrong_code", "consultant", row.id, { failures });
      const left = PHONE_OTP_MAX_FAILURES - failures;
      throw refuse(`${MSG.wrongCode} ${left} ${left === 1 ? "attempt" : "attempts"} left.`, { code: [MSG.wrongCode] });
    }
    const from: ConsultantStage = row.stage === "verify_phone" || row.stage === "otp_sent" ? "otp_verified" : row.stage;
    const stage = advanceStage(from, stageFields({ ...row, phone_verified: 1 }));
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("one_time_tokens").set({ used_at: now }).where("id", "=", token!.id).execute();
      await trx.updateTable("consultants").set({ phone_verified: 1, stage, updated_at: now }).where("id", "=", row.id).execute();
      await trx.deleteFrom("kv").where("key", "=", failuresKey(row.id)).execute();
    });
    await audit(c, "consultant.settings.phone_verified", "consultant", row.id, { stage });
    const after = await reload(c, row.id);
    return c.json({ message: MSG.phoneVerified, data: { settings: toSettings(after.row) } });
  });

  app.post("/consultant/:id/settings/notifications.json", async (c) => {
    const row = await loadSelf(c, "Only the consultant can change these settings.");
    const { email_notifications } = await readBody(c, NotificationsInput);
    await c.get("deps").db.updateTable("consultants").set({ email_notifications: email_notifications ? 1 : 0, updated_at: nowIso() }).where("id", "=", row.id).execute();
    await audit(c, "consultant.settings.notifications", "consultant", row.id, { email_notifications });
    const after = await reload(c, row.id);
    return c.json({ message: MSG.notificationsSaved, data: { settings: toSettings(after.row) } });
  });

  app.post("/consultant/:id/settings/deactivate.json", async (c) => {
    const { row } = await loadSelfOrStaff(c, "Only the consultant or an administrator can deactivate this profile.");
    await c.get("deps").db.updateTable("consultants").set({ active: 0, updated_at: nowIso() }).where("id", "=", row.id).execute();
    invalidateFacets(c.get("deps").db);
    await audit(c, "consultant.deactivate", "consultant", row.id);
    const after = await reload(c, row.id);
    return c.json({ message: MSG.deactivated, data: { settings: toSettings(after.row) } });
  });

  app.post("/consultant/:id/settings/activate.json", async (c) => {
    const { row, view } = await loadSelfOrStaff(c, "Only the consultant or an administrator can activate this profile.");
    const deps = c.get("deps");
    const patch: Updateable<ConsultantsTable> = { active: 1, updated_at: nowIso() };
    // An administrator's activation also unlocks a profile locked by wrong phone codes.
    const unlock = view === "staff" && row.stage === "account_locked";
    if (unlock) {
      const before = (await kvGet(deps.db, stageBeforeLockKey(row.id))) as ConsultantStage | null;
      const resume: ConsultantStage = before && before !== "account_locked" ? before : "verify_phone";
      patch.stage = advanceStage(resume, stageFields(row));
    }
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("consultants").set(patch).where("id", "=", row.id).execute();
      if (unlock) await trx.deleteFrom("kv").where("key", "in", [failuresKey(row.id), stageBeforeLockKey(row.id)]).execute();
    });
    invalidateFacets(deps.db);
    await audit(c, "consultant.activate", "consultant", row.id, unlock ? { unlocked: true, stage: patch.stage } : {});
    const after = await reload(c, row.id);
    return c.json({ message: unlock ? `${MSG.activated} The phone verification is unlocked.` : MSG.activated, data: { settings: toSettings(after.row) } });
  });
}
