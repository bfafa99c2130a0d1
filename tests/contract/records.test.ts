// Contract: versions, the trash, retention rules and legal holds (issue 19 items 1-3, ADR 042;
// docs/api/storage.md "Versions, trash, retention"), over HTTP on the small demo seed, answers parsed
// with app/models/schemas/records.ts. Time moves on the test upstream's manual clock.
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setAsideQueuedJobs, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { AircraftListAnswer, DeleteAnswer, ErrorAnswer, FilesAnswer, IndexFilesAnswer, SearchAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { RestoreVersionAnswer, RetentionAnswer, TrashAnswer, TrashRestoreAnswer, VersionDownloadAnswer, VersionsAnswer } from "~/models/schemas/records";
import { sweepTrash, TRASH_SWEEP_JOB } from "../../upstream/records/trash";

type Headers = Record<string, string>;
let up: TestUpstream;
let admin: Headers, client: Headers, reader: Headers, member: Headers;
let A: { id: number; file_id: number | null; organization_id: number };
const DAY = 86_400_000;

beforeAll(async () => {
  up = await startTestUpstream();
  [admin, client, reader, member] = await Promise.all(["admin@demo.aero", "client@demo.aero", "reader@demo.aero", "member@demo.aero"].map((e) => up.signIn(e)));
  const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
  A = list.aircrafts.find((a) => a.msn === "5123")!;
  expect(A).toBeTruthy();
});
afterAll(async () => up?.close());

async function api(method: string, p: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${up.mainUrl}${p}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as any };
}

function expectError(r: { status: number; body: unknown }, status: number, text?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const e = ErrorAnswer.parse(r.body);
  if (text) expect(e.error).toMatch(text);
  return e;
}

const rand = (n: number) => new Uint8Array(crypto.randomBytes(n));

async function upload(headers: Headers, aircraftId: number, dir: string, files: { path: string; data: Uint8Array }[]) {
  if (dir !== "/") expect((await api("POST", "/storage/v2/folders.json", headers, { aircraft_id: aircraftId, dir: "/", paths: [dir.slice(1)] })).status).toBe(200);
  const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", headers, { aircraft_id: aircraftId, dir })).body);
  for (const f of files) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...link.url_fields, key: `${link.key_prefix}${f.path}` })) form.append(k, v);
    form.append("file", new Blob([Buffer.from(f.data)]), path.basename(f.path));
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
  }
  const idx = await api("POST", "/storage/v2/files/index_files.json", headers, { key: link.key_prefix, files: files.map((f) => ({ path: f.path, size: f.data.length })), aircraft_id: aircraftId, dir });
  expect(idx.status, JSON.stringify(idx.body)).toBe(200);
  return { link, index: IndexFilesAnswer.parse(idx.body) };
}

const listDir = async (headers: Headers, dir: string) => FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=${encodeURIComponent(dir)}`, headers)).body);
const blobBytes = async (key: string) => Buffer.from(await (await up.upstream.deps.blob.read(key)).arrayBuffer());
const currentKey = async (id: number) => (await up.upstream.deps.db.selectFrom("storage_items").select("blob_key").where("id", "=", id).executeTakeFirstOrThrow()).blob_key!;
const download = async (url: string) => Buffer.from(await (await fetch(url.startsWith("http") ? url : `${up.origin}${url}`)).arrayBuffer());
/** Every blob key a row refers to (files, versions, trash). */
async function referencedKeys() {
  const db = up.upstream.deps.db;
  const a = await db.selectFrom("storage_items").select("blob_key").where("blob_key", "is not", null).execute();
  const b = await db.selectFrom("file_versions").select("blob_key").execute();
  const c = await db.selectFrom("trash_items").select("blob_key").where("blob_key", "is not", null).execute();
  return [...a, ...b, ...c].map((r) => r.blob_key!);
}

describe("versions", () => {
  it("a same-named upload keeps the old content as a version; restoring it brings the old bytes back", async () => {
    const v1 = rand(300);
    const v2 = rand(500);
    const first = (await upload(client, A.id, "/Versioned", [{ path: "manual.pdf", data: v1 }])).index.indexed[0]!;
    const firstKey = first.s3_full_path;
    const second = (await upload(client, A.id, "/Versioned", [{ path: "manual.pdf", data: v2 }])).index.indexed[0]!;
    expect(second.id).toBe(first.id);
    expect(second.size).toBe(500);
    // The old bytes are still in the store: nothing but the trash job deletes a filed blob.
    expect((await blobBytes(firstKey)).equals(Buffer.from(v1))).toBe(true);

    const list = VersionsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${first.id}`, client)).body);
    expect(list.versions.map((v) => [v.number, v.current, v.size])).toEqual([
      [2, true, 500],
      [1, false, 300],
    ]);
    expect(list.versions[1]!.filed_by).toBeTruthy();
    expect(list.versions[1]!.replaced_by).toBe(list.versions[1]!.filed_by);
    const old = list.versions[1]!;
    const link = VersionDownloadAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${first.id}&download=${old.id}`, client)).body);
    expect((await download(link.url)).equals(Buffer.from(v1))).toBe(true);

    const r = RestoreVersionAnswer.parse((await api("POST", "/storage/v2/files/restore_version.json", client, { aircraft_id: A.id, file_id: first.id, version_id: old.id })).body);
    expect(r.message).toMatch(/Version 1 of manual\.pdf restored/);
    expect((await blobBytes(await currentKey(first.id))).equals(Buffer.from(v1))).toBe(true);
    const after = VersionsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${first.id}`, client)).body);
    expect(after.versions.map((v) => [v.number, v.current, v.size])).toEqual([
      [3, true, 300],
      [2, false, 500],
      [1, false, 300],
    ]);
    // The listing shows the current size; its text is read again (search uses the current version).
    expect((await listDir(client, "/Versioned")).contents.find((c) => c.id === first.id)!.size).toBe(300);
    const text = await up.upstream.deps.db.selectFrom("file_text").select("status").where("file_id", "=", first.id).executeTakeFirst();
    expect(text?.status).toBe("pending");
    // Indexing the first upload's key again is refused: it is a version now.
    const again = IndexFilesAnswer.parse(
      (await api("POST", "/storage/v2/files/index_files.json", client, { key: firstKey.slice(0, firstKey.lastIndexOf("/") + 1), files: [{ path: "manual.pdf", size: 300 }], aircraft_id: A.id, dir: "/Versioned" })).body,
    );
    expect(again.refused.map((x) => x.reason)).toEqual(["already_indexed"]);
    expect((await blobBytes(firstKey)).equals(Buffer.from(v1))).toBe(true);
  });

  it("search reads the current version's text: after a same-named upload, and after a restore", async () => {
    // The seed's extraction jobs (OCR) are set aside: only this test's files are read.
    await setAsideQueuedJobs(up.upstream);
    const find = async (word: string) =>
      SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=${word}&aircraft_id=${A.id}`, client)).body).results.filter((r) => r.match === "content").map((r) => r.name);
    const f = (await upload(client, A.id, "/Searched", [{ path: "logbook note.txt", data: new TextEncoder().encode("hydraulic quokkaword leak") }])).index.indexed[0]!;
    await up.upstream.drainJobs();
    expect(await find("quokkaword")).toEqual(["logbook note.txt"]);
    await upload(client, A.id, "/Searched", [{ path: "logbook note.txt", data: new TextEncoder().encode("hydraulic wombatword fixed") }]);
    await up.upstream.drainJobs();
    expect(await find("wombatword")).toEqual(["logbook note.txt"]);
    expect(await find("quokkaword")).toEqual([]);
    const old = VersionsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${f.id}`, client)).body).versions[1]!;
    await api("POST", "/storage/v2/files/restore_version.json", client, { aircraft_id: A.id, file_id: f.id, version_id: old.id });
    await up.upstream.drainJobs();
    expect(await find("quokkaword")).toEqual(["logbook note.txt"]);
    expect(await find("wombatword")).toEqual([]);
  });

  it("needs Edit Access: a reader is refused, another organization's file is not found", async () => {
    const file = (await upload(client, A.id, "/Versioned", [{ path: "reader.txt", data: rand(10) }])).index.indexed[0]!;
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${file.id}`, reader), 422, /Edit Access/);
    expectError(await api("POST", "/storage/v2/files/restore_version.json", reader, { aircraft_id: A.id, file_id: file.id, version_id: 1 }), 422, /Edit Access/);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/versions.json?fileid=${A.file_id!}`, client), 422, /folder/);
    expectError(await api("POST", "/storage/v2/files/restore_version.json", client, { aircraft_id: A.id, file_id: file.id, version_id: 999999 }), 404);
  });
});

describe("trash", () => {
  it("a deleted folder goes to the trash and comes back with its files; nothing was removed from the store", async () => {
    const { index } = await upload(client, A.id, "/", [{ path: "Binned/Sub/one.txt", data: rand(5) }, { path: "Binned/two.txt", data: rand(6) }]);
    const folder = (await listDir(client, "/")).contents.find((c) => c.name === "Binned")!;
    const del = DeleteAnswer.parse((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [folder.id] })).body);
    expect(del).toMatchObject({ deleted: 4, files: 2, message: "1 item moved to the trash." });
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=/Binned`, client), 404);
    for (const f of index.indexed) expect(await up.upstream.deps.blob.stat(f.s3_full_path)).not.toBeNull();
    expect(SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=two&aircraft_id=${A.id}`, client)).body).results.some((r) => r.id === index.indexed[1]!.id)).toBe(false);

    const trash = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body);
    const entry = trash.entries.find((e) => e.item_id === folder.id)!;
    expect(entry).toMatchObject({ name: "Binned", path: "/Binned", resourcetype: "collection", files: 2, folders: 2, bytes: 11, deleted_by: expect.any(String), kept_reason: null });
    expect(trash.retention_days).toBe(30);
    expect(Date.parse(entry.expires_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY);
    // A reader sees nothing of it and cannot restore.
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, reader), 422, /Edit Access/);
    expectError(await api("POST", "/storage/v2/trash/restore.json", reader, { aircraft_id: A.id, entry_id: entry.id }), 422, /Edit Access/);

    const r = TrashRestoreAnswer.parse((await api("POST", "/storage/v2/trash/restore.json", client, { aircraft_id: A.id, entry_id: entry.id })).body);
    expect(r).toMatchObject({ path: "/Binned", renamed: false, item_id: folder.id });
    const back = await listDir(client, "/Binned");
    expect(back.contents.map((c) => c.name).sort()).toEqual(["Sub", "two.txt"]);
    expect((await listDir(client, "/Binned/Sub")).contents.map((c) => [c.id, c.name])).toEqual([[index.indexed[0]!.id, "one.txt"]]);
    expect(SearchAnswer.parse((await api("GET", `/storage/v2/search.json?query=two&aircraft_id=${A.id}`, client)).body).results.some((x) => x.id === index.indexed[1]!.id)).toBe(true);
    expect(TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).entries.some((e) => e.id === entry.id)).toBe(false);
    expectError(await api("POST", "/storage/v2/trash/restore.json", client, { aircraft_id: A.id, entry_id: entry.id }), 404);
  });

  it("two restores of one entry at once: one restores, the other is told it is gone", async () => {
    const f = (await upload(client, A.id, "/Twice", [{ path: "race.txt", data: rand(5) }])).index.indexed[0]!;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f.id] });
    const entry = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).entries.find((e) => e.item_id === f.id)!;
    const both = await Promise.all([0, 1].map(() => api("POST", "/storage/v2/trash/restore.json", client, { aircraft_id: A.id, entry_id: entry.id })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await listDir(client, "/Twice")).contents.map((c) => c.name)).toEqual(["race.txt"]);
  });

  it("restores beside a same-named item with a suffix, and recreates a folder that is gone", async () => {
    const first = (await upload(client, A.id, "/Clash", [{ path: "note.txt", data: rand(7) }])).index.indexed[0]!;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [first.id] });
    await upload(client, A.id, "/Clash", [{ path: "note.txt", data: rand(8) }]);
    let entry = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).entries.find((e) => e.item_id === first.id)!;
    const r = TrashRestoreAnswer.parse((await api("POST", "/storage/v2/trash/restore.json", client, { aircraft_id: A.id, entry_id: entry.id })).body);
    expect(r).toMatchObject({ path: "/Clash/note (restored).txt", renamed: true });
    expect(r.message).toMatch(/as "note \(restored\)\.txt"/);

    const deep = (await upload(client, A.id, "/Gone Parent", [{ path: "deep.txt", data: rand(9) }])).index.indexed[0]!;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [deep.id] });
    const parent = (await listDir(client, "/")).contents.find((c) => c.name === "Gone Parent")!;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [parent.id] });
    entry = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).entries.find((e) => e.item_id === deep.id)!;
    expect(TrashRestoreAnswer.parse((await api("POST", "/storage/v2/trash/restore.json", client, { aircraft_id: A.id, entry_id: entry.id })).body).path).toBe("/Gone Parent/deep.txt");
    expect((await listDir(client, "/Gone Parent")).contents.map((c) => c.name)).toEqual(["deep.txt"]);
  });

  it("the trash job empties expired entries with their blobs and versions, and nothing else removes a blob", async () => {
    const v1 = rand(40);
    const f = (await upload(client, A.id, "/Expiring", [{ path: "old.txt", data: v1 }])).index.indexed[0]!;
    await upload(client, A.id, "/Expiring", [{ path: "old.txt", data: rand(41) }]);
    const keys = [f.s3_full_path, await currentKey(f.id)];
    const keep = (await upload(client, A.id, "/Expiring", [{ path: "young.txt", data: rand(42) }])).index.indexed[0]!;
    const before = await referencedKeys();
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f.id] });
    // A delete moves rows; every blob referenced before is still referenced and still there.
    expect((await referencedKeys()).sort()).toEqual([...before].sort());
    for (const k of keys) expect(await up.upstream.deps.blob.stat(k)).not.toBeNull();

    up.clock.advance(29 * DAY);
    expect(await sweepTrash(up.upstream.deps)).toMatchObject({ emptied: 0 });
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [keep.id] });
    up.clock.advance(2 * DAY);
    // Through the durable queue, as the periodic sweep runs it (the seed's text extraction jobs are
    // set aside so that the drain runs only the sweep).
    await setAsideQueuedJobs(up.upstream, { exceptKind: TRASH_SWEEP_JOB });
    await up.upstream.deps.jobs.enqueue(TRASH_SWEEP_JOB, {}, { dedupeKey: TRASH_SWEEP_JOB });
    expect(await up.upstream.drainJobs()).toBe(1);
    for (const k of keys) expect(await up.upstream.deps.blob.stat(k)).toBeNull();
    const db = up.upstream.deps.db;
    expect(await db.selectFrom("file_versions").select("id").where("item_id", "=", f.id).execute()).toEqual([]);
    expect(await db.selectFrom("trash_items").select("id").where("id", "=", f.id).execute()).toEqual([]);
    // Deleted two days ago: still in the trash, bytes there.
    const trash = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body);
    expect(trash.entries.map((e) => e.item_id)).toContain(keep.id);
    expect(trash.entries.map((e) => e.item_id)).not.toContain(f.id);
    expect(await up.upstream.deps.blob.stat(keep.s3_full_path)).not.toBeNull();
    // Every referenced blob is in the store.
    for (const k of await referencedKeys()) expect(await up.upstream.deps.blob.stat(k), k).not.toBeNull();
  });
});

describe("retention and legal hold", () => {
  it("an admin sets rules; members read them; clients are refused", async () => {
    const state = RetentionAnswer.parse((await api("GET", "/storage/v2/retention.json", member)).body);
    expect(state.classes.map((c) => c.label)).toContain("LLP Back-to-Birth");
    expect(state.classes.every((c) => c.keep === "none")).toBe(true);
    expectError(await api("GET", "/storage/v2/retention.json", client), 422, /role/);
    expectError(await api("POST", "/storage/v2/retention.json", member, { class_key: "certificates", keep: "life" }), 422, /role/);
    expectError(await api("POST", "/storage/v2/retention.json", admin, { class_key: "certificates", keep: "years" }), 422, /number of years/);
    expectError(await api("POST", "/storage/v2/retention.json", admin, { class_key: "nope", keep: "life" }), 422, /class/);
    expect((await api("POST", "/storage/v2/retention.json", admin, { class_key: "certificates", keep: "life" })).body.message).toBe("Certificates: kept for the life of the aircraft.");
    expect((await api("POST", "/storage/v2/retention.json", admin, { class_key: "ad-status", keep: "years", years: 2 })).status).toBe(200);
    const after = RetentionAnswer.parse((await api("GET", "/storage/v2/retention.json", admin)).body);
    expect(after.classes.find((c) => c.key === "certificates")).toMatchObject({ keep: "life", years: null, updated_by: expect.any(String) });
    expect(after.classes.find((c) => c.key === "ad-status")).toMatchObject({ keep: "years", years: 2 });
  });

  it("a delete against a retention rule is refused with the message and nothing changes", async () => {
    const certs = (await listDir(client, "/01 Certificates")).contents;
    const file = certs.find((c) => c.resourcetype === "file")!;
    const folder = (await listDir(client, "/")).contents.find((c) => c.name === "01 Certificates")!;
    const trashBefore = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).total;
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [file.id] }), 422, /cannot be deleted: Certificates records are kept for the life of the aircraft/);
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [folder.id] }), 422, /life of the aircraft/);
    expect((await listDir(client, "/01 Certificates")).contents.map((c) => c.id)).toEqual(certs.map((c) => c.id));
    expect(TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).total).toBe(trashBefore);

    // N years: a new file in AD Status may not go before its date; after it, it may.
    const ad = (await upload(client, A.id, "/03 AD Status", [{ path: "AD 2026-01.pdf", data: rand(12) }])).index.indexed[0]!;
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [ad.id] }), 422, /cannot be deleted before \d{4}-\d\d-\d\d: AD Status records are kept for at least 2 years/);
    up.clock.advance(2 * 366 * DAY);
    expect((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [ad.id] })).status).toBe(200);
  });

  it("a move or rename that would take a kept file out of its class is refused; within the class it is not", async () => {
    const certs = (await listDir(client, "/01 Certificates")).contents;
    const file = certs.find((c) => c.resourcetype === "file")!;
    const folder = (await listDir(client, "/")).contents.find((c) => c.name === "01 Certificates")!;
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [folder.id], new_name: "Old paperwork" }), 422, /cannot leave the Certificates records: Certificates records are kept for the life of the aircraft/);
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [file.id], to_dir: "/" }), 422, /cannot leave the Certificates records/);
    expect((await listDir(client, "/")).contents.some((c) => c.name === "01 Certificates")).toBe(true);
    // Renamed within its class ("1 Certificates" is still Certificates): allowed.
    expect((await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [folder.id], new_name: "1 Certificates" })).status).toBe(200);
    expect((await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [folder.id], new_name: "01 Certificates" })).status).toBe(200);
  });

  it("a rule set after the delete keeps the item in the trash past its date, with the reason", async () => {
    const f = (await upload(client, A.id, "/05 LLP Back-to-Birth", [{ path: "LLP sheet.pdf", data: rand(20) }])).index.indexed[0]!;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f.id] });
    await api("POST", "/storage/v2/retention.json", admin, { class_key: "llp-back-to-birth", keep: "life" });
    up.clock.advance(31 * DAY);
    const r = await sweepTrash(up.upstream.deps);
    expect(r.kept).toBeGreaterThanOrEqual(1);
    expect(await up.upstream.deps.blob.stat(f.s3_full_path)).not.toBeNull();
    const entry = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body).entries.find((e) => e.item_id === f.id)!;
    expect(entry.kept_reason).toMatch(/LLP Back-to-Birth records are kept for the life of the aircraft/);
    await api("POST", "/storage/v2/retention.json", admin, { class_key: "llp-back-to-birth", keep: "none" });
  });

  it("a legal hold refuses every delete and keeps the trash; releasing it lets both happen", async () => {
    const f = (await upload(client, A.id, "/Held", [{ path: "a.txt", data: rand(5) }, { path: "b.txt", data: rand(6) }])).index.indexed;
    await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f[0]!.id] });
    expectError(await api("POST", "/storage/v2/legal_holds.json", member, { aircraft_id: A.id, reason: "Litigation" }), 422, /role/);
    expectError(await api("POST", "/storage/v2/legal_holds.json", admin, { aircraft_id: A.id, reason: " " }), 422, /reason/);
    expect((await api("POST", "/storage/v2/legal_holds.json", admin, { aircraft_id: A.id, reason: "Litigation 2026-17" })).status).toBe(200);
    expectError(await api("POST", "/storage/v2/legal_holds.json", admin, { aircraft_id: A.id, reason: "again" }), 422, /already/);
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f[1]!.id] }), 422, /under a legal hold \(Litigation 2026-17\)/);
    expect((await listDir(client, "/Held")).contents.map((c) => c.id)).toContain(f[1]!.id);
    up.clock.advance(40 * DAY);
    await sweepTrash(up.upstream.deps);
    const trash = TrashAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/trash.json`, client)).body);
    expect(trash.legal_hold?.reason).toBe("Litigation 2026-17");
    expect(trash.entries.find((e) => e.item_id === f[0]!.id)!.kept_reason).toMatch(/legal hold/);
    expect(await up.upstream.deps.blob.stat(f[0]!.s3_full_path)).not.toBeNull();
    expect(RetentionAnswer.parse((await api("GET", "/storage/v2/retention.json", admin)).body).holds.map((h) => h.aircraft_id)).toEqual([A.id]);

    expect((await api("POST", "/storage/v2/legal_holds/remove.json", admin, { aircraft_id: A.id })).status).toBe(200);
    expectError(await api("POST", "/storage/v2/legal_holds/remove.json", admin, { aircraft_id: A.id }), 404);
    expect((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [f[1]!.id] })).status).toBe(200);
    await sweepTrash(up.upstream.deps);
    expect(await up.upstream.deps.blob.stat(f[0]!.s3_full_path)).toBeNull();
  });
});
