// Contract of the main API's consultant and client endpoints (docs/api/consultant.md): the inputs the
// upstream validates and the answers it gives. Shared by the upstream, the portal's clients and the
// contract tests. Imports nothing server-only.
import { z } from "zod";
import {
  APPROVAL_STATUSES,
  CONSULTANT_SERVICES,
  CONSULTANT_STAGES,
  PHONE_MESSAGE,
  PHONE_RE,
  RATING_MAX,
  isIsoDate,
  normalizePhone,
} from "../consultant-rules";

// ---------------------------------------------------------------------------------------------
// Small coercions: the upstream accepts JSON and plain form posts (all strings).
// ---------------------------------------------------------------------------------------------

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const numberish = (v: unknown) => {
  if (typeof v === "string") {
    const t = v.trim();
    if (t === "") return undefined;
    const n = Number(t);
    return Number.isNaN(n) ? v : n;
  }
  return v;
};
const boolish = (v: unknown) => {
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (["true", "1", "on", "yes"].includes(t)) return true;
    if (["false", "0", "off", "no", ""].includes(t)) return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
};

const text = (label: string, max: number) =>
  z.string({ invalid_type_error: `${label} must be text.` }).trim().max(max, `${label} is too long (at most ${max} characters).`);
const requiredText = (label: string, max: number, missing = `Enter the ${label.toLowerCase()}.`) =>
  z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing).max(max, `${label} is too long (at most ${max} characters).`);

const dateOrNull = z.preprocess(
  emptyToNull,
  z.string({ invalid_type_error: "Enter a date as YYYY-MM-DD." }).trim().refine(isIsoDate, "Enter a date as YYYY-MM-DD.").nullable(),
);

/** A type flag: "1" (the subtype applies) or "0"; booleans and 1/0 are accepted. */
const typeFlag = z.preprocess(
  (v) => (v === true || v === 1 || v === "1" || v === "true" || v === "on" ? "1" : v === false || v === 0 || v === "0" || v === "false" || v === "" || v === null ? "0" : v),
  z.enum(["0", "1"], { errorMap: () => ({ message: 'A type must be "1" (applies) or "0".' }) }),
);

const SERVICE_BY_LOWER = new Map(CONSULTANT_SERVICES.map((s) => [s.toLowerCase(), s]));
/** Services: an array or a comma-separated string of the known service names (case-insensitive). */
export const servicesInput = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.string().trim().min(1).max(80), { invalid_type_error: "Services must be a list." })
    .max(CONSULTANT_SERVICES.length, "Too many services.")
    .superRefine((list, ctx) => {
      for (const s of list) {
        if (!SERVICE_BY_LOWER.has(s.toLowerCase())) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Unknown service "${s}". Choose from: ${CONSULTANT_SERVICES.join(", ")}.` });
      }
    })
    .transform((list) => [...new Set(list.map((s) => SERVICE_BY_LOWER.get(s.toLowerCase())!))]),
);

export const phoneInput = z
  .string({ required_error: PHONE_MESSAGE, invalid_type_error: PHONE_MESSAGE })
  .transform(normalizePhone)
  .refine((s) => PHONE_RE.test(s), PHONE_MESSAGE);

const rateInput = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ invalid_type_error: `The ${label} daily rate must be a number.` })
      .finite()
      .min(0, `The ${label} daily rate cannot be negative.`)
      .max(1_000_000, `The ${label} daily rate is too high.`)
      .nullable(),
  );

const idInput = (what: string) =>
  z.preprocess(numberish, z.number({ required_error: `Choose a ${what}.`, invalid_type_error: `Choose a ${what}.` }).int().positive(`Choose a ${what}.`));

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** The fields a consultant may change on their own profile. */
export const CONSULTANT_SELF_FIELDS = [
  "name", "city", "country", "phone_number_with_country_code", "summary",
  "aircraft_type", "aircraft_sub_type", "helicopter_type", "helicopter_sub_type", "power_plant_type", "power_plant_sub_type",
  "services", "message_to_admin", "available_start_date", "available_end_date", "photo_key", "resume_key",
] as const;
/** The fields an admin or member may change on any consultant's profile. */
/** What a client browsing the marketplace may set on a consultant: notes, rates, availability dates (spec 000 §1). */
export const CONSULTANT_MARKET_FIELDS = ["comment_by_admin", "daily_rate_onsite", "daily_rate_offsite", "available_start_date", "available_end_date"] as const;

export const CONSULTANT_STAFF_FIELDS = [
  "comment_by_admin", "daily_rate_onsite", "daily_rate_offsite", "available_start_date", "available_end_date", "photo_key", "resume_key",
] as const;

export const ConsultantFieldsInput = z
  .object({
    name: requiredText("Name", 120, "Enter your name."),
    city: requiredText("City", 120, "Enter your city."),
    country: requiredText("Country", 120, "Enter your country."),
    phone_number_with_country_code: phoneInput,
    summary: text("Summary", 5000),
    aircraft_type: typeFlag,
    aircraft_sub_type: text("Aircraft sub type", 500),
    helicopter_type: typeFlag,
    helicopter_sub_type: text("Helicopter sub type", 500),
    power_plant_type: typeFlag,
    power_plant_sub_type: text("Power plant sub type", 500),
    services: servicesInput,
    message_to_admin: text("The message", 5000),
    available_start_date: dateOrNull,
    available_end_date: dateOrNull,
    comment_by_admin: text("The note", 5000),
    daily_rate_onsite: rateInput("onsite"),
    daily_rate_offsite: rateInput("offsite"),
    photo_key: z.string().trim().min(1).max(500),
    resume_key: z.string().trim().min(1).max(500),
  })
  .partial()
  .strict();
export type ConsultantFields = z.infer<typeof ConsultantFieldsInput>;

/** POST /consultant/{id}/profile_update.json */
export const ProfileUpdateInput = z.object({
  consultant: ConsultantFieldsInput.refine((o) => Object.keys(o).length > 0, "Nothing to save."),
});

export const UPLOAD_KINDS = ["photo", "resume"] as const;
export const UploadLinkInput = z.object({
  kind: z.enum(UPLOAD_KINDS, { errorMap: () => ({ message: 'Choose what to upload: "photo" or "resume".' }) }),
});

export const LikeInput = z.object({ id: idInput("consultant") });

export const ConsultantMessageInput = z.object({
  message_to_admin: z.string({ required_error: "Write a message to the administrators." }).trim().min(1, "Write a message to the administrators.").max(5000, "The message is too long (at most 5000 characters)."),
});

export const ClientMessageInput = z.object({
  consultant_id: idInput("consultant"),
  body: z.string({ required_error: "Write a message." }).trim().min(1, "Write a message.").max(5000, "The message is too long (at most 5000 characters)."),
});

export const RateInput = z.object({
  rating: z.preprocess(
    numberish,
    z.number({ required_error: "Choose a rating from 1 to 5.", invalid_type_error: "Choose a rating from 1 to 5." }).int("Choose a rating from 1 to 5.").min(1, "Choose a rating from 1 to 5.").max(RATING_MAX, "Choose a rating from 1 to 5."),
  ),
  comment: text("The comment", 2000).optional().default(""),
});

export const ProjectInput = z
  .object({
    title: requiredText("Title", 200, "Enter the project title."),
    client_name: text("Client name", 200).optional().default(""),
    aircraft: text("Aircraft", 200).optional().default(""),
    service: text("Service", 200).optional().default(""),
    start_date: z.string({ required_error: "Enter the start date." }).trim().refine(isIsoDate, "Enter the start date as YYYY-MM-DD."),
    end_date: dateOrNull.optional().default(null),
    description: text("Description", 5000).optional().default(""),
  })
  .superRefine((p, ctx) => {
    if (p.end_date && p.end_date < p.start_date) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "The end date cannot be before the start date.", path: ["end_date"] });
  });
/** POST /consultant/{id}/projects.json: {project:{…}} or the fields at the top level. */
export const ProjectCreateInput = z.preprocess(
  (v) => (v && typeof v === "object" && "project" in v && typeof (v as { project: unknown }).project === "object" ? (v as { project: unknown }).project : v),
  ProjectInput,
);

export const GeneralSettingsInput = z.object({
  name: requiredText("Name", 120, "Enter your name."),
  city: requiredText("City", 120, "Enter your city."),
  country: requiredText("Country", 120, "Enter your country."),
  summary: text("Summary", 5000).optional(),
});
export const PhoneSettingsInput = z.object({ phone_number_with_country_code: phoneInput });
export const VerifyPhoneInput = z.object({
  code: z
    .union([z.string(), z.number()], { required_error: "Enter the 6-digit code we sent you." })
    .transform((v) => (typeof v === "number" ? String(Math.trunc(v)).padStart(6, "0") : v.replace(/[\s-]/g, "")))
    .refine((v) => /^\d{6}$/.test(v), "Enter the 6-digit code we sent you."),
});
export const NotificationsInput = z.object({
  email_notifications: z.preprocess(boolish, z.boolean({ required_error: "Choose whether to get e-mail notifications.", invalid_type_error: "Choose whether to get e-mail notifications." })),
});

export const MARKETPLACE_SORTS = ["rating", "name", "country", "newest"] as const;
export const MarketplaceQuery = z.object({
  country: text("Country", 120).optional(),
  aircraft_type: z.enum(["0", "1"]).optional().catch(undefined),
  helicopter_type: z.enum(["0", "1"]).optional().catch(undefined),
  power_plant_type: z.enum(["0", "1"]).optional().catch(undefined),
  service: text("Service", 80).optional(),
  availability: z.enum(["available", "not_available", "unset"]).optional().catch(undefined),
  min_rating: z.preprocess(numberish, z.number().min(0).max(RATING_MAX).optional()).catch(undefined),
  approval: z.enum(APPROVAL_STATUSES).optional().catch(undefined),
  q: text("The search", 200).optional(),
  sort: z.enum(MARKETPLACE_SORTS).optional().catch(undefined),
  page: z.preprocess(numberish, z.number().int().min(1).max(100_000).optional()).catch(undefined),
  per_page: z.preprocess(numberish, z.number().int().min(1).max(100).optional()).catch(undefined),
});
export type MarketplaceFilters = z.infer<typeof MarketplaceQuery>;

export const PageQuery = z.object({
  page: z.preprocess(numberish, z.number().int().min(1).max(100_000).optional()).catch(undefined),
  per_page: z.preprocess(numberish, z.number().int().min(1).max(100).optional()).catch(undefined),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const Url = z.object({ url: z.string().nullable() });
const Stage = z.enum(CONSULTANT_STAGES);
const Approval = z.enum(APPROVAL_STATUSES);

export const ConsultantProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  phone_number_with_country_code: z.string(),
  summary: z.string(),
  photo: Url,
  resume_edited: Url,
  average_rating: z.number().min(0).max(RATING_MAX).nullable(),
  rating_count: z.number().int().min(0),
  my_rating: z.number().int().min(1).max(RATING_MAX).nullable(),
  aircraft_type: z.enum(["0", "1"]),
  aircraft_sub_type: z.string(),
  helicopter_type: z.enum(["0", "1"]),
  helicopter_sub_type: z.string(),
  power_plant_type: z.enum(["0", "1"]),
  power_plant_sub_type: z.string(),
  services: z.array(z.string()),
  approval_status: Approval,
  availability_status: z.boolean().nullable(),
  available_start_date: z.string().nullable(),
  available_end_date: z.string().nullable(),
  stage: Stage,
  phone_verified: z.boolean(),
  active: z.boolean(),
  liked: z.boolean(),
  /** The consultant themself and staff only. */
  message_to_admin: z.string().optional(),
  email: z.string().optional(),
  /** Non-consultant viewers only. */
  comment_by_admin: z.string().optional(),
  daily_rate_onsite: z.number().nullable().optional(),
  daily_rate_offsite: z.number().nullable().optional(),
});
export type ConsultantProfile = z.infer<typeof ConsultantProfile>;

export const ProfileAnswer = z.object({ data: z.object({ consultant: ConsultantProfile }) });
export const ProfileUpdateAnswer = z.object({ message: z.string(), data: z.object({ consultant: ConsultantProfile }) });

export const Project = z.object({
  id: z.number().int(),
  title: z.string(),
  client_name: z.string(),
  aircraft: z.string(),
  service: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  description: z.string(),
});
export type Project = z.infer<typeof Project>;

export const LandingAnswer = z.object({
  data: z.object({ consultant: ConsultantProfile, last_five_project: z.array(Project).max(5) }),
});
export const ProjectsAnswer = z.object({ projects: z.array(Project), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export const ProjectCreateAnswer = z.object({ message: z.string(), project: Project });

export const MessageAnswer = z.object({ message: z.string() });
export const LikeAnswer = z.object({ message: z.string(), liked: z.boolean() });
export const EmailAnswer = z.object({ data: z.object({ user: z.object({ email: z.string() }) }) });
export const UploadLinkAnswer = z.object({ url: z.string(), url_fields: z.record(z.string()), key_prefix: z.string(), max_bytes: z.number().int() });
export const ResumeAnswer = z.object({ url: z.string() });
export const RateAnswer = z.object({ message: z.string(), average_rating: z.number().nullable(), rating_count: z.number().int(), my_rating: z.number().int() });

export const ConsultantCard = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  photo: Url,
  average_rating: z.number().min(0).max(RATING_MAX).nullable(),
  rating_count: z.number().int(),
  approval_status: Approval,
  availability_status: z.boolean().nullable(),
  available_start_date: z.string().nullable(),
  available_end_date: z.string().nullable(),
  services: z.array(z.string()),
  aircraft_sub_type: z.string(),
  helicopter_sub_type: z.string(),
  power_plant_sub_type: z.string(),
  has_resume: z.boolean(),
  liked: z.boolean(),
  comment_by_admin: z.string(),
  daily_rate_onsite: z.number().nullable(),
  daily_rate_offsite: z.number().nullable(),
});
export type ConsultantCard = z.infer<typeof ConsultantCard>;

const Facet = z.object({ value: z.string(), count: z.number().int() });
export const MarketplaceAnswer = z.object({
  consultants: z.array(ConsultantCard),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  facets: z.object({ countries: z.array(Facet), services: z.array(Facet) }),
});
export const SavedAnswer = z.object({ consultants: z.array(ConsultantCard), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

const Party = z.object({ id: z.number().int(), name: z.string() });
export const Message = z.object({
  id: z.number().int(),
  from: Party,
  /** null: the administrators. */
  to: Party.nullable(),
  consultant_id: z.number().int().nullable(),
  consultant_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type Message = z.infer<typeof Message>;
export const MessagesAnswer = z.object({
  sent: z.array(Message),
  received: z.array(Message),
  sent_total: z.number().int(),
  received_total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const ConsultantSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  summary: z.string(),
  email: z.string(),
  phone_number_with_country_code: z.string(),
  phone_verified: z.boolean(),
  email_notifications: z.boolean(),
  active: z.boolean(),
  stage: Stage,
});
export const SettingsAnswer = z.object({ data: z.object({ settings: ConsultantSettings }) });
export const SettingsUpdateAnswer = z.object({ message: z.string(), data: z.object({ settings: ConsultantSettings }) });

/** The profile form of the overview (the consultant's own fields). A type "1" means its subtype applies. */
const profileTypeFlag = z.preprocess((v) => (v === "1" || v === "on" || v === true ? "1" : "0"), z.enum(["0", "1"]));
const profileSubType = (label: string) => z.string().trim().max(500, `${label} is too long (at most 500 characters).`).optional().default("");
const profileRequired = (label: string, missing: string) => z.string({ required_error: missing }).trim().min(1, missing).max(120, `${label} is too long (at most 120 characters).`);
export const ConsultantProfileForm = z.object({
  name: profileRequired("Name", "Enter your name."),
  city: profileRequired("City", "Enter your city."),
  country: profileRequired("Country", "Enter your country."),
  summary: z.string().trim().max(5000, "The summary is too long (at most 5000 characters).").optional().default(""),
  aircraft_type: profileTypeFlag,
  aircraft_sub_type: profileSubType("Aircraft sub type"),
  helicopter_type: profileTypeFlag,
  helicopter_sub_type: profileSubType("Helicopter sub type"),
  power_plant_type: profileTypeFlag,
  power_plant_sub_type: profileSubType("Power plant sub type"),
  services: z.array(z.enum(CONSULTANT_SERVICES)).optional().default([]),
});
