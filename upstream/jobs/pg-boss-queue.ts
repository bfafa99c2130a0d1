// The job queue on PostgreSQL (ADR 059): the JobQueue interface on pg-boss 10, in its own schema
// (`pgboss`) of the same database, so any number of portal and `npm run worker` processes share it.
// pg-boss claims with FOR UPDATE SKIP LOCKED (no job runs twice at once), retries with exponential
// back-off, expires a job whose worker died and archives finished jobs. What pg-boss does not do
// the way the SQLite queue does, this module adds:
// - one open job per dedupe key (pg-boss's "standard" queues do not enforce their singletonKey):
//   the check and the insert run in one transaction under an advisory lock on the key;
// - claim() without a kind: the best due job over every queue (priority, then age) names the
//   queue to fetch from;
// - the new status after a failure, and counts in the portal's four statuses.
// pg-boss reads the database's clock: QueueOptions.now (a test's manual clock) does not move it.
import PgBoss from "pg-boss";
import { CompiledQuery, sql, type Expression, type Kysely } from "kysely";
import { jsonValues } from "../db/dialect";
import type { DB } from "../db";
import type { JobStatus } from "../db/schema";
import { runWorkerLoops, type Job, type JobQueue, type QueueOptions } from "./queue";
import { registerWorker } from "./recovery";

/** pg-boss's schema in the portal's database. */
export const PGBOSS_SCHEMA = "pgboss";
/** Attempts of a job enqueued without maxAttempts (as the SQLite `jobs.max_attempts` default). */
const DEFAULT_MAX_ATTEMPTS = 5;
/** How often a process that works the queue runs pg-boss's maintenance (expire, archive, drop). */
const MAINTENANCE_MS = 60_000;
/** pg-boss's errors (a lost connection, every poll) are logged at most this often. */
const ERROR_LOG_MS = 60_000;

/** pg-boss's state → the portal's status. */
const STATUS: Record<string, JobStatus> = { created: "queued", retry: "queued", active: "running", completed: "done", failed: "failed", cancelled: "failed" };

/** pg-boss's `db` option for statements that must run in a Kysely transaction of ours. */
const bossDb = (trx: Kysely<any>): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as any[] }),
});

export async function createPgBossQueue(db: DB, opts: QueueOptions & { databaseUrl: string; schema?: string }): Promise<JobQueue> {
  const schema = opts.schema ?? PGBOSS_SCHEMA;
  const jobTable = sql.id(schema, "job");
  const archiveTable = sql.id(schema, "archive");
  // pg-boss counts in whole seconds: the first retry waits 1-2 × base (it adds jitter), then doubles.
  const retryDelay = Math.max(1, Math.round((opts.backoffBaseMs ?? 30_000) / 1000));
  const expireInSeconds = Math.max(1, Math.round((opts.lockMs ?? 10 * 60_000) / 1000));
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema,
    max: 4,
    application_name: "aero-jobs",
    // No intervals of pg-boss's own (they are not unref'd and would keep a test or a script alive):
    // no cron scheduler, no state monitor, and maintenance on our own unref'd timer (start()).
    schedule: false,
    supervise: false,
    migrate: true,
  });
  let lastErrorLog = 0;
  let closed = false;
  // An EventEmitter without an "error" listener throws; log, but not once per poll. After close,
  // nothing: pg's pool.end() does not wait for the sockets, and a connection ended while the
  // database goes away (a test dropping it) reports "terminating connection" once more.
  boss.on("error", (err) => {
    if (closed) return;
    const t = Date.now();
    if (t - lastErrorLog < ERROR_LOG_MS) return;
    lastErrorLog = t;
    console.error("[jobs] pg-boss:", err instanceof Error ? err.message : err);
  });
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  /** A kind's queue, created on first use (create_queue is idempotent across processes). */
  const ensureQueue = (name: string) => {
    let p = queues.get(name);
    if (!p) {
      p = boss.createQueue(name, { name, policy: "standard", retryLimit: DEFAULT_MAX_ATTEMPTS - 1, retryDelay, retryBackoff: true, expireInSeconds });
      p.catch(() => queues.delete(name));
      queues.set(name, p);
    }
    return p;
  };
  const wakers = new Set<() => void>();

  const queue: JobQueue = {
    async enqueue(kind, payload, o = {}) {
      await ensureQueue(kind);
      const options: PgBoss.SendOptions = {
        priority: o.priority ?? 0,
        retryLimit: Math.max(0, (o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1),
        retryDelay,
        retryBackoff: true,
        expireInSeconds,
        // Relative seconds: the database's clock decides when a job is due.
        ...(o.runAfterMs && o.runAfterMs > 0 ? { startAfter: Math.ceil(o.runAfterMs / 1000) } : {}),
      };
      let id: string | null;
      const key = o.dedupeKey;
      if (key) {
        // One open (queued or running) job per key, as the SQLite queue's partial unique index:
        // enqueuers of one key queue on the advisory lock, so the check and the insert are atomic.
        id = await db.transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(hashtext(${`aero-jobs:${kind}:${key}`}))`.execute(trx);
          const open = await sql`SELECT 1 FROM ${jobTable} WHERE name = ${kind} AND singleton_key = ${key} AND state < 'completed' LIMIT 1`.execute(trx);
          if (open.rows.length) return null;
          return boss.send(kind, payload, { ...options, singletonKey: key, db: bossDb(trx) });
        });
      } else {
        id = await boss.send(kind, payload, options);
      }
      if (id) queue.poke();
      return id;
    },
    async claim() {
      if (closed) return null;
      // Another worker may take the job named by the look-up first: then look again.
      for (let i = 0; i < 3; i++) {
        const next = await sql<{ name: string }>`
          SELECT name FROM ${jobTable} WHERE state < 'active' AND start_after < now()
          ORDER BY priority DESC, created_on, id LIMIT 1`.execute(db);
        const name = next.rows[0]?.name;
        if (!name) return null;
        const [j] = await boss.fetch<Record<string, unknown>>(name, { includeMetadata: true, priority: true, batchSize: 1 });
        // pg-boss counts retries (the first run is retry 0); the portal counts attempts.
        if (j) return { id: j.id, kind: j.name, payload: j.data ?? {}, attempts: j.retryCount + 1, max_attempts: j.retryLimit + 1 } satisfies Job;
      }
      return null;
    },
    async complete(job) {
      await boss.complete(job.kind, String(job.id));
    },
    async fail(job, error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      await boss.fail(job.kind, String(job.id), { message });
      // pg-boss retries while retry_count < retry_limit, i.e. while attempts < max_attempts.
      return job.attempts >= job.max_attempts ? "failed" : "queued";
    },
    async counts(kind) {
      // Finished jobs move to the archive after 12 hours (and leave it after 7 days); a job never
      // started within 14 days is archived unfinished: it counts as failed.
      const rows = await sql<{ state: string; n: number }>`
        SELECT state, count(*) AS n FROM (
          SELECT name, state::text AS state FROM ${jobTable}
          UNION ALL
          SELECT name, CASE WHEN state < 'completed' THEN 'failed' ELSE state::text END FROM ${archiveTable}
        ) j ${kind ? sql`WHERE name = ${kind}` : sql``} GROUP BY state`.execute(db);
      const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows.rows) out[STATUS[r.state] ?? "failed"] += Number(r.n);
      return out;
    },
    async pending(kind, filter) {
      const ids = filter ? (Array.isArray(filter.ids) ? jsonValues(db, filter.ids as number[]) : (filter.ids as Expression<unknown>)) : null;
      const rows = await sql<{ state: string; n: number }>`
        SELECT state::text AS state, count(*) AS n FROM ${jobTable}
        WHERE name = ${kind} AND state < 'completed'
        ${filter && ids ? sql`AND (data ->> ${filter.payloadKey}::text)::bigint IN (${ids})` : sql``}
        GROUP BY state`.execute(db);
      const out = { queued: 0, running: 0 };
      for (const r of rows.rows) {
        const s = STATUS[r.state];
        if (s === "queued" || s === "running") out[s] += Number(r.n);
      }
      return out;
    },
    poke() {
      for (const w of [...wakers]) w();
    },
    start(handlers, o = {}) {
      const stopLoops = runWorkerLoops(queue, handlers, wakers, {
        ...o,
        register: () => registerWorker(db, queue.recovery, { onQuarantine: o.onQuarantine, heartbeatMs: o.heartbeatMs, recoverEveryMs: o.recoverEveryMs }),
      });
      // The processes that work the queue keep it: a job whose worker died is released by the
      // recovery (recovery.ts) at once, and retried by pg-boss once its expiry passed as the last
      // resort; finished jobs are archived. pg-boss takes an advisory lock for each step.
      const maintenance = setInterval(() => {
        boss.maintain().catch((err) => boss.emit("error", err));
      }, MAINTENANCE_MS);
      maintenance.unref();
      return async (graceMs) => {
        clearInterval(maintenance);
        await stopLoops(graceMs);
      };
    },
    recovery: {
      // Plain updates of pg-boss's job row: "retry" due now is what its fetch takes next (and counts
      // as one more attempt, since the job had started); "failed" with the reason as its output.
      async release(jobId, kind) {
        const r = await sql`UPDATE ${jobTable} SET state = 'retry', start_after = now() WHERE name = ${kind} AND id = ${jobId}::uuid AND state = 'active'`.execute(db);
        const n = Number(r.numAffectedRows ?? 0);
        if (n > 0) queue.poke();
        return n > 0;
      },
      async quarantine(jobId, kind, reason) {
        const r = await sql<{ data: Record<string, unknown> | null }>`
          UPDATE ${jobTable} SET state = 'failed', completed_on = now(), output = ${JSON.stringify({ message: reason })}::jsonb
          WHERE name = ${kind} AND id = ${jobId}::uuid AND state = 'active' RETURNING data`.execute(db);
        return r.rows.length ? (r.rows[0].data ?? {}) : null;
      },
    },
    async close() {
      if (closed) return;
      closed = true;
      queue.poke();
      await boss.stop({ graceful: false, close: true });
    },
  };
  return queue;
}
