// GET /resources/oil-dashboard-png?org_msn_id=…: the AeroOIL status dashboard of an aircraft as a PNG
// attachment, drawn by the oil API and streamed on (issue 15 item 2, the top bar's "Download PNG"; no
// browser needed; ADR 049).
// Oil read access, checked by the oil API; a refusal goes back to the oil home with its message.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dashboardPngResponse, requireOilAircraftRef, requireOilUser } from "~/models/oil-pages.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  const ref = requireOilAircraftRef(new URL(request.url));
  return dashboardPngResponse(api, ref);
}
