// `npm run worker`: a process that works the background job queue (text extraction and OCR,
// linked-document suggestions, the trash sweep) and serves nothing. Run any number of them beside
// portals started with JOB_WORKERS=0:
// - SQLite (default): on the same DATA_DIR and machine; the queue's claim is one atomic UPDATE, so
//   processes never take the same job; a job whose process died is taken again when its lock expires.
// - PostgreSQL (DATABASE_URL): on any machine reaching the database; the queue is pg-boss in its
//   `pgboss` schema (ADR 059): SKIP LOCKED claims, a dead worker's job is retried after it expires.
// JOB_WORKERS sets this process's worker loops (default 1, at most 8). SIGTERM / SIGINT let running
// jobs finish (up to SHUTDOWN_GRACE_MS, 30 s), then exit.
import { createUpstream } from "../upstream/index";
import { loadUpstreamConfig } from "../upstream/config";

const env = process.env;
const config = loadUpstreamConfig(env);
const loops = Math.max(1, config.jobWorkers ?? 1);
const upstream = await createUpstream({ ...config, jobWorkers: loops, adminWorkers: false });
// Never the URL itself: it may hold a password.
const where = config.databaseUrl ? "PostgreSQL (pg-boss)" : config.dataDir;
console.log(`[worker] working the job queue of ${where} with ${loops} ${loops === 1 ? "loop" : "loops"}`);

// The queue's idle timers do not hold a process open (the portal's server does); this one does.
const keepAlive = setInterval(() => {}, 60_000);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: finishing running jobs`);
  const grace = Number(env.SHUTDOWN_GRACE_MS ?? 30_000);
  const timer = setTimeout(() => {
    console.error("[worker] jobs still running after the grace period; exiting");
    process.exit(1);
  }, grace);
  timer.unref();
  await upstream.close();
  clearInterval(keepAlive);
  // Exit once the last line is written (a pipe's write is asynchronous).
  process.stdout.write("[worker] stopped\n", () => process.exit(0));
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
