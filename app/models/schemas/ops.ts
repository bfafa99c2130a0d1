// Contract of the ops and oil API (/v1/..., docs/api/ops.md): tabs, tab data, oil↔ops links, exports,
// binders, work orders, logbooks, templates and per-aircraft user access. Shared by the upstream (input
// rules), the portal's clients and the contract tests. Imports nothing server-only.
import { z } from "zod";
import { WORK_ORDER_KINDS } from "../workorder-rules";
import { COLUMN_TYPES } from "../ops-rules";

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const ACCESS_LEVELS = ["read", "write", "su_write"] as const;
export type AccessType = (typeof ACCESS_LEVELS)[number];
export const ACCESS_TYPE_LABEL: Record<AccessType, string> = { read: "Read Access", write: "Edit Access", su_write: "Super User" };

export const MODULE_PRODUCTS = ["ops", "oil"] as const;
export type ModuleProduct = (typeof MODULE_PRODUCTS)[number];

/** Fixed (stored) tab ids per product. */
export const OPS_FIXED_TABS = ["generalInformation", "opsNotifications"] as const;
export const OIL_FIXED_TABS = ["statusDashboard", "generalInformation", "abclisting"] as const;
/** Work-order tabs: derived from work orders, never stored as tabs. */
export const WORK_ORDER_TABS = { aircraftwo: "aircraft", enginewo: "engine", componentwo: "component" } as const;
export type WorkOrderTabId = keyof typeof WORK_ORDER_TABS;
export { WORK_ORDER_KINDS, type WorkOrderKind } from "../workorder-rules";

export { COLUMN_TYPES } from "../ops-rules";
/** The extra column every oil tab gains (backed by the row's watched flag). */
export const WATCH_COLUMN = { name: "Watch/Unwatch", type: "watch_unwatch" } as const;
/** Columns that link an oil row with ops rows of the same aircraft (same value = linked). */
export const OIL_OPS_LINK_COLUMNS = ["Serial No", "Part No"] as const;
/** The column validate_tab_data adds to its answer file. */
export const VALIDATION_ERRORS_COLUMN = "Errors";

export const TAB_DATA_MAX_PER_PAGE = 500;
export { UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS } from "../ops-rules";
export const SHARE_LINK_DAYS = 7;
export const SHARE_MAX_EMAILS = 20;
/** Binder PDFs include at most this many rows per tab. */
export const BINDER_MAX_ROWS_PER_TAB = 5_000;

/** The spec's messages of the ops screens (browser-safe: they live in ops-messages.ts). */
export { OPS_MESSAGES } from "../ops-messages";

// ---------------------------------------------------------------------------------------------
// Input building blocks
// ---------------------------------------------------------------------------------------------

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number({ invalid_type_error: "must be a number" }).int("must be a whole number").positive("must be a positive id");
export const optionalId = z.preprocess(blankToUndefined, id.optional());
export const requiredId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ required_error: `${label} is required.`, invalid_type_error: `${label} must be a number.` })
      .int()
      .positive(`${label} is not valid.`)
  );
const slug = z.string().trim().min(1, "Choose an organization.").max(120, "That organization is not valid.");
const msn = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, "Choose an MSN.").max(60, "That MSN is not valid."));

/** The aircraft of a call: org_msn_id (our aircraft id), or organization (slug) + msn_id (the MSN). */
export const aircraftRefShape = {
  organization: z.preprocess(blankToUndefined, slug.optional()),
  msn_id: z.preprocess(blankToUndefined, msn.optional()),
  org_msn_id: optionalId,
  /** "transition" for the AeroSORT variant; accepted, does not change the data. */
  module: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
};
export type AircraftRef = { organization?: string; msn_id?: string; org_msn_id?: number; module?: string };

function needsAircraft<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...aircraftRefShape, ...shape })
    .describe("Names the aircraft with org_msn_id, or organization (slug) + msn_id (the MSN); when several are given they must agree.")
    .superRefine((v, ctx) => {
      const r = v as AircraftRef;
      if (r.org_msn_id == null && !(r.organization && r.msn_id)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["org_msn_id"], message: "Choose an aircraft: give org_msn_id, or organization and msn_id." });
      }
    });
}
export const withAircraft = needsAircraft;

export const tabKey = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, "Choose a tab.").max(80, "That tab is not valid."));
export const productInput = z.preprocess(blankToUndefined, z.enum(MODULE_PRODUCTS, { errorMap: () => ({ message: "must be ops or oil" }) }).optional());
export const sortOrder = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : blankToUndefined(v)),
  z.enum(["asc", "desc"], { errorMap: () => ({ message: "must be asc or desc" }) }).optional()
);
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1, "must be 1 or more").default(1));
const perPage = (max: number, dflt = 50) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1, "must be 1 or more").max(max, `must be at most ${max}`).default(dflt));
export const booleanInput = z.preprocess((v) => {
  if (v === "true" || v === "1" || v === 1) return true;
  if (v === "false" || v === "0" || v === 0 || v === "") return false;
  return v;
}, z.boolean());

/** A cell value as the API accepts it. */
export const cellValue = z.union([z.string().max(10_000, "A cell holds at most 10000 characters."), z.number(), z.boolean(), z.null()]);
export const rowItem = z.record(z.string().max(100), cellValue).refine((o) => Object.keys(o).length <= 200, "A row has at most 200 columns.");

/** Column names: 1..100 characters, no double quote or backslash, not a reserved name. */
export const columnName = z
  .string({ required_error: "Enter a column name." })
  .trim()
  .min(1, "Enter a column name.")
  .max(100, "A column name has at most 100 characters.")
  .refine((s) => !/["\\\u0000-\u001f]/.test(s), 'A column name cannot contain " or \\.')
  .refine((s) => s.toLowerCase() !== WATCH_COLUMN.name.toLowerCase(), `${WATCH_COLUMN.name} is a reserved column name.`);
export const tabName = z.string({ required_error: "Enter a tab name." }).trim().min(1, "Enter a tab name.").max(100, "A tab name has at most 100 characters.");
export const groupName = z.string().trim().max(100, "A group name has at most 100 characters.").default("");
export const columnInput = z.object({
  id: optionalId,
  name: columnName,
  type: z.enum(COLUMN_TYPES, { errorMap: () => ({ message: `Column type must be one of ${COLUMN_TYPES.join(", ")}.` }) }).default("text"),
  editable: booleanInput.default(true),
});
const manufacturerName = z
  .string({ required_error: "Choose a manufacturer." })
  .trim()
  .min(1, "Choose a manufacturer.")
  .max(100, "A manufacturer name has at most 100 characters.");
/** A list of addresses; a plain form may send them as one string separated by commas, semicolons or spaces. */
export const emailList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v),
  z
    .array(z.string().trim().toLowerCase().email("Enter valid e-mail addresses."))
    .max(SHARE_MAX_EMAILS, `Share with at most ${SHARE_MAX_EMAILS} addresses at once.`)
);

// ---------------------------------------------------------------------------------------------
// Inputs: tabs and templates
// ---------------------------------------------------------------------------------------------

export const ListTabsInput = needsAircraft({});
export const TemplateListTabsInput = z.object({ manufacturer: manufacturerName });

/** Tab rows, paged and sorted on the server. Also the template variant (manufacturer instead of the aircraft). */
const tabQueryShape = {
  tab_id: tabKey,
  page,
  per_page: perPage(TAB_DATA_MAX_PER_PAGE),
  sort_column: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  sort_order: sortOrder,
  filter: z.preprocess(blankToUndefined, z.string().trim().max(200, "The filter has at most 200 characters.").optional()),
  watched_only: z.preprocess(blankToUndefined, booleanInput.optional()),
  /** The page after this cursor (an answer's `next`): keyset paging; `page` is then the page's number. */
  after: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
  /** The page before this cursor (an answer's `prev`). */
  before: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
};
export const GetTabDataInput = needsAircraft({
  ...tabQueryShape,
  product: productInput,
  /** Also answer `binder`, as binder_availability.json would (a tab page needs both: one call). */
  binder: z.preprocess(blankToUndefined, booleanInput.optional()),
  /** Also answer `validation`: the caller's kept validation workbook of this id (keep_validation), if still kept. */
  validation: z.preprocess(blankToUndefined, z.string().max(64).optional()),
});
/** A tab page's data in one call (get_tab_page): get_tab_data's fields, and `links`: the page's rows' links to the other product. */
export const GetTabPageInput = needsAircraft({
  ...tabQueryShape,
  binder: z.preprocess(blankToUndefined, booleanInput.optional()),
  validation: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  /** Also answer the rows of the other product linked to the page's rows (an ops tab's oil rows, none without AeroOIL access; an oil tab's ops rows, none without AeroOPS access). */
  links: z.preprocess(blankToUndefined, booleanInput.optional()),
});
export const GetTemplateDataInput = z.object({ manufacturer: manufacturerName, ...tabQueryShape });

/** Tab and column management: on an aircraft's tab (aircraft ref + product) or a template tab (manufacturer). */
const tabTargetShape = {
  ...aircraftRefShape,
  manufacturer: z.preprocess(blankToUndefined, manufacturerName.optional()),
  product: productInput,
};
function needsTabTarget<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...tabTargetShape, ...shape })
    .describe("A template tab (manufacturer) or an aircraft's tab (org_msn_id, or organization + msn_id; product ops or oil).")
    .superRefine((v, ctx) => {
      const r = v as AircraftRef & { manufacturer?: string };
      if (!r.manufacturer && r.org_msn_id == null && !(r.organization && r.msn_id)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["manufacturer"], message: "Choose a manufacturer (template) or an aircraft." });
      }
    });
}
export const CreateTabInput = needsTabTarget({
  tab_name: tabName,
  group_name: groupName,
  tab_position: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  columns: z.array(columnInput).max(100, "A tab has at most 100 columns.").default([]),
});
export const DeleteTabInput = needsTabTarget({ tab_id: tabKey });
export const DeleteColumnInput = needsTabTarget({ tab_id: tabKey, column_id: requiredId("column_id") });
export const PushColumnsInput = needsTabTarget({
  tab_id: tabKey,
  columns: z.array(columnInput).min(1, "Send at least one column.").max(100, "A tab has at most 100 columns."),
});
export const GetMsnModulesInput = needsAircraft({});
/** The fleet's tabs: every ops tab of the aircraft the user may read, one entry per tab name. */
export const FleetTabsInput = z.object({ organization: z.preprocess(blankToUndefined, slug.optional()) });
export const TemplateRowInput = z
  .object({
    manufacturer: manufacturerName,
    tab_id: tabKey,
    id: optionalId,
    column_name: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    column_value: cellValue.optional(),
    item: rowItem.optional(),
  })
  .refine((v) => v.column_name != null || v.item != null, { message: "Send column_name and column_value, or item.", path: ["item"] });
export const TemplateSelectionInput = z.object({
  manufacturer: manufacturerName,
  tab_id: tabKey,
  ids: z.array(id).min(1, "Select at least one row.").max(5000),
});
export const TemplateTabInput = z.object({ manufacturer: manufacturerName, tab_id: tabKey });
export const TemplateVersionListInput = z.object({ manufacturer: manufacturerName });
/** A manufacturer of the template library: created (no id) or renamed (id). */
export const TemplateManufacturerInput = z.object({ id: optionalId, name: manufacturerName });
export const TemplateManufacturerDeleteInput = z.object({ id });
/** One saved version's contents (its snapshot). */
export const TemplateVersionContentInput = z.object({ manufacturer: manufacturerName, version: z.coerce.number({ invalid_type_error: "Choose a version." }).int().positive("Choose a version.") });
export const TemplateVersionInput = z.object({
  manufacturer: manufacturerName,
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  note: z.string().trim().max(500, "A note has at most 500 characters.").default(""),
});

// ---------------------------------------------------------------------------------------------
// Inputs: tab data (ops_data, oil_data)
// ---------------------------------------------------------------------------------------------

export const AddOpsDataInput = needsAircraft({
  tab_id: tabKey,
  id: optionalId,
  column_name: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  column_value: cellValue.optional(),
  item: rowItem.optional(),
}).refine((v) => v.column_name != null || v.item != null, { message: "Send column_name and column_value, or item.", path: ["item"] });

export const UpdateOilDataInput = needsAircraft({
  tab_id: tabKey,
  id: optionalId,
  column_name: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  column_value: cellValue.optional(),
  item: rowItem.optional(),
  watched: z.preprocess(blankToUndefined, booleanInput.optional()),
}).refine((v) => v.column_name != null || v.item != null || (v.watched != null && v.id != null), {
  message: "Send column_name and column_value, item, or id and watched.",
  path: ["item"],
});

/** Form fields of the multipart upload / validation (the file goes in `file`). */
export const UploadTabDataFields = needsAircraft({
  tab_id: tabKey,
  product: productInput,
  mode: z.preprocess(blankToUndefined, z.enum(["append", "replace"], { errorMap: () => ({ message: "must be append or replace" }) }).default("append")),
});
export const TabRefInput = needsAircraft({ tab_id: tabKey, product: productInput });
/** A validation workbook keep_validation kept (its id). */
export const ValidationWorkbookInput = z.object({ id: z.string().max(64) });
export const DeleteRowsInput = needsAircraft({
  tab_id: tabKey,
  product: productInput,
  ids: z.array(id).min(1, "Select at least one row.").max(5000, "Select at most 5000 rows at once."),
});
export const HeaderDataInput = needsAircraft({});
/** A tab's links; `row_ids`: only those of these rows (a page's), so the cost follows the page, not the tab. */
export const OilLinkTabInput = needsAircraft({ tab_id: tabKey, row_ids: z.array(id).max(1000).optional() });
export const OilLinkedRowInput = needsAircraft({ tab_id: tabKey, row_id: requiredId("row_id") });
export const OilLinkPkInput = needsAircraft({});

// ---------------------------------------------------------------------------------------------
// Inputs: exports, binders
// ---------------------------------------------------------------------------------------------

export const TabExportInput = needsAircraft({
  tab_id: tabKey,
  sort_order: sortOrder,
  sort_column: z.preprocess(blankToUndefined, z.string().max(100).optional()),
});
export const TabPdfInput = needsAircraft({
  tab_id: tabKey,
  product: productInput,
  sort_order: sortOrder,
  sort_column: z.preprocess(blankToUndefined, z.string().max(100).optional()),
});
export const AllTabsShareInput = needsAircraft({ emails: z.preprocess(blankToUndefined, emailList.optional()) });
export const GeneralInfoExportInput = needsAircraft({ product: productInput });
export const NotificationExportInput = needsAircraft({});
export const BinderInput = needsAircraft({ tab_id: tabKey, product: productInput });
export const BinderDownloadInput = needsAircraft({
  tab_id: tabKey,
  product: productInput,
  kind: z.enum(["current", "full"], { errorMap: () => ({ message: "must be current or full" }) }).default("current"),
});

// ---------------------------------------------------------------------------------------------
// Inputs: work orders and logbooks
// ---------------------------------------------------------------------------------------------

const jsonObject = z.record(z.unknown()).refine((o) => JSON.stringify(o).length <= 100_000, "The work order data is too large (at most 100 KB).");
const woNumber = z
  .string({ required_error: "Enter a work order number." })
  .trim()
  .min(1, "Enter a work order number.")
  .max(60, "A work order number has at most 60 characters.");
const woTitle = z.string({ required_error: "Enter a title." }).trim().min(1, "Enter a title.").max(200, "A title has at most 200 characters.");
const woStatus = z.string().trim().min(1, "Enter a status.").max(40, "A status has at most 40 characters.");
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine((s) => !Number.isNaN(Date.parse(s + "T00:00:00Z")), "Enter a real date.");

export const WorkOrderListInput = needsAircraft({
  kind: z.preprocess(blankToUndefined, z.enum(WORK_ORDER_KINDS).optional()),
  /** Number or title containing it (case-insensitive). */
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, "Search with at most 100 characters.").optional()),
  page,
  per_page: perPage(200),
});
export const WorkOrderCreateInput = needsAircraft({
  kind: z.enum(WORK_ORDER_KINDS, { errorMap: () => ({ message: "must be aircraft, engine or component" }) }),
  number: woNumber,
  title: woTitle,
  status: woStatus.default("open"),
  data: jsonObject.default({}),
});
export const WorkOrderUpdateInput = z.object({
  work_order_id: requiredId("work_order_id"),
  number: woNumber.optional(),
  title: woTitle.optional(),
  status: woStatus.optional(),
  data: jsonObject.optional(),
});
export const WorkOrderRefInput = z.object({
  work_order_id: requiredId("work_order_id"),
  version: z.preprocess(blankToUndefined, z.coerce.number().int().positive("must be a positive version").optional()),
});
export const LogbookListInput = needsAircraft({ page, per_page: perPage(200) });
export const LogbookCreateInput = needsAircraft({ title: woTitle });
export const LogbookUpdateInput = z.object({ log_book_id: requiredId("log_book_id"), title: woTitle });
export const LogbookRefInput = z.object({ log_book_id: requiredId("log_book_id") });
export const LogbookPagesInput = z.object({ log_book_id: requiredId("log_book_id"), page, per_page: perPage(200) });
export const LogbookPageCreateInput = z.object({
  log_book_id: requiredId("log_book_id"),
  page_no: z.preprocess(blankToUndefined, z.coerce.number().int().positive("must be 1 or more").optional()),
  date: isoDate,
  data: jsonObject.default({}),
});
export const LogbookPageUpdateInput = z.object({
  page_id: requiredId("page_id"),
  page_no: z.preprocess(blankToUndefined, z.coerce.number().int().positive("must be 1 or more").optional()),
  date: isoDate.optional(),
  data: jsonObject.optional(),
});
export const LogbookPageRefInput = z.object({ page_id: requiredId("page_id") });
export const SendLogbookPdfInput = z.object({
  log_book_id: requiredId("log_book_id"),
  action: z.literal("download", { errorMap: () => ({ message: "must be download" }) }).default("download"),
  org_msn_id: optionalId,
});

// ---------------------------------------------------------------------------------------------
// Inputs: user access
// ---------------------------------------------------------------------------------------------

const accessType = z.enum(ACCESS_LEVELS, { errorMap: () => ({ message: "must be read, write or su_write" }) });
export const UserMsnPidsInput = z.object({ user_id: requiredId("user_id"), organization: slug, product: z.enum(["storage", "ops", "oil"]).default("ops") });
export const OpsMsnAccessInput = z.object({ org_msn_id: requiredId("org_msn_id") });
export const OilMsnAccessInput = needsAircraft({});
export const UserMsnAccessInput = needsAircraft({ product: productInput });
export const OrgAllUserInput = z.object({ organization: slug });
const grantShape = {
  user_id: requiredId("user_id"),
  organization: z.preprocess(blankToUndefined, slug.optional()),
  org_msn_id: optionalId,
  msn_ids: z.preprocess(blankToUndefined, z.array(msn).min(1).max(500).optional()),
  product: z.enum(MODULE_PRODUCTS, { errorMap: () => ({ message: "must be ops or oil" }) }).default("ops"),
};
const grantTarget = (v: { org_msn_id?: number; msn_ids?: string[]; organization?: string }, ctx: z.RefinementCtx) => {
  if (v.org_msn_id == null && !(v.msn_ids?.length && v.organization)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["org_msn_id"], message: "Choose an aircraft: give org_msn_id, or organization and msn_ids." });
  }
};
export const GrantAccessInput = z.object({ ...grantShape, access: accessType }).superRefine(grantTarget);
export const RevokeAccessInput = z.object(grantShape).superRefine(grantTarget);
export const MsnIdCreatedInput = z.object({
  organization: slug,
  msn_id: msn,
  registration: z
    .string({ required_error: "Enter the registration." })
    .trim()
    .min(1, "Enter the registration.")
    .max(20, "A registration has at most 20 characters."),
  product: z.enum(MODULE_PRODUCTS, { errorMap: () => ({ message: "must be ops or oil" }) }),
  name: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  manufacturer: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  model: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  kind: z.enum(["aircraft", "helicopter"]).default("aircraft"),
  status: z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION"]).default("IN OPERATION"),
});
export const MsnIdListInput = z.object({
  organization: slug,
  product: z.enum(["storage", "ops", "oil"]).default("ops"),
  page,
  per_page: perPage(1000, 500),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const Message = z.object({ message: z.string() });
export const ApiErrorAnswer = z.object({ error: z.string(), errors: z.record(z.array(z.string())).optional() });
/** What a blob endpoint answers on failure (status 422): the portal reads Message.error. */
export const BlobErrorAnswer = z.object({ error: z.string(), Message: z.object({ error: z.string() }) });

export const TabColumn = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  type: z.string(),
  editable: z.boolean(),
});
export type TabColumn = z.infer<typeof TabColumn>;
export const Tab = z.object({
  tab_id: z.string(),
  tab_name: z.string(),
  /** Stored tabs have whole positions; the derived work-order tabs sit between (e.g. 2.1, 2.2, 2.3). */
  tab_position: z.number(),
  group_name: z.string(),
  columns: z.array(TabColumn),
  msn_id: z.string().nullable(),
  organization: z.string().nullable(),
  product: z.enum(MODULE_PRODUCTS),
  /** "stored" tabs hold rows; "work_orders" tabs list the aircraft's work orders of one kind. */
  source: z.enum(["stored", "work_orders"]),
});
export type Tab = z.infer<typeof Tab>;
export const ListTabsAnswer = z.object({ tabs: z.array(Tab) });
export const TemplateListTabsAnswer = z.object({ manufacturer: z.string(), tabs: z.array(Tab) });

export const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const TabRow = z.object({
  id: z.number().int(),
  position: z.number().int(),
  watched: z.boolean(),
  data: z.record(CellValue),
});
export type TabRow = z.infer<typeof TabRow>;
export const BinderAvailability = z.object({
  msg: z.enum(["available", "not_available"]),
  text: z.string(),
  current: z.boolean(),
  full: z.boolean(),
});
/** A validation workbook the ops API keeps 30 minutes for the user who made it (ADR 079). */
export const KeptValidation = z.object({
  id: z.string(),
  /** The workbook's name (…_validation.xlsx). */
  filename: z.string(),
  /** The name of the file that was checked. */
  source: z.string(),
  /** Rows with errors. */
  errors: z.number().int(),
  expires_at: z.string(),
});
export const TabDataAnswer = z.object({
  tab: Tab,
  columns: z.array(TabColumn),
  rows: z.array(TabRow),
  total: z.number().int(),
  /** The filter matched more than `total` rows: the count stopped there. */
  total_capped: z.boolean().optional(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Cursors of the next and previous page (give them as `after` / `before`); null: no such page. */
  next: z.string().nullable().optional(),
  prev: z.string().nullable().optional(),
  /** Only when asked (`binder: true`): the tab's binder availability. */
  binder: BinderAvailability.optional(),
  /** Only when asked (`validation`: an id): that kept validation workbook, or null once it is gone. */
  validation: KeptValidation.nullable().optional(),
});
export type TabDataAnswer = z.infer<typeof TabDataAnswer>;
export const RowAnswer = z.object({ message: z.string(), row: TabRow, created: z.boolean() });
export const TabAnswer = z.object({ message: z.string(), tab: Tab });
export const DeletedAnswer = z.object({ message: z.string(), deleted: z.number().int() });
export const UploadAnswer = z.object({ message: z.string(), imported: z.number().int(), mode: z.enum(["append", "replace"]), total: z.number().int() });
export const UploadRowError = z.object({ row: z.number().int(), column: z.string().nullable(), error: z.string() });
/** 422 answer of upload_ops_data when the file does not validate. */
export const UploadErrorAnswer = ApiErrorAnswer.extend({ row_errors: z.array(UploadRowError) });
export const HasDfpAnswer = z.object({ result: z.boolean() });

export const OpsHeaderData = z.object({
  registration: z.string(),
  ops_issue_date: z.string().nullable(),
  oil_issue_date: z.string().nullable(),
  msn: z.string(),
  msn_id: z.string(),
  org_msn_id: z.number().int(),
  organization: z.string(),
  organization_name: z.string(),
  aircraft_name: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  status: z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION"]),
  access_type: z.enum(ACCESS_LEVELS),
});
export type OpsHeaderData = z.infer<typeof OpsHeaderData>;

export const MsnModulesAnswer = z.object({
  msn_id: z.string(),
  org_msn_id: z.number().int(),
  modules: z.array(
    z.object({ product: z.enum(MODULE_PRODUCTS), enabled: z.boolean(), access_type: z.enum(ACCESS_LEVELS).nullable(), tab_count: z.number().int() })
  ),
});

export const FleetTabsAnswer = z.object({
  tabs: z.array(
    z.object({
      tab_name: z.string(),
      group_name: z.string(),
      /** The tab_id (key) of this tab on each aircraft that has it; the fixed tabs share theirs. */
      tab_ids: z.array(z.string()),
      aircraft: z.array(
        z.object({
          org_msn_id: z.number().int(),
          msn: z.string(),
          registration: z.string(),
          status: z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION"]),
          access_type: z.enum(ACCESS_LEVELS),
          tab_id: z.string(),
          rows: z.number().int(),
        })
      ),
    })
  ),
});

export const OilOpsLink = z.object({
  oil_tab_id: z.string(),
  oil_row_id: z.number().int(),
  ops_tab_id: z.string(),
  ops_tab_name: z.string(),
  ops_row_id: z.number().int(),
  match_column: z.string(),
  value: z.string(),
});
/** ops_access / oil_access: whether the caller may see the other product's rows (links are empty otherwise). */
export const OilOpsLinksAnswer = z.object({ links: z.array(OilOpsLink), ops_access: z.boolean(), oil_access: z.boolean() });
/** get_tab_page: the header, the aircraft's tabs, the page (null: no tab of that key) and the links asked for (`tab_names`: the oil tabs' names, for an ops tab's links). */
export const TabPageAnswer = z.object({
  header: OpsHeaderData,
  tabs: z.array(Tab),
  /** The sort column used (null: none, or one the tab does not have). */
  sort_column: z.string().nullable(),
  data: TabDataAnswer.nullable(),
  links: OilOpsLinksAnswer.extend({ tab_names: z.record(z.string(), z.string()) }).nullable(),
});
export type TabPageAnswer = z.infer<typeof TabPageAnswer>;
export const OilOpsLinkPkAnswer = z.object({
  link_columns: z.array(z.string()),
  tabs: z.array(z.object({ tab_id: z.string(), tab_name: z.string(), product: z.enum(MODULE_PRODUCTS), key_columns: z.array(z.string()) })),
});

export const ShareAnswer = z.object({ message: z.string(), url: z.string(), expires_at: z.string(), emailed: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Electronic signatures (ADR 088)
// ---------------------------------------------------------------------------------------------

export const SIGNABLE_ENTITIES = ["work_order", "logbook_page"] as const;
export type SignableEntity = (typeof SIGNABLE_ENTITIES)[number];
export const SIGNATURE_MEANINGS = ["Certify release to service", "Performed", "Inspected"] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];
/** The meanings a signature of each kind of record may state (release to service: work orders only). */
export const MEANINGS_BY_ENTITY: Record<SignableEntity, readonly SignatureMeaning[]> = {
  work_order: SIGNATURE_MEANINGS,
  logbook_page: ["Performed", "Inspected"],
};
/** Roles an organization's signing policy may allow. */
export const SIGNING_ROLES = ["client", "member", "admin", "consultant"] as const;
/** The minimum ops access on the aircraft a policy may ask for. */
export const SIGNING_ACCESS = ["write", "su_write"] as const;
export const SigningPolicy = z.object({
  roles: z.array(z.enum(SIGNING_ROLES)),
  access: z.enum(SIGNING_ACCESS),
  require_authorisation: z.boolean(),
});
export type SigningPolicy = z.infer<typeof SigningPolicy>;
/** An organization without a policy of its own. */
export const DEFAULT_SIGNING_POLICY: SigningPolicy = { roles: ["client", "member", "admin"], access: "write", require_authorisation: true };
/** The longest licence or authorisation number. */
export const AUTHORISATION_NUMBER_MAX = 40;

/** A signature as a record's answer carries it. */
export const Signature = z.object({
  code: z.string(),
  meaning: z.string(),
  signer_name: z.string(),
  signer_role: z.string(),
  signer_authorisation: z.string().nullable(),
  signed_at: z.string(),
  version: z.number().int(),
  content_hash: z.string(),
  /** The record's latest version is later than the signed one. */
  changed_since: z.boolean(),
  verify_path: z.string(),
});
export type Signature = z.infer<typeof Signature>;
/** Whether the caller may sign this kind of record here, and if not why (the policy, evaluated). */
export const CanSign = z.object({ allowed: z.boolean(), reason: z.string().nullable(), meanings: z.array(z.string()) });
export type CanSign = z.infer<typeof CanSign>;

export const WorkOrderSummary = z.object({
  work_order_id: z.number().int(),
  org_msn_id: z.number().int(),
  kind: z.enum(WORK_ORDER_KINDS),
  number: z.string(),
  title: z.string(),
  status: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const WorkOrderListAnswer = z.object({
  work_orders: z.array(WorkOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const WorkOrderVersion = z.object({ version: z.number().int(), created_at: z.string(), created_by: z.string().nullable() });
export const WorkOrderDetail = WorkOrderSummary.extend({
  data: z.record(z.unknown()),
  versions: z.array(WorkOrderVersion),
  /** Every signature of every version, oldest first. */
  signatures: z.array(Signature),
  can_sign: CanSign,
});
export const WorkOrderAnswer = z.object({ work_order: WorkOrderDetail });
export const WorkOrderMutationAnswer = z.object({ message: z.string(), work_order: WorkOrderDetail });

export const Logbook = z.object({
  log_book_id: z.number().int(),
  org_msn_id: z.number().int(),
  title: z.string(),
  page_count: z.number().int(),
  created_at: z.string(),
});
export const LogbookListAnswer = z.object({ logbooks: z.array(Logbook), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
export const LogbookAnswer = z.object({ message: z.string(), logbook: Logbook });
export const LogbookPage = z.object({
  id: z.number().int(),
  log_book_id: z.number().int(),
  page_no: z.number().int(),
  date: z.string(),
  data: z.record(z.unknown()),
  /** Raised by every change (migration 025). */
  version: z.number().int(),
  created_at: z.string(),
  /** Every signature of every version of the page, oldest first. */
  signatures: z.array(Signature),
});
export const LogbookPagesAnswer = z.object({
  logbook: Logbook,
  pages: z.array(LogbookPage),
  can_sign: CanSign,
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const LogbookPageAnswer = z.object({ message: z.string(), page: LogbookPage });

/** A manufacturer of the template library; aircraft_count: registered aircraft of that manufacturer (its name, any case). */
export const TemplateManufacturer = z.object({ id: z.number().int(), name: z.string(), tab_count: z.number().int(), aircraft_count: z.number().int() });
export const TemplateManufacturersAnswer = z.object({ manufacturers: z.array(TemplateManufacturer) });
export const TemplateVersion = z.object({
  version: z.number().int(),
  note: z.string(),
  tab_count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export const TemplateVersionsAnswer = z.object({ manufacturer: z.string(), versions: z.array(TemplateVersion), current_version: z.number().int().nullable() });
export const TemplateVersionAnswer = z.object({ message: z.string(), version: TemplateVersion });
export const TemplateManufacturerAnswer = z.object({ message: z.string(), manufacturer: TemplateManufacturer });
/** A template tab as a version saved it: its columns and rows at the save. */
export const TemplateVersionTab = z.object({
  tab_id: z.string(),
  tab_name: z.string(),
  tab_position: z.number(),
  group_name: z.string(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), position: z.number().int(), editable: z.boolean() })),
  rows: z.array(z.object({ position: z.number().int(), data: z.record(CellValue) })),
});
export type TemplateVersionTab = z.infer<typeof TemplateVersionTab>;
export const TemplateVersionContentAnswer = z.object({ manufacturer: z.string(), version: TemplateVersion, tabs: z.array(TemplateVersionTab) });

export const MsnAccessUser = z.object({ user_id: z.number().int(), username: z.string(), access: z.enum(ACCESS_LEVELS), access_label: z.string() });
export const MsnAccessUsersAnswer = z.object({ users: z.array(MsnAccessUser) });
export const AccessTypeAnswer = z.object({ access_type: z.enum(ACCESS_LEVELS).nullable() });
export const UserMsnAccessAnswer = z.object({ access_type: z.enum(ACCESS_LEVELS).nullable(), users: z.array(MsnAccessUser) });
export const UserMsnPidsAnswer = z.object({ data: z.array(z.object({ msn_id: z.string(), org_msn_id: z.number().int(), access: z.enum(ACCESS_LEVELS) })) });
export const OrgUser = z.object({ user_id: z.number().int(), username: z.string(), email: z.string(), role: z.string(), name: z.string() });
export const OrgAllUserAnswer = z.object({ users: z.array(OrgUser) });
export const GrantAnswer = z.object({
  message: z.string(),
  grants: z.array(z.object({ org_msn_id: z.number().int(), msn_id: z.string(), access: z.enum(ACCESS_LEVELS).nullable() })),
});
export const OrganisationsAnswer = z.object({
  organizations: z.array(
    z.object({
      organization_id: z.number().int(),
      name: z.string(),
      organization: z.string(),
      product_type: z.string(),
      has_ops: z.boolean(),
      has_oil: z.boolean(),
    })
  ),
});
export const MsnIdsAnswer = z.object({
  msn_ids: z.array(
    z.object({
      msn_id: z.string(),
      org_msn_id: z.number().int(),
      registration: z.string(),
      status: z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION"]),
      access_type: z.enum(ACCESS_LEVELS).nullable(),
    })
  ),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const MsnIdCreatedAnswer = z.object({ message: z.string(), msn_id: z.string(), org_msn_id: z.number().int(), created: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Signatures: inputs and answers (ADR 088)
// ---------------------------------------------------------------------------------------------

const optionalSecret = (max: number) => z.preprocess(blankToUndefined, z.string().max(max).optional());
export const SignInput = z.object({
  entity: z.enum(SIGNABLE_ENTITIES, { errorMap: () => ({ message: "must be work_order or logbook_page" }) }),
  entity_id: requiredId("entity_id"),
  meaning: z.string({ required_error: "Choose what your signature means." }).trim().min(1, "Choose what your signature means.").max(100),
  password: optionalSecret(200),
  totp_code: optionalSecret(20),
});
export type SignInput = z.infer<typeof SignInput>;
/** A verification code as typed: dashes and case do not matter. */
export const SignatureCodeInput = z.object({
  code: z.string({ required_error: "Enter a verification code." }).trim().min(1, "Enter a verification code.").max(40, "That is not a verification code."),
});
export const SigningPolicyGetInput = z.object({ organization_id: optionalId });
export const SigningPolicySetInput = z.object({
  organization_id: optionalId,
  roles: z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(SIGNING_ROLES, { errorMap: () => ({ message: "must be client, member, admin or consultant" }) })).max(4)),
  access: z.enum(SIGNING_ACCESS, { errorMap: () => ({ message: "must be write or su_write" }) }),
  require_authorisation: z.preprocess((v) => (v === undefined ? false : v), booleanInput),
});

export const SignAnswer = z.object({ message: z.string(), signature: Signature });
export const ENTITY_LABELS = { work_order: "Work order", logbook_page: "Logbook page" } as const;
/** The public verification's answer: who signed what kind of record, when, meaning what; no content. */
export const SignatureVerifyAnswer = z.object({
  valid: z.literal(true),
  code: z.string(),
  entity_label: z.enum(["Work order", "Logbook page"]),
  version: z.number().int(),
  latest_version: z.number().int(),
  changed_since: z.boolean(),
  meaning: z.string(),
  signer_name: z.string(),
  signer_role: z.string(),
  signer_authorisation: z.string().nullable(),
  signed_at: z.string(),
  content_hash: z.string(),
  /** The canonical JSON the upstream signed (see upstream/signatures/canonical.ts). */
  statement: z.string(),
  /** Ed25519 over `statement`, base64; checked with GET /v1/signature/key. */
  statement_signature: z.string(),
  organization_name: z.string(),
});
export type SignatureVerifyAnswer = z.infer<typeof SignatureVerifyAnswer>;
export const SignatureManifest = z.object({
  format: z.literal("aero-records-signature"),
  signature: SignatureVerifyAnswer,
  canonical: z.string(),
  public_key: z.string(),
});
export const SigningPolicyAnswer = z.object({
  organization_id: z.number().int(),
  organization_name: z.string(),
  policy: SigningPolicy,
  /** The organization has no policy of its own: the default applies. */
  is_default: z.boolean(),
  /** The caller may change it (a site administrator). */
  can_edit: z.boolean(),
});
export const SigningPolicySetAnswer = SigningPolicyAnswer.extend({ message: z.string() });
