// /consultant/settings: the consultant's own settings (→ /consultant/settings/{id}/general, or the
// page of their onboarding stage). Staff manage a consultant's activation from its profile's id:
// without one they go to the Contractor Dashboard. Also the layout of /consultant/settings/{id}/{tab}.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { nextForStage, PROFILE_ROLES, requireConsultantViewer } from "~/models/consultant-pages.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  if (path !== "/consultant/settings") {
    // A child page runs the full guard itself (own id, onboarding); here only the role.
    await requireUser(request, context, { roles: PROFILE_ROLES });
    return null;
  }
  const viewer = await requireConsultantViewer(request, context, { onboarding: false });
  if (!viewer.own) throw redirect("/client/dashboard");
  const c = viewer.own.consultant;
  throw redirect(nextForStage(c, `/consultant/settings/${c.id}/general`));
}

export default function ConsultantSettingsLayout() {
  return <Outlet />;
}
