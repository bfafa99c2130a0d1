// AeroOIL's data functions over the ops API (docs/api/ops.md, `/v1/oil_tab_info/*`, `/v1/oil_data/*`):
// an aircraft's oil tabs, a tab's rows (paged, sorted, filtered on the server), the top-bar header,
// a row's change (cells and the watch flag), and the oil ↔ ops links. The AeroOIL screens are built
// on these; the shared tab calls of both products (exports, binders, uploads) stay in ops.server.ts.
import type { z } from "zod";
import type { Api } from "./api.server";
import { OilLimitsAnswer, OilTrendAnswer, SetOilLimitAnswer, ShareOilDashboardAnswer, StatusDashboardAnswer } from "./schemas/oil-limits";
import { ListTabsAnswer, OilOpsLinkPkAnswer, OilOpsLinksAnswer, OpsHeaderData, RowAnswer, TabDataAnswer, TabPageAnswer } from "./schemas/ops";

import { attachmentName, blobError, type AircraftRef } from "./ops.server";
export type { AircraftRef };

export type TabQuery = {
  tab_id: string;
  page?: number;
  per_page?: number;
  sort_column?: string;
  sort_order?: "asc" | "desc";
  filter?: string;
  /** Keyset paging: the page after (`after`: an answer's `next`) or before (`before`: its `prev`) a cursor. */
  after?: string;
  before?: string;
  watched_only?: boolean;
  /** Also answer the tab's binder availability. */
  binder?: boolean;
  /** Also answer the caller's kept validation workbook of this id. */
  validation?: string;
};

/** The aircraft's oil tabs (with the Watch/Unwatch column), in position order. */
export const listTabs = (api: Api, aircraft: AircraftRef) => api.post("ops", "/v1/oil_tab_info/list_tabs.json", { json: aircraft, schema: ListTabsAnswer, read: true });

/** An oil tab page's data in one call: the header, the aircraft's oil tabs, the page of rows (null: no tab of that key) and, with `links`, the ops rows linked to them. */
export const tabPage = (api: Api, aircraft: AircraftRef, query: TabQuery & { links?: boolean }) =>
  api.post("ops", "/v1/oil_data/get_tab_page.json", { json: { ...aircraft, ...query }, schema: TabPageAnswer, read: true });

/** A page of a tab's rows. */
export const tabData = (api: Api, aircraft: AircraftRef, query: TabQuery) =>
  api.post("ops", "/v1/oil_data/get_tab_data.json", { json: { ...aircraft, ...query }, schema: TabDataAnswer });

/** The shell's look at an aircraft's oil header (the status page's title rule in the side nav): failures are the shell's to log. */
export const headerQuiet = (api: Api, aircraftId: number) =>
  api.post("ops", "/v1/oil_data/get_oil_header_data.json", { json: { org_msn_id: aircraftId }, schema: OpsHeaderData, passthrough: true, read: true });

/** The top bar: registration, MSN, issue dates, the caller's level. */
export const header = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/oil_data/get_oil_header_data.json", { json: aircraft, schema: OpsHeaderData, read: true });

export type OilRowChange = {
  tab_id: string;
  /** Absent: a new row at the end. */
  id?: number;
  item?: Record<string, z.infer<typeof RowAnswer>["row"]["data"][string]>;
  column_name?: string;
  column_value?: z.infer<typeof RowAnswer>["row"]["data"][string];
  watched?: boolean;
};

/** Adds or updates a row (cells checked against the column types), or watches / unwatches it. */
export const saveRow = (api: Api, aircraft: AircraftRef, change: OilRowChange) =>
  api.post("ops", "/v1/oil_data/update_oil_data.json", { json: { ...aircraft, ...change }, schema: RowAnswer });

/** Every link of an oil tab's rows to ops rows (same Serial No or Part No). */
export const tabLinks = (api: Api, aircraft: AircraftRef, tabId: string, rowIds?: number[]) =>
  api.post("ops", "/v1/oil_data/get_oil_ops_link_ids.json", { json: { ...aircraft, tab_id: tabId, ...(rowIds ? { row_ids: rowIds } : {}) }, schema: OilOpsLinksAnswer });

/** The links of one oil row. */
export const rowLinks = (api: Api, aircraft: AircraftRef, tabId: string, rowId: number) =>
  api.post("ops", "/v1/oil_data/get_oil_linked_row_id.json", { json: { ...aircraft, tab_id: tabId, row_id: rowId }, schema: OilOpsLinksAnswer });

/** Which tabs carry the link columns. */
export const linkColumns = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/oil_data/get_oil_ops_link_pk.json", { json: aircraft, schema: OilOpsLinkPkAnswer });

/** The status dashboard's data in one call: the status tab's first rows, each oil tab's watched rows and limits. */
export const statusDashboard = (api: Api, aircraft: AircraftRef, query: { watched_per_tab: number; status_per_page: number }) =>
  api.post("ops", "/v1/oil_data/get_status_dashboard.json", { json: { ...aircraft, ...query }, schema: StatusDashboardAnswer });

/** The status dashboard drawn as a PNG by the oil API (ADR 049): its answer to stream on, or the refusal's message. */
export async function statusDashboardPng(api: Api, aircraft: AircraftRef, query: { watched_per_tab: number; status_per_page: number }) {
  const res = await api.raw("ops", "POST", "/v1/oil_data/status_dashboard_png.json", { json: { ...aircraft, ...query } });
  if (!res.ok) return { ok: false as const, error: await blobError(res) };
  return { ok: true as const, response: res, filename: attachmentName(res) };
}

/** A tab's alert limits, how many rows are above them, and whether the caller may set them (ADR 048). */
export const limits = (api: Api, aircraft: AircraftRef, tabId: string) =>
  api.post("ops", "/v1/oil_data/get_oil_limits.json", { json: { ...aircraft, tab_id: tabId }, schema: OilLimitsAnswer });

/** A tab's numeric columns over time, one series per engine / serial, with its limits. */
export const trend = (api: Api, aircraft: AircraftRef, tabId: string) =>
  api.post("ops", "/v1/oil_data/get_oil_trend.json", { json: { ...aircraft, tab_id: tabId }, schema: OilTrendAnswer });

/** Sets (a number) or clears (null) a number column's alert limit: Super Users and staff only. */
export const setLimit = (api: Api, aircraft: AircraftRef, tabId: string, columnName: string, limit: number | string | null) =>
  api.post("ops", "/v1/oil_data/set_oil_limit.json", { json: { ...aircraft, tab_id: tabId, column_name: columnName, limit }, schema: SetOilLimitAnswer });

/** Mails a link to the aircraft's status dashboard to each address. */
export const shareDashboard = (api: Api, aircraft: AircraftRef, emails: string[]) =>
  api.post("ops", "/v1/oil_data/share_status_dashboard.json", { json: { ...aircraft, emails }, schema: ShareOilDashboardAnswer });
