import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Issue 19 items 1-3 (ADR 042): file versions, the aircraft's trash, retention rules, legal holds.
// - file_versions: the earlier contents of a file (storage_items keeps the current one). No foreign
//   key to storage_items: a file's versions follow it into the trash and back, by its id (ids are
//   never reused: AUTOINCREMENT), and only the trash job removes them with their blobs.
// - trash_entries / trash_items: what a delete took away, one entry per deleted file or folder, with
//   the storage_items rows of its subtree as they were (same ids, so a restore gives them back).
// - retention_rules: the minimum retention of a records folder class (app/models/records-index.ts).
// - legal_holds: an aircraft under hold loses nothing (no delete, no trash emptying).
const statements = [
  `CREATE TABLE file_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     item_id INTEGER NOT NULL,
     aircraft_id INTEGER NOT NULL,
     blob_key TEXT NOT NULL UNIQUE,
     size INTEGER NOT NULL,
     content_type TEXT,
     filed_by INTEGER,
     filed_at TEXT NOT NULL,
     replaced_by INTEGER,
     replaced_at TEXT NOT NULL
   )`,
  "CREATE INDEX file_versions_item ON file_versions(item_id, id)",
  `CREATE TABLE trash_entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     aircraft_id INTEGER NOT NULL,
     item_id INTEGER NOT NULL,
     name TEXT NOT NULL,
     path TEXT NOT NULL,
     is_folder INTEGER NOT NULL,
     files INTEGER NOT NULL DEFAULT 0,
     folders INTEGER NOT NULL DEFAULT 0,
     bytes INTEGER NOT NULL DEFAULT 0,
     deleted_by INTEGER,
     deleted_at TEXT NOT NULL,
     kept_reason TEXT
   )`,
  "CREATE INDEX trash_entries_aircraft ON trash_entries(aircraft_id, deleted_at DESC, id)",
  "CREATE INDEX trash_entries_deleted ON trash_entries(deleted_at)",
  `CREATE TABLE trash_items (
     id INTEGER PRIMARY KEY,
     entry_id INTEGER NOT NULL REFERENCES trash_entries(id) ON DELETE CASCADE,
     aircraft_id INTEGER NOT NULL,
     parent_id INTEGER,
     path TEXT NOT NULL,
     name TEXT NOT NULL,
     is_folder INTEGER NOT NULL,
     size INTEGER NOT NULL DEFAULT 0,
     blob_key TEXT,
     content_type TEXT,
     created_by INTEGER,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  "CREATE INDEX trash_items_entry ON trash_items(entry_id, path)",
  "CREATE INDEX trash_items_blob ON trash_items(blob_key) WHERE blob_key IS NOT NULL",
  `CREATE TABLE retention_rules (
     class_key TEXT PRIMARY KEY,
     keep TEXT NOT NULL CHECK (keep IN ('life', 'years')),
     years INTEGER,
     updated_by INTEGER,
     updated_at TEXT NOT NULL
   )`,
  `CREATE TABLE legal_holds (
     aircraft_id INTEGER PRIMARY KEY REFERENCES aircraft(id) ON DELETE CASCADE,
     reason TEXT NOT NULL,
     placed_by INTEGER,
     placed_at TEXT NOT NULL
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["legal_holds", "retention_rules", "trash_items", "trash_entries", "file_versions"]) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
