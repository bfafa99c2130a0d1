// /aircraft-access/{aircraftId}: the Access page of one aircraft for its Super Users (su_write users
// may manage that aircraft's access, issue 6), and for staff. Anyone else is refused by the upstream
// (GET /admin/access/aircraft/{id}.json answers 404 or 422) and sent back with a message.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { accessToast, saveAccessRow } from "~/models/access.server";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page, idOf } from "./__aircraft-access-aircraftid-page.server";

export const meta: MetaFunction = () => [{ title: "Aircraft access · AeroRecords" }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["client", "admin", "member", "ops_template"] });
  const id = idOf(params.aircraftId);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), `/aircraft-access/${id}`);
  if (form.get("intent") !== "row" || Number(form.get("aircraft_id")) !== id) throw redirect(back);
  return redirectWithToast(back, accessToast(await saveAccessRow(api, form)));
}

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-aircraft-access", await load(args), () => <Page />);
}

export default function AircraftAccess() {
  return <PageMarkup id="page-aircraft-access" />;
}

export const ErrorBoundary = PageErrorBoundary;
