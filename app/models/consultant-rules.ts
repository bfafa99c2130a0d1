// Consultant rules shared by the upstream, the portal's loaders/actions and the browser (spec 000
// §2 "Consultant", §3, §4, §5, §9). Pure and browser-safe: imports nothing but zod.

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** The earliest availability end date when no start date is set (spec §9). */
export const AVAILABILITY_MIN_DATE = "1920-05-04";
/** Star rating maximum (spec §9). */
export const RATING_MAX = 5;
/** Availability save: the available endpoint first, then the profile after this delay (spec §4, §9). */
export const AVAILABILITY_SAVE_DELAY_MS = 3000;
/** Width of the three consultant dialogs (spec §2, §9). */
export const CONSULTANT_DIALOG_WIDTH = 700;

export const CONSULTANT_STAGES = [
  "basic_info",
  "profile",
  "verify_phone",
  "otp_sent",
  "otp_verified",
  "account_locked",
  "complete",
] as const;
export type ConsultantStage = (typeof CONSULTANT_STAGES)[number];

export const APPROVAL_STATUSES = ["verified", "disapproved", "undecided"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PROFILE_TABS = ["overview", "documents", "projects", "resume"] as const;
export const SETTINGS_TABS = ["general", "phone", "notifications", "activate", "deactivate"] as const;

/** The services a consultant can offer: the landing page's lists (spec §1) plus the pool's work. */
export const CONSULTANT_SERVICES = [
  "Record Review",
  "Physical Inspection",
  "Records Scanning",
  "Record Recovery",
  "Project Management",
  "Asset Management",
  "Annual Audit",
  "Pre-Purchase",
  "Redelivery",
  "New Aircraft Delivery",
  "Storage Monitoring",
  "CAMO",
  "MRO",
  "Ferry Flight",
] as const;

/** The three experience types; a type value of "1" means its subtype applies (spec §3). */
export const CONSULTANT_TYPES = [
  { type: "aircraft_type", subType: "aircraft_sub_type", label: "Aircraft" },
  { type: "helicopter_type", subType: "helicopter_sub_type", label: "Helicopter" },
  { type: "power_plant_type", subType: "power_plant_sub_type", label: "Power plant" },
] as const;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "gif"] as const;
export const RESUME_EXTENSIONS = ["pdf", "doc", "docx"] as const;
/** The photo and resume uploads of a profile (the documents tab): accepted extensions, size limit, name. */
export const UPLOAD_RULES = {
  photo: { extensions: PHOTO_EXTENSIONS as readonly string[], maxBytes: PHOTO_MAX_BYTES, label: "photo" },
  resume: { extensions: RESUME_EXTENSIONS as readonly string[], maxBytes: RESUME_MAX_BYTES, label: "resume" },
} as const;
export type UploadKind = keyof typeof UPLOAD_RULES;

/** The problem with a chosen photo or resume before any byte is sent (size null: not known yet), or null. */
export function uploadProblem(kind: UploadKind, name: string, size: number | null): string | null {
  const rule = UPLOAD_RULES[kind];
  const ext = (/\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? "").toLowerCase();
  if (!name) return `Choose a ${rule.label} file.`;
  if (!rule.extensions.includes(ext)) return `The ${rule.label} must be a ${rule.extensions.join(", ")} file.`;
  if (size !== null && size > rule.maxBytes) return `The ${rule.label} is larger than ${rule.maxBytes / 1024 / 1024} MB.`;
  if (size === 0) return `The ${rule.label} is empty.`;
  return null;
}

/**
 * The naming flow of photo and resume names: the upload rule of file-names.ts with special characters
 * replaced and the extension lowercased (the upstream checks the extension), no name refused.
 */
export const DOCUMENT_NAMING = "uef" as const;

/** Wrong phone codes in a row before the account is locked. */
export const PHONE_OTP_MAX_FAILURES = 5;
export const PHONE_OTP_TTL_MINUTES = 10;

export const CONSULTANT_MESSAGES = {
  resumeMissing: "Resume not uploaded",
  endBeforeStart: "The end date cannot be before the start date.",
  endBeforeMinimum: `The end date cannot be before ${AVAILABILITY_MIN_DATE}.`,
  approvalRefused: "Only clients and administrators can change a consultant's approval.",
  availabilityRefused: "Only clients and administrators can change a consultant's availability.",
  notesRefused: "Only clients and administrators can set a consultant's notes and rates.",
  consultantsOnlyLike: "Consultants cannot save other consultants.",
  marketplaceOnly: "Only clients and administrators can browse consultants.",
  approved: "The consultant is approved.",
  disapproved: "The consultant is disapproved.",
  available: "The consultant is marked as available.",
  notAvailable: "The consultant is marked as not available.",
  liked: "The consultant is saved to your list.",
  unliked: "The consultant is removed from your list.",
  profileSaved: "Your profile is saved.",
  profileSavedByStaff: "The consultant's profile is saved.",
  messageToAdminSent: "Your message was sent to the administrators.",
  messageSent: "Your message was sent to the consultant.",
  ratingSaved: "Your rating is saved.",
  projectAdded: "The project is added.",
  projectDeleted: "The project is deleted.",
  generalSaved: "Your general settings are saved.",
  codeSent: "We sent a 6-digit code to your e-mail address. It is valid for 10 minutes.",
  phoneVerified: "Your phone number is verified.",
  wrongCode: "That code is not correct or has expired.",
  accountLocked: "Too many wrong codes: your account is locked. Please contact an administrator.",
  notificationsSaved: "Your notification settings are saved.",
  deactivated: "The profile is deactivated: it no longer appears in the marketplace.",
  activated: "The profile is active: it appears in the marketplace again.",
} as const;

// ---------------------------------------------------------------------------------------------
// Onboarding
// ---------------------------------------------------------------------------------------------

/**
 * Where a signed-in consultant must go before anything else (spec §4 "Onboarding redirect by stage").
 * Returns null once onboarding is finished (stage "complete").
 */
export function onboardingRedirect(c: { id: number | string; name?: string | null; stage: string }): string | null {
  const id = encodeURIComponent(String(c.id));
  if (!c.name?.trim() || c.stage === "basic_info") return `/consultant/settings/${id}/general`;
  switch (c.stage) {
    case "profile":
      return `/consultant/profile/${id}/overview`;
    case "verify_phone":
    case "otp_sent":
    case "otp_verified":
      return `/consultant/settings/${id}/phone`;
    case "account_locked":
      return `/consultant/settings/${id}/notifications`;
    default:
      return null;
  }
}

export interface StageFields {
  name: string;
  city: string;
  country: string;
  summary: string;
  aircraft_type: string;
  helicopter_type: string;
  power_plant_type: string;
  phone_verified: boolean | number;
}

const filled = (s: string | null | undefined) => !!s && s.trim().length > 0;
export const basicInfoComplete = (c: Pick<StageFields, "name" | "city" | "country">) => filled(c.name) && filled(c.city) && filled(c.country);
export const hasExperienceType = (c: Pick<StageFields, "aircraft_type" | "helicopter_type" | "power_plant_type">) =>
  c.aircraft_type === "1" || c.helicopter_type === "1" || c.power_plant_type === "1";
export const profileStepComplete = (c: StageFields) => basicInfoComplete(c) && filled(c.summary) && hasExperienceType(c);
export const profileComplete = (c: StageFields) => profileStepComplete(c) && (c.phone_verified === true || c.phone_verified === 1);

/**
 * Advances the onboarding stage as far as the consultant's data allows; never goes back and never
 * leaves account_locked. basic_info -> profile (name, city, country) -> verify_phone (summary and a
 * type) -> otp_verified (phone verified) -> complete (everything filled and the phone verified).
 * otp_sent only moves on through a verified code (which sets phone_verified).
 */
export function advanceStage(stage: ConsultantStage, c: StageFields): ConsultantStage {
  let s = stage;
  for (;;) {
    const before = s;
    if (s === "basic_info" && basicInfoComplete(c)) s = "profile";
    else if (s === "profile" && profileStepComplete(c)) s = "verify_phone";
    else if ((s === "verify_phone" || s === "otp_sent") && (c.phone_verified === true || c.phone_verified === 1)) s = "otp_verified";
    else if (s === "otp_verified" && profileComplete(c)) s = "complete";
    if (s === before) return s;
  }
}

/** A changed phone number must be verified again: stages past verify_phone fall back to it. */
export function stageAfterPhoneChange(stage: ConsultantStage): ConsultantStage {
  return stage === "otp_sent" || stage === "otp_verified" || stage === "complete" ? "verify_phone" : stage;
}

/** Stages from which a phone code may be requested and moves the stage to otp_sent. */
export const PHONE_STAGES: readonly ConsultantStage[] = ["verify_phone", "otp_sent", "otp_verified", "complete"];

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The minimum of the availability end date: the start date, or 1920-05-04 without one (spec §2). */
export const minAvailableEndDate = (start: string | null | undefined) => (start && isIsoDate(start) ? start : AVAILABILITY_MIN_DATE);

/** The availability rule on a pair of dates; null when fine. */
export function availabilityDatesError(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!end) return null;
  if (start) return end < start ? CONSULTANT_MESSAGES.endBeforeStart : null;
  return end < AVAILABILITY_MIN_DATE ? CONSULTANT_MESSAGES.endBeforeMinimum : null;
}

/** Phone with country code: "+", then 7 to 15 digits; spaces, dots, dashes and brackets are dropped. */
export function normalizePhone(raw: string): string {
  const s = raw.trim().replace(/[\s().-]/g, "");
  return s.startsWith("00") ? `+${s.slice(2)}` : s;
}
export const PHONE_RE = /^\+[1-9]\d{6,14}$/;
export const PHONE_MESSAGE = "Enter the phone number with its country code, e.g. +44 20 7946 0958.";

/** Mean of ratings, one decimal, at most 5; null without ratings. */
export function averageRating(ratings: number[]): number | null {
  if (ratings.length === 0) return null;
  return roundRating(ratings.reduce((a, b) => a + b, 0) / ratings.length);
}
export const roundRating = (avg: number | null | undefined): number | null =>
  avg == null ? null : Math.min(RATING_MAX, Math.round(avg * 10) / 10);

/** "verified" | "disapproved"; anything else is undecided (spec §3). */
export const approvalOf = (s: string | null | undefined): ApprovalStatus => (s === "verified" || s === "disapproved" ? s : "undecided");
export { APPROVAL_LABEL } from "./status-labels";
export function availabilityLabel(status: boolean | null | undefined): string {
  return status === true ? "Available" : status === false ? "Not available" : "Availability not set";
}

// ---------------------------------------------------------------------------------------------
// The three dialogs (spec §2 and §5). Field names are the API's; conform coerces form strings.
// ---------------------------------------------------------------------------------------------

// The three dialogs' zod schemas live in schemas/consultant-dialogs.ts (zod stays out of the browser).

