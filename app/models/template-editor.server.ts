// The template editor's server side (/client/template/{tabId?}, issue 14 item 4): who may use it (the
// template roles: ops_template, admin, member), the manufacturer and tab the URL names
// (`typeOfManufacturer`, the path's tab id), and its posts: a tab created (a manufacturer not known yet
// comes with it) or deleted, a version saved with a note, the columns saved (rename, retype, reorder,
// add) or one deleted, rows saved or deleted (rowIntent, shared with the aircraft tabs) or all deleted.
// The ops API checks every rule again and answers 422 with its message, which the page shows.
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { pageAfterWrite, rowIntent } from "./ops-tab.server";
import { COLUMN_TYPES } from "./schemas/ops";
import * as templates from "./templates.server";
import type { TemplateColumn } from "./templates.server";

export const TEMPLATE_ROLES = ["ops_template", "admin", "member"] as const;
export const requireTemplateUser = (request: Request, context: AppLoadContext) => requireUser(request, context, { roles: TEMPLATE_ROLES });

export type TemplateProblem =
  | { intent: "create-tab"; error: string; values: Record<string, string> }
  | { intent: "delete-tab" | "save-version" | "delete-all" | "delete-column"; error: string }
  | { intent: "save-columns"; error: string; values: Record<string, string> };
const problem = (p: TemplateProblem) => json(p, { status: 422 });

/** The library page of a manufacturer (where a tab's page goes back to). */
export const libraryHref = (manufacturer: string) => `/client/template?typeOfManufacturer=${encodeURIComponent(manufacturer)}`;
export const tabHref = (manufacturer: string, tabId: string) => `/client/template/${encodeURIComponent(tabId)}?typeOfManufacturer=${encodeURIComponent(manufacturer)}`;

/** The manufacturer the URL names (case-insensitively), or a 404 the page shows. */
export async function openManufacturer(api: Api, url: URL) {
  const res = await templates.listManufacturers(api);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  const wanted = (url.searchParams.get("typeOfManufacturer") ?? "").trim().toLowerCase();
  if (!wanted) return { manufacturers: res.data.manufacturers, manufacturer: null };
  const manufacturer = res.data.manufacturers.find((m) => m.name.toLowerCase() === wanted);
  if (!manufacturer) throw new Response("That manufacturer has no template yet.", { status: 404 });
  return { manufacturers: res.data.manufacturers, manufacturer };
}

/**
 * Columns typed one per line, "Name" or "Name: type" (text, number, date, select). Returns the
 * columns or the first problem.
 */
export function parseColumnLines(text: string): { columns: TemplateColumn[] } | { error: string } {
  const columns: TemplateColumn[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.*?)(?:\s*:\s*([A-Za-z]+))?$/.exec(line)!;
    const name = m[1]!.trim();
    const type = (m[2] ?? "text").toLowerCase();
    if (!name) return { error: `Line ${i + 1}: enter a column name before the colon.` };
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) return { error: `Line ${i + 1}: the type must be one of ${COLUMN_TYPES.join(", ")}.` };
    if (columns.some((c) => c.name.toLowerCase() === name.toLowerCase())) return { error: `Line ${i + 1}: the column "${name}" is named twice.` };
    columns.push({ name, type: type as TemplateColumn["type"], editable: true });
  }
  if (columns.length > 100) return { error: "A tab has at most 100 columns." };
  return { columns };
}

/** The columns form: `col.<i>.id|name|type|position|editable`, plus an optional new column `new.name|type`. */
export function readColumnsForm(form: FormData): { columns: TemplateColumn[]; values: Record<string, string> } | { error: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && (k.startsWith("col.") || k.startsWith("new."))) values[k] = v;
  const rows: (TemplateColumn & { position: number })[] = [];
  for (let i = 0; i < 100; i++) {
    const id = values[`col.${i}.id`];
    if (id === undefined) break;
    if (!/^\d{1,12}$/.test(id)) return { error: "That column does not exist.", values };
    const name = (values[`col.${i}.name`] ?? "").trim();
    const type = values[`col.${i}.type`] ?? "text";
    const position = Number(values[`col.${i}.position`] ?? i + 1);
    if (!name) return { error: `Column ${i + 1}: enter a name.`, values };
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) return { error: `Column ${i + 1}: choose a type.`, values };
    if (!Number.isFinite(position)) return { error: `Column ${i + 1}: the position must be a number.`, values };
    rows.push({ id: Number(id), name, type: type as TemplateColumn["type"], editable: form.get(`col.${i}.editable`) === "on", position });
  }
  const newName = (values["new.name"] ?? "").trim();
  if (newName) {
    const type = values["new.type"] ?? "text";
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) return { error: "The new column: choose a type.", values };
    rows.push({ name: newName, type: type as TemplateColumn["type"], editable: true, position: Number.MAX_SAFE_INTEGER });
  }
  const names = rows.map((r) => r.name.toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) return { error: `Two columns are named "${rows.find((r) => r.name.toLowerCase() === twice)!.name}".`, values };
  // Reordered by the positions typed (ties keep the form's order).
  const columns = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.position - b.r.position || a.i - b.i)
    .map(({ r }) => ({ ...(r.id ? { id: r.id } : {}), name: r.name, type: r.type, editable: r.editable }));
  return { columns, values };
}

/** One post of the template editor. */
export async function templateAction({ request, api, tabId }: { request: Request; api: Api; tabId: string | undefined }) {
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { manufacturer } = await openManufacturer(api, url);

  if (intent === "create-tab") {
    const values: Record<string, string> = {};
    for (const k of ["manufacturer", "tab_name", "group_name", "columns"]) values[k] = String(form.get(k) ?? "");
    const name = manufacturer?.name ?? values.manufacturer.trim();
    if (!name) return problem({ intent, error: "Enter the manufacturer's name.", values });
    if (!values.tab_name.trim()) return problem({ intent, error: "Enter the tab's name.", values });
    const parsed = parseColumnLines(values.columns);
    if ("error" in parsed) return problem({ intent, error: parsed.error, values });
    const res = await templates.createTemplateTab(api, name, { tab_name: values.tab_name.trim(), group_name: values.group_name.trim(), columns: parsed.columns });
    if (!res.ok) return problem({ intent, error: res.error, values });
    return redirectWithToast(tabHref(name, res.data.tab.tab_id), { type: "success", description: res.data.message });
  }
  if (!manufacturer) return problem({ intent: "delete-tab", error: "Choose a manufacturer first." });

  if (intent === "save-version") {
    const note = String(form.get("note") ?? "").trim();
    if (note.length > 500) return problem({ intent, error: "A note has at most 500 characters." });
    const res = await templates.saveTemplateVersion(api, manufacturer.name, note);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(`${libraryHref(manufacturer.name)}&version=${res.data.version.version}`, { type: "success", description: res.data.message });
  }
  if (intent === "delete-tab") {
    const tab = String(form.get("tab_id") ?? "");
    const res = await templates.deleteTemplateTab(api, manufacturer.name, tab);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(libraryHref(manufacturer.name), { type: "success", description: res.data.message });
  }
  if (!tabId) return problem({ intent: "delete-tab", error: "Open a template tab first." });

  const rows = await rowIntent(form, url, {
    save: (row) => templates.saveTemplateRow(api, manufacturer.name, tabId, row),
    remove: (ids) => templates.deleteTemplateRows(api, manufacturer.name, tabId, ids),
  });
  if (rows) return rows;
  if (intent === "delete-all") {
    const res = await templates.deleteAllTemplateRows(api, manufacturer.name, tabId);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(pageAfterWrite(url, { page: null }), { type: "success", description: `${res.data.deleted} ${res.data.deleted === 1 ? "row" : "rows"} deleted.` });
  }
  if (intent === "save-columns") {
    const read = readColumnsForm(form);
    if ("error" in read) return problem({ intent, error: read.error, values: read.values });
    if (read.columns.length === 0) return problem({ intent, error: "A tab needs at least one column.", values: read.values });
    const res = await templates.saveTemplateColumns(api, manufacturer.name, tabId, read.columns);
    if (!res.ok) return problem({ intent, error: res.error, values: read.values });
    return redirectWithToast(pageAfterWrite(url, { columns: null }), { type: "success", description: res.data.message });
  }
  if (intent === "delete-column") {
    const column = String(form.get("column_id") ?? "");
    if (!/^\d{1,12}$/.test(column)) return problem({ intent, error: "That column does not exist." });
    const res = await templates.deleteTemplateColumn(api, manufacturer.name, tabId, Number(column));
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(pageAfterWrite(url, { column: null }), { type: "success", description: res.data.message });
  }
  throw redirect(url.pathname + url.search);
}
