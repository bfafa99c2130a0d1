// GET /resources/consultant-resume/{id}?back=/client/dashboard…: the resume download of a consultant
// card. Asks resume.json for a fresh signed link and sends the browser to the blob store (the bytes
// never pass through the portal). Without a resume it goes back to the page with the spec's alert
// "Resume not uploaded" (spec §5, §8). Clients, admins and members; a consultant only their own.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ALERT_HIDE_MS } from "~/components/consultant-card/alert-hide";
import { CONSULTANT_MESSAGES } from "~/models/consultant-rules";
import { getResumeUrl } from "~/models/consultant.server";
import { requireConsultantViewer, requireIdParam } from "~/models/consultant-pages.server";
import { safeRedirect } from "~/models/roles";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const { api } = await requireConsultantViewer(request, context, { roles: ["client", "admin", "member", "consultant"], id, onboarding: false });
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/client/dashboard");
  const url = await getResumeUrl(api, id);
  if (!url) return redirectWithToast(back, { type: "error", description: CONSULTANT_MESSAGES.resumeMissing, duration: ALERT_HIDE_MS });
  return redirect(url, { headers: { "Cache-Control": "no-store" } });
}
