// The consultant and marketplace pages' server side: who may open them (the guards), how an
// action answers (its data for a fetcher, post/redirect/get otherwise), and the marketplace intents shared
// by /client/dashboard, /client/saved and the profile pages. The calls are consultant.server.ts's.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { requireUser, type Authed } from "~/utils/auth.server";
import { redirectWithToast, createToastHeaders, type ToastInput } from "~/utils/toast.server";
import { ERROR_401, getOwnLanding, getProfile, setApproval, setAvailabilityStatus, setLike, updateProfile, type LandingData } from "./consultant.server";
import { onboardingRedirect } from "./consultant-rules";
import { NotesAndRatesSchema, StaffAvailabilitySchema } from "./schemas/consultant-dialogs";
import type { ConsultantProfile } from "./schemas/consultant";
import { safeRedirect, type Role } from "./roles";

/** Who browses the marketplace (/client/dashboard, /client/saved, /client/message). */
export const MARKET_ROLES: readonly Role[] = ["client", "admin", "member"];
/** Who opens /consultant/profile/{id}/{tab}: the consultant (own id only) and staff. */
export const PROFILE_ROLES: readonly Role[] = ["consultant", "admin", "member"];
/** Who opens a consultant's profile page: the consultant, staff, and clients browsing the marketplace (spec 000 §1; not the resume tab). */
export const PROFILE_VIEWER_ROLES: readonly Role[] = [...PROFILE_ROLES, "client"];
export const isStaffRole = (role: string) => role === "admin" || role === "member";

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
// Answers of actions: a fetcher (JS) gets `{ok, message}` and stays on the page; a plain form post is redirected
// (post/redirect/get). Forms render <input name="_js" value="1"> only once hydrated.
// ---------------------------------------------------------------------------------------------

export const viaFetcher = (form: FormData) => form.get("_js") === "1";

export async function done(form: FormData, to: string, toast: ToastInput) {
  if (viaFetcher(form)) return data({ ok: true as const, message: toast.description }, { headers: await createToastHeaders(toast) });
  return redirectWithToast(to, toast);
}

/** The page to return to: a same-site path sent by the form, or the fallback. */
export const backTo = (form: FormData, fallback: string) => safeRedirect(form.get("redirectTo"), fallback);

export const joinMessages = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join("\n");

// ---------------------------------------------------------------------------------------------
// Marketplace intents (cards and the staff dialogs). Shared by the dashboard, saved and profile pages.
// ---------------------------------------------------------------------------------------------

export const MARKET_INTENTS = ["like", "unlike", "approve", "disapprove", "availability", "notes"] as const;
export type MarketIntent = (typeof MARKET_INTENTS)[number];
export const isMarketIntent = (v: unknown): v is MarketIntent => typeof v === "string" && (MARKET_INTENTS as readonly string[]).includes(v);

/**
 * Runs one marketplace intent for a non-consultant viewer. Likes, approval, availability and notes
 * and rates for every marketplace viewer (clients and staff; spec 000 §1, §5): anybody else is refused
 * here with the role-failure page (spec §8), before the upstream (which refuses them too) is asked.
 * Answers a redirect, `{ok, message}` for fetchers, or 400 with the dialog's submission.
 */
export async function runMarketIntent(
  viewer: Authed,
  form: FormData,
  { fallback, dialogFallback }: { fallback: string; dialogFallback: string },
) {
  const intent = form.get("intent");
  if (!isMarketIntent(intent)) return data({ intent: String(intent ?? ""), error: "Unknown action." }, { status: 400 });
  const { user, api } = viewer;
  if (user.role === "consultant" || !MARKET_ROLES.includes(user.role)) throw redirect(ERROR_401);

  const idRaw = String(form.get("id") ?? "");
  if (!ID_RE.test(idRaw)) return data({ intent, error: "Choose a consultant." }, { status: 400 });
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
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const v = submission.value;
      // In this order (spec §4): the available (or not available) call, then the profile with the dates.
      // The old app waited 3 s in between; here the second call starts when the first has answered
      // (docs/decisions/ on the availability save).
      const status = await setAvailabilityStatus(api, id, v.availability_status === "available");
      if (!status.ok) return data({ intent, result: submission.reply({ formErrors: [status.error] }) }, { status: 400 });
      const saved = await updateProfile(api, id, { available_start_date: v.available_start_date, available_end_date: v.available_end_date });
      if (!saved.ok) return data({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      return redirectWithToast(safeRedirect(form.get("closeTo"), dialogFallback), { type: "success", description: joinMessages(status.message, saved.message) });
    }
    case "notes": {
      const submission = parseWithZod(form, { schema: NotesAndRatesSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(api, id, submission.value);
      if (!saved.ok) return data({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
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

/** Defaults of the availability and notes dialogs: the consultant of `?consultant=` (marketplace viewers; null otherwise). */
export async function dialogTarget(viewer: Authed, url: URL): Promise<{ dialog: "availability" | "notes"; consultant: ConsultantProfile } | null> {
  const dialog = url.searchParams.get("dialog");
  const id = url.searchParams.get("consultant") ?? "";
  if ((dialog !== "availability" && dialog !== "notes") || !MARKET_ROLES.includes(viewer.user.role) || !ID_RE.test(id)) return null;
  return { dialog, consultant: await getProfile(viewer.api, id) };
}
