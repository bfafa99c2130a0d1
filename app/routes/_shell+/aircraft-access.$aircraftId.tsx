// /aircraft-access/{aircraftId}: the Access page of one aircraft for its Super Users (su_write users
// may manage that aircraft's access, issue 6), and for staff. Anyone else is refused by the upstream
// (GET /admin/access/aircraft/{id}.json answers 404 or 422) and sent back with a message.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AircraftAccessView } from "~/components/admin/aircraft-access-view";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import { accessToast, aircraftAccess, saveAccessRow } from "~/models/access.server";
import { ACCESS_LABELS } from "~/models/admin-constants";
import { roleLanding } from "~/models/roles";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

const idOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export const meta: MetaFunction = () => [{ title: "Aircraft access · AeroRecords" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context, { roles: ["client", "admin", "member", "ops_template"] });
  const id = idOf(params.aircraftId);
  const res = await aircraftAccess(api, id);
  if (!res.ok) throw await redirectWithToast(roleLanding(user.role), { type: "error", description: res.error });
  return { view: res.data, staff: user.role === "admin" || user.role === "member" };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["client", "admin", "member", "ops_template"] });
  const id = idOf(params.aircraftId);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), `/aircraft-access/${id}`);
  if (form.get("intent") !== "row" || Number(form.get("aircraft_id")) !== id) throw redirect(back);
  return redirectWithToast(back, accessToast(await saveAccessRow(api, form)));
}

export default function AircraftAccess() {
  const { view, staff } = useLoaderData<typeof loader>();
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

export const ErrorBoundary = PageErrorBoundary;
