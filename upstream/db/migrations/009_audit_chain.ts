import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { pgAppendOnly } from "./004_trust";
import { GENESIS_HASH, entryHash, type ChainEntry } from "../../audit-chain";

// Issue 19 item 5 (ADR 044): the audit log becomes a hash chain. Each entry carries prev_hash and
// hash (upstream/audit-chain.ts); entries written before this migration are chained here, in id
// order. The append-only triggers of 004 stay (re-created: they are dropped while the existing rows
// get their hashes), and a new one refuses any insert that does not extend the chain's head: an
// entry without a hash, a second entry after the same head (a fork), or an id at or below the last.
const CHUNK = 5000;

const guards = [
  `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
  `CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
  `CREATE TRIGGER audit_log_chain_insert BEFORE INSERT ON audit_log
     WHEN new.hash IS NULL OR new.prev_hash IS NULL OR length(new.hash) <> 64
       OR new.prev_hash IS NOT coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), '${GENESIS_HASH}')
       OR new.id IS NULL OR new.id <= coalesce((SELECT max(id) FROM audit_log), 0)
     BEGIN SELECT RAISE(ABORT, 'audit_log entries are appended through the hash chain (upstream/audit.ts)'); END`,
];

/** PostgreSQL (ADR 056): the same refusal of an insert that does not extend the chain's head. */
const pgChainGuard = [
  `CREATE OR REPLACE FUNCTION audit_log_chain_check() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE head_hash TEXT; head_id BIGINT;
   BEGIN
     SELECT hash, id INTO head_hash, head_id FROM audit_log ORDER BY id DESC LIMIT 1;
     IF NEW.hash IS NULL OR NEW.prev_hash IS NULL OR length(NEW.hash) <> 64
        OR NEW.prev_hash IS DISTINCT FROM coalesce(head_hash, '${GENESIS_HASH}')
        OR NEW.id IS NULL OR NEW.id <= coalesce(head_id, 0) THEN
       RAISE EXCEPTION 'audit_log entries are appended through the hash chain (upstream/audit.ts)';
     END IF;
     RETURN NEW;
   END $$`,
  "CREATE OR REPLACE TRIGGER audit_log_chain_insert BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain_check()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql.raw(pg ? "DROP TRIGGER IF EXISTS audit_log_no_update ON audit_log" : "DROP TRIGGER IF EXISTS audit_log_no_update").execute(db);
  await sql.raw(pg ? "DROP TRIGGER IF EXISTS audit_log_no_delete ON audit_log" : "DROP TRIGGER IF EXISTS audit_log_no_delete").execute(db);
  await sql.raw("ALTER TABLE audit_log ADD COLUMN prev_hash TEXT").execute(db);
  await sql.raw("ALTER TABLE audit_log ADD COLUMN hash TEXT").execute(db);
  let prev = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const { rows } = await sql<ChainEntry>`SELECT id, created_at, user_id, action, entity, entity_id, organization_id, detail, ip
      FROM audit_log WHERE id > ${after} ORDER BY id LIMIT ${CHUNK}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const hash = entryHash(prev, row);
      await sql`UPDATE audit_log SET prev_hash = ${prev}, hash = ${hash} WHERE id = ${row.id}`.execute(db);
      prev = hash;
      after = row.id;
    }
  }
  if (pg) {
    for (const stmt of [...pgAppendOnly, ...pgChainGuard]) await sql.raw(stmt).execute(db);
    return;
  }
  for (const stmt of guards) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TRIGGER IF EXISTS audit_log_chain_insert").execute(db);
  await sql.raw("DROP TRIGGER IF EXISTS audit_log_no_update").execute(db);
  await sql.raw("DROP TRIGGER IF EXISTS audit_log_no_delete").execute(db);
  await sql.raw("ALTER TABLE audit_log DROP COLUMN hash").execute(db);
  await sql.raw("ALTER TABLE audit_log DROP COLUMN prev_hash").execute(db);
  await sql.raw(guards[0]!).execute(db);
  await sql.raw(guards[1]!).execute(db);
}
