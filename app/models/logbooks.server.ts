// AeroOPS technical logbooks (docs/api/ops.md "Technical logbooks"; spec 001 §2, §3; issue 14): an
// aircraft's logbooks with page counts, created, renamed and deleted; their pages by number (date,
// flight, sector, block hours, defect, action), added, changed and deleted; the form rules of a page.
import type { Api } from "./api.server";
import type { AircraftRef } from "./ops.server";
import { LogbookAnswer, LogbookListAnswer, LogbookPageAnswer, LogbookPagesAnswer, Message } from "./schemas/ops";

export const list = (api: Api, aircraft: AircraftRef, q: { page: number; per_page: number }) =>
  api.post("ops", "/v1/logbook/list.json", { json: { ...aircraft, ...q }, schema: LogbookListAnswer });
export const create = (api: Api, aircraft: AircraftRef, title: string) => api.post("ops", "/v1/logbook/create.json", { json: { ...aircraft, title }, schema: LogbookAnswer });
export const rename = (api: Api, log_book_id: number, title: string) => api.post("ops", "/v1/logbook/update.json", { json: { log_book_id, title }, schema: LogbookAnswer });
export const remove = (api: Api, log_book_id: number) => api.post("ops", "/v1/logbook/delete.json", { json: { log_book_id }, schema: Message });
export const pages = (api: Api, log_book_id: number, q: { page: number; per_page: number }) =>
  api.post("ops", "/v1/logbook/pages.json", { json: { log_book_id, ...q }, schema: LogbookPagesAnswer });
export const addPage = (api: Api, log_book_id: number, p: { page_no?: number; date: string; data: PageData }) =>
  api.post("ops", "/v1/logbook/page_create.json", { json: { log_book_id, ...p }, schema: LogbookPageAnswer });
export const updatePage = (api: Api, page_id: number, p: { page_no?: number; date: string; data: Record<string, unknown> }) =>
  api.post("ops", "/v1/logbook/page_update.json", { json: { page_id, ...p }, schema: LogbookPageAnswer });
export const removePage = (api: Api, page_id: number) => api.post("ops", "/v1/logbook/page_delete.json", { json: { page_id }, schema: Message });

/** Every page of a logbook (for the totals), up to 2,000 pages. */
export async function allPages(api: Api, log_book_id: number) {
  const first = await pages(api, log_book_id, { page: 1, per_page: 200 });
  if (!first.ok) return first;
  const out = [...first.data.pages];
  for (let p = 2; out.length < first.data.total && p <= 10; p++) {
    const next = await pages(api, log_book_id, { page: p, per_page: 200 });
    if (!next.ok) return next;
    out.push(...next.data.pages);
  }
  return { ...first, data: { ...first.data, pages: out } };
}

// ---- a page's form ----------------------------------------------------------------------------

export interface PageData {
  flight_no: string;
  sector: string;
  block_hours: number | null;
  cycles: number | null;
  defect: string;
  action: string;
  certifying_staff: string;
}
export const PAGE_FIELDS = [
  ["flight_no", "Flight number", 20],
  ["sector", "Sector", 40],
  ["block_hours", "Block hours", 10],
  ["cycles", "Cycles", 6],
  ["defect", "Defect", 2000],
  ["action", "Action taken", 2000],
  ["certifying_staff", "Certifying staff", 100],
] as const;

export type PageForm = { page_no: string; date: string } & Record<(typeof PAGE_FIELDS)[number][0], string>;

export function readPageForm(form: FormData): PageForm {
  const text = (k: string, max: number) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, max) : "";
  };
  const out = { page_no: text("page_no", 6), date: text("date", 10) } as PageForm;
  for (const [k, , max] of PAGE_FIELDS) out[k] = text(k, max);
  return out;
}

export function pageFormOf(p: { page_no: number; date: string; data: Record<string, unknown> }): PageForm {
  const out = { page_no: String(p.page_no), date: p.date } as PageForm;
  for (const [k] of PAGE_FIELDS) {
    const v = p.data[k];
    out[k] = v === null || v === undefined ? "" : String(v);
  }
  return out;
}

/** Checks a page's form: the data to send, or the errors per field. */
export function checkPage(f: PageForm) {
  const errors: Record<string, string[]> = {};
  const err = (k: string, m: string) => (errors[k] ??= []).push(m);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date) || Number.isNaN(Date.parse(`${f.date}T00:00:00Z`))) err("date", "Enter the date (YYYY-MM-DD).");
  let page_no: number | undefined;
  if (f.page_no.trim()) {
    page_no = Number(f.page_no.trim());
    if (!Number.isInteger(page_no) || page_no < 1) err("page_no", "The page number is a whole number from 1.");
  }
  const num = (k: "block_hours" | "cycles", label: string, max: number, whole: boolean) => {
    const s = f[k].trim().replace(",", ".");
    if (!s) return null;
    const n = Number(s);
    if (!Number.isFinite(n) || n < 0 || n > max || (whole && !Number.isInteger(n))) {
      err(k, `${label} must be ${whole ? "a whole number" : "a number"} from 0 to ${max}.`);
      return null;
    }
    return Math.round(n * 100) / 100;
  };
  const data: PageData = {
    flight_no: f.flight_no.trim(),
    sector: f.sector.trim(),
    block_hours: num("block_hours", "Block hours", 24, false),
    cycles: num("cycles", "Cycles", 50, true),
    defect: f.defect.trim(),
    action: f.action.trim(),
    certifying_staff: f.certifying_staff.trim(),
  };
  return { ok: Object.keys(errors).length === 0, errors, data, page_no };
}

/** Total block hours of a logbook's pages. */
export const totalBlockHours = (ps: { data: Record<string, unknown> }[]) =>
  Math.round(ps.reduce((s, p) => s + (typeof p.data.block_hours === "number" ? p.data.block_hours : Number(p.data.block_hours) || 0), 0) * 100) / 100;

/** `/client/Aeroops/logbookpages/logbook_id={id}` */
export const pagesPath = (id: number) => `/client/Aeroops/logbookpages/logbook_id=${id}`;
export function parseLogbookRef(segment: string | undefined) {
  const m = /^logbook_id=(\d{1,12})$/.exec(segment ?? "");
  return m ? Number(m[1]) : null;
}
