import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Recovery in seconds (ADR 068), on SQLite and on PostgreSQL alike (plain tables beside either queue):
// - job_workers: every process that works the queue has a row and renews its heartbeat; a worker whose
//   process is gone (its pid is dead on this host, or its heartbeat is stale) is known at once.
// - job_claims: which worker runs which job (the `jobs` row's id, or pg-boss's uuid). A claim of a
//   gone worker is released at once (or quarantined), instead of waiting for the job's lease.
// - job_crashes: how often a job's worker died while running it (a quarantine after 2).
// - upload_intents: every key prefix an upload link was issued for; a prefix whose record never
//   arrived is swept after a grace period (its blobs that no row names are removed).
const statements = [
  `CREATE TABLE job_workers (
     id TEXT PRIMARY KEY,
     host TEXT NOT NULL,
     pid INTEGER NOT NULL,
     started_at TEXT NOT NULL,
     heartbeat_at TEXT NOT NULL
   )`,
  `CREATE TABLE job_claims (
     job_id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     worker_id TEXT NOT NULL,
     claimed_at TEXT NOT NULL
   )`,
  "CREATE INDEX job_claims_worker ON job_claims(worker_id)",
  `CREATE TABLE job_crashes (
     job_id TEXT PRIMARY KEY,
     crashes INTEGER NOT NULL
   )`,
  `CREATE TABLE upload_intents (
     prefix TEXT PRIMARY KEY,
     issued_at TEXT NOT NULL,
     swept_at TEXT
   )`,
  "CREATE INDEX upload_intents_open ON upload_intents(swept_at, issued_at)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["job_workers", "job_claims", "job_crashes", "upload_intents"]) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
