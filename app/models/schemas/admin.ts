// The admin area's contract (docs/api/admin.md): the inputs the upstream validates (the portal's forms
// use the same schemas through conform, so the rules hold with and without JavaScript) and the answers
// the portal and the contract tests parse. Browser-safe: nothing server-only is imported here.
import { z } from "zod";

export {
  ACCESS_LABELS,
  ACCESS_LEVELS,
  AIRCRAFT_KINDS,
  AIRCRAFT_STATUSES,
  APPROVAL_STATUSES,
  MODULE_TYPES,
  moduleTypeOf,
  PRODUCT_LABEL,
  PRODUCT_TYPES,
  PRODUCTS,
  USER_ROLES,
  type AccessLevelName,
  type AccessProduct,
  type ModuleType,
} from "../admin-constants";
import { ACCESS_LEVELS, AIRCRAFT_KINDS, AIRCRAFT_STATUSES, APPROVAL_STATUSES, MODULE_TYPES, PRODUCT_TYPES, PRODUCTS, USER_ROLES } from "../admin-constants";

export const LIST_MAX_PER_PAGE = 100;
export const LIST_PER_PAGE = 25;
/** Analytics: how many weeks the time series cover by default, and at most. */
export const ANALYTICS_WEEKS = 12;
export const ANALYTICS_MAX_WEEKS = 52;
/** Storage items the reindex worker indexes per batch (one short write transaction each). */
export const REINDEX_BATCH_SIZE = 500;

export const ADMIN_MESSAGES = {
  ipSelfLockout:
    "This change would lock you out: your current address {ip} is not in the list for your own organization. Add your address (or a range that contains it) first.",
  ipWarnExcludesYou:
    "Your current address {ip} is not in this organization's list. Its users will only be able to sign in from the listed addresses. Save again to confirm.",
  ipUnknownAddress: "Your current address is not known, so this change cannot be checked against it.",
  cannotDeactivateSelf: "You cannot deactivate your own account.",
  onlyAdminsDeactivateAdmins: "Only an administrator can deactivate or reactivate an administrator.",
  reindexBusy: "A rebuild of this index is already queued or running.",
  noUsers: "No users to show",
} as const;

// ---------------------------------------------------------------------------------------------
// Input building blocks (JSON from the portal, or a plain form post)
// ---------------------------------------------------------------------------------------------

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = (label: string) =>
  z.coerce
    .number({ required_error: `Choose ${label}.`, invalid_type_error: `Choose ${label}.` })
    .int(`Choose ${label}.`)
    .positive(`Choose ${label}.`);
export const requiredId = (label: string) => z.preprocess(blank, id(label));
export const optionalId = (label: string) => z.preprocess(blank, id(label).optional());

/** A checkbox (absent or "on") or a JSON boolean. */
export const flag = z.preprocess((v) => {
  if (v === undefined || v === null || v === "" || v === "false" || v === "0" || v === "off" || v === 0) return false;
  if (v === "on" || v === "true" || v === "1" || v === 1) return true;
  return v;
}, z.boolean({ invalid_type_error: "must be true or false" }));

/** Several values of one name (checkboxes): a single value becomes a list. */
const many = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));

const text = (label: string, max: number) =>
  z
    .string({ required_error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `${capitalize(label)} has at most ${max} characters.`);
/** Optional text: blank (or absent) is "". (No preprocess: conform's own coercion turns "" into undefined first.) */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${capitalize(label)} has at most ${max} characters.`)
    .default("");
function capitalize(s: string) {
  const t = s.replace(/^(a|an|the) /, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const email = z
  .string({ required_error: "Enter an e-mail address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter an e-mail address.")
  .max(254, "An e-mail address has at most 254 characters.")
  .email("Enter a valid e-mail address.");

/** Same rule as the sign-up form (app/models/schemas/auth.ts passwordRule); blank = send an invitation instead. */
const optionalPassword = z.preprocess(
  blank,
  z
    .string()
    .min(10, "Use at least 10 characters, with at least one letter and one digit.")
    .max(200, "A password has at most 200 characters.")
    .refine((s) => /\p{L}/u.test(s) && /\d/.test(s), "Use at least 10 characters, with at least one letter and one digit.")
    .optional()
);

export const SLUG_RULE = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const slugFrom = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");

export const MSN_RULE = /^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/;

/**
 * An IPv4 or IPv6 address, optionally with a /prefix. A pure check the browser can run; the upstream
 * checks again with node:net (upstream/ipwhitelist.ts cidrError).
 */
export function cidrProblem(value: string): string | null {
  const [base = "", bits, extra] = value.trim().split("/");
  if (extra !== undefined) return "Enter an IPv4 or IPv6 address, optionally with a /prefix.";
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(base);
  const v6 = !v4 && /^[0-9a-f:.]+$/i.test(base) && base.includes(":") && base.split("::").length <= 2 && !/:::/.test(base);
  if (!v4 && !v6) return "Enter an IPv4 or IPv6 address, optionally with a /prefix.";
  if (bits !== undefined) {
    const n = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || n > (v4 ? 32 : 128)) return "The prefix length is out of range.";
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// List queries: search, sort (a whitelist of keys) and page live in the URL
// ---------------------------------------------------------------------------------------------

export const SORT_DIRS = ["asc", "desc"] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** A list query whose unknown sort keys fall back to the default (never reach SQL). */
export function listQuery<K extends string>(sorts: readonly [K, ...K[]], defaultSort: K, defaultDir: SortDir = "asc") {
  return z.object({
    q: z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(200, "A search has at most 200 characters.")),
    sort: z.enum(sorts).catch(defaultSort),
    dir: z.enum(SORT_DIRS).catch(defaultDir),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    per_page: z.coerce.number().int().min(1).max(LIST_MAX_PER_PAGE).catch(LIST_PER_PAGE),
  });
}

export const ORGANIZATION_SORTS = ["name", "slug", "product_type", "created_at", "aircraft_count", "user_count"] as const;
export const OrganizationsQuery = listQuery(ORGANIZATION_SORTS, "name").extend({
  product_type: z.enum(PRODUCT_TYPES).optional().catch(undefined),
  module: z.enum(["ops", "oil"]).optional().catch(undefined),
});
export const AIRCRAFT_SORTS = ["msn", "name", "registration", "status", "manufacturer", "created_at"] as const;
export const AircraftQuery = listQuery(AIRCRAFT_SORTS, "msn").extend({ status: z.enum(AIRCRAFT_STATUSES).optional().catch(undefined) });
export const USER_SORTS = ["name", "email", "role", "organization", "created_at", "last_sign_in"] as const;
export const UsersQuery = listQuery(USER_SORTS, "name").extend({
  role: z.enum(USER_ROLES).optional().catch(undefined),
  organization_id: z.coerce.number().int().positive().optional().catch(undefined),
  active: z.enum(["1", "0"]).optional().catch(undefined),
});
export const CONSULTANT_SORTS = ["name", "email", "country", "approval_status", "stage", "created_at"] as const;
export const ConsultantsQuery = listQuery(CONSULTANT_SORTS, "created_at", "desc").extend({
  approval: z.enum(APPROVAL_STATUSES).optional().catch(undefined),
});
export const IP_SORTS = ["organization", "cidr", "created_at"] as const;
export const IpWhitelistQuery = listQuery(IP_SORTS, "organization").extend({
  organization_id: z.coerce.number().int().positive().optional().catch(undefined),
});
export const FS_USER_SORTS = ["username", "display_name", "email", "created_at"] as const;
export const FsUsersQuery = listQuery(FS_USER_SORTS, "username");
export const FS_GROUP_SORTS = ["name", "organization", "member_count", "created_at"] as const;
export const FsGroupsQuery = listQuery(FS_GROUP_SORTS, "name");

const isoDate = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD.")
    .optional()
);
/** The user access control page's query (a user, an aircraft, an organization filter, search and page). */
export const UserAccessParams = z.object({
  user_id: z.coerce.number().int().positive().optional().catch(undefined),
  aircraft_id: z.coerce.number().int().positive().optional().catch(undefined),
  organization_id: z.coerce.number().int().positive().optional().catch(undefined),
  q: z.string().trim().max(200).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** GET /admin/access/users/{id}.json */
export const UserAccessQuery = listQuery(["msn"] as const, "msn").extend({
  organization_id: z.coerce.number().int().positive().optional().catch(undefined),
});

/** GET /admin/overview.json: the organization to open (anything else opens none). */
export const OverviewQuery = z.object({ organization_id: z.coerce.number().int().positive().optional().catch(undefined) });
export const AuditQuery = z.object({
  user: z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(254)),
  organization_id: z.coerce.number().int().positive().optional().catch(undefined),
  action: z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(80)),
  from: isoDate.catch(undefined),
  to: isoDate.catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  /** A next / previous link's cursor (ADR 084); one that is not one lists the first page. */
  cursor: z.string().max(200).optional().catch(undefined),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PER_PAGE).catch(50),
});

/** The audit export's period (GET /admin/audit/export.json): both ends optional, UTC, inclusive. */
export const AuditExportQuery = z
  .object({
    from: isoDate.refine((v) => v == null || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Not a date."),
    to: isoDate.refine((v) => v == null || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Not a date."),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The start date is after the end date.", path: ["to"] });

export const AnalyticsQuery = z.object({
  weeks: z.coerce.number().int().min(4).max(ANALYTICS_MAX_WEEKS).catch(ANALYTICS_WEEKS),
});

// ---------------------------------------------------------------------------------------------
// Mutation inputs
// ---------------------------------------------------------------------------------------------

export const OrganizationInput = z.object({
  name: text("the organization name", 100),
  /** The value of the `organization` query parameter; derived from the name when blank. */
  slug: z.preprocess(
    blank,
    z.string().trim().toLowerCase().regex(SLUG_RULE, "Use 1 to 60 lower-case letters, digits and hyphens (not at the start or end).").optional()
  ),
  product_type: z.enum(PRODUCT_TYPES, { errorMap: () => ({ message: "Choose STORAGE or UAMBOX." }) }).default("STORAGE"),
  search_all: flag.default(false),
  has_ops: flag.default(false),
  has_oil: flag.default(false),
  client_logo: optionalText("the client logo text", 100),
});
export type OrganizationInput = z.infer<typeof OrganizationInput>;

/** Switch the AeroOPS / AeroOIL module of an existing organization on or off. */
export const OrganizationModulesInput = z
  .object({ ops: flag.optional(), oil: flag.optional() })
  .refine((v) => v.ops !== undefined || v.oil !== undefined, { message: "Choose a module.", path: ["ops"] });

/** The new-organization form of a module's create page (/admin/aeroops/create, /aerooil/create): the page switches the module on. */
export const ModuleOrganizationInput = OrganizationInput.pick({ name: true, slug: true, product_type: true });
/** Switching a module on for an existing organization. */
export const ModuleEnableInput = z.object({ organization_id: requiredId("an organization") });

export const AircraftInput = z.object({
  organization_id: requiredId("an organization"),
  msn: z.string({ required_error: "Enter the MSN." }).trim().min(1, "Enter the MSN.").regex(MSN_RULE, "An MSN has 1 to 30 letters, digits and hyphens."),
  name: optionalText("the name", 100),
  registration: text("the registration", 20),
  kind: z.enum(AIRCRAFT_KINDS, { errorMap: () => ({ message: "Choose aircraft or helicopter." }) }).default("aircraft"),
  manufacturer: optionalText("the manufacturer", 100),
  model: optionalText("the model", 100),
  status: z.enum(AIRCRAFT_STATUSES, { errorMap: () => ({ message: "Choose a status." }) }).default("IN OPERATION"),
});
export type AircraftInput = z.infer<typeof AircraftInput>;
export const AircraftUpdateInput = AircraftInput.omit({ organization_id: true });

const personShape = {
  email,
  first_name: text("the first name", 60),
  last_name: text("the last name", 60),
  /** Blank: the account is created with an unusable password and an invitation (reset link) is mailed. */
  password: optionalPassword,
};
export const ClientCreateInput = z.object({ ...personShape, organization_id: requiredId("an organization") });
export const ConsultantCreateInput = z.object({
  ...personShape,
  city: optionalText("the city", 100),
  country: optionalText("the country", 100),
  phone_number_with_country_code: optionalText("the phone number", 30).refine(
    (s) => s === "" || /^\+?[0-9 ()-]{6,30}$/.test(s),
    "Enter a phone number such as +353 1 234 5678."
  ),
});

export const IpWhitelistInput = z.object({
  organization_id: requiredId("an organization"),
  cidr: z
    .string({ required_error: "Enter an address or range." })
    .trim()
    .min(1, "Enter an address or range.")
    .max(64, "Enter an IPv4 or IPv6 address, optionally with a /prefix.")
    .superRefine((v, ctx) => {
      const p = cidrProblem(v);
      if (p) ctx.addIssue({ code: z.ZodIssueCode.custom, message: p });
    }),
  label: optionalText("the label", 100),
  /** Set on the second submit, after the warning that the list excludes the caller's address. */
  confirm: flag.default(false),
});
export const IpWhitelistDeleteInput = z.object({ confirm: flag.default(false) });

/** Grant or change: one user × aircraft (listed, or every aircraft of an organization) × products. */
export const AccessGrantInput = z
  .object({
    user_id: requiredId("a user"),
    aircraft_ids: many(id("an aircraft")).pipe(z.array(z.number()).max(2000, "At most 2000 aircraft at once.")),
    /** Every aircraft of this organization (the bulk grant). */
    organization_id: optionalId("an organization"),
    products: many(z.enum(PRODUCTS, { errorMap: () => ({ message: "Choose storage, ops or oil." }) })).pipe(
      z.array(z.enum(PRODUCTS)).min(1, "Choose at least one product.")
    ),
    access: z.enum(ACCESS_LEVELS, { errorMap: () => ({ message: "Choose Read Access, Edit Access or Super User." }) }),
  })
  .refine((v) => v.aircraft_ids.length > 0 || v.organization_id != null, { message: "Choose at least one aircraft.", path: ["aircraft_ids"] });
export type AccessGrantInput = z.infer<typeof AccessGrantInput>;
export const AccessRevokeInput = z
  .object({
    user_id: requiredId("a user"),
    aircraft_ids: many(id("an aircraft")).pipe(z.array(z.number()).max(2000, "At most 2000 aircraft at once.")),
    organization_id: optionalId("an organization"),
    products: many(z.enum(PRODUCTS)).pipe(z.array(z.enum(PRODUCTS)).min(1, "Choose at least one product.")),
  })
  .refine((v) => v.aircraft_ids.length > 0 || v.organization_id != null, { message: "Choose at least one aircraft.", path: ["aircraft_ids"] });
export type AccessRevokeInput = z.infer<typeof AccessRevokeInput>;

export const ReindexInput = z.object({ organization_id: optionalId("an organization") });

export const FS_USERNAME_RULE = /^[a-z0-9][a-z0-9._-]{2,63}$/;
export const FsUserInput = z.object({
  username: z
    .string({ required_error: "Enter a user name." })
    .trim()
    .toLowerCase()
    .regex(FS_USERNAME_RULE, "Use 3 to 64 lower-case letters, digits, dots, hyphens and underscores, starting with a letter or digit."),
  display_name: optionalText("the display name", 100),
  email: z.preprocess(blank, email.optional()),
  /** Quota in GiB; blank = unlimited. */
  quota_gb: z.preprocess(
    blank,
    z.coerce.number({ invalid_type_error: "Enter a number of GiB." }).min(0.1, "At least 0.1 GiB.").max(100_000, "At most 100000 GiB.").optional()
  ),
  group_ids: many(id("a group")),
});
export const FsUserUpdateInput = z.object({ enabled: flag.optional(), group_ids: many(id("a group")).optional() });
export const FsGroupInput = z.object({
  name: z
    .string({ required_error: "Enter a group name." })
    .trim()
    .min(2, "A group name has 2 to 64 characters.")
    .max(64, "A group name has 2 to 64 characters.")
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, "Use letters, digits, spaces, dots, hyphens and underscores."),
  organization_id: optionalId("an organization"),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const Paged = { total: z.number().int(), page: z.number().int(), per_page: z.number().int() };
const OrgRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const accessOrNull = z.enum(ACCESS_LEVELS).nullable();

export const OrganizationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  product_type: z.string(),
  search_all: z.boolean(),
  has_ops: z.boolean(),
  has_oil: z.boolean(),
  client_logo: z.string().nullable(),
  created_at: z.string(),
  aircraft_count: z.number().int(),
  user_count: z.number().int(),
  whitelist_count: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;
export const OrganizationsAnswer = z.object({ organizations: z.array(OrganizationSummary), ...Paged });
export const StatusCounts = z.object({ total: z.number().int(), grounded: z.number().int(), operational: z.number().int(), transitional: z.number().int() });
export const OrganizationAnswer = z.object({ organization: OrganizationSummary, aircraft_counts: StatusCounts });
export const OrganizationMutationAnswer = z.object({ message: z.string(), organization: OrganizationSummary });

export const AdminAircraft = z.object({
  id: z.number().int(),
  organization: OrgRef,
  msn: z.string(),
  name: z.string(),
  registration: z.string(),
  kind: z.enum(AIRCRAFT_KINDS),
  manufacturer: z.string(),
  model: z.string(),
  status: z.enum(AIRCRAFT_STATUSES),
  file_id: z.number().int().nullable(),
  created_at: z.string(),
  user_count: z.number().int(),
});
export type AdminAircraft = z.infer<typeof AdminAircraft>;
export const AircraftListAnswer = z.object({ aircraft: z.array(AdminAircraft), counts: StatusCounts, ...Paged });
export const AircraftAnswer = z.object({ aircraft: AdminAircraft });
export const AircraftMutationAnswer = z.object({ message: z.string(), aircraft: AdminAircraft });

export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(USER_ROLES),
  organization: OrgRef.nullable(),
  active: z.boolean(),
  confirmed: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  grant_count: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const UsersAnswer = z.object({ users: z.array(AdminUser), ...Paged });
export const UserAnswer = z.object({ user: AdminUser });
export const UserMutationAnswer = z.object({ message: z.string(), user: AdminUser, invited: z.boolean() });

export const AdminConsultant = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES),
  availability_status: z.boolean().nullable(),
  stage: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminConsultant = z.infer<typeof AdminConsultant>;
export const ApprovalCounts = z.object({ verified: z.number().int(), disapproved: z.number().int(), undecided: z.number().int() });
export const ConsultantsAnswer = z.object({ consultants: z.array(AdminConsultant), counts: ApprovalCounts, ...Paged });
export const ConsultantMutationAnswer = z.object({ message: z.string(), consultant: AdminConsultant, invited: z.boolean() });

export const IpEntry = z.object({
  id: z.number().int(),
  organization: OrgRef,
  cidr: z.string(),
  label: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** Does the caller's current address fall in this entry? */
  matches_you: z.boolean(),
});
export type IpEntry = z.infer<typeof IpEntry>;
export const IpWhitelistAnswer = z.object({ entries: z.array(IpEntry), your_ip: z.string().nullable(), ...Paged });
export const IpWhitelistMutationAnswer = z.object({ message: z.string(), entry: IpEntry.nullable() });
/** The 422 of a change that would exclude the caller's address. */
export const IpWarningAnswer = z.object({
  error: z.string(),
  warning: z.literal(true),
  /** false: refused outright (the caller belongs to the organization); true: submit again with confirm. */
  confirm_required: z.boolean(),
  your_ip: z.string().nullable(),
});

export const ProductAccess = z.object({ storage: accessOrNull, ops: accessOrNull, oil: accessOrNull });
export type ProductAccess = z.infer<typeof ProductAccess>;
export const UserAccessAnswer = z.object({
  user: AdminUser,
  aircraft: z.array(
    z.object({
      id: z.number().int(),
      msn: z.string(),
      name: z.string(),
      registration: z.string(),
      status: z.enum(AIRCRAFT_STATUSES),
      organization: OrgRef,
      access: ProductAccess,
    })
  ),
  ...Paged,
});
export const AircraftAccessAnswer = z.object({
  aircraft: AdminAircraft,
  /** Which products the caller may manage on this aircraft (staff: all; others: where they are Super User). */
  can_manage: z.object({ storage: z.boolean(), ops: z.boolean(), oil: z.boolean() }),
  users: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      email: z.string(),
      role: z.enum(USER_ROLES),
      active: z.boolean(),
      access: ProductAccess,
    })
  ),
});
export const AccessMutationAnswer = z.object({ message: z.string(), changed: z.number().int(), aircraft_count: z.number().int() });

export const ReindexJob = z.object({
  id: z.number().int(),
  organization: OrgRef.nullable(),
  status: z.enum(["queued", "running", "done", "failed"]),
  total: z.number().int(),
  done: z.number().int(),
  percent: z.number(),
  count_before: z.number().int(),
  count_after: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReindexJob = z.infer<typeof ReindexJob>;
export const ReindexAnswer = z.object({
  jobs: z.array(ReindexJob),
  index: z.object({
    indexed: z.number().int(),
    items: z.number().int(),
    by_organization: z.array(z.object({ organization: OrgRef, indexed: z.number().int(), items: z.number().int() })),
  }),
});
export const ReindexMutationAnswer = z.object({ message: z.string(), job: ReindexJob });

export const FsGroupRef = z.object({ id: z.number().int(), name: z.string() });
export const FsUser = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  quota_bytes: z.number().int().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  groups: z.array(FsGroupRef),
});
export type FsUser = z.infer<typeof FsUser>;
export const FsUsersAnswer = z.object({ users: z.array(FsUser), ...Paged });
export const FsUserMutationAnswer = z.object({ message: z.string(), user: FsUser });
export const FsGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  organization: OrgRef.nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type FsGroup = z.infer<typeof FsGroup>;
export const FsGroupsAnswer = z.object({ groups: z.array(FsGroup), ...Paged });
export const FsGroupMutationAnswer = z.object({ message: z.string(), group: FsGroup });

export const AuditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), username: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** The log, newest first; `next_cursor` / `prev_cursor` (ADR 084) are null on the last / first page. */
export const AuditAnswer = z.object({ entries: z.array(AuditEntry), ...Paged, next_cursor: z.string().nullable(), prev_cursor: z.string().nullable() });

/** The audit log's hash chain as verified now (GET /admin/audit/chain.json, ADR 044). */
export const AuditChainAnswer = z.object({
  ok: z.boolean(),
  count: z.number().int(),
  head: z.object({ id: z.number().int(), hash: z.string().nullable() }).nullable(),
  problem: z.object({ id: z.number().int(), kind: z.string(), message: z.string() }).nullable(),
  verified_at: z.string(),
  /** When the whole log was last read (a large log's check resumes from that pass's head in between). */
  full_verified_at: z.string(),
});
export type AuditChainAnswer = z.infer<typeof AuditChainAnswer>;

const Week = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const AnalyticsAnswer = z.object({
  generated_at: z.string(),
  weeks: z.array(Week),
  organizations: z.number().int(),
  aircraft: z.object({
    counts: StatusCounts,
    by_organization: z.array(
      z.object({ organization: OrgRef, grounded: z.number().int(), operational: z.number().int(), transitional: z.number().int(), total: z.number().int() })
    ),
    by_kind: z.object({ aircraft: z.number().int(), helicopter: z.number().int() }),
  }),
  users: z.object({
    total: z.number().int(),
    by_role: z.array(z.object({ role: z.enum(USER_ROLES), active: z.number().int(), inactive: z.number().int() })),
  }),
  storage: z.object({
    total_bytes: z.number(),
    total_files: z.number().int(),
    per_week: z.array(z.object({ week: Week, files: z.number().int(), bytes: z.number(), cumulative_bytes: z.number() })),
  }),
  activity: z.object({
    per_week: z.array(
      z.object({ week: Week, uploads: z.number().int(), sign_ins: z.number().int(), active_users: z.number().int(), admin_changes: z.number().int() })
    ),
  }),
  consultants: z.object({ by_approval: ApprovalCounts, total: z.number().int() }),
});
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswer>;

export const OverviewAnswer = z.object({
  organizations: z.array(OrganizationSummary.extend({ counts: StatusCounts })),
  selected: z
    .object({
      organization: OrganizationSummary,
      aircraft: z.array(
        AdminAircraft.extend({ people: z.array(z.object({ user_id: z.number().int(), username: z.string(), access: z.enum(ACCESS_LEVELS) })) })
      ),
      people: z.array(AdminUser),
      aircraft_total: z.number().int(),
    })
    .nullable(),
});
export type OverviewAnswer = z.infer<typeof OverviewAnswer>;
