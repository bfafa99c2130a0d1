// /aero-box/storage/inventory-report (spec 000 §2 "Inventory Report"; issue 17 item 4, ADR 040): the
// inventory of every aircraft the user may read: files, sizes, empty folders and the completeness
// check per aircraft, each leading to its report (/storage/InventoryReport/{id}); Excel and PDF.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { MARKUP_KEY, ServerMarkup } from "~/components/server-markup/server-markup";
import { fleetInventoryLoader } from "~/components/inventory/inventory-markup.server";
// The report's styles: its components are server-only, so the route brings them to the CSS bundle (ADR 064).
import "~/components/inventory/inventory.css";

export const loader = fleetInventoryLoader;
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Inventory Report · AeroBOX · AeroRecords" }];

export default function AeroBoxInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  // Server markup (issue 12): the loader renders the report (components/inventory/inventory-markup.server.tsx).
  return <ServerMarkup id="page-inventory" html={d[MARKUP_KEY]?.["page-inventory"]} />;
}
