// /aero-box/storage/inventory-report (spec 000 §2 "Inventory Report"): the inventory report of each aircraft. Reports are built by a
// later issue: each aircraft shows that its report has not been generated yet and links to its page
// (/storage/InventoryReport/{id}).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetPage } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Inventory Report · AeroBOX · AeroRecords" }];

export default function AeroBoxInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <FleetPage
      title="Inventory Report"
      lead="The inventory report of each aircraft of your fleet."
      data={d}
      column={{ kind: "report", label: "Inventory Report", href: (id) => `/storage/InventoryReport/${id}` }}
    />
  );
}
