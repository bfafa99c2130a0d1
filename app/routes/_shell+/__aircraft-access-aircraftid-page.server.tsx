// aircraft-access.$aircraftId.tsx's page as server markup (issue 12, ADR 063): its loader (load) and
// its component (Page), rendered by the route's loader in a router at the page's address (routePage).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AircraftAccessView } from "~/components/admin/aircraft-access-view";
import * as ui from "~/components/ui/ui.css";
import { aircraftAccess } from "~/models/access.server";
import { roleLanding } from "~/models/roles";
import { ACCESS_LABELS } from "~/models/admin-constants";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function load({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context, { roles: ["client", "admin", "member", "ops_template"] });
  const id = idOf(params.aircraftId);
  const res = await aircraftAccess(api, id);
  if (!res.ok) throw await redirectWithToast(roleLanding(user.role), { type: "error", description: res.error });
  return json({ view: res.data, staff: user.role === "admin" || user.role === "member" });
}

export const idOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export function Page() {
  const { view, staff } = useLoaderData<typeof load>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Access</h1>
          <p className={ui.pageLead}>
            Who may open this aircraft, and with which rights: {ACCESS_LABELS.read}, {ACCESS_LABELS.write} or {ACCESS_LABELS.su_write}.
          </p>
        </div>
        <Link to={`/storage/aircraft/${view.aircraft.id}/files`} className={ui.button.secondary}>
          Back to the records
        </Link>
      </div>
      <AircraftAccessView view={view} userHref={staff ? (uid) => `/admin/user-access-control?user_id=${uid}` : undefined} />
    </>
  );
}
