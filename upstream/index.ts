// The embedded upstream: both APIs and the blob store, built from one set of seams (context.ts).
import { setMaxListeners } from "node:events";
import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { openDatabase } from "./db";
import { withRequestScope } from "./db/request-scope";
import type { Deps, HonoEnv, UpstreamConfig } from "./context";
import { createAudit, createPgAudit } from "./audit";
import { createLocalBlobStore } from "./blob/local";
import { createS3BlobStore } from "./blob/s3";
import { createFtsSearch } from "./search/fts";
import { mainThreadReader } from "./db/sql-reader";
import { createPgSearch } from "./search/pg";
import { createMailer } from "./mail/outbox";
import { onError } from "./http";
import { requireAuth } from "./auth";
import { registerAuthRoutes } from "./main/auth";
import { registerUserRoutes } from "./main/user";
import { registerShellRoutes } from "./main/shell";
import { registerStorageRoutes } from "./main/storage";
import { registerRecordsRoutes } from "./main/records";
import { registerInventoryRoutes } from "./main/inventory";
import { registerOcrRoutes } from "./main/ocr";
import { registerLinkRoutes } from "./main/links";
import { registerConsultantRoutes } from "./main/consultant";
import { registerAdminRoutes, startAdminWorkers } from "./main/admin";
import { registerOpsRoutes } from "./ops/routes";
import { ensureSpeedTestFiles } from "./blob/speedtest-files";
import { openJobQueue } from "./jobs/queue";
import { queueMissingExtraction } from "./jobs/extract-text";
import { createExtractSandbox, DEFAULT_EXTRACT_LIMITS } from "./jobs/extract-sandbox";
import { jobHandlers, quarantineHook } from "./jobs/handlers";
import { TRASH_SWEEP_EVERY_MS, TRASH_SWEEP_JOB } from "./records/trash";
import { ORPHAN_SWEEP_EVERY_MS, ORPHAN_SWEEP_JOB } from "./blob/orphans";

import type { UpstreamCallMeta, UpstreamHandler } from "./client-address";

export type { UpstreamConfig, Deps } from "./context";
export type { UpstreamCallMeta, UpstreamHandler } from "./client-address";

export interface Upstream {
  /**
   * Main API (storage, consultant, client, user, error): a Web-standard handler. `meta.clientIp` is
   * the caller's address as the entry point established it (client-address.ts); without it the
   * caller has no address (no whitelist passes for a restricted organization).
   */
  main: UpstreamHandler;
  /** Ops/oil API (/v1/...). */
  ops: UpstreamHandler;
  /** Blob store (signed POST uploads, signed GETs). */
  blob: (request: Request) => Promise<Response>;
  deps: Deps;
  /**
   * Runs due jobs in this call until none is left (or `max` ran): for tests and the bench, which
   * start the upstream with jobWorkers 0. Returns how many jobs ran.
   */
  drainJobs: (max?: number) => Promise<number>;
  close: () => Promise<void>;
}

/** Hono's env binding for one call: only the address, copied, so nothing else rides along. */
const callMeta = (meta?: UpstreamCallMeta): UpstreamCallMeta => ({ clientIp: typeof meta?.clientIp === "string" ? meta.clientIp : null });

/**
 * An in-process call that honours its request's signal as fetch() does: refused when the signal has
 * already aborted (the handler does not run), and rejected as soon as it aborts (the caller stops
 * waiting). The handler runs in the request's scope (db/request-scope.ts): once the signal aborts,
 * its further queries are not run unless it has already written. The portal's request signal rides
 * on every call it makes, so a page whose browser went away makes no further calls.
 */
function abortable(request: Request, run: () => Response | Promise<Response>): Promise<Response> {
  const signal = request.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  // A page's parallel calls and their queued reads (db/reader-pool.ts) each listen to this one
  // signal while they wait: more than Node's default 10 under load is expected, not a leak (each
  // listener goes when its call or read ends).
  setMaxListeners(0, signal);
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    new Promise<Response>((answer) => answer(withRequestScope(signal, run)))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Every route of the main API (one list: the OpenAPI test reads it too): the public sign-in flows,
 *  then, behind `signedIn`, the rest. */
export function registerMainRoutes(app: Hono<HonoEnv>, signedIn?: MiddlewareHandler<HonoEnv>) {
  registerAuthRoutes(app);
  if (signedIn) app.use("*", signedIn);
  registerUserRoutes(app);
  registerShellRoutes(app);
  registerStorageRoutes(app);
  registerRecordsRoutes(app);
  registerInventoryRoutes(app);
  registerOcrRoutes(app);
  registerLinkRoutes(app);
  registerConsultantRoutes(app);
  registerAdminRoutes(app);
}

export async function createUpstream(config: UpstreamConfig): Promise<Upstream> {
  // SQLite reads run on reader threads (ADR 083); `reader` is them behind the raw-SQL interface.
  const { db, sqlite, reader, close } = await openDatabase(config.dataDir, { databaseUrl: config.databaseUrl });
  // S3-compatible storage when S3_* is configured (ADR 055), else the local blob directory.
  const blob = config.s3 ? createS3BlobStore(config.s3, config) : createLocalBlobStore(path.join(config.dataDir, "blobs"), config);
  const clock = config.clock;
  // The `jobs` table on SQLite; pg-boss in the same database on PostgreSQL (ADR 059).
  let jobs: Deps["jobs"];
  try {
    jobs = await openJobQueue(db, { databaseUrl: config.databaseUrl, now: clock ? () => clock.now() : undefined });
  } catch (err) {
    await close();
    throw err;
  }
  const deps: Deps = {
    db,
    jobs,
    blob,
    search: sqlite ? createFtsSearch(sqlite, reader ?? mainThreadReader(sqlite)) : createPgSearch(db),
    mail: createMailer(db, config),
    audit: sqlite ? createAudit(db, sqlite) : createPgAudit(db),
    config,
  };
  await ensureSpeedTestFiles(blob);

  const withDeps = (app: Hono<HonoEnv>) => {
    app.use("*", async (c, next) => {
      c.set("deps", deps);
      await next();
    });
    app.onError(onError);
    app.notFound((c) => c.json({ error: "No such endpoint." }, 404));
    return app;
  };

  // Main API: public auth flows first, then everything behind requireAuth.
  const main = withDeps(new Hono<HonoEnv>());
  main.get("/healthz.json", async (c) => {
    await deps.db.selectFrom("kv").select("key").limit(1).execute();
    return c.json({ ok: true });
  });
  registerMainRoutes(main, requireAuth());

  const ops = withDeps(new Hono<HonoEnv>());
  registerOpsRoutes(ops, requireAuth());

  const stopAdminWorkers = config.adminWorkers === false ? () => {} : startAdminWorkers(deps);

  // Background jobs (ADR 039): the worker loops start after this function returns and never
  // block start-up; files without an extraction row (older data) are queued once at start.
  // Every file is read in a child process with memory and time caps (ADR 068), never in this one.
  const sandbox = createExtractSandbox(config.extract ?? DEFAULT_EXTRACT_LIMITS);
  const handlers = jobHandlers(deps, sandbox.extract);
  const workers = config.jobWorkers ?? 1;
  const stopJobs = workers > 0 ? deps.jobs.start(handlers, { concurrency: workers, onQuarantine: quarantineHook(deps) }) : async () => {};
  let sweep: NodeJS.Timeout | null = null;
  if (workers > 0) {
    sweep = setTimeout(() => {
      queueMissingExtraction(deps, deps.jobs).catch((err) => console.error("[jobs] queueing text extraction failed", err));
    }, 50);
    sweep.unref?.();
  }
  // The trash sweep goes through the durable queue (one open job at a time: the dedupe key), queued
  // at start and every hour by each process that runs workers.
  const queueTrashSweep = () => deps.jobs.enqueue(TRASH_SWEEP_JOB, {}, { dedupeKey: TRASH_SWEEP_JOB }).catch((err) => console.error("[jobs] queueing the trash sweep failed", err));
  let trashTimer: ReturnType<typeof setInterval> | null = null;
  if (workers > 0) {
    void queueTrashSweep();
    trashTimer = setInterval(queueTrashSweep, TRASH_SWEEP_EVERY_MS);
    trashTimer.unref?.();
  }
  // The sweep of uploads whose record never arrived (ADR 068): at start and every hour, the same way.
  const queueOrphanSweep = () => deps.jobs.enqueue(ORPHAN_SWEEP_JOB, {}, { dedupeKey: ORPHAN_SWEEP_JOB }).catch((err) => console.error("[jobs] queueing the upload sweep failed", err));
  let orphanTimer: ReturnType<typeof setInterval> | null = null;
  if (workers > 0) {
    void queueOrphanSweep();
    orphanTimer = setInterval(queueOrphanSweep, ORPHAN_SWEEP_EVERY_MS);
    orphanTimer.unref?.();
  }
  const drainJobs = async (max = Infinity) => {
    let ran = 0;
    while (ran < max) {
      const job = await deps.jobs.claim();
      if (!job) break;
      ran++;
      try {
        const handler = handlers[job.kind];
        if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
        await handler(job);
        await deps.jobs.complete(job);
      } catch (err) {
        await deps.jobs.fail(job, err);
      }
    }
    return ran;
  };

  return {
    main: (req, meta) => abortable(req, () => main.fetch(req, callMeta(meta))),
    ops: (req, meta) => abortable(req, () => ops.fetch(req, callMeta(meta))),
    blob: (req) => blob.fetch(req),
    deps,
    drainJobs,
    close: async () => {
      if (sweep) clearTimeout(sweep);
      stopAdminWorkers();
      if (trashTimer) clearInterval(trashTimer);
      if (orphanTimer) clearInterval(orphanTimer);
      await stopJobs();
      await deps.jobs.close();
      await sandbox.close();
      blob.close?.();
      await close();
    },
  };
}
