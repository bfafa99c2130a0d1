// The portal's client of the consultant and client calls (docs/api/consultant.md), the guards of the
// consultant pages, and the marketplace actions shared by /client/dashboard, /client/saved and the
// profile pages (the no-JS upload of a photo or resume is in consultant-upload.server.ts).
//
// Error handling (spec 000 §8, "Consultant calls" and "Like or unlike"): a 401 (and 403) ends the
// session through the shared client's logout; ANY other failure goes to /errors/error-500, not to
// the role landing the generic interceptor would choose. The one exception is a 422 on a mutation:
// it is the upstream refusing the input, which the page shows on its form (every rule is checked by
// the same zod schema before the call, so this is rare).
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { requireUser, type Authed } from "~/utils/auth.server";
import { redirectWithToast, createToastHeaders, type ToastInput } from "~/utils/toast.server";
import type { Api, CallOptions, Result } from "./api.server";
import { withoutDialog } from "~/components/modal-dialog/dialog-schemas";
export { withoutDialog };
import { onboardingRedirect } from "./consultant-rules";
import { AvailabilitySchema, NotesAndRatesSchema, StaffAvailabilitySchema } from "./schemas/consultant-dialogs";
import { safeRedirect, type Role } from "./roles";
import {
  ConsultantSettings,
  LandingAnswer,
  LikeAnswer,
  MarketplaceAnswer,
  MessageAnswer,
  MessagesAnswer,
  ProfileAnswer,
  ProfileUpdateAnswer,
  ProjectCreateAnswer,
  ProjectsAnswer,
  ResumeAnswer,
  SavedAnswer,
  SettingsAnswer,
  SettingsUpdateAnswer,
  UploadLinkAnswer,
  type ConsultantFields,
  type ConsultantProfile,
  type MarketplaceFilters,
} from "./schemas/consultant";
import { NotificationsAnswer } from "./schemas/auth";

export const ERROR_500 = "/errors/error-500";
export const ERROR_401 = "/errors/error-401";

/** Who browses the marketplace (/client/dashboard, /client/saved, /client/message). */
export const MARKET_ROLES: readonly Role[] = ["client", "admin", "member"];
/** Who opens /consultant/profile/{id}/{tab}: the consultant (own id only) and staff. */
export const PROFILE_ROLES: readonly Role[] = ["consultant", "admin", "member"];
export const isStaffRole = (role: string) => role === "admin" || role === "member";

export type SettingsData = z.infer<typeof ConsultantSettings>;
export type LandingData = z.infer<typeof LandingAnswer>["data"];

// ---------------------------------------------------------------------------------------------
// The error rule of the consultant calls
// ---------------------------------------------------------------------------------------------

const isLogout = (r: Response) => r.status >= 300 && r.status < 400 && (r.headers.get("Location") ?? "").startsWith("/auth/login");

/**
 * Runs a call of the shared client and applies the consultant rule to what it throws: the logout
 * redirect (401/403) goes through; the role-landing redirect (404/5xx), a refused read and an answer
 * that does not match its schema become /errors/error-500.
 */
async function consultantCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Response) {
      if (isLogout(e)) throw e;
      throw redirect(ERROR_500);
    }
    throw e;
  }
}

async function read<S extends z.ZodTypeAny>(api: Api, path: string, schema: S, query?: CallOptions["query"]): Promise<z.infer<S>> {
  return consultantCall(() => api.get("main", path, { schema, query }) as Promise<z.infer<S>>);
}

/** A mutation: a 422 comes back as a result for the form; every other failure is /errors/error-500. */
async function write<S extends z.ZodTypeAny>(api: Api, method: "GET" | "POST", path: string, schema: S, json?: unknown): Promise<Result<z.infer<S>>> {
  const r = (await consultantCall(() => api.call("main", method, path, { schema, json }))) as Result<z.infer<S>>;
  if (!r.ok && r.status !== 422) throw redirect(ERROR_500);
  return r;
}

const cid = (id: number | string) => encodeURIComponent(String(id));

// ---------------------------------------------------------------------------------------------
// Typed calls
// ---------------------------------------------------------------------------------------------

/** GET /consultant/landing.json: the signed-in consultant's own profile and last five projects. */
export const getOwnLanding = (api: Api) => read(api, "/consultant/landing.json", LandingAnswer).then((a) => a.data);
/** The same call as a result (the home page chooses where each failure goes). */
export const ownLandingResult = (api: Api) => api.call("main", "GET", "/consultant/landing.json", { passthrough: true });
export const getProfile = (api: Api, id: number | string) => read(api, `/consultant/${cid(id)}/profile.json`, ProfileAnswer).then((a) => a.data.consultant);
export const updateProfile = (api: Api, id: number | string, consultant: ConsultantFields) =>
  write(api, "POST", `/consultant/${cid(id)}/profile_update.json`, ProfileUpdateAnswer, { consultant });
export const getUploadLink = (api: Api, id: number | string, kind: "photo" | "resume") =>
  write(api, "POST", `/consultant/${cid(id)}/upload_link.json`, UploadLinkAnswer, { kind });

/** The signed download of the resume, or null when there is none ("Resume not uploaded"). */
export async function getResumeUrl(api: Api, id: number | string): Promise<string | null> {
  const r = await write(api, "GET", `/consultant/${cid(id)}/resume.json`, ResumeAnswer);
  return r.ok ? r.data.url : null;
}

export const setApproval = (api: Api, id: number | string, approve: boolean) =>
  write(api, "GET", `/consultant/${cid(id)}/${approve ? "approve_consultant" : "disapprove_consultant"}.json`, MessageAnswer);
export const setAvailabilityStatus = (api: Api, id: number | string, available: boolean) =>
  write(api, "GET", `/consultant/${cid(id)}/${available ? "available_consultant" : "not_available_consultant"}.json`, MessageAnswer);
export const setLike = (api: Api, id: number, like: boolean) =>
  write(api, "POST", like ? "/client/update_like_info.json" : "/client/update_unlike_info.json", LikeAnswer, { id });

export const listConsultants = (api: Api, filters: MarketplaceFilters) => read(api, "/consultant/list.json", MarketplaceAnswer, filters);
export const listSaved = (api: Api, page: number, perPage: number) => read(api, "/client/saved.json", SavedAnswer, { page, per_page: perPage });
export const listMessages = (api: Api, page: number, perPage: number) => read(api, "/client/messages.json", MessagesAnswer, { page, per_page: perPage });
export const sendToConsultant = (api: Api, consultantId: number, body: string) =>
  write(api, "POST", "/client/message.json", MessageAnswer, { consultant_id: consultantId, body });
export const sendToAdmins = (api: Api, id: number | string, message_to_admin: string) =>
  write(api, "POST", `/consultant/${cid(id)}/message.json`, MessageAnswer, { message_to_admin });

export const listProjects = (api: Api, id: number | string, page: number, perPage: number) =>
  read(api, `/consultant/${cid(id)}/projects.json`, ProjectsAnswer, { page, per_page: perPage });
export const addProject = (api: Api, id: number | string, project: unknown) => write(api, "POST", `/consultant/${cid(id)}/projects.json`, ProjectCreateAnswer, { project });
export const deleteProject = (api: Api, id: number | string, pid: number) =>
  write(api, "POST", `/consultant/${cid(id)}/projects/${encodeURIComponent(String(pid))}/delete.json`, MessageAnswer, {});

export const getSettings = (api: Api, id: number | string) => read(api, `/consultant/${cid(id)}/settings.json`, SettingsAnswer).then((a) => a.data.settings);
const settingsCall = (api: Api, id: number | string, what: string, body: unknown) =>
  write(api, "POST", `/consultant/${cid(id)}/settings/${what}.json`, SettingsUpdateAnswer, body);
export const saveGeneral = (api: Api, id: number | string, v: { name: string; city: string; country: string; summary?: string }) => settingsCall(api, id, "general", v);
export const sendPhoneCode = (api: Api, id: number | string, phone: string) => settingsCall(api, id, "phone", { phone_number_with_country_code: phone });
export const verifyPhone = (api: Api, id: number | string, code: string) => settingsCall(api, id, "verify_phone", { code });
export const saveNotifications = (api: Api, id: number | string, on: boolean) => settingsCall(api, id, "notifications", { email_notifications: on });
export const setActive = (api: Api, id: number | string, active: boolean) => settingsCall(api, id, active ? "activate" : "deactivate", {});

/** The viewer's notifications (for the notifications settings). Logged-only on failure: it is not a consultant call. */
export async function getNotifications(api: Api) {
  const r = await api.call("main", "GET", "/user/notifications.json", { schema: NotificationsAnswer, passthrough: true });
  if (!r.ok) {
    console.warn("[consultant] notifications:", r.error);
    return { notifications: [], unread: 0 };
  }
  return r.data;
}

// ---------------------------------------------------------------------------------------------
// Page guards
// ---------------------------------------------------------------------------------------------

export interface ConsultantViewer extends Authed {
  staff: boolean;
  /** The signed-in consultant's own landing (profile + last five projects); null for staff. */
  own: LandingData | null;
}

const ID_RE = /^\d{1,12}$/;

/** A path id that is not a number is no page at all. */
export function requireIdParam(id: string | undefined): string {
  if (!id || !ID_RE.test(id)) throw redirect("/page/page-404");
  return id;
}

/**
 * The guard of every consultant page (loaders and actions):
 *   - the role guard (signed out → login, other roles → /errors/error-401);
 *   - a consultant may only open their own id: another id in the URL is /errors/error-401, without
 *     asking the upstream about it;
 *   - a consultant whose onboarding is not finished is sent to the page of their stage (spec §4), except
 *     when they are already on it (no loops). Actions skip this step (`onboarding: false`): they decide
 *     where to go next from the answer.
 */
export async function requireConsultantViewer(
  request: Request,
  context: AppLoadContext,
  { roles = PROFILE_ROLES, id, onboarding = true }: { roles?: readonly Role[]; id?: string; onboarding?: boolean } = {},
): Promise<ConsultantViewer> {
  const authed = await requireUser(request, context, { roles });
  if (authed.user.role !== "consultant") return { ...authed, staff: isStaffRole(authed.user.role), own: null };
  const own = await getOwnLanding(authed.api);
  if (id !== undefined && id !== String(own.consultant.id)) throw redirect(ERROR_401);
  if (onboarding) {
    const to = onboardingRedirect(own.consultant);
    if (to && to !== new URL(request.url).pathname) throw redirect(to);
  }
  return { ...authed, staff: false, own };
}

/** Where a consultant goes after a save that may have moved their stage: the stage's page, or `fallback`. */
export const nextForStage = (c: { id: number; name: string; stage: string }, fallback: string) => onboardingRedirect(c) ?? fallback;

// ---------------------------------------------------------------------------------------------
// Answers of actions: a fetcher (JS) gets JSON and stays on the page; a plain form post is redirected
// (post/redirect/get). Forms render <input name="_js" value="1"> only once hydrated.
// ---------------------------------------------------------------------------------------------

export const viaFetcher = (form: FormData) => form.get("_js") === "1";

export async function done(form: FormData, to: string, toast: ToastInput) {
  if (viaFetcher(form)) return json({ ok: true as const, message: toast.description }, { headers: await createToastHeaders(toast) });
  return redirectWithToast(to, toast);
}

/** The page to return to: a same-site path sent by the form, or the fallback. */
export const backTo = (form: FormData, fallback: string) => safeRedirect(form.get("redirectTo"), fallback);

export const joinMessages = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join("\n");

// ---------------------------------------------------------------------------------------------
// Marketplace intents (cards and the staff dialogs). Shared by the dashboard, saved and profile pages.
// ---------------------------------------------------------------------------------------------

export const STAFF_INTENTS = ["approve", "disapprove", "availability", "notes"] as const;
export const MARKET_INTENTS = ["like", "unlike", ...STAFF_INTENTS] as const;
export type MarketIntent = (typeof MARKET_INTENTS)[number];
export const isMarketIntent = (v: unknown): v is MarketIntent => typeof v === "string" && (MARKET_INTENTS as readonly string[]).includes(v);

/**
 * Runs one marketplace intent for a non-consultant viewer. Likes for clients and staff; approval,
 * availability and notes and rates for staff only: anybody else is refused here with the role-failure
 * page (spec §8), before the upstream (which refuses them too) is asked.
 * Answers a Response (redirect, JSON for fetchers, or 400 with the dialog's submission).
 */
export async function runMarketIntent(
  viewer: Authed,
  form: FormData,
  { fallback, dialogFallback }: { fallback: string; dialogFallback: string },
): Promise<Response> {
  const intent = form.get("intent");
  if (!isMarketIntent(intent)) return json({ intent: String(intent ?? ""), error: "Unknown action." }, { status: 400 });
  const { user, api } = viewer;
  if (user.role === "consultant" || !MARKET_ROLES.includes(user.role)) throw redirect(ERROR_401);
  if ((STAFF_INTENTS as readonly string[]).includes(intent) && !isStaffRole(user.role)) throw redirect(ERROR_401);

  const idRaw = String(form.get("id") ?? "");
  if (!ID_RE.test(idRaw)) return json({ intent, error: "Choose a consultant." }, { status: 400 });
  const id = Number(idRaw);
  const back = backTo(form, fallback);

  switch (intent) {
    case "like":
    case "unlike": {
      const r = await setLike(api, id, intent === "like");
      return r.ok ? done(form, back, { type: "success", description: r.message ?? "" }) : done(form, back, { type: "error", description: r.error });
    }
    case "approve":
    case "disapprove": {
      const r = await setApproval(api, id, intent === "approve");
      return r.ok ? done(form, back, { type: "success", description: r.message ?? "" }) : done(form, back, { type: "error", description: r.error });
    }
    case "availability": {
      const submission = parseWithZod(form, { schema: StaffAvailabilitySchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const v = submission.value;
      // In this order (spec §4): the available (or not available) call, then the profile with the dates.
      // The old app waited 3 s in between; here the second call starts when the first has answered
      // (docs/decisions/ on the availability save).
      const status = await setAvailabilityStatus(api, id, v.availability_status === "available");
      if (!status.ok) return json({ intent, result: submission.reply({ formErrors: [status.error] }) }, { status: 400 });
      const saved = await updateProfile(api, id, { available_start_date: v.available_start_date, available_end_date: v.available_end_date });
      if (!saved.ok) return json({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      return redirectWithToast(safeRedirect(form.get("closeTo"), dialogFallback), { type: "success", description: joinMessages(status.message, saved.message) });
    }
    case "notes": {
      const submission = parseWithZod(form, { schema: NotesAndRatesSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(api, id, submission.value);
      if (!saved.ok) return json({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      return redirectWithToast(safeRedirect(form.get("closeTo"), dialogFallback), { type: "success", description: saved.message ?? "The notes and rates are saved." });
    }
  }
}

/** The upstream's per-field errors in conform's shape. */
export function fieldErrorsOf(errors: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  if (!errors) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
  return out;
}

/** Defaults of the staff dialogs: the consultant of `?consultant=` (staff only; null otherwise). */
export async function dialogTarget(viewer: Authed, url: URL): Promise<{ dialog: "availability" | "notes"; consultant: ConsultantProfile } | null> {
  const dialog = url.searchParams.get("dialog");
  const id = url.searchParams.get("consultant") ?? "";
  if ((dialog !== "availability" && dialog !== "notes") || !isStaffRole(viewer.user.role) || !ID_RE.test(id)) return null;
  return { dialog, consultant: await getProfile(viewer.api, id) };
}
