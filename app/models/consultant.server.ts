// The portal's client of the consultant and client calls (docs/api/consultant.md): data functions
// only. The pages' guards and action answers are in consultant-pages.server.ts, the no-JS upload of a
// photo or resume in consultant-upload.server.ts, the pure rules in consultant-rules.ts.
//
// Error handling (spec 000 §8, "Consultant calls" and "Like or unlike"): a 401 (and 403) ends the
// session through the shared client's logout; ANY other failure goes to /errors/error-500, not to
// the role landing the generic interceptor would choose. The one exception is a 422 on a mutation:
// it is the upstream refusing the input, which the page shows on its form (every rule is checked by
// the same zod schema before the call, so this is rare).
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { Api, CallOptions, Result } from "./api.server";
import { ConsultantSettings, LandingAnswer, LikeAnswer, MarketplaceAnswer, MessageAnswer, MessagesAnswer, ProfileAnswer, ProfileUpdateAnswer, ProjectCreateAnswer, ProjectsAnswer, ResumeAnswer, SavedAnswer, SettingsAnswer, SettingsUpdateAnswer, UploadLinkAnswer, type ConsultantFields, type MarketplaceFilters } from "./schemas/consultant";
import { NotificationsAnswer } from "./schemas/auth";

export const ERROR_500 = "/errors/error-500";
export const ERROR_401 = "/errors/error-401";

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
