// The Inventory Report (issue 17 item 4, ADR 040): the upstream calls (docs/api/storage.md, "Inventory
// report"), the two pages' loaders and the export's action. Route files stay one line each.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { safeRedirect } from "./roles";
import { FleetInventoryAnswer, INVENTORY_FORMATS, InventoryAnswer, type InventoryFormat } from "./schemas/inventory";
import { parseId, STORAGE_ROLES } from "./storage.server";
import { FLEET_SORTS, FOLDER_SORTS, sortFleet, sortFolders, type SortOrder } from "./inventory-view";

export type { FleetInventory, Inventory } from "./schemas/inventory";

// ---- data -------------------------------------------------------------------------------------

export function aircraftInventory(api: Api, aircraftId: number) {
  return api.get("main", `/storage/v2/aircraft/${aircraftId}/inventory.json`, { schema: InventoryAnswer });
}

export function fleetInventory(api: Api) {
  return api.get("main", "/storage/v2/inventory.json", { schema: FleetInventoryAnswer });
}

const EXPORT_ERROR = "The inventory report could not be downloaded. Please try again.";

/** The report as an attachment (xlsx or pdf), of one aircraft or of the fleet; a refusal as its message. */
export async function inventoryFile(api: Api, format: InventoryFormat, aircraftId?: number) {
  const path = aircraftId ? `/storage/v2/aircraft/${aircraftId}/inventory_export.json` : "/storage/v2/inventory_export.json";
  const res = await api.raw("main", "GET", path, { query: { format }, passthrough: true });
  if (res.ok) return { ok: true as const, response: res };
  const body = (await res.json().catch(() => null)) as { error?: unknown; Message?: { error?: unknown } } | null;
  const m = body?.Message?.error ?? body?.error;
  return { ok: false as const, error: typeof m === "string" && m.trim() ? m : EXPORT_ERROR };
}

// ---- pages ------------------------------------------------------------------------------------

const notFound = () => new Response("Not found", { status: 404 });

function sortParams<K extends string>(url: URL, keys: readonly K[], fallback: K): { sort: K; order: SortOrder } {
  const s = url.searchParams.get("sort");
  const sort = (keys as readonly string[]).includes(s ?? "") ? (s as K) : fallback;
  const order: SortOrder = url.searchParams.get("order") === "desc" ? "desc" : "asc";
  return { sort, order };
}

/** /storage/InventoryReport/{aircraftId}: the report, its folders sorted by the URL (a whitelist of keys). */
export async function inventoryPageLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const id = parseId(params.aircraftId);
  if (!id) throw notFound();
  const url = new URL(request.url);
  const { sort, order } = sortParams(url, FOLDER_SORTS, "name");
  const report = await aircraftInventory(api, id);
  return { aircraft: report.aircraft, report: { ...report, folders: sortFolders(report.folders, sort, order) }, sort, order, back: `${url.pathname}${url.search}` };
}

/** /aero-box/storage/inventory-report: every aircraft the user may read. */
export async function fleetInventoryPageLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const { sort, order } = sortParams(url, FLEET_SORTS, "aircraft");
  const fleet = await fleetInventory(api);
  return { fleet: { ...fleet, aircraft: sortFleet(fleet.aircraft, sort, order) }, sort, order, back: `${url.pathname}${url.search}` };
}

/**
 * POST /resources/inventory-export (format, aircraft_id?, back): the file streamed on as an
 * attachment; a refusal goes back to the page with an error toast (a plain form post, with or without JS).
 */
export async function inventoryExportAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const form = await request.formData();
  const field = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const aircraftId = field("aircraft_id") ? parseId(field("aircraft_id")) : undefined;
  const back = safeRedirect(field("back"), aircraftId ? `/storage/InventoryReport/${aircraftId}` : "/aero-box/storage/inventory-report");
  const format = field("format");
  const refuse = (description: string) => redirectWithToast(back, { type: "error", description, duration: 15_000 });
  if (aircraftId === null) return refuse("Choose an aircraft first.");
  if (!(INVENTORY_FORMATS as readonly string[]).includes(format)) return refuse("Choose what to download.");
  const res = await inventoryFile(api, format as InventoryFormat, aircraftId ?? undefined);
  if (!res.ok) return refuse(res.error);
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const v = res.response.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.response.body, { status: 200, headers });
}

export const inventoryExportLoader = () => redirect("/aero-box/storage/inventory-report");
