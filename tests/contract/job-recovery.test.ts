// Recovery in seconds and the text-extraction sandbox (ADR 068), on the engine of this run (SQLite, or
// pg-boss with PG_TESTS=1):
// - a worker process killed mid-job (kill -9): its job runs again at the next start, without waiting
//   for its lease; a job whose worker died twice is quarantined, never run a third time;
// - a PDF whose content stream inflates to 300 MB is failed with the reason by the sandbox (never
//   retried) while other requests keep being answered;
// - uploads whose record never arrived are swept after the grace period, and counted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, PG_TEST_URL, setAsideQueuedJobs, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { pdfBomb } from "../helpers/hostile-files";
import { expectConsoleError } from "../setup/console-guard";
import { openDatabase } from "../../upstream/db";
import { openJobQueue, type Job, type JobQueue } from "../../upstream/jobs/queue";
import { recoverJobs, QUARANTINE_AFTER_CRASHES } from "../../upstream/jobs/recovery";
import { EXTRACT_JOB, extractTextHandler } from "../../upstream/jobs/extract-text";
import { SandboxFailure } from "../../upstream/jobs/extract-sandbox";
import { ORPHAN_SWEEP_JOB, sweepOrphanUploads } from "../../upstream/blob/orphans";
import { PGBOSS_SCHEMA } from "../../upstream/jobs/pg-boss-queue";
import { renderPdf } from "../../upstream/lib/pdf";
import { AircraftListAnswer, IndexFilesAnswer, UploadLinkAnswer } from "~/models/schemas/storage";

/** A queue on a fresh database of this run's engine, and what a second process needs to open it. */
async function freshQueue(opts: { now?: () => number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-recovery-"));
  const database = PG_TEST_URL ? await createTestDatabase() : null;
  const opened = await openDatabase(dir, { databaseUrl: database?.url });
  const queue = await openJobQueue(opened.db, { databaseUrl: database?.url, now: opts.now });
  return {
    dir,
    db: opened.db,
    queue,
    env: { DATA_DIR: dir, ...(database ? { DATABASE_URL: database.url } : {}) },
    async close() {
      await queue.close();
      await opened.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts tests/helpers/hang-worker.ts on that database; answers once it runs a job, with a kill -9. */
async function workerThatHangs(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/hang-worker.ts"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stderr.on("data", (c) => (out += c));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const claimed = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (c) => {
      out += c;
      const m = /claimed (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`the worker exited (${code}) before it ran the job: ${out}`)));
  });
  return {
    claimed,
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function jobState(db: Awaited<ReturnType<typeof freshQueue>>["db"], id: string, onPg: boolean) {
  if (onPg) {
    const r = await sql<{ state: string; output: { message?: string } | null }>`SELECT state::text AS state, output FROM ${sql.id(PGBOSS_SCHEMA, "job")} WHERE id = ${id}::uuid`.execute(db);
    return { state: r.rows[0]?.state, error: r.rows[0]?.output?.message ?? null };
  }
  const r = await db.selectFrom("jobs").select(["status", "last_error", "locked_until"]).where("id", "=", Number(id)).executeTakeFirst();
  return { state: r?.status, error: r?.last_error ?? null, lockedUntil: r?.locked_until };
}

describe("a worker that dies mid-job", () => {
  it("has its job running again at the next start, without waiting for the job's lease", async () => {
    // SQLite: the restarted queue's clock stands still, so the job's 10-minute lock cannot expire:
    // only the recovery can hand the job out again. pg-boss never hands out an active job before
    // its own expiry (10 minutes, and its maintenance does not run here).
    const frozen = Date.now();
    const t = await freshQueue({ now: () => frozen });
    const stops: Array<() => Promise<void>> = [];
    try {
      const id = String(await t.queue.enqueue("hang-test", { n: 1 }));
      const worker = await workerThatHangs(t.env);
      expect(worker.claimed).toBe(id);
      await worker.kill9();
      const before = await jobState(t.db, id, !!PG_TEST_URL);
      expect(before.state).toBe(PG_TEST_URL ? "active" : "running");
      if (!PG_TEST_URL) expect(Date.parse(before.lockedUntil!)).toBeGreaterThan(frozen + 60_000);

      // The next start (this process) finds the dead worker at once and runs the job again.
      const ran: Job[] = [];
      stops.push(t.queue.start({ "hang-test": async (job) => void ran.push(job) }, { idleMs: 50 }));
      await until("the job to run again", async () => ran.length > 0);
      expect(ran[0]!.id).toEqual(PG_TEST_URL ? id : Number(id));
      expect(ran[0]!.attempts).toBe(2);
      await until("the job to be done", async () => (await t.queue.counts("hang-test")).done === 1);
      // The dead worker's row is gone; the job's claim goes once its run is recorded as finished.
      const rows = await t.db.selectFrom("job_workers").select("pid").execute();
      expect(rows.map((r) => r.pid)).toEqual([process.pid]);
      await until("the claim to go", async () => (await t.db.selectFrom("job_claims").selectAll().execute()).length === 0);
    } finally {
      for (const s of stops) await s();
      await t.close();
    }
  }, 60_000);

  it(`is quarantined after ${QUARANTINE_AFTER_CRASHES} crashes of its worker, with the reason, and never run again`, async () => {
    expectConsoleError(/hang-test #\S+ quarantined after 2 crashes of its worker/);
    const t = await freshQueue();
    const quarantined: { kind: string; payload: Record<string, unknown>; reason: string }[] = [];
    const onQuarantine = async (kind: string, payload: Record<string, unknown>, reason: string) => void quarantined.push({ kind, payload, reason });
    try {
      const id = String(await t.queue.enqueue("hang-test", { file_id: 42 }));
      // First crash: released.
      let worker = await workerThatHangs(t.env);
      await worker.kill9();
      expect(await recoverJobs(t.db, t.queue.recovery, { onQuarantine })).toMatchObject({ released: 1, quarantined: 0 });
      expect((await jobState(t.db, id, !!PG_TEST_URL)).state).toBe(PG_TEST_URL ? "retry" : "queued");
      // Second crash: quarantined.
      worker = await workerThatHangs(t.env);
      expect(worker.claimed).toBe(id);
      await worker.kill9();
      expect(await recoverJobs(t.db, t.queue.recovery, { onQuarantine })).toMatchObject({ released: 0, quarantined: 1 });
      const after = await jobState(t.db, id, !!PG_TEST_URL);
      expect(after.state).toBe("failed");
      expect(after.error).toMatch(/^Quarantined: the worker running this job stopped 2 times/);
      expect(quarantined).toEqual([{ kind: "hang-test", payload: { file_id: 42 }, reason: after.error }]);
      expect(await t.queue.claim()).toBeNull();
      expect(await t.queue.counts("hang-test")).toMatchObject({ queued: 0, running: 0, failed: 1 });
    } finally {
      await t.close();
    }
  }, 60_000);

  it("a worker on another host whose heartbeat went stale is gone too; a live one is left alone", async () => {
    const t = await freshQueue();
    try {
      const a = String(await t.queue.enqueue("hang-test", { n: 1 }));
      const b = String(await t.queue.enqueue("hang-test", { n: 2 }));
      const ja = (await t.queue.claim())!;
      const jb = (await t.queue.claim())!;
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      const fresh = new Date().toISOString();
      await t.db
        .insertInto("job_workers")
        .values([
          { id: "elsewhere:1:stale", host: "another-host.invalid", pid: 1, started_at: old, heartbeat_at: old },
          { id: "elsewhere:2:live", host: "another-host.invalid", pid: 2, started_at: old, heartbeat_at: fresh },
        ])
        .execute();
      await t.db
        .insertInto("job_claims")
        .values([
          { job_id: String(ja.id), kind: "hang-test", worker_id: "elsewhere:1:stale", claimed_at: old },
          { job_id: String(jb.id), kind: "hang-test", worker_id: "elsewhere:2:live", claimed_at: old },
        ])
        .execute();
      expect(await recoverJobs(t.db, t.queue.recovery)).toEqual({ gone: 1, released: 1, quarantined: 0 });
      expect(new Set([String(ja.id), String(jb.id)])).toEqual(new Set([a, b]));
      expect((await jobState(t.db, String(ja.id), !!PG_TEST_URL)).state).toBe(PG_TEST_URL ? "retry" : "queued");
      expect((await jobState(t.db, String(jb.id), !!PG_TEST_URL)).state).toBe(PG_TEST_URL ? "active" : "running");
      expect((await t.db.selectFrom("job_workers").select("id").execute()).map((r) => r.id)).toEqual(["elsewhere:2:live"]);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe("text extraction in a sandbox", () => {
  let up: TestUpstream;
  beforeAll(async () => {
    // Small caps so that the bomb is stopped quickly; a real document stays far below them.
    up = await startTestUpstream({ extract: { memoryMb: 384, fileMs: 60_000, pageMs: 20_000 } });
  });
  afterAll(async () => up?.close());

  async function upload(name: string, bytes: Uint8Array) {
    const h = await up.signIn("client@demo.aero");
    const api = async (method: string, p: string, body?: unknown) =>
      (await fetch(`${up.mainUrl}${p}`, { method, headers: { ...h, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined })).json() as Promise<any>;
    const A = AircraftListAnswer.parse(await api("GET", "/storage/v2/aircraft.json")).aircrafts[0]!;
    const link = UploadLinkAnswer.parse(await api("POST", "/storage/v2/files/upload_link.json", { aircraft_id: A.id, dir: "/" }));
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}${name}`);
    form.append("file", new Blob([Buffer.from(bytes)]), name);
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    return IndexFilesAnswer.parse(await api("POST", "/storage/v2/files/index_files.json", { key: link.key_prefix, files: [{ path: name, size: bytes.length }], aircraft_id: A.id, dir: "/" })).indexed[0]!;
  }

  it("fails a PDF whose content inflates to 300 MB with the reason, once, while other requests are answered", async () => {
    await setAsideQueuedJobs(up.upstream); // only this test's files are read
    const bomb = await upload("Bomb.pdf", pdfBomb(300));
    const good = await upload("Borescope.pdf", await renderPdf({ title: "Borescope Report", sections: [{ lines: ["Finding QUOKKA on stage 2."] }] }));
    const draining = up.upstream.drainJobs();
    // Another user's requests while the bomb is read: each one is answered.
    const answered: number[] = [];
    let done = false;
    void draining.finally(() => (done = true));
    while (!done) {
      const res = await fetch(`${up.mainUrl}/healthz.json`);
      answered.push(res.status);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await draining).toBeGreaterThanOrEqual(2);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((s) => s === 200)).toBe(true);
    const row = (id: number) => up.upstream.deps.db.selectFrom("file_text").select(["status", "error", "method"]).where("file_id", "=", id).executeTakeFirstOrThrow();
    const failed = await row(bomb.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^Text extraction stopped: the file needed more than 384 MB of memory|^Text extraction stopped: page 1 took longer than/);
    // Failed for good: its job finished, nothing queued to read it again.
    expect(await up.upstream.deps.jobs.pending(EXTRACT_JOB)).toEqual({ queued: 0, running: 0 });
    // The sandbox is fine for the next file.
    expect(await row(good.id)).toMatchObject({ status: "done", method: "pdf-text" });
    // The OCR Status view lists the failed file with its reason.
    const h = await up.signIn("admin@demo.aero");
    const status = (await (await fetch(`${up.mainUrl}/storage/v2/ocr_status.json`, { headers: h })).json()) as { problems: { name: string; error: string | null }[] };
    expect(status.problems.find((p) => p.name === "Bomb.pdf")?.error).toBe(failed.error);
  }, 120_000);

  it("retries a reader that crashed once, then fails the file (quarantine) instead of crashing again", async () => {
    const file = await upload("Crashy.pdf", await renderPdf({ title: "Crash", sections: [{ lines: ["x"] }] }));
    await setAsideQueuedJobs(up.upstream);
    let calls = 0;
    const handler = extractTextHandler(up.upstream.deps, async () => {
      calls++;
      throw new SandboxFailure("The text reader stopped unexpectedly (SIGSEGV).", "crash");
    });
    const job = { id: `crash-test-${file.id}`, kind: EXTRACT_JOB, payload: { file_id: file.id }, attempts: 1, max_attempts: 5 };
    await expect(handler(job)).rejects.toThrow(/stopped unexpectedly/);
    const row = () => up.upstream.deps.db.selectFrom("file_text").select(["status", "error"]).where("file_id", "=", file.id).executeTakeFirstOrThrow();
    expect((await row()).status).toBe("pending");
    await handler({ ...job, attempts: 2 }); // the second crash: no throw, no further retry
    expect(calls).toBe(2);
    expect(await row()).toMatchObject({ status: "failed" });
    expect((await row()).error).toMatch(/stopped unexpectedly \(SIGSEGV\)\. Quarantined: the worker running this job stopped 2 times/);
  }, 30_000);
});

describe("uploads whose record never arrived", () => {
  let up: TestUpstream;
  beforeAll(async () => {
    up = await startTestUpstream();
  });
  afterAll(async () => up?.close());

  it("are removed after the grace period (filed ones never), and counted in the OCR Status view", async () => {
    const h = await up.signIn("client@demo.aero");
    const api = async (method: string, p: string, body?: unknown) =>
      (await fetch(`${up.mainUrl}${p}`, { method, headers: { ...h, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined })).json() as Promise<any>;
    const A = AircraftListAnswer.parse(await api("GET", "/storage/v2/aircraft.json")).aircrafts[0]!;
    const link = UploadLinkAnswer.parse(await api("POST", "/storage/v2/files/upload_link.json", { aircraft_id: A.id, dir: "/" }));
    const send = async (name: string, text: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
      form.append("key", `${link.key_prefix}${name}`);
      form.append("file", new Blob([text]), name);
      expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    };
    await send("Filed.txt", "filed");
    await send("Never-filed.txt", "the tab was closed before this was filed");
    IndexFilesAnswer.parse(await api("POST", "/storage/v2/files/index_files.json", { key: link.key_prefix, files: [{ path: "Filed.txt", size: 5 }], aircraft_id: A.id, dir: "/" }));
    const blob = up.upstream.deps.blob;
    const deps = up.upstream.deps;

    // Within the grace period nothing goes (the upload may still be resumed).
    expect(await sweepOrphanUploads(deps, { graceHours: 25, now: Date.now() + 3600_000 })).toMatchObject({ files: 0 });
    expect(await blob.stat(`${link.key_prefix}Never-filed.txt`)).not.toBeNull();

    const swept = await sweepOrphanUploads(deps, { graceHours: 25, now: Date.now() + 26 * 3600_000 });
    expect(swept).toMatchObject({ files: 1, bytes: "the tab was closed before this was filed".length });
    expect(await blob.stat(`${link.key_prefix}Never-filed.txt`)).toBeNull();
    expect(await blob.stat(`${link.key_prefix}Filed.txt`)).not.toBeNull();
    // Swept once: a later sweep finds nothing more.
    expect(await sweepOrphanUploads(deps, { graceHours: 25, now: Date.now() + 27 * 3600_000 })).toMatchObject({ prefixes: 0, files: 0 });

    // A profile's upload link is recorded the same way.
    const c = await up.signIn("consultant@demo.aero");
    const me = await deps.db.selectFrom("consultants as k").innerJoin("users as u", "u.id", "k.user_id").select("k.id").where("u.email", "=", "consultant@demo.aero").executeTakeFirstOrThrow();
    const res = await fetch(`${up.mainUrl}/consultant/${me.id}/upload_link.json`, { method: "POST", headers: { ...c, "content-type": "application/json" }, body: JSON.stringify({ kind: "resume" }) });
    expect(res.status).toBe(200);
    const cl = (await res.json()) as { key_prefix: string };
    expect(await deps.db.selectFrom("upload_intents").select("prefix").where("prefix", "=", cl.key_prefix).executeTakeFirst()).toEqual({ prefix: cl.key_prefix });

    // The admin's OCR Status counts what was removed; the sweep is a job kind of every worker.
    const admin = await up.signIn("admin@demo.aero");
    const status = (await (await fetch(`${up.mainUrl}/storage/v2/ocr_status.json`, { headers: admin })).json()) as any;
    expect(status.housekeeping).toMatchObject({ orphan_files: 1, orphan_bytes: "the tab was closed before this was filed".length });
    expect(status.housekeeping.last_sweep_at).toEqual(expect.any(String));
    await deps.jobs.enqueue(ORPHAN_SWEEP_JOB, {}, { dedupeKey: ORPHAN_SWEEP_JOB });
    await setAsideQueuedJobs(up.upstream, { exceptKind: ORPHAN_SWEEP_JOB });
    expect(await up.upstream.drainJobs()).toBe(1);
    expect(await deps.jobs.counts(ORPHAN_SWEEP_JOB)).toMatchObject({ done: 1, failed: 0 });
  }, 60_000);
});
