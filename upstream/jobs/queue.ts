// The durable job queue (ADR 039): rows in the `jobs` table of the same database, so a queued job
// survives a restart. A worker claims the next due job with one UPDATE (atomic in SQLite, safe for
// several processes on one database file), runs it, and marks it done, or schedules a retry with
// exponential back-off until max_attempts, then marks it failed. A job whose worker died is released
// at once by the next recovery (recovery.ts, ADR 068: heartbeats, claims, quarantine after 2
// crashes); its lock's expiry stays as the last resort. On PostgreSQL the same interface is
// implemented on pg-boss (pg-boss-queue.ts, ADR 059); `openJobQueue` picks the engine's.
import { isPostgres, jsonGetId, jsonValues } from "../db/dialect";
import { sql, type Expression } from "kysely";
import type { DB } from "../db";
import type { JobStatus } from "../db/schema";
import { registerWorker, type QuarantineHook, type RecoveryEngine, type WorkerRegistration } from "./recovery";

/** A job's id: the `jobs` row's integer id on SQLite, pg-boss's uuid on PostgreSQL. */
export type JobId = number | string;

export interface Job {
  id: JobId;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface StartOptions {
  concurrency?: number;
  idleMs?: number;
  /** What a kind does when one of its jobs is quarantined (recovery.ts). */
  onQuarantine?: QuarantineHook;
  /** Heartbeat and recovery periods (tests shorten them). */
  heartbeatMs?: number;
  recoverEveryMs?: number;
}

export interface QueueOptions {
  /** Milliseconds since the epoch; Date.now by default (tests move time). */
  now?: () => number;
  /** Back-off before retry n (1-based): base * 2^(n-1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claim holds before another worker may take the job again. */
  lockMs?: number;
}

/**
 * Which open jobs of a kind `pending` counts: those whose payload's `payloadKey` (an integer id) is
 * in `ids`, a list or a subquery of the same database selecting one id column.
 */
export interface PendingFilter {
  payloadKey: string;
  ids: readonly number[] | Expression<unknown>;
}

export interface JobQueue {
  /**
   * `priority`: higher first among the due jobs (default 0; a backfill of old files uses -1).
   * `dedupeKey`: at most one open (queued or running) job per key; a second enqueue returns null.
   */
  enqueue(kind: string, payload: Record<string, unknown>, opts?: { dedupeKey?: string; runAfterMs?: number; maxAttempts?: number; priority?: number }): Promise<JobId | null>;
  /** Claims the next due job (status queued, run_after <= now, or an expired lock), highest priority first, or null. */
  claim(): Promise<Job | null>;
  complete(job: Job): Promise<void>;
  /** Schedules a retry with back-off, or marks the job failed after its last attempt. Returns the new status. */
  fail(job: Job, error: unknown): Promise<JobStatus>;
  counts(kind?: string): Promise<Record<JobStatus, number>>;
  /** Open jobs of `kind` (optionally only those whose payload points at one of `filter.ids`): queued and running. */
  pending(kind: string, filter?: PendingFilter): Promise<{ queued: number; running: number }>;
  /**
   * Registers a worker (heartbeat, recovery at start and every minute; recovery.ts) and runs
   * `concurrency` worker loops in-process; returns a stop function that waits up to `graceMs` for
   * running jobs, then puts what still runs back in the queue.
   */
  start(handlers: Record<string, JobHandler>, opts?: StartOptions): (graceMs?: number) => Promise<void>;
  /** Release and quarantine of a running job, for recovery (recovery.ts). */
  readonly recovery: RecoveryEngine;
  /** Wakes idle worker loops (after an enqueue). */
  poke(): void;
  /** Releases what the queue holds (pg-boss's pool and timers); the database itself is the caller's. */
  close(): Promise<void>;
}

/** The engine's queue: the `jobs` table on SQLite, pg-boss (ADR 059) when `databaseUrl` is set. */
export async function openJobQueue(db: DB, opts: QueueOptions & { databaseUrl?: string }): Promise<JobQueue> {
  if (!opts.databaseUrl) return createJobQueue(db, opts);
  // Loaded only on PostgreSQL: a SQLite process never needs pg-boss.
  const { createPgBossQueue } = await import("./pg-boss-queue");
  return createPgBossQueue(db, { ...opts, databaseUrl: opts.databaseUrl });
}

const iso = (ms: number) => new Date(ms).toISOString();

export function backoffMs(attempt: number, base: number, max: number) {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

export function createJobQueue(db: DB, opts: QueueOptions = {}): JobQueue {
  const now = opts.now ?? Date.now;
  const base = opts.backoffBaseMs ?? 30_000;
  const max = opts.backoffMaxMs ?? 30 * 60_000;
  const lockMs = opts.lockMs ?? 10 * 60_000;
  const wakers = new Set<() => void>();

  const queue: JobQueue = {
    async enqueue(kind, payload, o = {}) {
      const r = await db
        .insertInto("jobs")
        .values({
          kind,
          payload: JSON.stringify(payload),
          dedupe_key: o.dedupeKey ?? null,
          run_after: iso(now() + (o.runAfterMs ?? 0)),
          ...(o.maxAttempts ? { max_attempts: o.maxAttempts } : {}),
          ...(o.priority ? { priority: o.priority } : {}),
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      if (r) queue.poke();
      return r?.id ?? null;
    },
    async claim() {
      const t = now();
      // PostgreSQL: concurrent claimers skip a row another is claiming (SQLite has one writer at a time).
      const skipLocked = isPostgres(db) ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const row = await sql<{ id: number; kind: string; payload: string; attempts: number; max_attempts: number }>`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${iso(t + lockMs)}, updated_at = ${iso(t)}
        WHERE id = (
          SELECT id FROM jobs
          WHERE (status = 'queued' AND run_after <= ${iso(t)}) OR (status = 'running' AND locked_until < ${iso(t)})
          ORDER BY priority DESC, run_after, id LIMIT 1 ${skipLocked}
        )
        RETURNING id, kind, payload, attempts, max_attempts`.execute(db);
      const r = row.rows[0];
      if (!r) return null;
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse(r.payload);
      } catch {
        /* a broken payload fails in its handler */
      }
      return { id: r.id, kind: r.kind, payload, attempts: r.attempts, max_attempts: r.max_attempts };
    },
    async complete(job) {
      await db.updateTable("jobs").set({ status: "done", locked_until: null, last_error: null, updated_at: iso(now()) }).where("id", "=", Number(job.id)).execute();
    },
    async fail(job, error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const t = now();
      const status: JobStatus = job.attempts >= job.max_attempts ? "failed" : "queued";
      await db
        .updateTable("jobs")
        .set({ status, locked_until: null, last_error: message, updated_at: iso(t), run_after: iso(t + backoffMs(job.attempts, base, max)) })
        .where("id", "=", Number(job.id))
        .execute();
      return status;
    },
    async counts(kind) {
      let q = db.selectFrom("jobs").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status");
      if (kind) q = q.where("kind", "=", kind);
      const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of await q.execute()) out[r.status as JobStatus] = Number(r.n);
      return out;
    },
    poke() {
      for (const w of [...wakers]) w();
    },
    async pending(kind, filter) {
      let q = db.selectFrom("jobs").select(["jobs.status", (eb) => eb.fn.countAll<number>().as("n")]).where("jobs.kind", "=", kind).where("jobs.status", "in", ["queued", "running"]).groupBy("jobs.status");
      if (filter) {
        const ids = Array.isArray(filter.ids) ? jsonValues(db, filter.ids as number[]) : (filter.ids as Expression<unknown>);
        q = q.where(sql<boolean>`${jsonGetId(db, sql`jobs.payload`, filter.payloadKey)} IN (${ids})`);
      }
      const out = { queued: 0, running: 0 };
      for (const r of await q.execute()) out[r.status as "queued" | "running"] = Number(r.n);
      return out;
    },
    start(handlers, o = {}) {
      return runWorkerLoops(queue, handlers, wakers, { ...o, register: () => registerWorker(db, queue.recovery, { now, onQuarantine: o.onQuarantine, heartbeatMs: o.heartbeatMs, recoverEveryMs: o.recoverEveryMs }) });
    },
    recovery: {
      async release(jobId) {
        const r = await db
          .updateTable("jobs")
          .set({ status: "queued", locked_until: null, run_after: iso(now()), updated_at: iso(now()) })
          .where("id", "=", Number(jobId))
          .where("status", "=", "running")
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) > 0) queue.poke();
        return Number(r.numUpdatedRows) > 0;
      },
      async quarantine(jobId, _kind, reason) {
        const r = await db
          .updateTable("jobs")
          .set({ status: "failed", locked_until: null, last_error: reason.slice(0, 2000), updated_at: iso(now()) })
          .where("id", "=", Number(jobId))
          .where("status", "=", "running")
          .returning("payload")
          .executeTakeFirst();
        if (!r) return null;
        try {
          return JSON.parse(r.payload) as Record<string, unknown>;
        } catch {
          return {};
        }
      },
    },
    async close() {},
  };
  return queue;
}

/**
 * `concurrency` loops that claim, run and complete (or fail) jobs, idle `idleMs` (or until poked)
 * when nothing is due; the stop function waits up to `graceMs` for the running jobs. One loop for
 * both engines: only claim/complete/fail differ.
 */
export function runWorkerLoops(
  queue: Pick<JobQueue, "claim" | "complete" | "fail" | "poke" | "recovery">,
  handlers: Record<string, JobHandler>,
  wakers: Set<() => void>,
  o: { concurrency?: number; idleMs?: number; register?: () => Promise<WorkerRegistration> } = {},
): (graceMs?: number) => Promise<void> {
  const concurrency = Math.max(1, o.concurrency ?? 1);
  const idleMs = o.idleMs ?? 2000;
  let stopped = false;
  let registration: WorkerRegistration | null = null;
  const loop = async () => {
    while (!stopped) {
      let job: Job | null = null;
      try {
        job = await queue.claim();
        // Claimed and recorded as this worker's: if this process dies now, the next recovery
        // (here after a restart, or in any other process) puts the job back at once.
        if (job && registration) await registration.claimed(String(job.id), job.kind);
      } catch (err) {
        if (stopped) return; // the database closed under us
        console.error("[jobs] claim failed", err);
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, idleMs);
          timer.unref?.();
          function done() {
            clearTimeout(timer);
            wakers.delete(done);
            resolve();
          }
          wakers.add(done);
        });
        continue;
      }
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
        await handler(job);
        await queue.complete(job);
        await registration?.finished(String(job.id), true).catch(() => {});
      } catch (err) {
        try {
          const status = await queue.fail(job, err);
          if (status === "failed") console.error(`[jobs] ${job.kind} #${job.id} failed after ${job.attempts} attempts:`, err instanceof Error ? err.message : err);
          await registration?.finished(String(job.id), status === "failed");
        } catch {
          /* database closed while stopping */
        }
      }
    }
  };
  // Start after the current tick so that createUpstream returns first, and after this worker is
  // registered and the jobs of gone workers are released (recovery at start).
  const loops: Promise<void>[] = [];
  const ready = (async () => {
    await new Promise((r) => setTimeout(r, 0));
    if (stopped) return;
    if (o.register) {
      try {
        registration = await o.register();
      } catch (err) {
        if (stopped) return;
        console.error("[jobs] worker registration failed; working without a heartbeat", err);
      }
    }
    if (stopped) return;
    for (let i = 0; i < concurrency; i++) loops.push(loop());
  })();
  return async (graceMs = 5000) => {
    stopped = true;
    queue.poke();
    await ready;
    // A long job (a scanned PDF) is not waited for beyond the grace: what still runs is put back in
    // the queue at once (registration.stop), so another process takes it without waiting for a lease.
    await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, graceMs).unref?.())]);
    await registration?.stop((id, kind) => queue.recovery.release(id, kind));
  };
}
