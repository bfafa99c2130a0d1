// The AeroOPS template library (ops API, /v1/ops_tab_info/*): manufacturers (list, create, rename,
// delete: ops_template and admin, ADR 052), their template tabs
// (their structure: tab-structure.server.ts), the tabs' rows (read, add / change, delete by selection, delete all) and
// the template's versions (save with a note, list). Used by /admin/aeroops/template/manufacturers and
// the template editor /client/template/{tabId?}. A new manufacturer comes with its first tab.
import type { Api } from "./api.server";
import {
  DeletedAnswer,
  Message,
  TemplateListTabsAnswer,
  TemplateManufacturerAnswer,
  RowAnswer,
  TabDataAnswer,
  TemplateManufacturersAnswer,
  TemplateVersionAnswer,
  TemplateVersionContentAnswer,
  TemplateVersionsAnswer,
} from "./schemas/ops";

type Cell = string | number | null;

export const listManufacturers = (api: Api) =>
  api.post("ops", "/v1/ops_tab_info/get_template_manufacturer.json", { json: {}, schema: TemplateManufacturersAnswer });

/** Creates a manufacturer (no `id`) or renames one; the API refuses a clash, and a rename while aircraft name it. */
export const saveManufacturer = (api: Api, m: { id?: number; name: string }) =>
  api.post("ops", "/v1/ops_tab_info/add_update_template_manufacturer.json", { json: m, schema: TemplateManufacturerAnswer });

/** Deletes a manufacturer with its template tabs and versions; refused while registered aircraft name it. */
export const deleteManufacturer = (api: Api, id: number) =>
  api.post("ops", "/v1/ops_tab_info/delete_template_manufacturer.json", { json: { id }, schema: Message });

export const listTemplateTabs = (api: Api, manufacturer: string) =>
  api.post("ops", "/v1/ops_tab_info/template_list_tabs.json", { json: { manufacturer }, schema: TemplateListTabsAnswer });

export const listTemplateVersions = (api: Api, manufacturer: string) =>
  api.post("ops", "/v1/ops_tab_info/get_template_version.json", { json: { manufacturer }, schema: TemplateVersionsAnswer });

/** Saves a version (a snapshot of every template tab with columns and rows) with a note. */
export const saveTemplateVersion = (api: Api, manufacturer: string, note: string) =>
  api.post("ops", "/v1/ops_tab_info/add_update_template_version.json", { json: { manufacturer, note }, schema: TemplateVersionAnswer });


/** What a saved version holds: its tabs with their columns and rows as of the save. */
export const templateVersionContent = (api: Api, manufacturer: string, version: number) =>
  api.post("ops", "/v1/ops_tab_info/get_template_version_content.json", { json: { manufacturer, version }, schema: TemplateVersionContentAnswer });

export const templateRows = (
  api: Api,
  manufacturer: string,
  q: { tab_id: string; page: number; per_page: number; sort_column?: string; sort_order?: "asc" | "desc"; filter?: string },
) => api.post("ops", "/v1/ops_tab_info/get_template_data.json", { json: { manufacturer, ...q }, schema: TabDataAnswer });

export const saveTemplateRow = (api: Api, manufacturer: string, tab_id: string, row: { id?: number; item: Record<string, Cell> }) =>
  api.call("ops", "PUT", "/v1/ops_tab_info/add_update_template_data.json", { json: { manufacturer, tab_id, ...row }, schema: RowAnswer });

export const deleteTemplateRows = (api: Api, manufacturer: string, tab_id: string, ids: number[]) =>
  api.post("ops", "/v1/ops_tab_info/delete_template_data_by_selection.json", { json: { manufacturer, tab_id, ids }, schema: DeletedAnswer });

export const deleteAllTemplateRows = (api: Api, manufacturer: string, tab_id: string) =>
  api.post("ops", "/v1/ops_tab_info/delete_template_data.json", { json: { manufacturer, tab_id }, schema: DeletedAnswer });
