// /consultant/profile: the consultant's own profile (→ /consultant/profile/{id}/overview, or the page
// of their onboarding stage). Staff have no profile of their own: they pick consultants on the
// Contractor Dashboard. Also the layout of /consultant/profile/{id}/{tab}.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { nextForStage, requireConsultantViewer } from "~/models/consultant.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  if (path !== "/consultant/profile") {
    // A child page: it runs its own guard (role, own id, onboarding).
    await requireConsultantViewer(request, context, { onboarding: false });
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
