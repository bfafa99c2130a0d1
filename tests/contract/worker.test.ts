// `npm run worker` (issue 17 / 18): a separate process works the job queue of a DATA_DIR that a portal
// (here the test upstream, with no job workers of its own) shares; it reads an uploaded PDF's text,
// and stops cleanly on SIGTERM.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestQueues, setAsideQueuedJobs, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import type { Job } from "../../upstream/jobs/queue";
import { renderPdf } from "../../upstream/lib/pdf";
import { AircraftListAnswer, IndexFilesAnswer, SearchAnswer, UploadLinkAnswer } from "~/models/schemas/storage";

describe("npm run worker", () => {
  let up: TestUpstream;
  beforeAll(async () => {
    up = await startTestUpstream();
  });
  afterAll(async () => up?.close());

  it("runs the queued extraction of a file uploaded to the portal, then stops on SIGTERM", async () => {
    const h = await up.signIn("client@demo.aero");
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${up.mainUrl}${p}`, { method, headers: { ...h, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return res.json() as Promise<any>;
    };
    const A = AircraftListAnswer.parse(await api("GET", "/storage/v2/aircraft.json")).aircrafts[0]!;
    await setAsideQueuedJobs(up.upstream); // only this file's job is waiting
    const link = UploadLinkAnswer.parse(await api("POST", "/storage/v2/files/upload_link.json", { aircraft_id: A.id, dir: "/" }));
    const bytes = await renderPdf({ title: "Borescope Report", sections: [{ lines: ["Finding PANGOLIN on stage 3."] }] });
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}Borescope.pdf`);
    form.append("file", new Blob([Buffer.from(bytes)]), "Borescope.pdf");
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    const file = IndexFilesAnswer.parse(await api("POST", "/storage/v2/files/index_files.json", { key: link.key_prefix, files: [{ path: "Borescope.pdf", size: bytes.length }], aircraft_id: A.id, dir: "/" })).indexed[0]!;
    expect((await up.upstream.deps.jobs.counts()).queued).toBe(1);

    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, DATA_DIR: up.dataDir, JOB_WORKERS: "1", ...(up.upstream.deps.config.databaseUrl ? { DATABASE_URL: up.upstream.deps.config.databaseUrl } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      let status: string | undefined;
      while (Date.now() < deadline) {
        status = (await up.upstream.deps.db.selectFrom("file_text").select("status").where("file_id", "=", file.id).executeTakeFirst())?.status;
        if (status === "done") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status, out).toBe("done");
      const hit = SearchAnswer.parse(await api("GET", `/storage/v2/search.json?query=pangolin&aircraft_id=${A.id}`));
      expect(hit.results.map((r) => r.name)).toContain("Borescope.pdf");
      expect(out).toMatch(/\[worker\] working the job queue of .* with 1 loop/);
      // On PostgreSQL every job went through pg-boss: the SQLite queue's table stays empty there.
      if (up.upstream.deps.config.databaseUrl) {
        expect(out).toMatch(/job queue of PostgreSQL \(pg-boss\)/);
        expect(await up.upstream.deps.db.selectFrom("jobs").select("id").execute()).toEqual([]);
      }
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, out).toBe(0);
    expect(out).toMatch(/\[worker\] SIGTERM: finishing running jobs\n\[worker\] stopped/);
  }, 120_000);

  // Two queue instances on one database, each with its own connections and worker loops, as two
  // `npm run worker` processes would have them (pg-boss on PostgreSQL, the jobs table on SQLite).
  it("two workers on one database never run the same job twice and together drain every job", async () => {
    const N = 40;
    const t = await openTestQueues(2, { backoffBaseMs: 1000 });
    const runs = new Map<string, string[]>();
    const handler = (worker: string) => async (job: Job) => {
      const key = String(job.payload.n);
      runs.set(key, [...(runs.get(key) ?? []), worker]);
      await new Promise((r) => setTimeout(r, 5 + (Number(job.payload.n) % 3) * 5));
    };
    const [a, b] = t.queues as [typeof t.queues[0], typeof t.queues[0]];
    const stops: Array<(graceMs?: number) => Promise<void>> = [];
    try {
      for (let i = 0; i < N; i++) await (i % 2 ? a : b).enqueue("drain-test", { n: i });
      stops.push(a.start({ "drain-test": handler("a") }, { concurrency: 2, idleMs: 20 }));
      stops.push(b.start({ "drain-test": handler("b") }, { concurrency: 2, idleMs: 20 }));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (await a.counts("drain-test")).done < N) await new Promise((r) => setTimeout(r, 50));
      expect(await b.counts("drain-test")).toEqual({ queued: 0, running: 0, done: N, failed: 0 });
      expect(runs.size).toBe(N);
      for (const [n, by] of runs) expect(by, `job ${n}`).toHaveLength(1);
      const byWorker = [...runs.values()].flat();
      expect(new Set(byWorker)).toEqual(new Set(["a", "b"])); // both took part
    } finally {
      for (const stop of stops) await stop(1000);
      await t.close();
    }
  }, 60_000);
});
