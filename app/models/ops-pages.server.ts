// The AeroOPS screens' server side (spec 001 §2): who may open them, the aircraft named by a page's
// query (org_msn_id, or organization / org + msn_id), the module variant (AeroCAMO / AeroSORT /
// AeroMRO), the fleet lists of /Aeroops/org and /Aeroops/org/Aircrafts, and the tab a URL names.
// Data comes from ops.server.ts and storage.server.ts; the ops API checks every aircraft's access
// itself.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import type { Role } from "./roles";
import * as storage from "./storage.server";
import * as ops from "./ops.server";
import type { AircraftRef } from "./ops.server";
import { MODULE_LABELS, OPS_STATUSES } from "./ops-rules";
import { WORK_ORDER_TAB_SCREENS } from "./workorder-rules";

/** Who opens AeroOPS: clients (per-aircraft grants), staff and template managers (every aircraft / their grants). */
export const OPS_ROLES: readonly Role[] = ["client", "admin", "member", "ops_template"];

export const moduleOf = (url: URL): string | null => {
  const m = url.searchParams.get("module");
  return m && m in MODULE_LABELS ? m : null;
};

export const requireOpsUser = (request: Request, context: AppLoadContext) => requireUser(request, context, { roles: OPS_ROLES });

/** The aircraft a module page names, or null. */
export function aircraftRefOf(url: URL): AircraftRef | null {
  const id = url.searchParams.get("org_msn_id");
  if (id && /^\d{1,12}$/.test(id) && Number(id) > 0) return { org_msn_id: Number(id) };
  const organization = url.searchParams.get("organization") ?? url.searchParams.get("org");
  const msn = url.searchParams.get("msn_id");
  if (organization && msn && /^[\w.-]{1,100}$/.test(organization) && /^[\w./-]{1,40}$/.test(msn)) return { organization, msn_id: msn };
  return null;
}

/** A module page without an aircraft goes to My Fleet to choose one. */
export function requireAircraftRef(url: URL): AircraftRef {
  const ref = aircraftRefOf(url);
  if (!ref) throw redirect(`/Aeroops/org/Aircrafts${url.searchParams.get("module") ? `?module=${encodeURIComponent(url.searchParams.get("module")!)}` : ""}`);
  return ref;
}

/** The query that keeps a module page's context (aircraft, aerotype, module) on its links. */
export function contextQuery(url: URL, extra: Record<string, string | null> = {}): string {
  const q = new URLSearchParams();
  for (const k of ["org_msn_id", "organization", "msn_id", "module"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  q.set("aerotype", "Aeroops");
  for (const [k, v] of Object.entries(extra)) {
    if (v === null || v === "") q.delete(k);
    else q.set(k, v);
  }
  return `?${q.toString()}`;
}

/** The ops fleet of the signed-in user: aircraft they may open in AeroOPS, searched, filtered by status, paged. */
export async function opsFleet(api: Parameters<typeof storage.listAircraft>[0], url: URL, perPage: number) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status");
  const status = OPS_STATUSES.find((s) => s === statusParam) ?? null;
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const fleet = await storage.listAircraft(api, { product: "ops", q: q || null, status, page, perPage });
  return { q, status, fleet, module: moduleOf(url) };
}

/**
 * A tab page's data in one ops call (get_tab_page): the header, the tabs, the page of rows and, with
 * `links`, the page's oil links. The same redirects as openOpsTab: an unknown tab back to the
 * aircraft screen, a work-order tab to its screen.
 */
export async function openOpsTabPage(api: Parameters<typeof ops.tabPage>[0], url: URL, ref: AircraftRef, query: Parameters<typeof ops.tabPage>[2]) {
  const res = await ops.tabPage(api, ref, query);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  const { header, tabs, data, links, sort_column } = res.data;
  if (!data) throw redirect(`/client/Aeroops/aeroplane${contextQuery(url)}`);
  const tab = data.tab;
  if (WORK_ORDER_TAB_SCREENS[tab.tab_id]) throw redirect(`${WORK_ORDER_TAB_SCREENS[tab.tab_id]}${contextQuery(url)}`);
  return { header, tabs, tab, data, links, sortColumn: sort_column ?? undefined };
}

/** The ops tab a URL names (its id case-insensitively), or the redirect a work-order or unknown tab gets. */
export async function openOpsTab(api: Parameters<typeof ops.listTabs>[0], url: URL, ref: AircraftRef, tabDataId: string | undefined) {
  const [header, tabs] = await Promise.all([ops.header(api, ref), ops.listTabs(api, ref)]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!tabs.ok) throw new Response(tabs.error, { status: tabs.status });
  const wanted = (tabDataId ?? "").toLowerCase();
  const tab = tabs.data.tabs.find((t) => t.tab_id.toLowerCase() === wanted);
  // An unknown tab of a known aircraft: back to the aircraft screen rather than a dead end.
  if (!tab) throw redirect(`/client/Aeroops/aeroplane${contextQuery(url)}`);
  if (WORK_ORDER_TAB_SCREENS[tab.tab_id]) throw redirect(`${WORK_ORDER_TAB_SCREENS[tab.tab_id]}${contextQuery(url)}`);
  return { header: header.data, tabs: tabs.data.tabs, tab };
}
