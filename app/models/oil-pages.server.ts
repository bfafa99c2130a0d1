// The AeroOIL screens' server side (spec 001 §2 "Oil module", "Status pages"; issue 15): who may open
// them, the aircraft a page's query names, the oil home's fleet, the status dashboard (title, fleet
// counts, the watched rows of the aircraft's oil tabs) and the tab a URL names. Data comes from
// oil.server.ts and storage.server.ts; the oil API checks every aircraft's access itself.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import * as oil from "./oil.server";
import { statusPageTitle, OIL_STATUS_TAB } from "./oil-rules";
import { aircraftRefOf, requireOpsUser } from "./ops-pages.server";
import { OPS_STATUSES } from "./ops-rules";
import type { AircraftRef } from "./ops.server";
import * as storage from "./storage.server";
import { readEmails } from "./ops-tab.server";
import { contentDisposition } from "~/utils/content-disposition";

/** Who opens AeroOIL: the same roles as AeroOPS (clients by their oil grants, staff everywhere). */
export const requireOilUser = (request: Request, context: AppLoadContext) => requireOpsUser(request, context);

/** An oil page without an aircraft goes to the oil home to choose one. */
export function requireOilAircraftRef(url: URL): AircraftRef {
  const ref = aircraftRefOf(url);
  if (!ref) throw redirect("/Aerooil/org");
  return ref;
}

/** The query that keeps an oil page's aircraft on its links (aerotype=Aerooil), with changes. */
export function oilContextQuery(url: URL, extra: Record<string, string | null> = {}): string {
  const q = new URLSearchParams();
  for (const k of ["org_msn_id", "organization", "msn_id"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  q.set("aerotype", "Aerooil");
  for (const [k, v] of Object.entries(extra)) {
    if (v === null || v === "") q.delete(k);
    else q.set(k, v);
  }
  return `?${q.toString()}`;
}

/** The oil home: the aircraft the user may open in AeroOIL, searched, filtered by status, paged. */
export async function oilFleet(api: Api, url: URL, perPage: number) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status");
  const status = OPS_STATUSES.find((s) => s === statusParam) ?? null;
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const fleet = await storage.listAircraft(api, { product: "oil", q: q || null, status, page, perPage });
  return { q, status, fleet };
}

/** The header and tabs of an aircraft in AeroOIL (a refusal is the page's error). */
export async function oilAircraft(api: Api, ref: AircraftRef) {
  const [header, tabs] = await Promise.all([oil.header(api, ref), oil.listTabs(api, ref)]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!tabs.ok) throw new Response(tabs.error, { status: tabs.status });
  return { header: header.data, tabs: [...tabs.data.tabs].sort((a, b) => a.tab_position - b.tab_position) };
}

/** The bottom tab bar's entries. */
/** The bottom tab bar; the status tab is named by the title rule (ADR 037), like its page and the side navigation. */
export const tabBar = (tabs: { tab_id: string; tab_name: string }[], oilIssueDate: string | null | undefined) =>
  tabs.map((t) => ({ id: t.tab_id, name: t.tab_id === OIL_STATUS_TAB ? statusPageTitle(oilIssueDate) : t.tab_name }));

const WATCHED_PER_TAB = 10;
const SUMMARY_CELLS = 4;

/**
 * The status dashboard of one aircraft: the title that rules (ADR 037), the counts of the user's oil
 * fleet, the status tab's units, and per oil tab the rows that are watched (they need attention).
 */
export async function statusDashboard(api: Api, ref: AircraftRef, today = new Date()) {
  const { header, tabs } = await oilAircraft(api, ref);
  const dataTabs = tabs.filter((t) => t.tab_id !== OIL_STATUS_TAB && t.source === "stored");
  // One call for the dashboard's own data (the status rows, each tab's watched rows and limits).
  const [fleet, dashboard] = await Promise.all([
    storage.listAircraft(api, { product: "oil", page: 1, perPage: 1 }),
    oil.statusDashboard(api, ref, { watched_per_tab: WATCHED_PER_TAB, status_per_page: 50 }),
  ]);
  if (!dashboard.ok) throw new Response(dashboard.error, { status: dashboard.status });
  const units = dashboard.data.status;
  const byId = new Map(dashboard.data.tabs.map((t) => [t.tab.tab_id, t]));
  // Rows above an alert limit, per tab with limits (ADR 048).
  const crossings = dataTabs
    .map((t) => {
      const l = byId.get(t.tab_id)?.limits;
      return l && l.limits.length ? { tab_id: t.tab_id, tab_name: t.tab_name, rows: l.crossings.rows, by_column: l.crossings.by_column, limits: l.limits.map((x) => ({ column: x.column_name, limit: x.limit })) } : null;
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
  type Attention = {
    tab_id: string;
    tab_name: string;
    total: number;
    columns: { name: string; type: string }[];
    rows: { id: number; position: number; cells: (string | number | boolean | null)[] }[];
    error: string | null;
  };
  const attention = dataTabs
    .map((t): Attention => {
      const res = byId.get(t.tab_id);
      if (!res) return { tab_id: t.tab_id, tab_name: t.tab_name, total: 0, columns: [], rows: [], error: null };
      // The first cells say which row it is; the last choice column (Result, Status…) why it is watched.
      const cells = res.columns.filter((c) => c.type !== "watch_unwatch");
      const verdict = [...cells].reverse().find((c) => c.type === "select");
      const columns = verdict && cells.indexOf(verdict) >= SUMMARY_CELLS ? [...cells.slice(0, SUMMARY_CELLS - 1), verdict] : cells.slice(0, SUMMARY_CELLS);
      return {
        tab_id: t.tab_id,
        tab_name: t.tab_name,
        total: res.watched.total,
        columns: columns.map((c) => ({ name: c.name, type: c.type })),
        rows: res.watched.rows.map((r) => ({ id: r.id, position: r.position, cells: columns.map((c) => r.data[c.name] ?? null) })),
        error: null,
      };
    })
    .filter((t) => t.total > 0 || t.error);
  return {
    header,
    title: statusPageTitle(header.oil_issue_date, today),
    counts: fleet.counts,
    units: units ? { columns: units.columns.filter((c) => c.type !== "watch_unwatch").map((c) => ({ name: c.name, type: c.type })), rows: units.rows } : null,
    attention,
    crossings,
    // Per oil tab with rows to follow: watched rows and rows above an alert limit (the dashboard's chart).
    byTab: dataTabs
      .map((t) => ({
        tab_id: t.tab_id,
        tab_name: t.tab_name,
        watched: attention.find((a) => a.tab_id === t.tab_id)?.total ?? 0,
        over: crossings.find((c) => c.tab_id === t.tab_id)?.rows ?? 0,
      }))
      .filter((t) => t.watched > 0 || t.over > 0),
    bar: tabBar(tabs, header.oil_issue_date),
  };
}

/** An oil tab page's data in one call (get_tab_page): the header, the tabs (position order) and the page of rows; the status tab and unknown tabs go to the dashboard. */
export async function openOilTabPage(api: Api, url: URL, ref: AircraftRef, query: Parameters<typeof oil.tabPage>[2]) {
  if (query.tab_id.toLowerCase() === OIL_STATUS_TAB.toLowerCase()) throw redirect(`/client/Aerooil/statusDashboard${oilContextQuery(url)}`);
  const res = await oil.tabPage(api, ref, query);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  const { header, tabs, data, sort_column, links } = res.data;
  if (!data || data.tab.tab_id === OIL_STATUS_TAB) throw redirect(`/client/Aerooil/statusDashboard${oilContextQuery(url)}`);
  return { header, tabs: [...tabs].sort((a, b) => a.tab_position - b.tab_position), tab: data.tab, data, links, sortColumn: sort_column ?? undefined };
}

/** The oil tab a URL names (its id case-insensitively); an unknown tab or the status tab goes to the dashboard. */
export async function openOilTab(api: Api, url: URL, ref: AircraftRef, tabDataId: string | undefined) {
  const { header, tabs } = await oilAircraft(api, ref);
  const wanted = (tabDataId ?? "").toLowerCase();
  const tab = tabs.find((t) => t.tab_id.toLowerCase() === wanted);
  if (!tab || tab.tab_id === OIL_STATUS_TAB) throw redirect(`/client/Aerooil/statusDashboard${oilContextQuery(url)}`);
  return { header, tabs, tab };
}

export type ShareDashboardProblem = { intent: "share"; error: string; value: string };

/** The dashboard's "Share" post: mails a link to the dashboard (the oil API checks the addresses and the access). */
export async function shareDashboardAction(request: Request, api: Api, ref: AircraftRef) {
  const form = await request.formData();
  if (String(form.get("intent") ?? "") !== "share") return data<ShareDashboardProblem>({ intent: "share", error: "Unknown action.", value: "" }, { status: 422 });
  const raw = String(form.get("emails") ?? "").slice(0, 6000);
  // The same address rules as the tab pages' Share (the oil API checks them again).
  const read = readEmails(raw);
  if ("error" in read) return data<ShareDashboardProblem>({ intent: "share", error: read.error, value: raw }, { status: 422 });
  const res = await oil.shareDashboard(api, ref, read.emails);
  if (!res.ok) return data<ShareDashboardProblem>({ intent: "share", error: res.errors?.emails?.[0] ?? res.error, value: raw }, { status: 422 });
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${oilContextQuery(url)}`, { type: "success", description: res.data.message });
}

/**
 * The dashboard as a PNG download, drawn by the oil API (status_dashboard_png, ADR 049) and streamed
 * on; a refusal goes back to the oil home with its message.
 */
export async function dashboardPngResponse(api: Api, ref: AircraftRef) {
  const png = await oil.statusDashboardPng(api, ref, { watched_per_tab: WATCHED_PER_TAB, status_per_page: 50 });
  if (!png.ok) return redirectWithToast("/Aerooil/org", { type: "error", description: png.error });
  const length = png.response.headers.get("Content-Length");
  return new Response(png.response.body, {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": contentDisposition(png.filename ?? "AeroOIL_Status_Dashboard.png"),
      ...(length ? { "Content-Length": length } : {}),
      "Cache-Control": "private, no-store",
    },
  });
}
