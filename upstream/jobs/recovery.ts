// Recovery in seconds, not minutes (ADR 068). Every process that works the job queue registers a
// worker row and renews its heartbeat; each claim names its worker (job_claims). At start and every
// minute, a process looks for workers that are gone (their pid is dead on this host, or their
// heartbeat is stale) and releases their jobs at once, instead of waiting for the job's lease to run
// out. A job whose worker died twice while running it is quarantined: failed for good with the
// reason, never retried into a third crash. The same tables serve both engines (the `jobs` table on
// SQLite, pg-boss on PostgreSQL); only "release" and "quarantine" differ (RecoveryEngine).
import os from "node:os";
import crypto from "node:crypto";
import type { DB } from "../db";

/** A worker renews its row this often. */
export const HEARTBEAT_MS = 10_000;
/** A worker on another host whose heartbeat is older than this is gone (on this host: its pid is checked). */
export const STALE_AFTER_MS = 60_000;
/** Gone workers are looked for at start and this often. */
export const RECOVER_EVERY_MS = 60_000;
/** A job whose worker died this many times while running it is quarantined. */
export const QUARANTINE_AFTER_CRASHES = 2;

export const quarantineReason = (crashes: number) =>
  `Quarantined: the worker running this job stopped ${crashes} times while running it (the process crashed or was killed); it is not run again.`;

/** What each queue engine does for recovery. */
export interface RecoveryEngine {
  /** Puts a running job back in the queue, due now. False when it was no longer running. */
  release(jobId: string, kind: string): Promise<boolean>;
  /** Fails a running job for good with the reason; answers its payload, or null when it was no longer running. */
  quarantine(jobId: string, kind: string, reason: string): Promise<Record<string, unknown> | null>;
}

/** What a kind does when one of its jobs is quarantined (e.g. the text extraction marks its file failed). */
export type QuarantineHook = (kind: string, payload: Record<string, unknown>, reason: string) => Promise<void>;

export interface RecoveryResult {
  /** Workers found gone (their rows removed). */
  gone: number;
  released: number;
  quarantined: number;
}

/** The worker ids alive in this process (several upstreams may share one process and database in tests). */
const liveHere = new Set<string>();
const HOST = os.hostname();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** True when the worker of this row is gone (never one of this process's live workers). */
export function workerGone(w: { id: string; host: string; pid: number; heartbeat_at: string }, nowMs: number): boolean {
  if (liveHere.has(w.id)) return false;
  if (w.host === HOST) {
    // This process's own pid under another id: an earlier run of a process that got the same pid
    // (a container's pid 1 after a restart).
    if (w.pid === process.pid) return true;
    if (!pidAlive(w.pid)) return true;
  }
  return Date.parse(w.heartbeat_at) < nowMs - STALE_AFTER_MS;
}

/** Counts kept for the admin's OCR Status view (kv rows). */
export const RECOVERY_COUNTERS = { released: "jobs.recovery.released", quarantined: "jobs.recovery.quarantined" } as const;

export async function bumpCounter(db: DB, key: string, by: number) {
  if (by <= 0) return;
  await db
    .insertInto("kv")
    .values({ key, value: String(by) })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.cast<string>(eb(eb.cast<number>("kv.value", "integer"), "+", by), "text") })))
    .execute();
}

export async function readCounter(db: DB, key: string): Promise<number> {
  const r = await db.selectFrom("kv").select("value").where("key", "=", key).executeTakeFirst();
  return Number(r?.value ?? 0) || 0;
}

/**
 * Releases (or quarantines) the jobs of workers that are gone, and removes those workers' rows.
 * Safe to run in several processes at once: a claim is handled by whoever deletes it.
 */
export async function recoverJobs(db: DB, engine: RecoveryEngine, opts: { now?: () => number; onQuarantine?: QuarantineHook } = {}): Promise<RecoveryResult> {
  const now = (opts.now ?? Date.now)();
  const workers = await db.selectFrom("job_workers").selectAll().execute();
  const known = new Set(workers.map((w) => w.id));
  const gone = workers.filter((w) => workerGone(w, now)).map((w) => w.id);
  // Claims whose worker row is gone (removed by another recoverer before its claims were handled).
  const claims = await db.selectFrom("job_claims").selectAll().execute();
  const orphaned = claims.filter((c) => gone.includes(c.worker_id) || (!known.has(c.worker_id) && !liveHere.has(c.worker_id)));
  let released = 0;
  let quarantined = 0;
  for (const claim of orphaned) {
    const del = await db.deleteFrom("job_claims").where("job_id", "=", claim.job_id).where("worker_id", "=", claim.worker_id).executeTakeFirst();
    if (Number(del.numDeletedRows) === 0) continue; // another process took care of it
    const crashes = await addCrash(db, claim.job_id);
    if (crashes >= QUARANTINE_AFTER_CRASHES) {
      const reason = quarantineReason(crashes);
      const payload = await engine.quarantine(claim.job_id, claim.kind, reason);
      await db.deleteFrom("job_crashes").where("job_id", "=", claim.job_id).execute();
      if (payload) {
        quarantined++;
        console.error(`[jobs] ${claim.kind} #${claim.job_id} quarantined after ${crashes} crashes of its worker`);
        try {
          await opts.onQuarantine?.(claim.kind, payload, reason);
        } catch (err) {
          console.error("[jobs] quarantine clean-up failed", err);
        }
      }
    } else if (await engine.release(claim.job_id, claim.kind)) {
      released++;
      console.warn(`[jobs] ${claim.kind} #${claim.job_id} released at once: its worker is gone`);
    }
  }
  if (gone.length) await db.deleteFrom("job_workers").where("id", "in", gone).execute();
  await bumpCounter(db, RECOVERY_COUNTERS.released, released);
  await bumpCounter(db, RECOVERY_COUNTERS.quarantined, quarantined);
  return { gone: gone.length, released, quarantined };
}

/** One more crash of a job; answers the new count. */
export async function addCrash(db: DB, jobId: string): Promise<number> {
  await db
    .insertInto("job_crashes")
    .values({ job_id: jobId, crashes: 1 })
    .onConflict((oc) => oc.column("job_id").doUpdateSet((eb) => ({ crashes: eb("job_crashes.crashes", "+", 1) })))
    .execute();
  const r = await db.selectFrom("job_crashes").select("crashes").where("job_id", "=", jobId).executeTakeFirst();
  return Number(r?.crashes ?? 1);
}

/** Crashes counted so far for a job (0 when none). */
export async function crashesOf(db: DB, jobId: string): Promise<number> {
  const r = await db.selectFrom("job_crashes").select("crashes").where("job_id", "=", jobId).executeTakeFirst();
  return Number(r?.crashes ?? 0);
}

export interface WorkerRegistration {
  id: string;
  /** Records that this worker runs a job. */
  claimed(jobId: string, kind: string): Promise<void>;
  /** The job's run is over: its claim goes, and its crash count when the job is done or failed for good. */
  finished(jobId: string, final: boolean): Promise<void>;
  /** Stops the heartbeat and recovery timers, releases what this worker still runs, and removes its row. */
  stop(release: (jobId: string, kind: string) => Promise<boolean>): Promise<void>;
}

/**
 * Registers a worker (row + heartbeat), runs recovery once before answering, then every
 * RECOVER_EVERY_MS. Timers are unref'd: they never keep a process alive.
 */
export async function registerWorker(db: DB, engine: RecoveryEngine, opts: { now?: () => number; onQuarantine?: QuarantineHook; heartbeatMs?: number; recoverEveryMs?: number } = {}): Promise<WorkerRegistration> {
  const now = opts.now ?? Date.now;
  const id = `${HOST}:${process.pid}:${crypto.randomBytes(6).toString("hex")}`;
  liveHere.add(id);
  const t = iso(now());
  await db.insertInto("job_workers").values({ id, host: HOST, pid: process.pid, started_at: t, heartbeat_at: t }).execute();
  const recover = () => recoverJobs(db, engine, { now, onQuarantine: opts.onQuarantine });
  try {
    await recover();
  } catch (err) {
    console.error("[jobs] recovery at start failed", err);
  }
  let stopped = false;
  const heartbeat = setInterval(() => {
    if (stopped) return;
    const at = iso(now());
    // An upsert: a row another process removed (it thought this worker gone) comes back.
    db.insertInto("job_workers")
      .values({ id, host: HOST, pid: process.pid, started_at: at, heartbeat_at: at })
      .onConflict((oc) => oc.column("id").doUpdateSet({ heartbeat_at: at }))
      .execute()
      .catch(() => {});
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref?.();
  const recovery = setInterval(() => {
    if (stopped) return;
    recover().catch((err) => console.error("[jobs] recovery failed", err));
  }, opts.recoverEveryMs ?? RECOVER_EVERY_MS);
  recovery.unref?.();
  return {
    id,
    async claimed(jobId, kind) {
      await db
        .insertInto("job_claims")
        .values({ job_id: jobId, kind, worker_id: id, claimed_at: iso(now()) })
        .onConflict((oc) => oc.column("job_id").doUpdateSet({ worker_id: id, kind, claimed_at: iso(now()) }))
        .execute();
    },
    async finished(jobId, final) {
      await db.deleteFrom("job_claims").where("job_id", "=", jobId).where("worker_id", "=", id).execute();
      if (final) await db.deleteFrom("job_crashes").where("job_id", "=", jobId).execute();
    },
    async stop(release) {
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(recovery);
      try {
        // Jobs still running after the grace: back in the queue at once (a graceful stop is no crash).
        const mine = await db.selectFrom("job_claims").select(["job_id", "kind"]).where("worker_id", "=", id).execute();
        for (const c of mine) {
          await release(c.job_id, c.kind);
          await db.deleteFrom("job_claims").where("job_id", "=", c.job_id).where("worker_id", "=", id).execute();
        }
        await db.deleteFrom("job_workers").where("id", "=", id).execute();
      } catch {
        /* the database closed under us: the next start recovers */
      } finally {
        liveHere.delete(id);
      }
    },
  };
}
