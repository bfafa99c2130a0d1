// Where "/" sends a signed-in user (spec 000 §2): consultants by onboarding stage, everyone else by role.
import type { Api } from "~/models/api.server";
import { onboardingRedirect } from "~/models/consultant-rules";
import { roleLanding } from "~/models/roles";
import { getMe } from "~/models/user.server";
import type { SessionUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** The landing of a signed-in user; for a consultant the profile is fetched first to read its stage. */
export async function landingFor(user: SessionUser, api: Api): Promise<string> {
  if (user.role !== "consultant") return roleLanding(user.role);
  const me = await getMe(api);
  if (!me.consultant) return roleLanding(user.role);
  return onboardingRedirect(me.consultant) ?? "/consultant/home";
}

export type ErrorPage = "page-401" | "page-404" | "page-500";

const PAGE_MESSAGES: Record<ErrorPage, string> = {
  "page-401": "You do not have access to that page.",
  "page-404": "That page does not exist.",
  "page-500": "Something went wrong on our side. Please try again.",
};

/** /page/page-401|404|500: to the role landing (admin to /admin/analytics), or to login when signed out. */
export async function sendOn(user: SessionUser | null, page: ErrorPage) {
  const description = PAGE_MESSAGES[page];
  if (!user) return redirectWithToast("/auth/login", { type: "info", description });
  return redirectWithToast(roleLanding(user.role), { type: page === "page-404" ? "info" : "error", description });
}
