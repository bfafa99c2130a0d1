// A tab's structure (issue 13 item 3, issue 14 item 4): create and delete tabs, save the columns
// (rename, retype, reorder, add) and delete one, for either owner of tabs the ops API knows: an
// aircraft (Super Users, staff) or a manufacturer's template (the template roles). One set of calls;
// the template editor and the aircraft tab page both use them, and the ops API decides who may.
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import type * as ops from "./ops.server";
import { COLUMN_TYPES, Message, TabAnswer } from "./schemas/ops";

export type TabColumnInput = { id?: number; name: string; type: (typeof COLUMN_TYPES)[number]; editable: boolean };
/** Whose tabs: a manufacturer's template, or an aircraft's (ops or oil). */
export type TabOwner = { manufacturer: string } | (ops.AircraftRef & { product?: "ops" | "oil" });

export const createTab = (api: Api, owner: TabOwner, tab: { tab_name: string; group_name: string; columns: TabColumnInput[] }) =>
  api.post("ops", "/v1/ops_tab_info/create.json", { json: { ...owner, ...tab }, schema: TabAnswer });

export const deleteTab = (api: Api, owner: TabOwner, tab_id: string) =>
  api.post("ops", "/v1/ops_tab_info/delete_tab.json", { json: { ...owner, tab_id }, schema: Message });

/** Sets the columns in this order: with `id` a column is renamed / retyped, without it is added. */
export const saveColumns = (api: Api, owner: TabOwner, tab_id: string, columns: TabColumnInput[]) =>
  api.call("ops", "PUT", "/v1/ops_tab_info/push_data_columns_list.json", { json: { ...owner, tab_id, columns }, schema: TabAnswer });

export const deleteColumn = (api: Api, owner: TabOwner, tab_id: string, column_id: number) =>
  api.post("ops", "/v1/ops_tab_info/delete_column.json", { json: { ...owner, tab_id, column_id }, schema: TabAnswer });

/**
 * Columns typed one per line, "Name" or "Name: type" (text, number, date, select). Returns the
 * columns or the first problem.
 */
export function parseColumnLines(text: string): { columns: TabColumnInput[] } | { error: string } {
  const columns: TabColumnInput[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.*?)(?:\s*:\s*([A-Za-z]+))?$/.exec(line)!;
    const name = m[1]!.trim();
    const type = (m[2] ?? "text").toLowerCase();
    if (!name) return { error: `Line ${i + 1}: enter a column name before the colon.` };
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) return { error: `Line ${i + 1}: the type must be one of ${COLUMN_TYPES.join(", ")}.` };
    if (columns.some((c) => c.name.toLowerCase() === name.toLowerCase())) return { error: `Line ${i + 1}: the column "${name}" is named twice.` };
    columns.push({ name, type: type as TabColumnInput["type"], editable: true });
  }
  if (columns.length > 100) return { error: "A tab has at most 100 columns." };
  return { columns };
}

/** The columns form: `col.<i>.id|name|type|position|editable`, plus an optional new column `new.name|type`. */
export function readColumnsForm(form: FormData): { columns: TabColumnInput[]; values: Record<string, string> } | { error: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && (k.startsWith("col.") || k.startsWith("new."))) values[k] = v;
  const rows: (TabColumnInput & { position: number })[] = [];
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
    rows.push({ id: Number(id), name, type: type as TabColumnInput["type"], editable: form.get(`col.${i}.editable`) === "on", position });
  }
  const newName = (values["new.name"] ?? "").trim();
  if (newName) {
    const type = values["new.type"] ?? "text";
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) return { error: "The new column: choose a type.", values };
    rows.push({ name: newName, type: type as TabColumnInput["type"], editable: true, position: Number.MAX_SAFE_INTEGER });
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

export type StructureProblem =
  | { intent: "create-tab"; error: string; values: Record<string, string> }
  | { intent: "delete-tab" | "delete-column"; error: string }
  | { intent: "save-columns"; error: string; values: Record<string, string> };
const problem = (p: StructureProblem) => data(p, { status: 422 });

/**
 * The structure intents of a tab page (`save-columns`, `delete-column`, `delete-tab`, `create-tab`),
 * or null for any other. `after` says where each success goes.
 */
export async function structureIntent(
  form: FormData,
  api: Api,
  owner: TabOwner,
  tabId: string | null,
  after: { saved: () => string; deletedColumn: () => string; deletedTab: () => string; created: (tabId: string) => string },
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "create-tab") {
    const values: Record<string, string> = {};
    for (const k of ["tab_name", "group_name", "columns"]) values[k] = String(form.get(k) ?? "");
    if (!values.tab_name.trim()) return problem({ intent, error: "Enter the tab's name.", values });
    if (values.tab_name.trim().length > 100) return problem({ intent, error: "A tab's name has at most 100 characters.", values });
    const parsed = parseColumnLines(values.columns);
    if ("error" in parsed) return problem({ intent, error: parsed.error, values });
    const res = await createTab(api, owner, { tab_name: values.tab_name.trim(), group_name: values.group_name.trim(), columns: parsed.columns });
    if (!res.ok) return problem({ intent, error: res.error, values });
    return redirectWithToast(after.created(res.data.tab.tab_id), { type: "success", description: res.data.message });
  }
  if (intent === "delete-tab") {
    const tab = String(form.get("tab_id") ?? tabId ?? "");
    if (!tab) return problem({ intent, error: "Choose a tab to delete." });
    const res = await deleteTab(api, owner, tab);
    if (!res.ok) return problem({ intent, error: res.error });
    return redirectWithToast(after.deletedTab(), { type: "success", description: res.data.message });
  }
  if (intent !== "save-columns" && intent !== "delete-column") return null;
  if (!tabId) return problem({ intent: "delete-tab", error: "Open a tab first." });
  if (intent === "save-columns") {
    const read = readColumnsForm(form);
    if ("error" in read) return problem({ intent, error: read.error, values: read.values });
    if (read.columns.length === 0) return problem({ intent, error: "A tab needs at least one column.", values: read.values });
    const res = await saveColumns(api, owner, tabId, read.columns);
    if (!res.ok) return problem({ intent, error: res.error, values: read.values });
    return redirectWithToast(after.saved(), { type: "success", description: res.data.message });
  }
  const column = String(form.get("column_id") ?? "");
  if (!/^\d{1,12}$/.test(column)) return problem({ intent, error: "That column does not exist." });
  const res = await deleteColumn(api, owner, tabId, Number(column));
  if (!res.ok) return problem({ intent, error: res.error });
  return redirectWithToast(after.deletedColumn(), { type: "success", description: res.data.message });
}

/**
 * An aircraft tab page's structure controls (AeroOPS and AeroOIL): null unless the user is a Super
 * User of the aircraft (staff are too: the header's level is su_write). The URL opens the dialogs:
 * ?columns=edit, ?dialog=new-tab, ?confirm=delete-column&column=<id>, ?confirm=delete-tab. Only an
 * aircraft's own tabs (`tab-…`) may be deleted or have their columns changed; the fixed tabs keep
 * theirs (the ops API refuses them anyway).
 */
export function structureView(url: URL, accessType: string, tabId: string, columns: { id: number; name: string }[]) {
  if (accessType !== "su_write") return null;
  const own = tabId.startsWith("tab-");
  const p = url.searchParams;
  const column = p.get("confirm") === "delete-column" && own ? columns.find((c) => String(c.id) === p.get("column")) ?? null : null;
  return {
    columnsOpen: own && p.get("columns") === "edit",
    newTabOpen: p.get("dialog") === "new-tab",
    deletable: own,
    confirmTab: own && p.get("confirm") === "delete-tab",
    confirmColumn: column ? { id: column.id, name: column.name } : null,
    columnsEditable: own,
  };
}
