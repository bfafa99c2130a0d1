// /consultant/profile: the consultant's own profile (→ /consultant/profile/{id}/overview, or the page
// of their onboarding stage). Staff have no profile of their own: they pick consultants on the
// Contractor Dashboard. Also the layout of /consultant/profile/{id}/{tab}.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { nextForStage, PROFILE_VIEWER_ROLES, requireConsultantViewer } from "~/models/consultant-pages.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  if (path !== "/consultant/profile") {
    // A child page runs the full guard itself (own id, onboarding); here only the role.
    await requireUser(request, context, { roles: PROFILE_VIEWER_ROLES });
    return null;
  }
  const viewer = await requireConsultantViewer(request, context, { onboarding: false });
  if (!viewer.own) throw redirect("/client/dashboard");
  const c = viewer.own.consultant;
  throw redirect(nextForStage(c, `/consultant/profile/${c.id}/overview`));
}

export default function ConsultantProfileLayout() {
  return <Outlet />;
}
