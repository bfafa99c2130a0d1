// The embedded upstream's database, as Kysely sees it. One interface per table.
// Booleans are stored as 0/1 integers (SQLite); JSON columns as text.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type Role = "consultant" | "client" | "admin" | "member" | "ops_template";
export type AccessLevel = "read" | "write" | "su_write";
export type Product = "storage" | "ops" | "oil";
export type AircraftStatus = "GROUNDED" | "IN OPERATION" | "IN TRANSITION";

export interface UsersTable {
  id: Generated<number>;
  email: string; // stored lower-case
  password_hash: string;
  role: Role;
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  phone: string | null;
  organization_id: number | null;
  is_uam: Generated<number>;
  active: Generated<number>;
  confirmed_at: string | null;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The licence or authorisation number a signature records (migration 025). */
  authorisation_number: Generated<string | null>;
  created_at: Generated<string>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Generated<string>;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  ip: string | null;
}

/** Single-use mailed links and codes: e-mail confirmation, password reset, 2FA reset, phone OTP, 2FA login challenge. */
export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: "confirm" | "reset" | "2fa_reset" | "phone_otp" | "2fa_challenge" | "sign_in_link";
  token_hash: string;
  created_at: Generated<string>;
  expires_at: string;
  used_at: string | null;
}

export interface LoginAttemptsTable {
  key: string; // lower-cased e-mail
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

/** One counted request of a rate-limited public endpoint (migration 017, ADR 057). */
export interface RateHitsTable {
  bucket: string;
  at: number;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  /** The value of the spec's `organization` / `org` query parameter. */
  slug: string;
  product_type: string; // "STORAGE" | "UAMBOX" | ...
  search_all: Generated<number>;
  has_ops: Generated<number>;
  has_oil: Generated<number>;
  client_logo: string | null; // text of the client logo; null = none
  /** Who may sign (JSON of SigningPolicy); null = DEFAULT_SIGNING_POLICY (migration 025). */
  signing_policy: Generated<string | null>;
  created_at: Generated<string>;
}

export interface AircraftTable {
  id: Generated<number>;
  organization_id: number;
  msn: string;
  name: string;
  registration: string;
  kind: "aircraft" | "helicopter";
  manufacturer: string;
  model: string;
  status: AircraftStatus;
  ops_issue_date: string | null;
  oil_issue_date: string | null;
  /** Root folder (storage_items.id) of this aircraft's records: the spec's file_id. */
  file_id: number | null;
  created_at: Generated<string>;
}

export interface StorageItemsTable {
  id: Generated<number>;
  aircraft_id: number;
  parent_id: number | null;
  /** Path below the aircraft root, always starting with "/" ("/" is the root folder itself). */
  path: string;
  name: string;
  is_folder: number;
  size: number;
  blob_key: string | null;
  content_type: string | null;
  created_by: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface FavouritesTable {
  user_id: number;
  item_id: number;
  created_at: Generated<string>;
}

export interface FollowsTable {
  user_id: number;
  aircraft_id: number;
  created_at: Generated<string>;
}

export interface AircraftAccessTable {
  user_id: number;
  aircraft_id: number;
  product: Product;
  access: AccessLevel;
  granted_by: number | null;
  created_at: Generated<string>;
}

export interface ConsultantsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  city: string;
  country: string;
  phone_number_with_country_code: string;
  summary: string;
  photo_key: string | null;
  resume_key: string | null;
  aircraft_type: string; // "1" = subtype applies
  aircraft_sub_type: string;
  helicopter_type: string;
  helicopter_sub_type: string;
  power_plant_type: string;
  power_plant_sub_type: string;
  services: string; // JSON array of service names
  approval_status: "verified" | "disapproved" | "undecided";
  availability_status: number | null; // 1, 0 or null
  message_to_admin: string;
  available_start_date: string | null;
  available_end_date: string | null;
  comment_by_admin: string;
  daily_rate_onsite: number | null;
  daily_rate_offsite: number | null;
  stage: "basic_info" | "profile" | "verify_phone" | "otp_sent" | "otp_verified" | "account_locked" | "complete";
  phone_verified: Generated<number>;
  active: Generated<number>;
  email_notifications: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ConsultantProjectsTable {
  id: Generated<number>;
  consultant_id: number;
  title: string;
  client_name: string;
  aircraft: string;
  service: string;
  start_date: string;
  end_date: string | null;
  description: string;
}

export interface ConsultantRatingsTable {
  id: Generated<number>;
  consultant_id: number;
  user_id: number;
  rating: number; // 1..5
  comment: string;
  created_at: Generated<string>;
}

export interface ConsultantLikesTable {
  user_id: number;
  consultant_id: number;
  created_at: Generated<string>;
}

export interface MessagesTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number | null; // null = the admins
  consultant_id: number | null;
  body: string;
  created_at: Generated<string>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: "order" | "user" | "project" | "feature";
  title: string;
  read_at: string | null;
  created_at: Generated<string>;
}

export interface IpWhitelistTable {
  id: Generated<number>;
  organization_id: number;
  cidr: string;
  label: string;
  created_by: number | null;
  created_at: Generated<string>;
}

/** Ops and oil tabs per aircraft, and template tabs per manufacturer (aircraft_id null, is_template 1). */
export interface TabsTable {
  id: Generated<number>;
  product: "ops" | "oil";
  organization_id: number | null;
  aircraft_id: number | null;
  manufacturer_id: number | null;
  is_template: Generated<number>;
  /** The spec's tab_id: a stable string key (fixed ids such as generalInformation, or "tab-<n>"). */
  tab_key: string;
  tab_name: string;
  tab_position: number;
  group_name: string;
  created_at: Generated<string>;
}

export interface TabColumnsTable {
  id: Generated<number>;
  tab_id: number;
  name: string;
  position: number;
  type: string; // text | number | date | select | watch_unwatch
  editable: Generated<number>;
}

export interface TabRowsTable {
  id: Generated<number>;
  tab_id: number;
  position: number;
  /** JSON object: column name -> value (the spec's item / column_name / column_value). */
  data: string;
  watched: Generated<number>;
  updated_by: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A cell's sort key, kept by triggers (021_tab_keys, ADR 081): num_key for a number, else text_key ('' when empty). */
export interface TabCellsTable {
  row_id: number;
  col: string;
  tab_id: number;
  position: number;
  num_key: number | null;
  text_key: string | null;
}

/** A row's position, watched flag and cell values joined by U+001F (the filter's text), kept by triggers. */
export interface TabRowTextTable {
  row_id: number;
  tab_id: number;
  position: number;
  watched: number;
  text: string;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  aircraft_id: number;
  kind: "aircraft" | "engine" | "component";
  number: string;
  title: string;
  status: string;
  created_by: number | null;
  created_at: Generated<string>;
}

export interface WorkOrderVersionsTable {
  id: Generated<number>;
  work_order_id: number;
  version: number;
  data: string; // JSON
  /** The work order's number, title and status as this version saved them (migration 024). */
  number: string | null;
  title: string | null;
  status: string | null;
  created_by: number | null;
  created_at: Generated<string>;
}

export interface LogbooksTable {
  id: Generated<number>;
  aircraft_id: number;
  title: string;
  created_by: number | null;
  created_at: Generated<string>;
}

export interface LogbookPagesTable {
  id: Generated<number>;
  logbook_id: number;
  page_no: number;
  date: string;
  data: string; // JSON
  /** Raised by every update; each version has its snapshot in logbook_page_versions (migration 025). */
  version: Generated<number>;
  created_at: Generated<string>;
}

export interface LogbookPageVersionsTable {
  id: Generated<number>;
  logbook_page_id: number;
  version: number;
  page_no: number;
  date: string;
  data: string; // JSON
  created_at: Generated<string>;
  created_by: number | null;
}

/** One electronic signature of one version of a record (ADR 088); never updated or deleted. */
export interface SignaturesTable {
  id: Generated<number>;
  code: string;
  organization_id: number;
  aircraft_id: number;
  entity: "work_order" | "logbook_page";
  entity_id: number;
  version: number;
  meaning: string;
  signer_id: number | null;
  signer_name: string;
  signer_role: string;
  signer_authorisation: string | null;
  signed_at: string;
  content_hash: string;
  statement_signature: string;
  audit_id: number | null;
}

export interface ManufacturersTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
}

export interface TemplateVersionsTable {
  id: Generated<number>;
  manufacturer_id: number;
  version: number;
  note: string;
  snapshot: string; // JSON of the template tabs at that version
  created_by: number | null;
  created_at: Generated<string>;
}

export interface UploadBatchesTable {
  uid: string;
  user_id: number;
  aircraft_id: number;
  dir: string;
  files: string; // JSON [{path,size}]
  created_at: Generated<string>;
}

export interface ErrorReportsTable {
  id: Generated<number>;
  error: string;
  error_info: string;
  error_url: string;
  email: string;
  created_at: Generated<string>;
}

export interface IssueReportsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  description: string;
  status: "open" | "closed";
  closed_by: number | null;
  closed_at: string | null;
  created_at: Generated<string>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  sent_at: string | null;
  error: string | null;
  created_at: Generated<string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string; // e.g. "storage.folder.create"
  entity: string; // e.g. "storage_item"
  entity_id: string | null;
  organization_id: number | null;
  detail: string; // JSON
  ip: string | null;
  created_at: Generated<string>;
  /** The hash chain (009_audit_chain, upstream/audit-chain.ts): the previous entry's hash, and this one's. */
  prev_hash: string | null;
  hash: string | null;
}

export interface FsGroupsTable {
  id: Generated<number>;
  name: string;
  organization_id: number | null;
  created_at: Generated<string>;
}

export interface FsUsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  email: string;
  quota_bytes: number | null;
  enabled: Generated<number>;
  created_at: Generated<string>;
}

export interface FsUserGroupsTable {
  fs_user_id: number;
  fs_group_id: number;
}

export interface SearchReindexJobsTable {
  id: Generated<number>;
  organization_id: number | null; // null = all
  status: "queued" | "running" | "done" | "failed";
  total: number;
  done: number;
  last_item_id: number;
  count_before: number;
  count_after: number | null;
  created_by: number | null;
  created_at: Generated<string>;
  finished_at: string | null;
}

export interface KvTable {
  key: string;
  value: string;
}

export type JobStatus = "queued" | "running" | "done" | "failed";

/** A process that works the job queue (019_job_recovery), with its heartbeat. */
export interface JobWorkersTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

/** Which worker runs which job (a `jobs` id or a pg-boss uuid, as text). */
export interface JobClaimsTable {
  job_id: string;
  kind: string;
  worker_id: string;
  claimed_at: string;
}

/** How often a job's worker died while running it. */
export interface JobCrashesTable {
  job_id: string;
  crashes: number;
}

/** A key prefix an upload link was issued for; swept once its grace period is over. */
export interface UploadIntentsTable {
  prefix: string;
  issued_at: string;
  swept_at: string | null;
}
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Generated<string>;
  dedupe_key: string | null;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Generated<string>;
  /** Higher first among the due jobs (migration 017): fresh uploads 0, backfills -1. */
  priority: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type TextStatus = "pending" | "processing" | "done" | "failed" | "no_text";
export interface FileTextTable {
  file_id: number;
  aircraft_id: number;
  organization_id: number;
  status: Generated<TextStatus>;
  /** "pdf-text", "ocr", "pdf-text+ocr" or "none". */
  method: string | null;
  pages: number | null;
  /** Mean OCR confidence (0-100); null when no page was OCRed. */
  confidence: number | null;
  /** Every page's text, pages separated by a form feed ("\f"). */
  text: string | null;
  error: string | null;
  extracted_at: string | null;
  updated_at: Generated<string>;
}

export type LinkStatus = "linked" | "suggested" | "rejected";
/** A stored file linked to a tab row or a work order of its aircraft (ADR 047). */
export interface DocumentLinksTable {
  id: Generated<number>;
  aircraft_id: number;
  file_id: number;
  row_id: number | null;
  work_order_id: number | null;
  status: LinkStatus;
  /** Why it was suggested: the value found and where (shown as text). */
  reason: string | null;
  /** The page of the file where the suggested value was found. */
  page: number | null;
  created_by: number | null;
  created_at: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
}

/** An earlier content of a file (008_versions_trash); the storage_items row holds the current one. */
export interface FileVersionsTable {
  id: Generated<number>;
  /** storage_items.id of the file (no foreign key: versions follow the file into the trash). */
  item_id: number;
  aircraft_id: number;
  blob_key: string;
  size: number;
  content_type: string | null;
  /** Who filed this content, and when. */
  filed_by: number | null;
  filed_at: string;
  /** Who replaced it (an upload of the same name, or a restore), and when. */
  replaced_by: number | null;
  replaced_at: string;
}

/** One deleted file or folder in its aircraft's trash. */
export interface TrashEntriesTable {
  id: Generated<number>;
  aircraft_id: number;
  /** The deleted item's storage_items id (given back on restore). */
  item_id: number;
  name: string;
  path: string;
  is_folder: number;
  files: Generated<number>;
  folders: Generated<number>;
  bytes: Generated<number>;
  deleted_by: number | null;
  deleted_at: string;
  /** Why the trash job kept it past its date (legal hold, retention rule), or null. */
  kept_reason: string | null;
}

/** The storage_items rows of a trash entry's subtree, as they were (same ids). */
export interface TrashItemsTable {
  id: number;
  entry_id: number;
  aircraft_id: number;
  parent_id: number | null;
  path: string;
  name: string;
  is_folder: number;
  size: number;
  blob_key: string | null;
  content_type: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type RetentionKeep = "life" | "years";
export interface RetentionRulesTable {
  /** A records index key (app/models/records-index.ts), e.g. "certificates". */
  class_key: string;
  keep: RetentionKeep;
  years: number | null;
  updated_by: number | null;
  updated_at: string;
}

export interface LegalHoldsTable {
  aircraft_id: number;
  reason: string;
  placed_by: number | null;
  placed_at: string;
}

/** An alert limit of an oil tab's numeric column (ADR 048): a value above it has crossed it. */
export interface OilLimitsTable {
  id: Generated<number>;
  tab_id: number;
  column_id: number;
  limit_value: number;
  set_by: number | null;
  set_at: Generated<string>;
}

/** The last validation workbook of a user, kept 30 minutes (ADR 079); its bytes are in the blob store. */
export interface ValidationWorkbooksTable {
  id: string;
  user_id: number;
  blob_key: string;
  /** The workbook's name (…_validation.xlsx). */
  filename: string;
  /** The name of the file that was checked. */
  source: string;
  /** Rows with errors. */
  errors: number;
  expires_at: string;
}

export interface Database {
  oil_limits: OilLimitsTable;
  document_links: DocumentLinksTable;
  file_versions: FileVersionsTable;
  trash_entries: TrashEntriesTable;
  trash_items: TrashItemsTable;
  retention_rules: RetentionRulesTable;
  legal_holds: LegalHoldsTable;
  jobs: JobsTable;
  file_text: FileTextTable;
  users: UsersTable;
  tokens: TokensTable;
  one_time_tokens: OneTimeTokensTable;
  login_attempts: LoginAttemptsTable;
  rate_hits: RateHitsTable;
  organizations: OrganizationsTable;
  aircraft: AircraftTable;
  storage_items: StorageItemsTable;
  favourites: FavouritesTable;
  follows: FollowsTable;
  aircraft_access: AircraftAccessTable;
  consultants: ConsultantsTable;
  consultant_projects: ConsultantProjectsTable;
  consultant_ratings: ConsultantRatingsTable;
  consultant_likes: ConsultantLikesTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  ip_whitelist: IpWhitelistTable;
  tabs: TabsTable;
  tab_columns: TabColumnsTable;
  tab_rows: TabRowsTable;
  tab_cells: TabCellsTable;
  tab_row_text: TabRowTextTable;
  work_orders: WorkOrdersTable;
  work_order_versions: WorkOrderVersionsTable;
  logbooks: LogbooksTable;
  logbook_pages: LogbookPagesTable;
  logbook_page_versions: LogbookPageVersionsTable;
  signatures: SignaturesTable;
  manufacturers: ManufacturersTable;
  template_versions: TemplateVersionsTable;
  upload_batches: UploadBatchesTable;
  error_reports: ErrorReportsTable;
  issue_reports: IssueReportsTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  /** One row (id 1), kept by triggers: files and bytes of every stored file (005_speed). */
  storage_totals: { id: number; files: number; bytes: number };
  fs_groups: FsGroupsTable;
  fs_users: FsUsersTable;
  fs_user_groups: FsUserGroupsTable;
  search_reindex_jobs: SearchReindexJobsTable;
  kv: KvTable;
  job_workers: JobWorkersTable;
  job_claims: JobClaimsTable;
  job_crashes: JobCrashesTable;
  upload_intents: UploadIntentsTable;
  validation_workbooks: ValidationWorkbooksTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
export type Aircraft = Selectable<AircraftTable>;
export type StorageItem = Selectable<StorageItemsTable>;
export type Consultant = Selectable<ConsultantsTable>;
export type Tab = Selectable<TabsTable>;
