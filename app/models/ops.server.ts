// The ops API's data functions (docs/api/ops.md) that the portal uses today: the organizations and
// MSNs registered for AeroOPS / AeroOIL (the module admin pages), and signed file links of the work
// order store (the speed test's files). The AeroOPS screens add their tab, work order and logbook
// calls here; AeroOIL's go to oil.server.ts, the template library's to templates.server.ts.
import type { z } from "zod";
import type { Api } from "./api.server";
import { ListTabsAnswer, MsnIdCreatedAnswer, MsnIdsAnswer, MsnModulesAnswer, OpsHeaderData, OrganisationsAnswer, TabDataAnswer, type MsnIdCreatedInput } from "./schemas/ops";
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
};

/** The top bar: registration, MSN, issue dates, the caller's level. */
export const header = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/ops_data/get_ops_header_data.json", { json: aircraft, schema: OpsHeaderData });

/** Which modules the aircraft has (AeroOPS, AeroOIL) and the caller's level in each. */
export const msnModules = (api: Api, aircraft: AircraftRef) =>
  api.post("ops", "/v1/ops_tab_info/get_msn_modules.json", { json: aircraft, schema: MsnModulesAnswer });

/** The aircraft's ops tabs in position order (fixed tabs, the work-order tabs, then the dynamic ones). */
export const listTabs = (api: Api, aircraft: AircraftRef) => api.post("ops", "/v1/ops_tab_info/list_tabs.json", { json: aircraft, schema: ListTabsAnswer });

/** A page of a tab's rows, sorted and filtered on the server. */
export const tabData = (api: Api, aircraft: AircraftRef, query: TabQuery) =>
  api.post("ops", "/v1/ops_data/get_tab_data.json", { json: { ...aircraft, ...query, product: "ops" }, schema: TabDataAnswer });
