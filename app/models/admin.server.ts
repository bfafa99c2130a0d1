// The admin area's data functions (docs/api/admin.md): organizations, aircraft, people, consultants
// and clients, the IP whitelist, the search index, the audit log, the mail outbox, issue reports, the
// analytics, and the file-server registry. Reads throw the spec's redirects through the shared client;
// writes answer a Result for `submitChange` (forms.server.ts) or a toast. Access grants live in
// access.server.ts; the ops/oil admin entry points in module-admin.server.ts.
import type { Api } from "./api.server";
import { queryOf } from "./forms.server";
import {
  AircraftAnswer,
  AircraftListAnswer,
  AircraftMutationAnswer,
  AnalyticsAnswer,
  AuditAnswer,
  AuditChainAnswer,
  ConsultantMutationAnswer,
  ConsultantsAnswer,
  FsGroupMutationAnswer,
  FsGroupsAnswer,
  FsUserMutationAnswer,
  FsUsersAnswer,
  IpWhitelistAnswer,
  IpWhitelistMutationAnswer,
  OrganizationAnswer,
  OrganizationMutationAnswer,
  OrganizationsAnswer,
  OverviewAnswer,
  ReindexAnswer,
  ReindexMutationAnswer,
  UserMutationAnswer,
  UsersAnswer,
  type OrganizationSummary,
} from "./schemas/admin";
import { IssueReportClosedAnswer, IssueReportsAnswer, MailOutboxAnswer } from "./schemas/auth";

type Params = Record<string, unknown>;
type Id = number | string;
const seg = (id: Id) => encodeURIComponent(String(id));

// ---- overview and analytics ---------------------------------------------------------------------

/** The dashboard of one organization (or of all when none is given). */
export const overview = (api: Api, organizationId?: number | null) =>
  api.get("main", "/admin/overview.json", { query: { organization_id: organizationId }, schema: OverviewAnswer });

export const analytics = (api: Api, weeks: number) => api.get("main", "/admin/analytics.json", { query: { weeks }, schema: AnalyticsAnswer });

/** A side figure that may be missing: the total of a list, or null when the call fails. */
async function totalOf(api: Api, path: string, query: Record<string, string | number>, schema: typeof IssueReportsAnswer | typeof MailOutboxAnswer) {
  const res = await api.call("main", "GET", path, { query, passthrough: true });
  const parsed = res.ok ? schema.safeParse(res.data) : null;
  return parsed?.success ? parsed.data.total : null;
}
export const openIssueCount = (api: Api) => totalOf(api, "/admin/issue_reports.json", { status: "open", per_page: 1 }, IssueReportsAnswer);
export const outboxCount = (api: Api) => totalOf(api, "/admin/mail_outbox.json", { per_page: 1 }, MailOutboxAnswer);

// ---- organizations and their aircraft -----------------------------------------------------------

export const listOrganizations = (api: Api, params: Params) =>
  api.get("main", "/admin/organizations.json", { query: queryOf(params), schema: OrganizationsAnswer });
export const getOrganization = (api: Api, id: Id) => api.get("main", `/admin/organizations/${seg(id)}.json`, { schema: OrganizationAnswer });
export const createOrganization = (api: Api, organization: unknown) =>
  api.post("main", "/admin/organizations.json", { json: organization, schema: OrganizationMutationAnswer });
export const updateOrganization = (api: Api, id: Id, organization: unknown) =>
  api.post("main", `/admin/organizations/${seg(id)}.json`, { json: organization, schema: OrganizationMutationAnswer });
/** Turns AeroOPS or AeroOIL on for an organization. */
export const enableModule = (api: Api, id: Id, product: "ops" | "oil") =>
  api.post("main", `/admin/organizations/${seg(id)}/modules.json`, { json: { [product]: true }, schema: OrganizationMutationAnswer });

/** Every organization (name order) for the pickers of the admin forms. */
export async function organizationOptions(api: Api): Promise<Pick<OrganizationSummary, "id" | "name" | "slug" | "has_ops" | "has_oil" | "product_type">[]> {
  const out: OrganizationSummary[] = [];
  for (let page = 1; page <= 50; page++) {
    const data = await listOrganizations(api, { per_page: 100, page, sort: "name" });
    out.push(...data.organizations);
    if (out.length >= data.total || data.organizations.length === 0) break;
  }
  return out.map(({ id, name, slug, has_ops, has_oil, product_type }) => ({ id, name, slug, has_ops, has_oil, product_type }));
}

export const listOrganizationAircraft = (api: Api, organizationId: Id, params: Params) =>
  api.get("main", `/admin/organizations/${seg(organizationId)}/aircraft.json`, { query: queryOf(params), schema: AircraftListAnswer });
export const getAircraft = (api: Api, id: Id) => api.get("main", `/admin/aircraft/${seg(id)}.json`, { schema: AircraftAnswer });
/** A new aircraft (the upstream creates its root folder with it). */
export const createAircraft = (api: Api, aircraft: unknown) => api.post("main", "/admin/aircraft.json", { json: aircraft, schema: AircraftMutationAnswer });
export const updateAircraft = (api: Api, id: Id, aircraft: unknown) =>
  api.post("main", `/admin/aircraft/${seg(id)}.json`, { json: aircraft, schema: AircraftMutationAnswer });

// ---- people -------------------------------------------------------------------------------------

export const listUsers = (api: Api, params: Params) => api.get("main", "/admin/users.json", { query: queryOf(params), schema: UsersAnswer });
/** Deactivates (ending every session at once), reactivates, or invites again (a new confirmation mail). */
export const changeUser = (api: Api, id: Id, change: "deactivate" | "activate" | "invite") =>
  api.post("main", `/admin/users/${seg(id)}/${change}.json`, { json: {}, schema: UserMutationAnswer });
export const createClient = (api: Api, client: unknown) => api.post("main", "/admin/clients.json", { json: client, schema: UserMutationAnswer });
export const listConsultants = (api: Api, params: Params) => api.get("main", "/admin/consultants.json", { query: queryOf(params), schema: ConsultantsAnswer });
/** The staff decision on a consultant (the marketplace shows verified consultants first). */
export const decideConsultant = (api: Api, id: Id, approve: boolean) =>
  api.call("main", "GET", `/consultant/${seg(id)}/${approve ? "approve_consultant" : "disapprove_consultant"}.json`);
export const createConsultant = (api: Api, consultant: unknown) =>
  api.post("main", "/admin/consultants.json", { json: consultant, schema: ConsultantMutationAnswer });

// ---- IP whitelist -------------------------------------------------------------------------------

export const listIpWhitelist = (api: Api, params: Params) => api.get("main", "/admin/ip_whitelist.json", { query: queryOf(params), schema: IpWhitelistAnswer });
/** Adds an address; the answer may ask for a confirmation (IpWarningAnswer) when it concerns the caller. */
export const addIpWhitelistEntry = (api: Api, entry: unknown) =>
  api.post("main", "/admin/ip_whitelist.json", { json: entry, schema: IpWhitelistMutationAnswer });
export const removeIpWhitelistEntry = (api: Api, id: Id, confirm: boolean) =>
  api.post("main", `/admin/ip_whitelist/${seg(id)}/delete.json`, { json: { confirm }, schema: IpWhitelistMutationAnswer });

// ---- search index, audit, outbox, issue reports --------------------------------------------------

export const reindexStatus = (api: Api) => api.get("main", "/admin/search/reindex.json", { schema: ReindexAnswer });
export const startReindex = (api: Api, input: unknown) => api.post("main", "/admin/search/reindex.json", { json: input, schema: ReindexMutationAnswer });
export const listAudit = (api: Api, params: Params) => api.get("main", "/admin/audit.json", { query: queryOf(params), schema: AuditAnswer });
/** The audit log's hash chain, verified by the upstream now (ADR 044). */
export const auditChain = (api: Api) => api.get("main", "/admin/audit/chain.json", { schema: AuditChainAnswer });
/** A period of the audit log as a JSON attachment (admins), or the upstream's refusal. */
export async function auditExport(api: Api, period: { from?: string; to?: string }) {
  const res = await api.raw("main", "GET", "/admin/audit/export.json", { query: queryOf(period), passthrough: true });
  if (res.ok) return { ok: true as const, response: res };
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return { ok: false as const, error: typeof body?.error === "string" && body.error.trim() ? body.error : "The audit log could not be exported. Please try again." };
}
export const listOutbox = (api: Api, params: { to?: string; page: number; per_page: number }) =>
  api.get("main", "/admin/mail_outbox.json", { query: queryOf(params), schema: MailOutboxAnswer });
export const listIssueReports = (api: Api, params: { status?: string; page: number; per_page: number }) =>
  api.get("main", "/admin/issue_reports.json", { query: queryOf(params), schema: IssueReportsAnswer });
export const closeIssueReport = (api: Api, id: Id) =>
  api.post("main", `/admin/issue_reports/${seg(id)}/close.json`, { json: {}, schema: IssueReportClosedAnswer });

// ---- the file-server registry (/nextcloud/*) -----------------------------------------------------

export const listFsUsers = (api: Api, params: Params) => api.get("main", "/admin/fs/users.json", { query: queryOf(params), schema: FsUsersAnswer });
export const createFsUser = (api: Api, user: unknown) => api.post("main", "/admin/fs/users.json", { json: user, schema: FsUserMutationAnswer });
export const setFsUserEnabled = (api: Api, id: Id, enabled: boolean) =>
  api.post("main", `/admin/fs/users/${seg(id)}.json`, { json: { enabled }, schema: FsUserMutationAnswer });
export const listFsGroups = (api: Api, params: Params) => api.get("main", "/admin/fs/groups.json", { query: queryOf(params), schema: FsGroupsAnswer });
export const createFsGroup = (api: Api, group: unknown) => api.post("main", "/admin/fs/groups.json", { json: group, schema: FsGroupMutationAnswer });
