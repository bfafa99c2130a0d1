// The ops API's data functions (docs/api/ops.md) that the portal uses today: the organizations and
// MSNs registered for AeroOPS / AeroOIL (the module admin pages), and signed file links of the work
// order store (the speed test's files). The AeroOPS screens add their tab, work order and logbook
// calls here; AeroOIL's go to oil.server.ts, the template library's to templates.server.ts.
import type { z } from "zod";
import type { Api } from "./api.server";
import {
  DeletedAnswer,
  FleetTabsAnswer,
  KeptValidation,
  ListTabsAnswer,
  MsnIdCreatedAnswer,
  MsnIdsAnswer,
  MsnModulesAnswer,
  OpsHeaderData,
  OrganisationsAnswer,
  RowAnswer,
  ShareAnswer,
  TabDataAnswer,
  TabPageAnswer,
  UploadAnswer,
  type ModuleProduct,
  type MsnIdCreatedInput,
} from "./schemas/ops";
import { signedUrlAnswerSchema, type SignedUrlRequest } from "./schemas/speedtest";

/** Every organization with its AeroOPS / AeroOIL flags, as the ops API knows them. */
export async function moduleOrganizations(api: Api) {
  const { organizations } = await api.get("ops", "/v1/user_access/organisation/get.json", { schema: OrganisationsAnswer });
  return organizations;
}

/** The MSNs of an organization registered for a module, paged. */
export const listMsnIds = (api: Api, q: { organization: string; product: "ops" | "oil"; page: number; per_page: number }) =>
  api.post("ops", "/v1/user_access/msn_id/get_v2.json", { json: q, schema: MsnIdsAnswer });

/** Registers an aircraft (by MSN) for a module. */
export const registerMsn = (api: Api, input: z.infer<typeof MsnIdCreatedInput>) =>
  api.post("ops", "/v1/user_access/msn_id_created.json", { json: input, schema: MsnIdCreatedAnswer });

/** A signed, expiring download link for an object of the work-order store. */
export const signedFileLink = (api: Api, request: SignedUrlRequest, opts: { passthrough?: boolean } = {}) =>
  api.post("ops", "/v1/work_order/get_signed_url_with_expiry.json", { json: request, schema: signedUrlAnswerSchema, ...opts });

// ---- an aircraft in AeroOPS -----------------------------------------------------------------------

/** An aircraft as the ops API names it: its id in the registry, or organization + MSN. */
export type AircraftRef = { org_msn_id: number } | { organization: string; msn_id: string };

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
  /** Also answer the tab's binder availability (the tab page shows its binder buttons from it). */
  binder?: boolean;
  /** Also answer the caller's kept validation workbook of this id (the page after a Validate). */
  validation?: string;
};

/** The top bar: registration, MSN, issue dates, the caller's level. */
export const header = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/ops_data/get_ops_header_data.json", { json: aircraft, schema: OpsHeaderData, read: true });

/** Which modules the aircraft has (AeroOPS, AeroOIL) and the caller's level in each. */
export const msnModules = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/ops_tab_info/get_msn_modules.json", { json: aircraft, schema: MsnModulesAnswer });

/** The fleet's ops tabs, one entry per tab name, each with the aircraft that have it (passthrough: the shell only logs a failure). */
export const fleetTabs = (api: Api, organization?: string) =>
  api.post("ops", "/v1/ops_tab_info/fleet_tabs.json", { json: organization ? { organization } : {}, schema: FleetTabsAnswer, passthrough: true });

/** The aircraft's ops tabs in position order (fixed tabs, the work-order tabs, then the dynamic ones). */
export const listTabs = (api: Api, aircraft: AircraftRef) => api.post("ops", "/v1/ops_tab_info/list_tabs.json", { json: aircraft, schema: ListTabsAnswer, read: true });

/**
 * A tab page's data in one call: the header, the aircraft's tabs, the page of rows (null: no tab of
 * that key) and, with `links`, the oil rows linked to the page's rows.
 */
export const tabPage = (api: Api, aircraft: AircraftRef, query: TabQuery & { links?: boolean }) =>
  api.post("ops", "/v1/ops_data/get_tab_page.json", { json: { ...aircraft, ...query }, schema: TabPageAnswer, read: true });

/** A page of a tab's rows, sorted and filtered on the server (with `binder`: which binders the tab offers too). */
export const tabData = (api: Api, aircraft: AircraftRef, query: TabQuery) =>
  api.post("ops", "/v1/ops_data/get_tab_data.json", { json: { ...aircraft, ...query, product: "ops" }, schema: TabDataAnswer });

// ---- a tab's rows: edit, delete, the Excel round trip ------------------------------------------

type Cell = string | number | null;

/** Adds a row (no `id`) or changes some cells of one; the upstream checks each value against its column's type. */
export const saveRow = (api: Api, aircraft: AircraftRef, tab_id: string, row: { id?: number; item: Record<string, Cell> }) =>
  api.post("ops", "/v1/ops_data/add_ops_data_v2.json", { json: { ...aircraft, tab_id, ...row }, schema: RowAnswer });

/** Deletes the selected rows of a tab (at most 5000 at once); the same call serves both products. */
export const deleteRows = (api: Api, aircraft: AircraftRef, tab_id: string, ids: number[], product: ModuleProduct = "ops") =>
  api.post("ops", "/v1/ops_data/delete_template_data_by_selection.json", { json: { ...aircraft, tab_id, product, ids }, schema: DeletedAnswer });

/** A spreadsheet the user sent, as the upstream's multipart upload wants it. */
export interface SheetUpload {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

function multipartOf(fields: Record<string, string>, file: SheetUpload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.contentType || "application/octet-stream" }), file.filename);
  return form;
}

const refFields = (aircraft: AircraftRef): Record<string, string> =>
  "org_msn_id" in aircraft ? { org_msn_id: String(aircraft.org_msn_id) } : { organization: aircraft.organization, msn_id: aircraft.msn_id };

/**
 * Checks a filled workbook against the tab without storing its rows: the ops API keeps the
 * `…_validation.xlsx` it builds (the rows with an Errors column) 30 minutes for the caller and
 * answers its id and the count of rows with errors (ADR 079), or a refusal (422 with the message).
 */
export const validateSheet = (api: Api, aircraft: AircraftRef, tab_id: string, file: SheetUpload, product: ModuleProduct = "ops") =>
  api.post("ops", "/v1/ops_data/keep_validation.json", { body: multipartOf({ ...refFields(aircraft), tab_id, product }, file), schema: KeptValidation });

/** A validation workbook validateSheet kept (its answer to stream on), or the refusal's message once it is gone. */
export async function validationWorkbook(api: Api, id: string) {
  const res = await api.raw("ops", "POST", "/v1/ops_data/validation_workbook.json", { json: { id } });
  if (!res.ok) return { ok: false as const, error: await blobError(res) };
  return { ok: true as const, response: res, filename: attachmentName(res) ?? "validation.xlsx" };
}

/** Imports a workbook's rows (append or replace), all or nothing; a refusal lists the row errors. */
export const importSheet = (api: Api, aircraft: AircraftRef, tab_id: string, mode: "append" | "replace", file: SheetUpload, product: ModuleProduct = "ops") =>
  api.post("ops", "/v1/ops_data/upload_ops_data.json", { body: multipartOf({ ...refFields(aircraft), tab_id, product, mode }, file), schema: UploadAnswer });

// ---- exports, binders, sharing ------------------------------------------------------------------

/** The files a tab page offers, and the upstream call of each (docs/api/ops.md, "Exports"). */
export const EXPORTS = {
  pdf: { path: "/v1/pdf_generate/oil_ops_data/download.json", kind: "pdf", extra: { product: "ops" } },
  excel: { path: "/v1/excel_export/ops_download.json", kind: "excel", extra: {} },
  dfp: { path: "/v1/ops_data/download_dfp.json", kind: "excel", extra: { product: "ops" } },
  "binder-current": { path: "/v1/ops_data/binder_download.json", kind: "pdf", extra: { product: "ops", kind: "current" } },
  "binder-full": { path: "/v1/ops_data/binder_download.json", kind: "pdf", extra: { product: "ops", kind: "full" } },
  "general-pdf": { path: "/v1/pdf_generate/download_general_info_pdf.json", kind: "pdf", extra: { product: "ops" } },
  "general-excel": { path: "/v1/excel_export/download_general_info_excel.json", kind: "excel", extra: { product: "ops" } },
  "notifications-excel": { path: "/v1/excel_export/ops_notification_excel_download.json", kind: "excel", extra: {} },
} as const;
export type ExportKind = keyof typeof EXPORTS;
export const isExportKind = (k: unknown): k is ExportKind => typeof k === "string" && Object.prototype.hasOwnProperty.call(EXPORTS, k);

/**
 * One export as the upstream answers it: the file (its Response, to stream on) or the refusal's
 * message (`Message.error`, spec 001 §8, else the generic one).
 */
export async function exportFile(
  api: Api,
  aircraft: AircraftRef,
  kind: ExportKind,
  q: { tab_id?: string; sort_column?: string; sort_order?: "asc" | "desc" },
  product: ModuleProduct = "ops",
) {
  const e = EXPORTS[kind];
  // AeroOIL's files: the same calls with product oil, the tab's Excel from oil_download.
  const path = product === "oil" && kind === "excel" ? "/v1/excel_export/oil_download.json" : e.path;
  const extra = product === "oil" && "product" in e.extra ? { ...e.extra, product } : e.extra;
  const res = await api.raw("ops", "POST", path, { json: { ...aircraft, ...q, ...extra } });
  if (!res.ok) return { ok: false as const, error: await blobError(res) };
  return { ok: true as const, response: res };
}

/** A work order at a version, as PDF or Excel (the top-bar buttons of the work-order screens). */
export async function workOrderFile(api: Api, kind: "pdf" | "excel", work_order_id: number, version?: number) {
  const res = await api.raw("ops", "POST", kind === "pdf" ? "/v1/work_order/download_pdf.json" : "/v1/work_order/download_excel.json", {
    json: { work_order_id, ...(version ? { version } : {}) },
  });
  if (!res.ok) return { ok: false as const, error: await blobError(res) };
  return { ok: true as const, response: res };
}

/** Every page of a technical logbook as one PDF (the logbook pages' top-bar button). */
export async function logbookFile(api: Api, log_book_id: number, org_msn_id?: number) {
  const res = await api.raw("ops", "POST", "/v1/ops_data/send_all_logbook_pdf.json", { json: { log_book_id, action: "download", ...(org_msn_id ? { org_msn_id } : {}) } });
  if (!res.ok) return { ok: false as const, error: await blobError(res) };
  return { ok: true as const, response: res };
}

/** Every tab in one workbook behind a signed link valid 7 days, mailed to `emails` when given (Full Data Excel and Share). */
export const shareAllTabs = (api: Api, aircraft: AircraftRef, emails?: string[], product: ModuleProduct = "ops") =>
  api.post("ops", product === "oil" ? "/v1/excel_export/oil_all_tab_excel_share.json" : "/v1/excel_export/ops_all_tab_excel_share.json", {
    json: { ...aircraft, ...(emails?.length ? { emails } : {}) },
    schema: ShareAnswer,
  });

const GENERIC_EXPORT_ERROR = "An error occurred while processing your request.";

/** A blob endpoint's refusal: `Message.error`, else `error`, else the spec's fallback. */
export async function blobError(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: unknown; Message?: { error?: unknown } } | null;
  const m = body?.Message?.error ?? body?.error;
  return typeof m === "string" && m.trim() ? m : GENERIC_EXPORT_ERROR;
}

/** The file name of an attachment answer (filename*= first). */
export function attachmentName(res: Response): string | null {
  const cd = res.headers.get("Content-Disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="([^"]+)"/i.exec(cd);
  return plain ? plain[1]! : null;
}
