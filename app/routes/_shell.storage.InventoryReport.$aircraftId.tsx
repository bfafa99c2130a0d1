// /storage/InventoryReport/{aircraftId} (spec 000 §2 "Storage"): the aircraft's inventory report. The side navigation
// enables this link only when an aircraft id is in the path. The report itself is built by a later
// issue: the page shows the aircraft (its access checked by the upstream) and says it is not there yet.
import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REPORT_TITLE, ReportPending } from "~/components/aircraft-cards/report-pending";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import type { ShellHandle } from "~/components/shell/handle";
import { STORAGE_ROLES, getAircraft, parseId } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const id = parseId(params.aircraftId);
  if (!id) throw new Response("Not found", { status: 404 });
  const detail = await getAircraft(api, id);
  return json({ aircraft: detail.aircraft, access: detail.access }, { headers: { "Cache-Control": "private, no-store" } });
}

type Data = SerializeFrom<typeof loader>;

export const handle: ShellHandle & FileSearchHandle = {
  topBar: ({ data }) => {
    const d = data as Data | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
  fileSearch: ({ data }) => {
    const d = data as Data | undefined;
    return d ? { aircraftId: d.aircraft.id } : {};
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${REPORT_TITLE.inventory}${data ? ` · ${data.aircraft.name}` : ""} · AeroRecords` }];

export default function StorageInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  return <ReportPending kind="inventory" aircraft={d.aircraft} access={d.access} />;
}
