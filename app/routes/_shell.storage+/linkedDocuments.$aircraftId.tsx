// /storage/linkedDocuments/{aircraftId} (spec 000 §2 "Storage"): the aircraft's linked documents. The side navigation
// enables this link only when an aircraft id is in the path. The report itself is built by a later
// issue: the page shows the aircraft (its access checked by the upstream) and says it is not there yet.
import { useLoaderData } from "@remix-run/react";
import { ReportPending, reportHandle, reportMeta } from "~/components/aircraft-cards/report-pending";
import { reportLoader } from "~/models/storage-pages.server";

export const loader = reportLoader;
export const handle = reportHandle;
export const meta = reportMeta("linked");

export default function StorageLinkedDocumentsRoute() {
  const d = useLoaderData<typeof loader>();
  return <ReportPending kind="linked" aircraft={d.aircraft} access={d.access} />;
}
