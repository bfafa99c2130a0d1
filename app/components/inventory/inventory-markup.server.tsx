// The Inventory Report pages as server markup (issue 12, ADR 058): their loaders render the report
// (tables, sort links, download forms: nothing that needs a script), and the browser keeps the HTML
// instead of shipping the components (inventory-report.tsx stays on the server). The layout's
// useMarkupLinks sends the links through Remix; the download forms are plain posts.
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { MARKUP_KEY } from "~/components/server-markup/server-markup";
import { fleetInventoryPageLoader, inventoryPageLoader } from "~/models/inventory.server";
import type { SortOrder } from "~/models/inventory-view";
import type { FleetInventory, Inventory } from "~/models/schemas/inventory";
import { pageMarkup } from "~/utils/markup.server";
import { AircraftInventory, FleetInventoryReport } from "./inventory-report";

/** The page's region (the routes place it). */
export const INVENTORY_REGION = "page-inventory";

export const aircraftInventoryMarkup = (context: AppLoadContext | undefined, p: { report: Inventory; sort: string; order: SortOrder; back: string }) =>
  pageMarkup(context, { [INVENTORY_REGION]: <AircraftInventory {...p} /> });

export const fleetInventoryMarkup = (context: AppLoadContext | undefined, p: { fleet: FleetInventory; sort: string; order: SortOrder; back: string }) =>
  pageMarkup(context, { [INVENTORY_REGION]: <FleetInventoryReport {...p} /> });

/** /storage/InventoryReport/{aircraftId}: the page's data (models/inventory.server.ts) and its report as markup. */
export async function aircraftInventoryLoader(args: LoaderFunctionArgs) {
  const res = await inventoryPageLoader(args);
  const d = await res.json();
  return json({ ...d, [MARKUP_KEY]: aircraftInventoryMarkup(args.context, d) }, { headers: res.headers });
}

/** /aero-box/storage/inventory-report: the page's data and its report as markup. */
export async function fleetInventoryLoader(args: LoaderFunctionArgs) {
  const res = await fleetInventoryPageLoader(args);
  const d = await res.json();
  return json({ ...d, [MARKUP_KEY]: fleetInventoryMarkup(args.context, d) }, { headers: res.headers });
}
