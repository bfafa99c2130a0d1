import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// Issue 10: the audit log is append-only in the database, not only by convention: an UPDATE or a
// DELETE of a row aborts. Sign-in attempts are kept per account and address pair (and per account for
// the slow-down), which needs no schema change; this also indexes the refusals an admin looks for.
const statements = [
  `CREATE TRIGGER IF NOT EXISTS audit_log_no_update BEFORE UPDATE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS audit_log_no_delete BEFORE DELETE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
  "CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log(action, created_at)",
];

/** PostgreSQL (ADR 056): one trigger function refuses every UPDATE and DELETE (and TRUNCATE). */
export const pgAppendOnly = [
  `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`,
  `CREATE OR REPLACE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
  `CREATE OR REPLACE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
  `CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
     FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const stmt of [...pgAppendOnly, statements[2]!]) await sql.raw(stmt).execute(db);
    return;
  }
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["audit_log_no_update", "audit_log_no_delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql.raw("DROP INDEX IF EXISTS audit_log_action").execute(db);
}
