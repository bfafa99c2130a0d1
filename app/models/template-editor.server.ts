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
import { createTab, parseColumnLines, structureIntent } from "./tab-structure.server";
import * as templates from "./templates.server";

export { parseColumnLines, readColumnsForm } from "./tab-structure.server";

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
    const res = await createTab(api, { manufacturer: name }, { tab_name: values.tab_name.trim(), group_name: values.group_name.trim(), columns: parsed.columns });
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
  const owner = { manufacturer: manufacturer.name };
  const back = (extra: Record<string, string | null>) => () => pageAfterWrite(url, extra);
  const structure = await structureIntent(form, api, owner, tabId ?? null, {
    saved: back({ columns: null }),
    deletedColumn: back({ column: null }),
    deletedTab: () => libraryHref(manufacturer.name),
    created: (id) => tabHref(manufacturer.name, id),
  });
  if (structure) return structure;
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
  throw redirect(url.pathname + url.search);
}
