// /storage/InventoryReport/{aircraftId} (spec 000 §2 "Storage"; issue 17 item 4, ADR 040): the aircraft's
// inventory report: totals, the completeness check against the standard records index, the folders
// (sortable by the URL), Excel and PDF downloads. The side navigation enables this link only when an
// aircraft id is in the path. Access (read, product storage) is the upstream's.
import { useLoaderData } from "@remix-run/react";
import { reportHandle, reportMeta } from "~/components/aircraft-cards/report-page";
import { MARKUP_KEY, ServerMarkup } from "~/components/server-markup/server-markup";
import { aircraftInventoryLoader } from "~/components/inventory/inventory-markup.server";
// The report's styles: its components are server-only, so the route brings them to the CSS bundle (ADR 064).
import "~/components/inventory/inventory.css";

export const loader = aircraftInventoryLoader;
export const handle = reportHandle;
export const meta = reportMeta("inventory");

export default function StorageInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  // Server markup (issue 12): the loader renders the report (components/inventory/inventory-markup.server.tsx).
  return <ServerMarkup id="page-inventory" html={d[MARKUP_KEY]?.["page-inventory"]} />;
}
