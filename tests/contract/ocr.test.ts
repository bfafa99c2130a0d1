// Issue 17 items 1-3: the job queue, text extraction (PDF text layer, OCR of a PNG), search inside
// documents with a snippet, access, and the OCR reports with their re-run call.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestQueues, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { sql } from "kysely";
import { openDatabase } from "../../upstream/db";
import { backoffMs, createJobQueue } from "../../upstream/jobs/queue";
import { createOcrEngine, extractText } from "../../upstream/jobs/extract-text";
import { snippetOf } from "../../upstream/search/fts";
import { renderPdf } from "../../upstream/lib/pdf";
import { scannedPagePng } from "../../upstream/lib/sample-files";
import { AircraftListAnswer, IndexFilesAnswer, SearchAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { OcrReportAnswer, OcrRerunAnswer, OcrStatusAnswer } from "~/models/schemas/ocr";

type Headers = Record<string, string>;

describe("job queue", () => {
  // The SQLite queue (the `jobs` table) on both runs: its time is the injected clock (QueueOptions.now),
  // which this test moves. pg-boss reads the database's clock and cannot be moved: the engine-aware
  // test below covers the same contract on PostgreSQL with short real waits.
  it("claims due jobs once, retries with exponential back-off, fails after max attempts, and survives a reopen (SQLite, moved clock)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-jobs-"));
    let now = Date.parse("2026-11-25T10:00:00Z");
    let opened = await openDatabase(dir);
    let q = createJobQueue(opened.db, { now: () => now, backoffBaseMs: 1000, backoffMaxMs: 60_000 });
    const a = await q.enqueue("t", { n: 1 }, { dedupeKey: "t:1", maxAttempts: 3 });
    expect(a).toBeTypeOf("number");
    expect(await q.enqueue("t", { n: 1 }, { dedupeKey: "t:1" })).toBeNull(); // one open job per key
    await q.enqueue("t", { n: 2 }, { runAfterMs: 5000 }); // not due yet
    const job = (await q.claim())!;
    expect(job).toMatchObject({ id: a, kind: "t", payload: { n: 1 }, attempts: 1 });
    expect(await q.claim()).toBeNull(); // the other is not due, the first is claimed
    expect(await q.fail(job, new Error("boom"))).toBe("queued");
    await opened.close();

    // Reopen: the queued job is still there, due after the back-off.
    opened = await openDatabase(dir);
    q = createJobQueue(opened.db, { now: () => now, backoffBaseMs: 1000, backoffMaxMs: 60_000 });
    expect(await q.claim()).toBeNull();
    now += 1000;
    const again = (await q.claim())!;
    expect(again).toMatchObject({ id: a, attempts: 2 });
    expect(await q.fail(again, "boom 2")).toBe("queued");
    now += backoffMs(2, 1000, 60_000) - 1;
    expect((await q.claim())?.id).not.toBe(a); // the second job (due at +5 s) may come first
    now += 10_000;
    let third = await q.claim();
    while (third && third.id !== a) third = await q.claim();
    expect(third).toMatchObject({ id: a, attempts: 3 });
    expect(await q.fail(third!, "boom 3")).toBe("failed");
    const row = await opened.db.selectFrom("jobs").selectAll().where("id", "=", Number(a)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: 3, last_error: "boom 3" });
    expect(backoffMs(1, 1000, 60_000)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000)).toBe(4000);
    expect(backoffMs(20, 1000, 60_000)).toBe(60_000);
    // A running job whose lock expired is taken again (its worker died).
    await q.enqueue("t", { n: 3 });
    const lost = (await q.claim())!;
    now += 11 * 60_000;
    expect((await q.claim())?.id).toBe(lost.id);
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes a fresh upload's job before an older backfill's (this run's engine)", async () => {
    const t = await openTestQueues(1);
    try {
      const q = t.queues[0]!;
      const backfill = [await q.enqueue("t", { n: 1 }, { priority: -1 }), await q.enqueue("t", { n: 2 }, { priority: -1 })];
      const fresh = await q.enqueue("t", { n: 3 });
      expect((await q.claim())?.id).toBe(fresh);
      expect((await q.claim())?.id).toBe(backfill[0]);
      expect((await q.claim())?.id).toBe(backfill[1]);
    } finally {
      await t.close();
    }
  });

  it("on this run's engine: one open job per dedupe key, retry then failure with the new status, counts and pending", async () => {
    let now = Date.now();
    const t = await openTestQueues(1, { now: () => now, backoffBaseMs: 1000, backoffMaxMs: 60_000 });
    // The first retry is due after the back-off: on SQLite the injected clock is moved past it; on
    // PostgreSQL (pg-boss, the database's clock, 1-2 s with its jitter) the test waits for it.
    const claimAfterBackoff = async () => {
      now += 2000;
      for (let i = 0; i < 40; i++) {
        const j = await q.claim();
        if (j || !t.onPostgres) return j;
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    };
    const q = t.queues[0]!;
    try {
      const a = await q.enqueue("t", { file_id: 7 }, { dedupeKey: "t:7", maxAttempts: 2 });
      expect(a).not.toBeNull();
      expect(await q.enqueue("t", { file_id: 7 }, { dedupeKey: "t:7" })).toBeNull(); // queued
      await q.enqueue("u", { file_id: 8 });
      expect(await q.pending("t")).toEqual({ queued: 1, running: 0 });
      expect(await q.pending("t", { payloadKey: "file_id", ids: [7, 9] })).toEqual({ queued: 1, running: 0 });
      expect(await q.pending("t", { payloadKey: "file_id", ids: [8] })).toEqual({ queued: 0, running: 0 });
      expect(await q.pending("t", { payloadKey: "file_id", ids: t.db.selectNoFrom(sql<number>`7`.as("id")) })).toEqual({ queued: 1, running: 0 });

      let job = (await q.claim())!;
      expect(job).toMatchObject({ id: a, kind: "t", payload: { file_id: 7 }, attempts: 1, max_attempts: 2 });
      expect(await q.enqueue("t", { file_id: 7 }, { dedupeKey: "t:7" })).toBeNull(); // running
      expect(await q.pending("t", { payloadKey: "file_id", ids: [7] })).toEqual({ queued: 0, running: 1 });
      expect((await q.claim())?.kind).toBe("u");
      expect(await q.claim()).toBeNull(); // nothing else is due
      expect(await q.fail(job, new Error("boom"))).toBe("queued");
      expect(await q.claim()).toBeNull(); // not before its back-off
      job = (await claimAfterBackoff())!;
      expect(job).toMatchObject({ id: a, attempts: 2, max_attempts: 2 });
      expect(await q.fail(job, "boom 2")).toBe("failed");
      expect(await q.counts("t")).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
      expect(await q.pending("t")).toEqual({ queued: 0, running: 0 });
      // A failed job no longer holds its key.
      const b = await q.enqueue("t", { file_id: 7 }, { dedupeKey: "t:7" });
      expect(b).not.toBeNull();
      const again = (await q.claim())!;
      expect(again.id).toBe(b);
      await q.complete(again);
      expect(await q.counts("t")).toEqual({ queued: 0, running: 0, done: 1, failed: 1 });
      expect(await q.counts()).toEqual({ queued: 0, running: 1, done: 1, failed: 1 });
    } finally {
      await t.close();
    }
  });
});

describe("extraction", () => {
  it("reads a PDF text layer page by page", async () => {
    const bytes = await renderPdf({ title: "Engine Shop Visit", sections: [{ lines: ["Borescope finding XYLOPHONE on stage 2 blades."] }] });
    const out = await extractText(bytes, { name: "visit.pdf" }, null);
    expect(out.method).toBe("pdf-text");
    expect(out.pages.length).toBeGreaterThanOrEqual(1);
    expect(out.pages.join("\f")).toMatch(/XYLOPHONE/);
  });

  it("OCRs a generated PNG with a known word, with the English data from node_modules", async () => {
    const ocr = createOcrEngine();
    try {
      const png = await scannedPagePng({ lines: ["MAGNETO INSPECTION", "RESULT SERVICEABLE"], seed: 7 });
      const out = await extractText(png, { name: "scan.png" }, ocr);
      expect(out.method).toBe("ocr");
      expect(out.pages[0]).toMatch(/MAGNETO/);
      expect(out.confidence).toBeGreaterThan(50);
    } finally {
      await ocr.close();
    }
  }, 60_000);

  it("builds a plain-text snippet with the match offsets and the page", () => {
    const s = snippetOf("first page text\fsecond page mentions the Gearbox serial GB-1234 here", ["gearbox"])!;
    expect(s.page).toBe(2);
    expect(s.text.slice(s.marks[0]![0], s.marks[0]![1])).toBe("Gearbox");
    expect(snippetOf("nothing here", ["gearbox"])).toBeNull();
  });
});

describe("search inside documents and the OCR reports", () => {
  let up: TestUpstream;
  let client: Headers, reader: Headers, jonas: Headers, admin: Headers;
  let A: { id: number; name: string };
  let B: { id: number };

  async function api(method: string, p: string, headers: Headers, body?: unknown) {
    const res = await fetch(`${up.mainUrl}${p}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }

  async function upload(headers: Headers, aircraftId: number, dir: string, name: string, data: Uint8Array) {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", headers, { aircraft_id: aircraftId, dir })).body);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}${name}`);
    form.append("file", new Blob([Buffer.from(data)]), name);
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    const idx = await api("POST", "/storage/v2/files/index_files.json", headers, { key: link.key_prefix, files: [{ path: name, size: data.length }], aircraft_id: aircraftId, dir });
    return IndexFilesAnswer.parse(idx.body).indexed[0]!;
  }

  beforeAll(async () => {
    up = await startTestUpstream();
    [client, reader, jonas, admin] = await Promise.all(["client@demo.aero", "reader@demo.aero", "jonas.berg@nordic.demo.aero", "admin@demo.aero"].map((e) => up.signIn(e)));
    const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
    A = list.aircrafts.find((a) => a.msn === "5123")!;
    B = list.aircrafts.find((a) => a.msn === "41230")!;
    const pdf = await renderPdf({ title: "Landing Gear Overhaul", sections: [{ lines: ["Page one"] }, { heading: "Findings", bookmark: true, lines: ["The retraction actuator QUOKKA was replaced."] }] });
    await upload(client, A.id, "/", "Gear Overhaul.pdf", pdf);
    await upload(client, A.id, "/", "Scan 7.png", await scannedPagePng({ lines: ["PROPELLER BLADE WOMBAT", "INSPECTED"], seed: 3 }));
    // Before the jobs run: pending, nothing found inside.
    const before = OcrReportAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/ocr_report.json`, client)).body);
    expect(before.counts.pending).toBeGreaterThan(0);
    expect(before.pending_folders.length).toBeGreaterThan(0);
    await up.upstream.drainJobs();
  }, 180_000);
  afterAll(async () => up?.close());

  it("finds a word inside a PDF and inside a scanned PNG, with a snippet and the page", async () => {
    const pdfHit = SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=quokka&aircraft_id=${A.id}`, client)).body);
    expect(pdfHit.total).toBe(1);
    const r = pdfHit.results[0]!;
    expect(r).toMatchObject({ name: "Gear Overhaul.pdf", match: "content" });
    expect(r.snippet).toMatch(/QUOKKA/);
    expect(r.snippet).not.toMatch(/</);
    expect(r.snippet!.slice(r.snippet_marks[0]![0], r.snippet_marks[0]![1])).toBe("QUOKKA");
    expect(r.match_page).toBe(2);
    const pngHit = SearchAnswer.parse((await api("GET", "/storage/v2/search.json?query=wombat", client)).body);
    expect(pngHit.results.map((x) => x.name)).toContain("Scan 7.png");
    expect(pngHit.results.find((x) => x.name === "Scan 7.png")!.snippet).toMatch(/WOMBAT/);
  });

  it("ranks name matches above content matches", async () => {
    // "Certificate" is in the seeded certificates' names and inside the scanned Form 1 and other texts.
    const s = SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=certificate&aircraft_id=${A.id}&per_page=100`, client)).body);
    const kinds = s.results.map((x) => x.match);
    expect(kinds).toContain("name");
    expect(kinds).toContain("content");
    expect(kinds.lastIndexOf("name")).toBeLessThan(kinds.indexOf("content"));
  });

  it("keeps the access rules: no content hit from an aircraft the user cannot see", async () => {
    const other = SearchAnswer.parse((await api("GET", "/storage/v2/search.json?query=quokka", jonas)).body);
    expect(other.total).toBe(0);
    const rd = SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=quokka&aircraft_id=${B.id}`, client)).body);
    expect(rd.total).toBe(0);
    expect((await api("GET", `/storage/v2/aircraft/${A.id}/ocr_report.json`, jonas)).status).toBe(404);
  });

  it("reports counts, problems and allows re-runs to the right users only", async () => {
    const rep = OcrReportAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/ocr_report.json`, client)).body);
    expect(rep.counts.done).toBeGreaterThan(1);
    expect(rep.counts.pending + rep.counts.processing).toBe(0);
    expect(rep.can_rerun).toBe(false);
    expect(rep.can_rerun_file).toBe(true);
    const fleet = OcrStatusAnswer.parse((await api("GET", "/storage/v2/ocr_status.json", client)).body);
    expect(fleet.aircraft.length).toBeGreaterThan(1);
    expect(fleet.totals.total).toBe(fleet.aircraft.reduce((n, a) => n + a.counts.total, 0));
    const readerFleet = OcrStatusAnswer.parse((await api("GET", "/storage/v2/ocr_status.json", reader)).body);
    expect(readerFleet.aircraft.length).toBeLessThan(fleet.aircraft.length);

    const file = SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=quokka&aircraft_id=${A.id}`, client)).body).results[0]!;
    // A reader is refused, with the message.
    const refused = await api("POST", "/storage/v2/ocr/rerun.json", reader, { aircraft_id: A.id, file_id: file.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/Read Access/);
    // Edit Access re-runs one file, not the whole aircraft; an admin may.
    expect(OcrRerunAnswer.parse((await api("POST", "/storage/v2/ocr/rerun.json", client, { aircraft_id: A.id, file_id: file.id })).body).queued).toBe(1);
    expect((await api("POST", "/storage/v2/ocr/rerun.json", client, { aircraft_id: A.id })).status).toBe(422);
    const all = OcrRerunAnswer.parse((await api("POST", "/storage/v2/ocr/rerun.json", admin, { aircraft_id: A.id })).body);
    expect(all.queued).toBeGreaterThan(1);
    const after = OcrReportAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/ocr_report.json`, client)).body);
    expect(after.counts.pending).toBeGreaterThan(0);
    expect(after.jobs.queued).toBeGreaterThan(0);
  });
});
