import { sql, type Kysely } from "kysely";

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

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["audit_log_no_update", "audit_log_no_delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql.raw("DROP INDEX IF EXISTS audit_log_action").execute(db);
}
