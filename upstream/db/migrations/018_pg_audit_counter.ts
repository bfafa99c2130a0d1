import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// PostgreSQL only (ADR 060); nothing on SQLite. The audit log's "highest id handed out", which tells an
// entry cut off the end of the log (ADR 044), was read from the identity sequence; but a sequence is
// not transactional: an INSERT that the chain trigger refuses, or any rolled-back insert, still uses up
// a number, and the check then reported entries "removed from the end" that never existed. SQLite's
// sqlite_sequence is a table and rolls back. So on PostgreSQL:
// - audit_log.id loses its identity default: every entry is inserted with its id by upstream/audit.ts
//   (the trigger of 009 already refused any other insert);
// - audit_log_counter holds that highest id in one row, updated in the append's own transaction;
//   its trigger refuses a delete and an update that lowers it.
const statements = [
  "CREATE TABLE audit_log_counter (id INTEGER PRIMARY KEY CHECK (id = 1), last_id BIGINT NOT NULL)",
  `INSERT INTO audit_log_counter (id, last_id) VALUES (1, greatest(
     coalesce((SELECT last_value FROM pg_sequences WHERE schemaname = current_schema() AND sequencename = 'audit_log_id_seq'), 0),
     coalesce((SELECT max(id) FROM audit_log), 0)))`,
  "ALTER TABLE audit_log ALTER COLUMN id DROP IDENTITY IF EXISTS",
  `CREATE OR REPLACE FUNCTION audit_log_counter_guard() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' AND new.id = old.id AND new.last_id >= old.last_id THEN RETURN new; END IF;
     RAISE EXCEPTION 'audit_log_counter only grows (upstream/audit.ts)';
   END $$`,
  "CREATE TRIGGER audit_log_counter_guard BEFORE UPDATE OR DELETE ON audit_log_counter FOR EACH ROW EXECUTE FUNCTION audit_log_counter_guard()",
  "CREATE TRIGGER audit_log_counter_no_truncate BEFORE TRUNCATE ON audit_log_counter FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counter_guard()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw("DROP TABLE audit_log_counter").execute(db);
  await sql.raw("DROP FUNCTION audit_log_counter_guard()").execute(db);
}
