import { sql, type Kysely } from "kysely";
import { isPostgres, runDdl, SQLITE_NOW } from "../dialect";

// Electronic signatures (ADR 088):
// - users.authorisation_number: the licence or authorisation number a signature records;
// - organizations.signing_policy: who may sign in that organization (JSON; NULL: the default policy);
// - logbook pages become versioned like work orders: a version number and a snapshot of every version
//   (the current row becomes version 1), so that a signature stays on the version it signed;
// - signatures: one row per signature, never changed or deleted (triggers refuse both).
const statements = [
  "ALTER TABLE users ADD COLUMN authorisation_number TEXT",
  "ALTER TABLE organizations ADD COLUMN signing_policy TEXT",
  "ALTER TABLE logbook_pages ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
  `CREATE TABLE logbook_page_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     logbook_page_id INTEGER NOT NULL REFERENCES logbook_pages(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     page_no INTEGER NOT NULL,
     date TEXT NOT NULL,
     data TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (${SQLITE_NOW}),
     created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
     UNIQUE (logbook_page_id, version)
   )`,
  `INSERT INTO logbook_page_versions (logbook_page_id, version, page_no, date, data, created_at, created_by)
     SELECT id, 1, page_no, date, data, created_at, NULL FROM logbook_pages`,
  `CREATE TABLE signatures (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     code TEXT NOT NULL UNIQUE,
     organization_id INTEGER NOT NULL,
     aircraft_id INTEGER NOT NULL,
     entity TEXT NOT NULL CHECK (entity IN ('work_order', 'logbook_page')),
     entity_id INTEGER NOT NULL,
     version INTEGER NOT NULL,
     meaning TEXT NOT NULL,
     signer_id INTEGER,
     signer_name TEXT NOT NULL,
     signer_role TEXT NOT NULL,
     signer_authorisation TEXT,
     signed_at TEXT NOT NULL,
     content_hash TEXT NOT NULL,
     statement_signature TEXT NOT NULL,
     audit_id INTEGER
   )`,
  // One signature per signer, meaning and version (a second press of Sign is refused, not doubled).
  "CREATE UNIQUE INDEX signatures_once ON signatures(entity, entity_id, version, meaning, signer_id)",
  "CREATE INDEX signatures_aircraft ON signatures(aircraft_id)",
];

const sqliteGuards = [
  "CREATE TRIGGER signatures_no_update BEFORE UPDATE ON signatures BEGIN SELECT RAISE(ABORT, 'signatures are never changed'); END",
  "CREATE TRIGGER signatures_no_delete BEFORE DELETE ON signatures BEGIN SELECT RAISE(ABORT, 'signatures are never deleted'); END",
];
const pgGuards = [
  `CREATE OR REPLACE FUNCTION signatures_guard() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'signatures are never changed or deleted'; END $$`,
  "CREATE TRIGGER signatures_guard BEFORE UPDATE OR DELETE ON signatures FOR EACH ROW EXECUTE FUNCTION signatures_guard()",
  "CREATE TRIGGER signatures_no_truncate BEFORE TRUNCATE ON signatures FOR EACH STATEMENT EXECUTE FUNCTION signatures_guard()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
  for (const s of isPostgres(db) ? pgGuards : sqliteGuards) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE signatures").execute(db);
  if (isPostgres(db)) await sql.raw("DROP FUNCTION signatures_guard()").execute(db);
  await sql.raw("DROP TABLE logbook_page_versions").execute(db);
  for (const [t, c] of [["logbook_pages", "version"], ["organizations", "signing_policy"], ["users", "authorisation_number"]]) {
    await sql.raw(`ALTER TABLE ${t} DROP COLUMN ${c}`).execute(db);
  }
}
