// /aero-box/storage/inventory-report (spec 000 §2 "Inventory Report"; issue 17 item 4, ADR 040): the
// inventory of every aircraft the user may read: files, sizes, empty folders and the completeness
// check per aircraft, each leading to its report (/storage/InventoryReport/{id}); Excel and PDF.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { FleetInventoryReport } from "~/components/inventory/inventory-report";
import { fleetInventoryPageLoader } from "~/models/inventory.server";

export const loader = (args: LoaderFunctionArgs) => fleetInventoryPageLoader(args);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Inventory Report · AeroBOX · AeroRecords" }];

export default function AeroBoxInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  return <FleetInventoryReport {...d} />;
}
