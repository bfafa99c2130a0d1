import { sql, type Kysely } from "kysely";
import { isPostgres, pgDdl } from "../dialect";

// The whole spec's data model in one first migration. Later changes get their own numbered files.
const statements = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('consultant','client','admin','member','ops_template')),
  username TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  bio TEXT NOT NULL DEFAULT '',
  phone TEXT,
  organization_id INTEGER REFERENCES organizations(id),
  is_uam INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  confirmed_at TEXT,
  totp_secret TEXT,
  totp_enabled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX users_org ON users(organization_id);
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  last_used_at TEXT,
  ip TEXT
);
CREATE INDEX tokens_user ON tokens(user_id);
CREATE TABLE one_time_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE TABLE login_attempts (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  first_failure_at TEXT NOT NULL,
  locked_until TEXT
);
CREATE TABLE organizations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  product_type TEXT NOT NULL DEFAULT 'STORAGE',
  search_all INTEGER NOT NULL DEFAULT 0,
  has_ops INTEGER NOT NULL DEFAULT 0,
  has_oil INTEGER NOT NULL DEFAULT 0,
  client_logo TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE aircraft (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES organizations(id),
  msn TEXT NOT NULL,
  name TEXT NOT NULL,
  registration TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL DEFAULT 'aircraft' CHECK (kind IN ('aircraft','helicopter')),
  manufacturer TEXT NOT NULL DEFAULT '',
  model TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('GROUNDED','IN OPERATION','IN TRANSITION')),
  ops_issue_date TEXT,
  oil_issue_date TEXT,
  file_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (organization_id, msn)
);
CREATE TABLE storage_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES storage_items(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  name TEXT NOT NULL,
  is_folder INTEGER NOT NULL,
  size INTEGER NOT NULL DEFAULT 0,
  blob_key TEXT,
  content_type TEXT,
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (aircraft_id, path)
);
CREATE INDEX storage_items_parent ON storage_items(parent_id, is_folder, name);
CREATE TABLE favourites (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id INTEGER NOT NULL REFERENCES storage_items(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (user_id, item_id)
);
CREATE TABLE follows (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (user_id, aircraft_id)
);
CREATE TABLE aircraft_access (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  product TEXT NOT NULL CHECK (product IN ('storage','ops','oil')),
  access TEXT NOT NULL CHECK (access IN ('read','write','su_write')),
  granted_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (user_id, aircraft_id, product)
);
CREATE INDEX aircraft_access_aircraft ON aircraft_access(aircraft_id, product);
CREATE TABLE consultants (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  phone_number_with_country_code TEXT NOT NULL DEFAULT '',
  summary TEXT NOT NULL DEFAULT '',
  photo_key TEXT,
  resume_key TEXT,
  aircraft_type TEXT NOT NULL DEFAULT '0',
  aircraft_sub_type TEXT NOT NULL DEFAULT '',
  helicopter_type TEXT NOT NULL DEFAULT '0',
  helicopter_sub_type TEXT NOT NULL DEFAULT '',
  power_plant_type TEXT NOT NULL DEFAULT '0',
  power_plant_sub_type TEXT NOT NULL DEFAULT '',
  services TEXT NOT NULL DEFAULT '[]',
  approval_status TEXT NOT NULL DEFAULT 'undecided' CHECK (approval_status IN ('verified','disapproved','undecided')),
  availability_status INTEGER,
  message_to_admin TEXT NOT NULL DEFAULT '',
  available_start_date TEXT,
  available_end_date TEXT,
  comment_by_admin TEXT NOT NULL DEFAULT '',
  daily_rate_onsite REAL,
  daily_rate_offsite REAL,
  stage TEXT NOT NULL DEFAULT 'basic_info',
  phone_verified INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  email_notifications INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX consultants_country ON consultants(country);
CREATE TABLE consultant_projects (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  consultant_id INTEGER NOT NULL REFERENCES consultants(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  client_name TEXT NOT NULL DEFAULT '',
  aircraft TEXT NOT NULL DEFAULT '',
  service TEXT NOT NULL DEFAULT '',
  start_date TEXT NOT NULL,
  end_date TEXT,
  description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX consultant_projects_c ON consultant_projects(consultant_id, start_date);
CREATE TABLE consultant_ratings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  consultant_id INTEGER NOT NULL REFERENCES consultants(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (consultant_id, user_id)
);
CREATE TABLE consultant_likes (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  consultant_id INTEGER NOT NULL REFERENCES consultants(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (user_id, consultant_id)
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  from_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  to_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  consultant_id INTEGER REFERENCES consultants(id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('order','user','project','feature')),
  title TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX notifications_user ON notifications(user_id, created_at);
CREATE TABLE ip_whitelist (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  cidr TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE tabs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product TEXT NOT NULL CHECK (product IN ('ops','oil')),
  organization_id INTEGER REFERENCES organizations(id) ON DELETE CASCADE,
  aircraft_id INTEGER REFERENCES aircraft(id) ON DELETE CASCADE,
  manufacturer_id INTEGER REFERENCES manufacturers(id) ON DELETE CASCADE,
  is_template INTEGER NOT NULL DEFAULT 0,
  tab_key TEXT NOT NULL,
  tab_name TEXT NOT NULL,
  tab_position INTEGER NOT NULL DEFAULT 0,
  group_name TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX tabs_aircraft ON tabs(product, aircraft_id, tab_position);
CREATE TABLE tab_columns (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tab_id INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  type TEXT NOT NULL DEFAULT 'text',
  editable INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX tab_columns_tab ON tab_columns(tab_id, position);
CREATE TABLE tab_rows (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tab_id INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  watched INTEGER NOT NULL DEFAULT 0,
  updated_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX tab_rows_tab ON tab_rows(tab_id, position);
CREATE TABLE work_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('aircraft','engine','component')),
  number TEXT NOT NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE work_order_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (work_order_id, version)
);
CREATE TABLE logbooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE logbook_pages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  logbook_id INTEGER NOT NULL REFERENCES logbooks(id) ON DELETE CASCADE,
  page_no INTEGER NOT NULL,
  date TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (logbook_id, page_no)
);
CREATE TABLE manufacturers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE template_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  manufacturer_id INTEGER NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  snapshot TEXT NOT NULL DEFAULT '[]',
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (manufacturer_id, version)
);
CREATE TABLE upload_batches (
  uid TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
  dir TEXT NOT NULL,
  files TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE error_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  error TEXT NOT NULL,
  error_info TEXT NOT NULL DEFAULT '',
  error_url TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE issue_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','closed')),
  closed_by INTEGER,
  closed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT,
  sent_at TEXT,
  error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT,
  organization_id INTEGER,
  detail TEXT NOT NULL DEFAULT '{}',
  ip TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX audit_log_user ON audit_log(user_id, created_at);
CREATE INDEX audit_log_org ON audit_log(organization_id, created_at);
CREATE TABLE fs_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  organization_id INTEGER REFERENCES organizations(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE fs_users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  quota_bytes INTEGER,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE fs_user_groups (
  fs_user_id INTEGER NOT NULL REFERENCES fs_users(id) ON DELETE CASCADE,
  fs_group_id INTEGER NOT NULL REFERENCES fs_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (fs_user_id, fs_group_id)
);
CREATE TABLE search_reindex_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER,
  status TEXT NOT NULL DEFAULT 'queued',
  total INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  last_item_id INTEGER NOT NULL DEFAULT 0,
  count_before INTEGER NOT NULL DEFAULT 0,
  count_after INTEGER,
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  finished_at TEXT
);
CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- The file-search index (FTS5). rowid = storage_items.id; kept in step by upstream/search.
CREATE VIRTUAL TABLE files_fts USING fts5(
  name, path, aircraft_id UNINDEXED, organization_id UNINDEXED,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
);
`;

/**
 * PostgreSQL (ADR 056): the file-search index is a table with a tsvector (name words weighted A, path
 * words B) that upstream/search/pg.ts fills with the same words FTS5 would index, and a GIN index.
 */
const pgSearchIndex = [
  `CREATE TABLE files_fts (
     id BIGINT PRIMARY KEY,
     name TEXT NOT NULL,
     path TEXT NOT NULL,
     aircraft_id BIGINT NOT NULL,
     organization_id BIGINT NOT NULL,
     doc tsvector NOT NULL
   )`,
  "CREATE INDEX files_fts_doc ON files_fts USING GIN (doc)",
  "CREATE INDEX files_fts_org ON files_fts(organization_id, id)",
  "CREATE INDEX files_fts_aircraft ON files_fts(aircraft_id, id)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const list = statements.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean);
  if (!isPostgres(db)) {
    for (const stmt of list) await sql.raw(stmt).execute(db);
    return;
  }
  // PostgreSQL checks a foreign key's table when the referencing one is created: the two tables
  // referenced before their definition come first. The FTS5 table is replaced by pgSearchIndex.
  const first = (s: string) => /^CREATE TABLE (organizations|manufacturers) /.test(s);
  const ordered = [...list.filter(first), ...list.filter((s) => !first(s) && !/^(--.*\n)*CREATE VIRTUAL TABLE/.test(s))];
  for (const stmt of ordered) await sql.raw(pgDdl(stmt)).execute(db);
  for (const stmt of pgSearchIndex) await sql.raw(stmt).execute(db);
}

export async function down(): Promise<void> {
  throw new Error("001_init cannot be reverted; restore from a backup instead.");
}
