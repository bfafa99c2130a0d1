// POST /resources/inventory-export (format xlsx|pdf, aircraft_id?, back): the Inventory Report of an
// aircraft or of the fleet as an attachment, streamed from the main API; a refusal is an error toast
// on the page the form came from (issue 17 item 4, ADR 040).
import { inventoryExportAction, inventoryExportLoader } from "~/models/inventory.server";

export const loader = inventoryExportLoader;
export const action = inventoryExportAction;
