import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Issue 18 item 4, several portal processes on one database (ADR 057):
// - rate_hits: the public endpoints' rate limits (error reports, contact, registration and reset
//   mails), so that they hold across processes. One row a counted request: its bucket
//   ("<rule>:<client key>") and when (ms since the epoch); rows older than their rule's window go as
//   the bucket is hit again.
// - jobs.priority: a user's fresh upload is read before the backfill of older files (the seed's,
//   or a restored data directory's), whichever process queued them.
const statements = [
  `CREATE TABLE rate_hits (
     bucket TEXT NOT NULL,
     at INTEGER NOT NULL
   )`,
  "CREATE INDEX rate_hits_bucket_at ON rate_hits(bucket, at)",
  "CREATE INDEX rate_hits_at ON rate_hits(at)",
  "ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE rate_hits").execute(db);
  await sql.raw("ALTER TABLE jobs DROP COLUMN priority").execute(db);
}
