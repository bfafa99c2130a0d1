// The template views' server side (issue 14 item 4; ADR 038 and 052), for both places that show a
// manufacturer's template: the template editor (/client/template/{tabId?}?typeOfManufacturer=…) and the
// admin library (/admin/aeroops/template/manufacturers/{id}?tab_id=…). Who may use them (the template
// roles: ops_template, admin, member), what a view loads (the library: tabs and versions; a tab: its
// rows and columns; a saved version: what it holds, and how it differs from the template now), and
// their posts: a tab created (in the editor a manufacturer not known yet comes with it) or deleted, a
// version saved with a note, the columns saved (rename, retype, reorder, add) or one deleted, rows
// saved or deleted (rowIntent, shared with the aircraft tabs) or all deleted; on the admin page also
// manufacturers created, renamed and deleted (ops_template and admin). The ops API checks every rule
// again and answers 422 with its message, which the page shows.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { pageAfterWrite, rowIntent } from "./ops-tab.server";
import { createTab, parseColumnLines, structureIntent } from "./tab-structure.server";
import { libraryHref, tabHref, versionHref, type TemplatePlace } from "./template-hrefs";
import * as templates from "./templates.server";

export { parseColumnLines, readColumnsForm } from "./tab-structure.server";

export const TEMPLATE_ROLES = ["ops_template", "admin", "member"] as const;
/** Who may create, rename and delete manufacturers (the ops API's rule; ADR 052). */
export const MANUFACTURER_ROLES = ["ops_template", "admin"] as const;
export const requireTemplateUser = (request: Request, context: AppLoadContext) => requireUser(request, context, { roles: TEMPLATE_ROLES });
export const mayEditManufacturers = (role: string) => (MANUFACTURER_ROLES as readonly string[]).includes(role);

export type TemplateProblem =
  | { intent: "create-tab"; error: string; values: Record<string, string> }
  | { intent: "delete-tab" | "save-version" | "delete-all" | "delete-column" | "delete-manufacturer"; error: string }
  | { intent: "save-columns"; error: string; values: Record<string, string> }
  | { intent: "create-manufacturer" | "rename-manufacturer"; error: string; values: Record<string, string> };
const problem = (p: TemplateProblem) => data(p, { status: 422 });

/** The manufacturer the editor's URL names (case-insensitively), or a 404 the page shows. */
export async function openManufacturer(api: Api, url: URL) {
  const res = await templates.listManufacturers(api);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  const wanted = (url.searchParams.get("typeOfManufacturer") ?? "").trim().toLowerCase();
  if (!wanted) return { manufacturers: res.data.manufacturers, manufacturer: null };
  const manufacturer = res.data.manufacturers.find((m) => m.name.toLowerCase() === wanted);
  if (!manufacturer) throw new Response("That manufacturer has no template yet.", { status: 404 });
  return { manufacturers: res.data.manufacturers, manufacturer };
}

/** The manufacturer the admin page's path names (by id), or a 404. */
export async function manufacturerById(api: Api, id: string | undefined) {
  const res = await templates.listManufacturers(api);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  if (id === undefined) return { manufacturers: res.data.manufacturers, manufacturer: null };
  if (!/^\d{1,12}$/.test(id)) throw new Response("Not found", { status: 404 });
  const manufacturer = res.data.manufacturers.find((m) => m.id === Number(id));
  if (!manufacturer) throw new Response("That manufacturer was not found.", { status: 404 });
  return { manufacturers: res.data.manufacturers, manufacturer };
}

const PER_PAGE = 50;
export const TEMPLATE_PER_PAGE = PER_PAGE;
/** A version page shows at most this many rows per tab (the rest is counted). */
const VERSION_ROWS = 200;

type Manufacturer = { id: number; name: string; tab_count: number; aircraft_count: number };

/**
 * What a view of a manufacturer's template shows: its library (tabs, versions, a tab to confirm
 * deleting), one saved version (`version`), or, with a tab, that tab's rows and columns.
 */
export async function loadTemplateView(api: Api, url: URL, manufacturer: Manufacturer, tabId: string | null) {
  const [tabsRes, versionsRes] = await Promise.all([templates.listTemplateTabs(api, manufacturer.name), templates.listTemplateVersions(api, manufacturer.name)]);
  if (!tabsRes.ok) throw new Response(tabsRes.error, { status: tabsRes.status });
  const tabs = [...tabsRes.data.tabs].sort((a, b) => a.tab_position - b.tab_position);
  const versionList = versionsRes.ok ? versionsRes.data.versions : [];
  const currentVersion = versionsRes.ok ? versionsRes.data.current_version : null;
  if (!tabId) {
    const versionParam = url.searchParams.get("version");
    if (versionParam !== null) return loadVersion(api, manufacturer, versionParam, tabs);
    const confirmTab = url.searchParams.get("confirm") === "delete-tab" ? tabs.find((t) => t.tab_id === url.searchParams.get("tab")) ?? null : null;
    return {
      view: "library" as const,
      manufacturer,
      tabs: tabs.map((t) => ({ tab_id: t.tab_id, tab_name: t.tab_name, group_name: t.group_name, tab_position: t.tab_position, columns: t.columns.map((c) => `${c.name} (${c.type})`) })),
      versions: versionList,
      currentVersion,
      confirmTab: confirmTab ? { tab_id: confirmTab.tab_id, tab_name: confirmTab.tab_name } : null,
    };
  }
  const tab = tabs.find((t) => t.tab_id.toLowerCase() === tabId.toLowerCase());
  if (!tab) throw new Response(`The ${manufacturer.name} template has no such tab.`, { status: 404 });
  const names = tab.columns.map((c) => c.name);
  const sortParam = url.searchParams.get("sort_column");
  const sort_column = sortParam && names.includes(sortParam) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? ("desc" as const) : ("asc" as const);
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const data = await templates.templateRows(api, manufacturer.name, { tab_id: tab.tab_id, page, per_page: PER_PAGE, sort_column, sort_order, filter: filter || undefined });
  if (!data.ok) throw new Response(data.error, { status: data.status });
  const editParam = url.searchParams.get("edit");
  const editRow = editParam && editParam !== "new" ? data.data.rows.find((r) => String(r.id) === editParam) ?? null : null;
  const selected = [...new Set(url.searchParams.getAll("select"))].filter((v) => /^\d{1,12}$/.test(v)).map(Number).slice(0, 5000);
  const confirm = url.searchParams.get("confirm");
  const column = confirm === "delete-column" ? data.data.columns.find((c) => String(c.id) === url.searchParams.get("column")) ?? null : null;
  return {
    view: "tab" as const,
    manufacturer,
    tab: { tab_id: tab.tab_id, tab_name: tab.tab_name, group_name: tab.group_name },
    bar: tabs.map((t) => ({ id: t.tab_id, name: t.tab_name })),
    columns: data.data.columns,
    rows: data.data.rows,
    total: data.data.total,
    page: data.data.page,
    sort_column: sort_column ?? null,
    sort_order,
    filter,
    editing: editParam ? { row: editRow, missing: editParam !== "new" && !editRow } : null,
    confirm: confirm === "delete" && selected.length ? { kind: "rows" as const, ids: selected } : confirm === "delete-all" ? { kind: "all" as const } : column ? { kind: "column" as const, column } : null,
    selectFirst: confirm === "delete" && selected.length === 0,
    columnsOpen: url.searchParams.get("columns") === "edit",
    back: pageAfterWrite(url),
  };
}

type CurrentTab = { tab_id: string; tab_name: string; columns: { name: string; type: string }[] };

/** A saved version: what it holds (read-only), and what differs in the template now. */
async function loadVersion(api: Api, manufacturer: Manufacturer, raw: string, current: CurrentTab[]) {
  if (!/^\d{1,9}$/.test(raw)) throw new Response("That version does not exist.", { status: 404 });
  const res = await templates.templateVersionContent(api, manufacturer.name, Number(raw));
  if (!res.ok) throw new Response(res.status === 404 ? `The ${manufacturer.name} template has no version ${raw}.` : res.error, { status: res.status === 404 ? 404 : res.status });
  const saved = res.data.tabs;
  const byId = new Map(current.map((t) => [t.tab_id, t]));
  const savedIds = new Set(saved.map((t) => t.tab_id));
  const changes: string[] = [];
  for (const t of saved) {
    const now = byId.get(t.tab_id);
    if (!now) {
      changes.push(`The tab ${t.tab_name} has been deleted since.`);
      continue;
    }
    if (now.tab_name !== t.tab_name) changes.push(`The tab ${t.tab_name} is now named ${now.tab_name}.`);
    const before = t.columns.map((c) => `${c.name} (${c.type})`).join(", ");
    const after = now.columns.map((c) => `${c.name} (${c.type})`).join(", ");
    if (before !== after) changes.push(`${now.tab_name}: columns then ${before || "none"}; now ${after || "none"}.`);
  }
  for (const t of current) if (!savedIds.has(t.tab_id)) changes.push(`The tab ${t.tab_name} has been added since.`);
  return {
    view: "version" as const,
    manufacturer,
    version: res.data.version,
    tabs: saved
      .slice()
      .sort((a, b) => a.tab_position - b.tab_position)
      .map((t) => ({ ...t, rows: t.rows.slice(0, VERSION_ROWS), rowCount: t.rows.length })),
    changes,
  };
}

/** One post of a template view. `manufacturer` null: the editor's page without one (a new manufacturer comes with its first tab). */
export async function templateAction({ request, api, tabId, manufacturer, place }: { request: Request; api: Api; tabId: string | undefined; manufacturer: Manufacturer | null; place: TemplatePlace | null }) {
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (!manufacturer || !place) {
    if (intent !== "create-tab") return problem({ intent: "delete-tab", error: "Choose a manufacturer first." });
    const values: Record<string, string> = {};
    for (const k of ["manufacturer", "tab_name", "group_name", "columns"]) values[k] = String(form.get(k) ?? "");
    const name = values.manufacturer.trim();
    if (!name) return problem({ intent, error: "Enter the manufacturer's name.", values });
    if (!values.tab_name.trim()) return problem({ intent, error: "Enter the tab's name.", values });
    const parsed = parseColumnLines(values.columns);
    if ("error" in parsed) return problem({ intent, error: parsed.error, values });
    const res = await createTab(api, { manufacturer: name }, { tab_name: values.tab_name.trim(), group_name: values.group_name.trim(), columns: parsed.columns });
    if (!res.ok) return problem({ intent, error: res.error, values });
    return redirectWithToast(tabHref({ kind: "editor", manufacturer: name }, res.data.tab.tab_id), { type: "success", description: res.data.message });
  }

  if (intent === "save-version") {
    const note = String(form.get("note") ?? "").trim();
    if (note.length > 500) return problem({ intent, error: "A note has at most 500 characters." });
    const res = await templates.saveTemplateVersion(api, manufacturer.name, note);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(versionHref(place, res.data.version.version), { type: "success", description: res.data.message });
  }
  const owner = { manufacturer: manufacturer.name };
  const back = (extra: Record<string, string | null>) => () => pageAfterWrite(url, extra);
  const structure = await structureIntent(form, api, owner, tabId ?? null, {
    saved: back({ columns: null }),
    deletedColumn: back({ column: null }),
    deletedTab: () => libraryHref(place),
    created: (id) => tabHref(place, id),
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

/**
 * The admin page's manufacturer posts (`create-manufacturer`, `rename-manufacturer`,
 * `delete-manufacturer`), or null for any other. The ops API decides who may (ops_template, admin)
 * and refuses a manufacturer that registered aircraft name; its message is the page's.
 */
export async function manufacturerIntent(form: FormData, api: Api, selected: Manufacturer | null) {
  const intent = String(form.get("intent") ?? "");
  const base = "/admin/aeroops/template/manufacturers";
  if (intent === "create-manufacturer" || intent === "rename-manufacturer") {
    const values = { name: String(form.get("name") ?? "") };
    const name = values.name.trim();
    if (!name) return problem({ intent, error: "Enter the manufacturer's name.", values });
    if (name.length > 100) return problem({ intent, error: "A manufacturer name has at most 100 characters.", values });
    if (intent === "rename-manufacturer" && !selected) return problem({ intent, error: "Choose a manufacturer first.", values });
    const res = await templates.saveManufacturer(api, intent === "rename-manufacturer" ? { id: selected!.id, name } : { name });
    if (!res.ok) return problem({ intent, error: res.error, values });
    return redirectWithToast(`${base}/${res.data.manufacturer.id}`, { type: "success", description: res.data.message });
  }
  if (intent === "delete-manufacturer") {
    if (!selected) return problem({ intent, error: "Choose a manufacturer first." });
    const res = await templates.deleteManufacturer(api, selected.id);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(base, { type: "success", description: res.data.message });
  }
  return null;
}
