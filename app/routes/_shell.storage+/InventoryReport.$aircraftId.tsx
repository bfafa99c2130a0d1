// /storage/InventoryReport/{aircraftId} (spec 000 §2 "Storage"; issue 17 item 4, ADR 040): the aircraft's
// inventory report: totals, the completeness check against the standard records index, the folders
// (sortable by the URL), Excel and PDF downloads. The side navigation enables this link only when an
// aircraft id is in the path. Access (read, product storage) is the upstream's.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { reportHandle, reportMeta } from "~/components/aircraft-cards/report-page";
import { AircraftInventory } from "~/components/inventory/inventory-report";
import { inventoryPageLoader } from "~/models/inventory.server";

export async function loader(args: LoaderFunctionArgs) {
  return inventoryPageLoader(args);
}

export const handle = reportHandle;
export const meta = reportMeta("inventory");

export default function StorageInventoryReportRoute() {
  const { report, sort, order, back } = useLoaderData<typeof loader>();
  return <AircraftInventory report={report} sort={sort} order={order} back={back} />;
}
