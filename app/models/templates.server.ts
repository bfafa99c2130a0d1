// The AeroOPS template library (ops API, /v1/ops_tab_info/*template*): manufacturers, the tabs of a
// manufacturer's template, and its versions. Used by /admin/aeroops/template/manufacturers today and
// by the template pages of the AeroOPS screens next.
import type { Api } from "./api.server";
import { ListTabsAnswer, TemplateManufacturersAnswer, TemplateVersionsAnswer } from "./schemas/ops";

export const listManufacturers = (api: Api) =>
  api.post("ops", "/v1/ops_tab_info/get_template_manufacturer.json", { json: {}, schema: TemplateManufacturersAnswer });

export const listTemplateTabs = (api: Api, manufacturer: string) =>
  api.post("ops", "/v1/ops_tab_info/template_list_tabs.json", { json: { manufacturer }, schema: ListTabsAnswer });

export const listTemplateVersions = (api: Api, manufacturer: string) =>
  api.post("ops", "/v1/ops_tab_info/get_template_version.json", { json: { manufacturer }, schema: TemplateVersionsAnswer });
