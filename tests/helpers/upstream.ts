// Starts the embedded upstream over real HTTP on a fresh temporary DATA_DIR (contract tests).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { createUpstream, type Upstream } from "../../upstream";
import { forwardedIpHeaders, httpEntry } from "../../upstream/client-address";
import { seedDemo } from "../../upstream/db/seed";
import { manualClock, type ManualClock } from "../../upstream/lib/clock";
import type { S3Config } from "../../upstream/context";
import type { ExtractLimits } from "../../upstream/jobs/extract-sandbox";
import { openDatabase } from "../../upstream/db";
import { openJobQueue, type JobQueue, type QueueOptions } from "../../upstream/jobs/queue";
import { PGBOSS_SCHEMA } from "../../upstream/jobs/pg-boss-queue";
import { sql } from "kysely";
import pg from "pg";

/** Set by tests/setup/pg-global.ts (PG_TESTS=1): the maintenance URL of the temporary cluster. */
export const PG_TEST_URL = process.env.PG_TEST_URL || null;
export const onPostgres = !!PG_TEST_URL;
let pgDatabases = 0;

/** A fresh, empty database in the test cluster: its URL and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!PG_TEST_URL) throw new Error("PG_TEST_URL is not set (run with PG_TESTS=1).");
  const name = `aero_t${process.pid}_${++pgDatabases}_${Date.now().toString(36)}`;
  const admin = new pg.Client(PG_TEST_URL);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client(PG_TEST_URL!);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const TEST_CLIENT_UUID = "00000000-test-4000-8000-000000000001";
export const DEMO_PASSWORD = "demo-pass-2026";
/** The test upstream's UPSTREAM_SECRET: what a remote portal signs forwarded addresses with. */
export const TEST_FORWARD_SECRET = "test-forward-secret-0123456789abcdef";

/** Headers a portal configured with the shared secret sends to speak for a user at `ip`. */
export const fromAddress = (ip: string): Record<string, string> => forwardedIpHeaders(ip, TEST_FORWARD_SECRET);

export interface TestUpstream {
  origin: string;
  mainUrl: string;
  opsUrl: string;
  blobUrl: string;
  upstream: Upstream;
  dataDir: string;
  /** On PostgreSQL (PG_TESTS=1): this upstream's own database; null on SQLite. */
  databaseUrl: string | null;
  clock: ManualClock;
  close: () => Promise<void>;
  /** Signs in and returns the three auth headers. */
  signIn: (email: string, password?: string) => Promise<Record<string, string>>;
}

/** Every test upstream runs on a manual clock (upstream/lib/clock.ts): time moves only when a test
 * advances it or the upstream sleeps (the sign-in slow-down), so no test waits in real time. */
export async function startTestUpstream({
  seed = true,
  small = true,
  jobWorkers = 0,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-upstream-")),
  s3,
  database: given,
  extract,
}: {
  seed?: boolean;
  small?: boolean;
  jobWorkers?: number;
  /** An existing DATA_DIR (a restored backup); removed on close like a fresh one. */
  dataDir?: string;
  /** Blobs in this S3-compatible bucket (tests/helpers/s3rver.ts) instead of DATA_DIR/blobs. */
  s3?: S3Config;
  /** PostgreSQL: an existing database (a restored backup) from createTestDatabase, dropped on close. */
  database?: { url: string; drop: () => Promise<void> };
  /** The text-extraction sandbox's caps (upstream/jobs/extract-sandbox.ts); the defaults otherwise. */
  extract?: ExtractLimits;
} = {}): Promise<TestUpstream> {
  const clock = manualClock();
  const database = given ?? (PG_TEST_URL ? await createTestDatabase() : null);
  let origin = "";
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const upstream = await createUpstream({
    dataDir,
    databaseUrl: database?.url,
    clientUuid: TEST_CLIENT_UUID,
    secret: "test-secret-0123456789abcdef",
    forwardSecret: TEST_FORWARD_SECRET,
    blobBaseUrl: `${origin}/_blob`,
    portalUrl: origin,
    tokenTtlHours: 12,
    clock,
    // Background jobs run only when a test asks (upstream.drainJobs() or jobWorkers > 0).
    jobWorkers,
    s3,
    extract,
  });
  if (seed) await seedDemo(upstream.deps, { small });
  // The same HTTP entry as server.ts: the caller's address is the socket's, or a signed forwarded one.
  const strip = (prefix: string, handler: Upstream["main"]) => httpEntry(handler, { stripPrefix: prefix, forwardSecret: TEST_FORWARD_SECRET });
  const main = strip("/_api/main", upstream.main);
  const ops = strip("/_api/ops", upstream.ops);
  const blob = strip("/_blob", upstream.blob);
  server.on("request", (req, res) => {
    const u = req.url ?? "/";
    if (u.startsWith("/_api/main/")) return main(req, res);
    if (u.startsWith("/_api/ops/")) return ops(req, res);
    if (u.startsWith("/_blob")) return blob(req, res);
    res.statusCode = 404;
    res.end();
  });
  const mainUrl = `${origin}/_api/main`;
  return {
    origin,
    mainUrl,
    opsUrl: `${origin}/_api/ops`,
    blobUrl: `${origin}/_blob`,
    upstream,
    dataDir,
    databaseUrl: database?.url ?? null,
    clock,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await upstream.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await fetch(`${mainUrl}/users/sign_in.json`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user: { email, password } }),
      });
      const body = (await res.json()) as { token?: string; error?: string };
      if (!res.ok || !body.token) throw new Error(`sign in failed for ${email}: ${res.status} ${JSON.stringify(body)}`);
      return { "x-user-email": email, "x-user-token": body.token, "x-user-uuid": TEST_CLIENT_UUID };
    },
  };
}

/** One HTTP call to an upstream URL with an optional JSON body: the raw Response (blob answers too). */
export function upstreamFetch(url: string, method: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The same, read: status, the JSON body (the text when it is not JSON, null when empty) and headers. */
export async function callUpstream<B = Record<string, unknown>>(url: string, method: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await upstreamFetch(url, method, headers, body);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as B, headers: res.headers };
}

/**
 * Sets the queued jobs aside (marks them done on SQLite, deletes them from pg-boss's table on
 * PostgreSQL), except those of `exceptKind`: a test that drains the queue then runs only its own
 * jobs, not the seed's text-extraction backfill (OCR, slow).
 */
export async function setAsideQueuedJobs(upstream: Upstream, { exceptKind }: { exceptKind?: string } = {}) {
  const db = upstream.deps.db;
  if (upstream.deps.config.databaseUrl) {
    await sql`DELETE FROM ${sql.id(PGBOSS_SCHEMA, "job")} WHERE state < 'active' ${exceptKind ? sql`AND name <> ${exceptKind}` : sql``}`.execute(db);
    return;
  }
  let q = db.updateTable("jobs").set({ status: "done" }).where("status", "=", "queued");
  if (exceptKind) q = q.where("kind", "!=", exceptKind);
  await q.execute();
}

/**
 * `n` job queues on one fresh database of this run's engine, each on its own connection as separate
 * processes would have them: the SQLite `jobs` table in a temporary DATA_DIR, or (PG_TESTS=1)
 * pg-boss in a new database of the test cluster. `opts.now` moves the SQLite queue's time only.
 */
export async function openTestQueues(n: number, opts: QueueOptions = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-jobs-"));
  const database = PG_TEST_URL ? await createTestDatabase() : null;
  const opened: Awaited<ReturnType<typeof openDatabase>>[] = [];
  const queues: JobQueue[] = [];
  try {
    // One after the other: the first migrates the database (and creates pg-boss's schema).
    for (let i = 0; i < n; i++) {
      const o = await openDatabase(dir, { databaseUrl: database?.url });
      opened.push(o);
      queues.push(await openJobQueue(o.db, { ...opts, databaseUrl: database?.url }));
    }
  } catch (err) {
    for (const o of opened) await o.close();
    await database?.drop();
    throw err;
  }
  return {
    queues,
    db: opened[0]!.db,
    onPostgres: !!database,
    async close() {
      for (const q of queues) await q.close();
      for (const o of opened) await o.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
