// The writes of an AeroOPS tab page (/client/Aeroops/{tabDataId}, spec 001 §2, §5, §6; issue 13):
// a row saved or added, rows deleted, a filled workbook validated or imported. One action for the
// server-rendered page (no JavaScript: post, redirect, get) and for the grid island (useFetcher: the
// same fields; a refusal answers 422 with the upstream's message and per-column errors).
// Access is the ops API's: a Read Access user's post is refused there and the message shown.
// The AeroOIL tab page (/client/Aerooil/{tabDataId}, issue 15) posts here too with product "oil":
// rows are saved through update_oil_data, which also watches / unwatches a row (intent "watch").
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api, Result } from "./api.server";
import { structureIntent, type StructureProblem } from "./tab-structure.server";
import { MultipartError, multipartParts } from "./multipart-body.server";
import * as oil from "./oil.server";
import * as ops from "./ops.server";
import { SHARE_LINK_DAYS, SHARE_MAX_EMAILS, UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, type ModuleProduct } from "./schemas/ops";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TabActionProblem =
  | StructureProblem
  | { intent: "save-row"; id: number | null; error: string; errors?: Record<string, string[]>; values: Record<string, string> }
  | { intent: "delete-rows"; error: string }
  | { intent: "share"; error: string; value: string }
  | { intent: "watch"; id: number | null; error: string }
  | { intent: "validate" | "import"; error: string; rowErrors: { row: number; column: string | null; error: string }[] };

const PRODUCT_LABEL: Record<ModuleProduct, string> = { ops: "AeroOPS", oil: "AeroOIL" };
const CELL_PREFIX = "cell:";
const SHEET_EXTENSIONS = [".xlsx", ".xls", ".csv"];
const problem = (p: TabActionProblem) => data(p, { status: 422 });

/** The page without the dialog or confirmation it was showing (where a write comes back to). */
export function pageAfterWrite(url: URL, extra: Record<string, string | null> = {}) {
  const q = new URLSearchParams(url.search);
  for (const k of ["edit", "select", "confirm", "validation", "dialog"]) q.delete(k);
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

/** The addresses of a share form (commas, semicolons, spaces or new lines), or what is wrong with them. */
export function readEmails(raw: string): { emails: string[] } | { error: string } {
  const emails = [...new Set(raw.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean))];
  const bad = emails.filter((e) => !EMAIL_RE.test(e) || e.length > 254);
  if (emails.length === 0) return { error: "Enter at least one e-mail address." };
  if (bad.length) return { error: `Not an e-mail address: ${bad.slice(0, 5).join(", ")}.` };
  if (emails.length > SHARE_MAX_EMAILS) return { error: `Share with at most ${SHARE_MAX_EMAILS} addresses at once.` };
  return { emails };
}

/** The aircraft context of a module URL (org_msn_id or organization + msn_id, aerotype, module). */
function contextOf(url: URL) {
  const q = new URLSearchParams();
  for (const k of ["org_msn_id", "organization", "msn_id", "aerotype", "module"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Saving and deleting rows, for any tab (an aircraft's or a template's): the writer says where. */
export interface RowWriter {
  save: (row: { id?: number; item: Record<string, string | null> }) => Promise<Result<{ created: boolean }>>;
  remove: (ids: number[]) => Promise<Result<{ deleted: number }>>;
}

/** The `save-row` (`id`?, `cell:<column>` fields) and `delete-rows` (`ids`) intents; null for any other. */
export async function rowIntent(form: FormData, url: URL, writer: RowWriter) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "save-row") {
    const idRaw = String(form.get("id") ?? "");
    const id = /^\d{1,12}$/.test(idRaw) && Number(idRaw) > 0 ? Number(idRaw) : null;
    const values: Record<string, string> = {};
    const item: Record<string, string | null> = {};
    for (const [k, v] of form) {
      if (!k.startsWith(CELL_PREFIX) || typeof v !== "string") continue;
      const name = k.slice(CELL_PREFIX.length);
      if (!name || name.length > 100) continue;
      values[name] = v;
      item[name] = v.trim() === "" ? null : v;
    }
    if (idRaw && id === null) return problem({ intent, id: null, error: "That row does not exist.", values });
    if (Object.keys(item).length === 0) return problem({ intent, id, error: "Nothing to save: fill in at least one cell.", values });
    if (id === null && Object.values(item).every((v) => v === null)) return problem({ intent, id, error: "A new row needs at least one value.", values });
    const res = await writer.save({ ...(id ? { id } : {}), item });
    if (!res.ok) return problem({ intent, id, error: res.error, errors: res.errors, values });
    return redirectWithToast(pageAfterWrite(url), { type: "success", description: res.data.created ? "Row added." : "Row saved." });
  }
  if (intent === "delete-rows") {
    const ids = [...new Set(form.getAll("ids").map(String))].filter((v) => /^\d{1,12}$/.test(v)).map(Number);
    if (ids.length === 0) return problem({ intent, error: "Select at least one row to delete." });
    if (ids.length > 5000) return problem({ intent, error: "Select at most 5000 rows at once." });
    const res = await writer.remove(ids);
    if (!res.ok) return problem({ intent, error: res.error });
    const n = res.data.deleted;
    return redirectWithToast(pageAfterWrite(url), { type: "success", description: `${n} ${n === 1 ? "row" : "rows"} deleted.` });
  }
  return null;
}

/** Handles one post of the tab page. */
export async function tabAction(opts: {
  request: Request;
  api: Api;
  aircraft: ops.AircraftRef;
  tabId: string;
  /** The tab's product: "ops" (default) or "oil". */
  product?: ModuleProduct;
}) {
  const { request, api, aircraft, tabId } = opts;
  const product = opts.product ?? "ops";
  const url = new URL(request.url);
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return sheetAction(opts);

  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rows = await rowIntent(form, url, {
    save: (row) => (product === "oil" ? oil.saveRow(api, aircraft, { tab_id: tabId, ...row }) : ops.saveRow(api, aircraft, tabId, row)),
    remove: (ids) => ops.deleteRows(api, aircraft, tabId, ids, product),
  });
  if (rows) return rows;
  // The tab's structure (Super Users and staff; the ops API refuses anyone else with its message).
  const ctx = contextOf(url);
  const structure = await structureIntent(form, api, { ...aircraft, product }, tabId, {
    saved: () => pageAfterWrite(url, { columns: null }),
    deletedColumn: () => pageAfterWrite(url, { column: null }),
    deletedTab: () => `/client/${product === "oil" ? "Aerooil/statusDashboard" : "Aeroops/aeroplane"}${ctx}`,
    created: (id) => `/client/${product === "oil" ? "Aerooil" : "Aeroops"}/${encodeURIComponent(id)}${ctx}`,
  });
  if (structure) return structure;
  if (intent === "share") {
    const raw = String(form.get("emails") ?? "");
    const read = readEmails(raw);
    if ("error" in read) return problem({ intent, error: read.error, value: raw });
    const { emails } = read;
    const res = await ops.shareAllTabs(api, aircraft, emails, product);
    if (!res.ok) return problem({ intent, error: res.error, value: raw });
    return redirectWithToast(pageAfterWrite(url, { dialog: null }), {
      type: "success",
      description: `The ${PRODUCT_LABEL[product]} data of this aircraft was shared with ${res.data.emailed.length} ${res.data.emailed.length === 1 ? "address" : "addresses"}; the link is valid for ${SHARE_LINK_DAYS} days.`,
    });
  }
  if (intent === "watch" && product === "oil") {
    // The Watch/Unwatch toggle: `watched` is the state wanted (1 watch, 0 unwatch), so a replayed
    // post cannot flip a row the wrong way. The oil API refuses Read Access with its own message.
    const idRaw = String(form.get("id") ?? "");
    const id = /^\d{1,12}$/.test(idRaw) && Number(idRaw) > 0 ? Number(idRaw) : null;
    if (id === null) return problem({ intent, id: null, error: "That row does not exist." });
    const watched = String(form.get("watched") ?? "") === "1";
    const res = await oil.saveRow(api, aircraft, { tab_id: tabId, id, watched });
    if (!res.ok) return problem({ intent, id, error: res.error });
    return redirectWithToast(pageAfterWrite(url), { type: "success", description: res.data.message });
  }
  return problem({ intent: "delete-rows", error: "Unknown action." });
}

/** Validate or import: a multipart form with `intent`, `mode` and one spreadsheet in `file`. */
async function sheetAction({ request, api, aircraft, tabId, product = "ops" }: { request: Request; api: Api; aircraft: ops.AircraftRef; tabId: string; product?: ModuleProduct }) {
  const url = new URL(request.url);
  const fields: Record<string, string> = {};
  let file: ops.SheetUpload | null = null;
  let tooBig = false;
  try {
    for await (const part of multipartParts(request, { files: 1, fields: 20, fieldSize: 2000 })) {
      if (part.kind === "field") fields[part.name] = part.value;
      else if (part.kind === "file" && part.name === "file" && !file) {
        // Read whole (the upstream takes the workbook in one request), up to the limit; past it the
        // rest is read and dropped so the answer can say so.
        const chunks: Uint8Array[] = [];
        let size = 0;
        const reader = part.stream.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          size += next.value.byteLength;
          if (size > UPLOAD_MAX_BYTES) tooBig = true;
          else chunks.push(next.value);
        }
        const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
        let at = 0;
        for (const c of chunks) {
          bytes.set(c, at);
          at += c.byteLength;
        }
        file = { filename: part.filename.split(/[\\/]/).pop() ?? "upload.xlsx", contentType: part.mimeType, bytes };
      }
    }
  } catch (err) {
    if (!(err instanceof MultipartError)) throw err;
    const intent = fields.intent === "validate" ? "validate" : "import";
    return data<TabActionProblem>({ intent, error: err.message, rowErrors: [] }, { status: err.refusesBody ? 400 : 422 });
  }
  const intent = fields.intent === "validate" ? "validate" : "import";
  const mode = fields.mode === "replace" ? "replace" : "append";
  if (!file) return problem({ intent, error: "Choose a workbook to send (.xlsx, .xls or .csv).", rowErrors: [] });
  if (tooBig) return problem({ intent, error: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, rowErrors: [] });
  const lower = file.filename.toLowerCase();
  if (!SHEET_EXTENSIONS.some((e) => lower.endsWith(e))) return problem({ intent, error: "Choose an .xlsx, .xls or .csv file.", rowErrors: [] });
  if (file.bytes.byteLength === 0) return problem({ intent, error: "The file is empty.", rowErrors: [] });

  if (intent === "validate") {
    // The ops API keeps the workbook for this user (ADR 079); the page the redirect opens offers it.
    const res = await ops.validateSheet(api, aircraft, tabId, file, product);
    if (!res.ok) return problem({ intent, error: res.error, rowErrors: [] });
    const { id, errors } = res.data;
    const description =
      errors === 0
        ? `${file.filename} has no errors: it can be imported.`
        : `${file.filename}: ${errors} ${errors === 1 ? "row has" : "rows have"} errors. Nothing was imported.`;
    return redirectWithToast(pageAfterWrite(url, { validation: id }), { type: errors ? "error" : "success", description });
  }

  const res = await ops.importSheet(api, aircraft, tabId, mode, file, product);
  if (!res.ok) {
    const data = res.data as { row_errors?: { row: number; column: string | null; error: string }[] } | undefined;
    const rowErrors = Array.isArray(data?.row_errors) ? data.row_errors.slice(0, 200) : [];
    return problem({ intent, error: `${res.error} Nothing was imported.`, rowErrors });
  }
  return redirectWithToast(pageAfterWrite(url, { page: null }), {
    type: "success",
    description: `${res.data.imported} ${res.data.imported === 1 ? "row" : "rows"} imported (${res.data.mode === "replace" ? "replacing the tab's rows" : "added after the existing rows"}); the tab has ${res.data.total}.`,
  });
}

export const IMPORT_LIMITS = { bytes: UPLOAD_MAX_BYTES, rows: UPLOAD_MAX_ROWS, extensions: SHEET_EXTENSIONS } as const;
