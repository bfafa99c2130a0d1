// /aero-box/storage/inventory-report as server markup (issue 12, ADR 058): its loader renders the
// fleet's report in a router at the page's address (routePage: the report's links are Remix's).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { MARKUP_KEY } from "~/components/server-markup/server-markup";
import { fleetInventoryPageLoader } from "~/models/inventory.server";
import { pageMarkup } from "~/utils/markup.server";
import { routePage } from "~/utils/page-markup.server";
import { FleetInventoryReport } from "./inventory-report";

/** The page's region (the route places it). */
export const INVENTORY_REGION = "page-inventory";

/** /aero-box/storage/inventory-report: the page's data and its report as markup. */
export async function fleetInventoryLoader(args: LoaderFunctionArgs) {
  const res = await fleetInventoryPageLoader(args);
  const d = await res.json();
  const page = await routePage(args.request, <FleetInventoryReport {...d} />, d);
  return json({ ...d, [MARKUP_KEY]: pageMarkup(args.context, { [INVENTORY_REGION]: page }) }, { headers: res.headers });
}
