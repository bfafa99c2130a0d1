// Contract: the storage endpoints of the main API (docs/api/storage.md) over HTTP, every answer
// parsed with the schemas in app/models/schemas/storage.ts. Starts from the small demo seed.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A small upload limit so that "oversize" needs only a few bytes (read when the storage module loads).
vi.hoisted(() => {
  process.env.UPLOAD_MAX_BYTES = String(256 * 1024);
});

import { sql } from "kysely";
import { onPostgres, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import {
  AircraftDetailAnswer,
  AircraftListAnswer,
  AircraftUsersAnswer,
  ClientsAnswer,
  CopyAnswer,
  DeleteAnswer,
  DownloadAnswer,
  ErrorAnswer,
  FavouritesAnswer,
  FilesAnswer,
  FollowingAnswer,
  FoldersAnswer,
  IndexFilesAnswer,
  MessageAnswer,
  MoveAnswer,
  OpenSearchAnswer,
  OrganizationAnswer,
  OrganizationsAnswer,
  PreprocessAnswer,
  PreviewAnswer,
  SearchAnswer,
  SplitFilesAnswer,
  STORAGE_MESSAGES,
  UploadLinkAnswer,
  ValidateFilesAnswer,
  ZIP_MAX_FILES,
} from "~/models/schemas/storage";
import { SPECIAL_CHARS_WARNING } from "~/models/file-names";
import type { z } from "zod";

type Headers = Record<string, string>;

let up: TestUpstream;
let admin: Headers, client: Headers, reader: Headers, consultant: Headers, jonas: Headers;
/** Skyline aircraft: A (reader may read it), B (invisible to reader). N: a Nordic aircraft. */
let A: z.infer<typeof AircraftListAnswer>["aircrafts"][number];
let B: typeof A;
let N: typeof A;

beforeAll(async () => {
  up = await startTestUpstream();
  [admin, client, reader, consultant, jonas] = await Promise.all(
    ["admin@demo.aero", "client@demo.aero", "reader@demo.aero", "consultant@demo.aero", "jonas.berg@nordic.demo.aero"].map((e) => up.signIn(e)),
  );
  const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
  A = list.aircrafts.find((a) => a.msn === "5123")!;
  B = list.aircrafts.find((a) => a.msn === "41230")!;
  const all = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?organization=nordic", admin)).body);
  N = all.aircrafts.find((a) => a.msn === "1320")!;
  expect(A && B && N).toBeTruthy();
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
  return { status: res.status, body: json as any, res };
}

const q = (o: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(o).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

function expectError(r: { status: number; body: unknown }, status: number, text?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const e = ErrorAnswer.parse(r.body);
  if (text) expect(e.error).toMatch(text);
  return e;
}

async function postUpload(url: string, fields: Record<string, string>, name: string, data: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([Buffer.from(data)]), name);
  return fetch(url, { method: "POST", body: form });
}

const rand = (n: number) => new Uint8Array(crypto.randomBytes(n));

/** Upload through the real flow: upload_link, signed POSTs (key = prefix + relative path), index_files. */
async function upload(headers: Headers, aircraftId: number, dir: string, files: { path: string; data: Uint8Array }[], family = "") {
  const link = UploadLinkAnswer.parse((await api("POST", `/storage/v2${family}/files/upload_link.json`, headers, { aircraft_id: aircraftId, dir })).body);
  for (const f of files) {
    const res = await postUpload(link.url, { ...link.url_fields, key: `${link.key_prefix}${f.path}` }, path.basename(f.path), f.data);
    expect(res.status).toBe(204);
  }
  const idx = await api("POST", `/storage/v2${family}/files/index_files.json`, headers, {
    key: link.key_prefix,
    files: files.map((f) => ({ path: f.path, size: f.data.length })),
    aircraft_id: aircraftId,
    dir,
  });
  expect(idx.status, JSON.stringify(idx.body)).toBe(200);
  return { link, index: IndexFilesAnswer.parse(idx.body) };
}

async function listDir(headers: Headers, aircraftId: number, dir: string, extra: Record<string, string | number> = {}) {
  const r = await api("GET", `/storage/v2/aircraft/${aircraftId}/files.json?${q({ dir, ...extra })}`, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return FilesAnswer.parse(r.body);
}

async function search(headers: Headers, params: Record<string, string | number | undefined>) {
  return api("GET", `/storage/v2/search.json?${q(params)}`, headers);
}

const itemCount = async () => Number((await up.upstream.deps.db.selectFrom("storage_items").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const blobTmp = () => fs.readdirSync(path.join(up.dataDir, "blobs", "tmp"));

// ---------------------------------------------------------------------------------------------

describe("aircraft", () => {
  it("lists a client's organization only, with counts, access and links", async () => {
    const r = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
    expect(r.aircrafts.length).toBe(8);
    expect(r.aircrafts.every((a) => a.organization.slug === "skyline" && a.access === "write")).toBe(true);
    expect(r.counts).toEqual({ total: 8, grounded: 1, operational: 5, transitional: 2 });
    expect(A.link).toBe(`/storage/aircraft/${A.id}/files`);
    expect(A.file_id).toBeTypeOf("number");
    const uef = AircraftListAnswer.parse((await api("GET", "/storage/v2/uef/aircraft.json", client)).body);
    expect(uef.aircrafts.map((a) => a.id)).toEqual(r.aircrafts.map((a) => a.id));
  });

  it("lists the aircraft a user may open in AeroOPS / AeroOIL with product=, with the module's level and issue date", async () => {
    const ops = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?product=ops", client)).body);
    expect(ops.aircrafts.length).toBeGreaterThan(0);
    for (const a of ops.aircrafts) {
      expect(a.link).toBe(`/client/Aeroops/aeroplane?org_msn_id=${a.id}&aerotype=Aeroops`);
      expect(a).toHaveProperty("issue_date");
      const tabs = await up.upstream.deps.db.selectFrom("tabs").select("id").where("aircraft_id", "=", a.id).where("product", "=", "ops").where("is_template", "=", 0).execute();
      expect(tabs.length, `aircraft ${a.msn} has ops tabs`).toBeGreaterThan(0);
    }
    // The reader's list and levels are exactly its ops grants, as the ops API reports them.
    const readerOps = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?product=ops", reader)).body);
    const pids = await fetch(`${up.opsUrl}/v1/user_access/user_msn_pids.json`, {
      method: "POST",
      headers: { ...reader, "content-type": "application/json" },
      body: JSON.stringify({ user_id: (await up.upstream.deps.db.selectFrom("users").select("id").where("email", "=", "reader@demo.aero").executeTakeFirstOrThrow()).id, organization: "skyline", product: "ops" }),
    });
    const grants = ((await pids.json()) as { data: { org_msn_id: number; access: string }[] }).data;
    const registered = new Set(ops.aircrafts.map((a) => a.id));
    expect(readerOps.aircrafts.map((a) => [a.id, a.access]).sort()).toEqual(grants.filter((g) => registered.has(g.org_msn_id)).map((g) => [g.org_msn_id, g.access]).sort());
    const oil = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?product=oil", client)).body);
    expect(oil.aircrafts.every((a) => a.link.startsWith("/client/Aerooil/statusDashboard?org_msn_id="))).toBe(true);
    expect(AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?product=ops", consultant)).body).aircrafts).toEqual([]);
  });

  it("lists only granted aircraft for a reader, every aircraft for staff, one organization by slug", async () => {
    const r = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", reader)).body);
    expect(r.aircrafts.map((a) => a.msn).sort()).toEqual(["19000612", "20234", "5123", "8842"]);
    expect(r.aircrafts.every((a) => a.access === "read")).toBe(true);
    const all = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", admin)).body);
    expect(all.counts.total).toBe(20);
    expect(all.aircrafts.every((a) => a.access === "su_write")).toBe(true);
    const nordic = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?organization=nordic", admin)).body);
    expect(nordic.aircrafts.every((a) => a.organization.slug === "nordic")).toBe(true);
    expect(nordic.total).toBe(5);
    expectError(await api("GET", "/storage/v2/aircraft.json?organization=nordic", client), 404);
    const none = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", consultant)).body);
    expect(none.aircrafts).toEqual([]);
  });

  it("filters by name, MSN or registration and by status", async () => {
    const byMsn = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?q=5123", client)).body);
    expect(byMsn.aircrafts.map((a) => a.msn)).toEqual(["5123"]);
    const byReg = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?q=vh-", client)).body);
    expect(byReg.aircrafts.every((a) => a.registration.startsWith("VH-"))).toBe(true);
    const noWildcard = AircraftListAnswer.parse((await api("GET", `/storage/v2/aircraft.json?q=${encodeURIComponent("%")}`, client)).body);
    expect(noWildcard.aircrafts).toEqual([]);
    const grounded = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?status=GROUNDED", client)).body);
    expect(grounded.aircrafts.map((a) => a.status)).toEqual(["GROUNDED"]);
    expect(grounded.total).toBe(1);
  });

  it("shows one aircraft with its users; invisible aircraft are 404", async () => {
    const d = AircraftDetailAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}.json`, reader)).body);
    expect(d.aircraft.id).toBe(A.id);
    expect(d.access).toBe("read");
    const names = d.users.map((u) => u.username);
    expect(d.users.find((u) => u.access === "write")).toBeTruthy();
    expect(names.length).toBeGreaterThanOrEqual(2);
    const users = AircraftUsersAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/users.json`, client)).body);
    expect(users.users).toEqual(d.users);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}.json`, reader), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${N.id}.json`, client), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${N.id}/users.json`, client), 404);
    expectError(await api("GET", `/storage/v2/aircraft/999999.json`, admin), 404);
  });
});

describe("organizations and clients", () => {
  it("lists organizations by role and filter", async () => {
    const mine = OrganizationsAnswer.parse((await api("GET", "/storage/organizations.json", client)).body);
    expect(mine.organizations.map((o) => o.slug)).toEqual(["skyline"]);
    const all = OrganizationsAnswer.parse((await api("GET", "/storage/organizations.json", admin)).body);
    expect(all.organizations.length).toBe(4);
    const uam = OrganizationsAnswer.parse((await api("GET", "/storage/organizations.json?product_type=UAMBOX", admin)).body);
    expect(uam.organizations.map((o) => o.slug)).toEqual(["vertiport"]);
    const filtered = OrganizationsAnswer.parse((await api("GET", "/storage/v2/uef/organizations.json?filter=nord", admin)).body);
    expect(filtered.organizations.map((o) => o.slug)).toEqual(["nordic"]);
  });

  it("reads one organization by slug or id, and the search-all flag", async () => {
    const sky = OrganizationAnswer.parse((await api("GET", "/storage/organizations/skyline.json", client)).body);
    expect(sky.organization).toMatchObject({ slug: "skyline", product_type: "STORAGE", search_all: false });
    const byId = OrganizationAnswer.parse((await api("GET", `/storage/organizations/${sky.organization.id}.json`, client)).body);
    expect(byId.organization.slug).toBe("skyline");
    expectError(await api("GET", "/storage/organizations/nordic.json", client), 404);
    const nordic = OrganizationAnswer.parse((await api("GET", "/storage/organizations/nordic.json", admin)).body);
    expect(OpenSearchAnswer.parse((await api("GET", `/storage/v2/organization/new_open_search.json?organization_id=${nordic.organization.id}`, admin)).body)).toEqual({ result: true });
    expect(OpenSearchAnswer.parse((await api("GET", "/storage/v2/organization/new_open_search.json", client)).body)).toEqual({ result: false });
    expect(OpenSearchAnswer.parse((await api("GET", "/storage/v2/organization/new_open_search.json", jonas)).body)).toEqual({ result: true });
    expectError(await api("GET", `/storage/v2/organization/new_open_search.json?organization_id=${nordic.organization.id}`, client), 404);
  });

  it("lists clients for staff only", async () => {
    const r = ClientsAnswer.parse((await api("GET", "/storage/clients.json", admin)).body);
    expect(r.clients.some((c) => c.email === "client@demo.aero")).toBe(true);
    expect(r.total).toBe(r.clients.length);
    expectError(await api("GET", "/storage/clients.json", client), 422);
  });
});

describe("folders and files", () => {
  it("lists the root: folders first, breadcrumb, access", async () => {
    const r = await listDir(client, A.id, "/");
    expect(r.folder).toMatchObject({ id: A.file_id, path: "/" });
    expect(r.breadcrumb).toEqual([{ name: A.name, path: "/", id: A.file_id }]);
    expect(r.access).toBe("write");
    const kinds = r.contents.map((c) => c.resourcetype);
    expect(kinds.indexOf("file")).toBeGreaterThan(kinds.lastIndexOf("collection"));
    expect(r.contents.find((c) => c.name === "01 Certificates")).toMatchObject({ resourcetype: "collection", path: "/01 Certificates" });
    expect(r.contents.find((c) => c.name === "Records Index.txt")).toMatchObject({ resourcetype: "file" });
    const uef = FilesAnswer.parse((await api("GET", `/storage/v2/uef/aircraft/${A.id}/files.json?dir=/`, client)).body);
    expect(uef.total).toBe(r.total);
  });

  it("lists a folder by dir or fileid, with breadcrumb, sort, order, paging and name filter", async () => {
    const r = await listDir(client, A.id, "/Technical Logbook");
    expect(r.breadcrumb.map((b) => b.path)).toEqual(["/", "/Technical Logbook"]);
    expect(r.contents.map((c) => c.name)).toEqual(["2025", "2026"]);
    const desc = await listDir(client, A.id, "/Technical Logbook", { sort: "name", order: "desc" });
    expect(desc.contents.map((c) => c.name)).toEqual(["2026", "2025"]);
    const byId = FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?fileid=${r.folder.id}`, client)).body);
    expect(byId.folder.path).toBe("/Technical Logbook");
    const paged = await listDir(client, A.id, "/", { per_page: 2, page: 2 });
    expect(paged.contents.length).toBe(2);
    expect(paged.page).toBe(2);
    const filtered = await listDir(client, A.id, "/", { query: "cert" });
    expect(filtered.contents.map((c) => c.name)).toEqual(["01 Certificates"]);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?sort=owner`, client), 422);
  });

  it("opens the folder of a file named by fileid, on the page that holds it", async () => {
    const root = await listDir(client, A.id, "/");
    const file = root.contents.find((c) => c.name === "Records Index.txt")!;
    const r = FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?fileid=${file.id}&per_page=3&source=search`, client)).body);
    expect(r.selected_id).toBe(file.id);
    expect(r.contents.map((c) => c.id)).toContain(file.id);
  });

  it("refuses path tricks and unknown folders", async () => {
    for (const dir of ["../..", "/../../etc", "/01 Certificates/..", "/a%2Fb", "C:/Windows", "/a\u0000b", "a\\b", "//server/share"]) {
      expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=${encodeURIComponent(dir)}`, client), 422, "folder path");
    }
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=${encodeURIComponent("/No such folder")}`, client), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/files.json`, reader), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${N.id}/files.json`, client), 404);
    // A fileid of another aircraft is not found either.
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?fileid=${N.file_id}`, admin), 404);
  });

  it("hands out a signed download link; Range reads are byte-identical", async () => {
    const dir = await listDir(reader, A.id, "/01 Certificates");
    const pdf = dir.contents.find((c) => c.name === "Certificate of Airworthiness.pdf")!;
    const d = DownloadAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?download=${pdf.id}`, reader)).body);
    expect(d).toMatchObject({ name: pdf.name, size: pdf.size });
    const full = await fetch(d.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toContain("attachment");
    const whole = Buffer.from(await full.arrayBuffer());
    expect(whole.length).toBe(pdf.size);
    const mid = Math.floor(pdf.size / 2);
    const a = await fetch(d.url, { headers: { range: `bytes=0-${mid - 1}` } });
    const b = await fetch(d.url, { headers: { range: `bytes=${mid}-` } });
    expect([a.status, b.status]).toEqual([206, 206]);
    expect(b.headers.get("content-range")).toBe(`bytes ${mid}-${pdf.size - 1}/${pdf.size}`);
    expect(Buffer.concat([Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())]).equals(whole)).toBe(true);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?download=${dir.folder.id}`, reader), 422);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/files.json?download=${pdf.id}`, admin), 404);
  });

  it("creates folders with sanitized names, idempotently; write access needed", async () => {
    const r = await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: ["New (2024)/Q1", "Plain"] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const f = FoldersAnswer.parse(r.body);
    expect(f.folders.map((x) => x.path)).toEqual(["/New _2024_/Q1", "/Plain"]);
    expect(f.message).toBe("3 folders created.");
    const again = FoldersAnswer.parse((await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: ["Plain"] })).body);
    expect(again.message).toBe("That folder already exists.");
    const uef = FoldersAnswer.parse((await api("POST", "/storage/v2/uef/folders.json", client, { aircraft_id: A.id, fileid: f.folders[1]!.id, paths: ["Inner"] })).body);
    expect(uef.folders[0]!.path).toBe("/Plain/Inner");
    // Folder names lose their dots ("v1.2" -> "v1_2"), so only a file without extension can be in the way.
    await upload(client, A.id, "/Plain", [{ path: "NoExtension", data: rand(3) }]);
    const before = await itemCount();
    expectError(await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/Plain", paths: ["Fine", "NoExtension/x"] }), 422, "is a file");
    expect(await itemCount()).toBe(before);
    expectError(await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/../x", paths: ["y"] }), 422, "folder path");
    expectError(await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: [" / "] }), 422);
  });

  it("splits files into batches of 10 and by bytes", async () => {
    const files = Array.from({ length: 25 }, (_, i) => ({ path: `f${i}.pdf`, size: 1000 }));
    const r = SplitFilesAnswer.parse((await api("POST", "/storage/v2/files/split_files.json", client, { files })).body);
    expect(r.batches.map((b) => b.length)).toEqual([10, 10, 5]);
    const big = SplitFilesAnswer.parse(
      (await api("POST", "/storage/v2/files/split_files.json", client, { files: [{ path: "a", size: 400 * 1024 * 1024 }, { path: "b", size: 200 * 1024 * 1024 }, { path: "c", size: 1 }] })).body,
    );
    expect(big.batches.map((b) => b.map((f) => f.path))).toEqual([["a"], ["b", "c"]]);
    const custom = SplitFilesAnswer.parse((await api("POST", "/storage/v2/files/split_files.json", client, { files, batch_size: 20 })).body);
    expect(custom.batches.map((b) => b.length)).toEqual([20, 5]);
  });
});

describe("uploads", () => {
  it("uploads within policy and lists the files after index_files (folders created, names sanitized)", async () => {
    const a = rand(5000);
    const b = rand(7000);
    const { link, index } = await upload(client, A.id, "/Plain", [
      { path: "Batch 1/Report (final).pdf", data: a },
      { path: "notes.txt", data: b },
    ]);
    expect(link).toMatchObject({ expires_in: 600, max_bytes: 256 * 1024 });
    expect(link.key_prefix).toMatch(new RegExp(`^aircraft/${A.id}/[0-9a-f]{32}/$`));
    expect(link.url_fields.key).toBe(`${link.key_prefix}\${filename}`);
    expect(index.indexed.map((i) => i.path)).toEqual(["/Plain/Batch 1/Report _final_.pdf", "/Plain/notes.txt"]);
    expect(index.missing).toEqual([]);
    expect(index.message).toBe("2 files uploaded.");
    const listed = await listDir(client, A.id, "/Plain/Batch 1");
    expect(listed.contents.map((c) => [c.name, c.size])).toEqual([["Report _final_.pdf", 5000]]);
    // The bytes served are the bytes uploaded.
    const d = DownloadAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?download=${listed.contents[0]!.id}`, client)).body);
    expect(Buffer.from(await (await fetch(d.url)).arrayBuffer()).equals(Buffer.from(a))).toBe(true);
    // And search finds it.
    const s = SearchAnswer.parse((await search(client, { query: "final", aircraft_id: A.id })).body);
    const hit = s.results.find((r) => r.path === "/Plain/Batch 1/Report _final_.pdf")!;
    expect(hit.highlight).toBe("Report _<mark>final</mark>_.pdf");
  });

  it("is idempotent: indexing the same key and path twice keeps one row; a re-upload keeps the old blob as a version", async () => {
    const data = rand(1234);
    const { link } = await upload(client, A.id, "/Plain", [{ path: "twice.txt", data }]);
    const before = await itemCount();
    const again = await api("POST", "/storage/v2/files/index_files.json", client, { key: link.key_prefix, files: [{ path: "twice.txt", size: 1234 }], aircraft_id: A.id, dir: "/Plain" });
    expect(IndexFilesAnswer.parse(again.body).indexed.length).toBe(1);
    expect(await itemCount()).toBe(before);
    // Same key into another folder: refused (one row per blob).
    const other = IndexFilesAnswer.parse((await api("POST", "/storage/v2/files/index_files.json", client, { key: link.key_prefix, files: [{ path: "twice.txt", size: 1234 }], aircraft_id: A.id, dir: "/" })).body);
    expect(other.refused.map((r) => r.reason)).toEqual(["already_indexed"]);
    // A new upload of the same name updates the row; the old blob stays as a version (ADR 042).
    const { index } = await upload(client, A.id, "/Plain", [{ path: "twice.txt", data: rand(99) }]);
    expect(index.indexed[0]!.size).toBe(99);
    expect(await itemCount()).toBe(before);
    expect(await up.upstream.deps.blob.stat(`${link.key_prefix}twice.txt`)).not.toBeNull();
  });

  it("reports files whose blob is missing or has another size, and refuses forbidden extensions (blob deleted)", async () => {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/Plain" })).body);
    await postUpload(link.url, { ...link.url_fields, key: `${link.key_prefix}tool.exe` }, "tool.exe", rand(10));
    await postUpload(link.url, link.url_fields, "short.txt", rand(10));
    const r = IndexFilesAnswer.parse(
      (
        await api("POST", "/storage/v2/files/index_files.json", client, {
          key: link.key_prefix,
          files: [
            { path: "tool.exe", size: 10 },
            { path: "short.txt", size: 11 },
            { path: "never.txt", size: 5 },
          ],
          aircraft_id: A.id,
          dir: "/Plain",
        })
      ).body,
    );
    expect(r.indexed).toEqual([]);
    expect(r.missing.map((m) => [m.path, m.reason]).sort()).toEqual([["never.txt", "missing"], ["short.txt", "size_mismatch"]]);
    expect(r.refused).toEqual([{ path: "tool.exe", reason: "forbidden_extension", message: expect.any(String) }]);
    expect(await up.upstream.deps.blob.stat(`${link.key_prefix}tool.exe`)).toBeNull();
  });

  it("refuses keys that were not issued for that aircraft", async () => {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/" })).body);
    const other = link.key_prefix.replace(`aircraft/${A.id}/`, `aircraft/${B.id}/`);
    expectError(await api("POST", "/storage/v2/files/index_files.json", client, { key: other, files: [{ path: "x.txt", size: 1 }], aircraft_id: B.id, dir: "/" }), 422, "upload key");
    expectError(await api("POST", "/storage/v2/files/index_files.json", client, { key: "aircraft/1/../../x/", files: [{ path: "x.txt", size: 1 }] }), 422, "upload key");
    expectError(await api("POST", "/storage/v2/files/index_files.json", client, { key: `aircraft/${A.id}/${"0".repeat(32)}/`, files: [{ path: "x.txt", size: 1 }] }), 422, "upload key");
  });

  it("refuses tampered, forged, expired, oversize and out-of-prefix uploads with 403, leaving nothing on disk", async () => {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/" })).body);
    const blob = up.upstream.deps.blob;
    const refused = async (fields: Record<string, string>, name: string, data: Uint8Array, key: string) => {
      const res = await postUpload(link.url, fields, name, data);
      expect(res.status).toBe(403);
      ErrorAnswer.parse(await res.json());
      expect(await blob.stat(key)).toBeNull();
      expect(blobTmp()).toEqual([]);
    };
    const doc = JSON.parse(Buffer.from(link.url_fields.policy!, "base64").toString());
    doc.conditions[0] = ["starts-with", "$key", ""];
    await refused({ ...link.url_fields, policy: Buffer.from(JSON.stringify(doc)).toString("base64"), key: "elsewhere/a.txt" }, "a.txt", rand(10), "elsewhere/a.txt");
    await refused({ ...link.url_fields, "x-signature": "a".repeat(64) }, "b.txt", rand(10), `${link.key_prefix}b.txt`);
    doc.conditions[0] = ["starts-with", "$key", link.key_prefix];
    doc.expiration = new Date(Date.now() - 1000).toISOString();
    await refused({ ...link.url_fields, policy: Buffer.from(JSON.stringify(doc)).toString("base64") }, "c.txt", rand(10), `${link.key_prefix}c.txt`);
    await refused(link.url_fields, "big.bin", rand(256 * 1024 + 1), `${link.key_prefix}big.bin`);
    const otherAircraft = `aircraft/${B.id}/${link.uid}/d.txt`;
    await refused({ ...link.url_fields, key: otherAircraft }, "d.txt", rand(10), otherAircraft);
  });

  it("re-signs an upload prefix for a retry (same uid), only for its own user", async () => {
    const first = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/" })).body);
    const again = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/", uid: first.uid })).body);
    expect(again.key_prefix).toBe(first.key_prefix);
    const mikko = await up.signIn("emma.clarke@skyline.demo.aero");
    expectError(await api("POST", "/storage/v2/files/upload_link.json", mikko, { aircraft_id: A.id, dir: "/", uid: first.uid }), 422);
  });

  it("UEF flow: preprocess, validate (missing files come back), index with lowercased extensions", async () => {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/uef/files/upload_link.json", client, { aircraft_id: A.id, dir: "/Plain" })).body);
    const files = [
      { path: "Scans/Page 1.PDF", data: rand(300) },
      { path: "Scans/Page 2.PDF", data: rand(400) },
      { path: "logo★.PNG", data: rand(50) },
    ];
    const pre = PreprocessAnswer.parse((await api("POST", "/storage/v2/uef/files/preprocess_files.json", client, { key: link.key_prefix, files: files.slice(0, 2).map((f) => ({ path: f.path, size: f.data.length })) })).body);
    expect(pre.uid).toBe(link.uid);
    const pre2 = PreprocessAnswer.parse((await api("POST", "/storage/v2/uef/files/preprocess_files.json", client, { key: link.key_prefix, uid: pre.uid, files: files.slice(2).map((f) => ({ path: f.path, size: f.data.length })) })).body);
    expect(pre2).toEqual({ uid: pre.uid, files: 3 });
    const v1 = ValidateFilesAnswer.parse((await api("GET", `/storage/v2/uef/files/validate_files.json?uid=${pre.uid}&dir=/Plain`, client)).body);
    expect(v1.files.map((f) => f.path)).toEqual(files.map((f) => f.path));
    await postUpload(link.url, { ...link.url_fields, key: `${link.key_prefix}${files[0]!.path}` }, "Page 1.PDF", files[0]!.data);
    await postUpload(link.url, { ...link.url_fields, key: `${link.key_prefix}${files[2]!.path}` }, "logo★.PNG", files[2]!.data);
    const v2 = ValidateFilesAnswer.parse((await api("GET", `/storage/v2/uef/files/validate_files.json?uid=${pre.uid}`, client)).body);
    expect(v2.files).toEqual([{ path: "Scans/Page 2.PDF", size: 400 }]);
    await postUpload(link.url, { ...link.url_fields, key: `${link.key_prefix}${files[1]!.path}` }, "Page 2.PDF", files[1]!.data);
    const v3 = ValidateFilesAnswer.parse((await api("GET", `/storage/v2/uef/files/validate_files.json?uid=${pre.uid}`, client)).body);
    expect(v3.files).toEqual([]);
    const idx = IndexFilesAnswer.parse(
      (await api("POST", "/storage/v2/uef/files/index_files.json", client, { key: link.key_prefix, files: files.map((f) => ({ path: f.path, size: f.data.length })), aircraft_id: A.id, dir: "/Plain" })).body,
    );
    expect(idx.indexed.map((i) => i.path).sort()).toEqual(["/Plain/Scans/Page 1.pdf", "/Plain/Scans/Page 2.pdf", "/Plain/logo★.png"]);
    expectError(await api("GET", `/storage/v2/uef/files/validate_files.json?uid=${pre.uid}`, reader), 404);
    expectError(await api("GET", `/storage/v2/uef/files/validate_files.json?uid=nope`, client), 422);
  });

  it("the standard flow drops names outside the pattern", async () => {
    const { index } = await upload(client, A.id, "/Plain", [{ path: "logo★.png", data: rand(20) }]);
    expect(index.indexed).toEqual([]);
    expect(index.refused.map((r) => r.reason)).toEqual(["invalid_name"]);
    expect(SPECIAL_CHARS_WARNING).toContain("replaced with _");
  });
});

describe("read access refuses every write, and nothing changes", () => {
  it("refuses upload_link, index_files, folders, copy, move, rename, delete, preprocess for a reader", async () => {
    const before = await itemCount();
    const root = await listDir(reader, A.id, "/");
    const file = root.contents.find((c) => c.resourcetype === "file")!;
    const folder = root.contents.find((c) => c.resourcetype === "collection")!;
    const clientLink = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/" })).body);
    await postUpload(clientLink.url, clientLink.url_fields, "r.txt", rand(5));
    const writes: [string, unknown][] = [
      ["/storage/v2/files/upload_link.json", { aircraft_id: A.id, dir: "/" }],
      ["/storage/v2/uef/files/upload_link.json", { aircraft_id: A.id, dir: "/" }],
      ["/storage/v2/files/index_files.json", { key: clientLink.key_prefix, files: [{ path: "r.txt", size: 5 }], aircraft_id: A.id, dir: "/" }],
      ["/storage/v2/uef/files/index_files.json", { key: clientLink.key_prefix, files: [{ path: "r.txt", size: 5 }], aircraft_id: A.id, dir: "/" }],
      ["/storage/v2/uef/files/preprocess_files.json", { key: clientLink.key_prefix, files: [{ path: "r.txt", size: 5 }] }],
      ["/storage/v2/folders.json", { aircraft_id: A.id, dir: "/", paths: ["Nope"] }],
      ["/storage/v2/uef/folders.json", { aircraft_id: A.id, dir: "/", paths: ["Nope"] }],
      ["/storage/v2/files/copy.json", { aircraft_id: A.id, ids: [file.id], to_dir: "/" }],
      ["/storage/v2/files/move.json", { aircraft_id: A.id, ids: [file.id], to_dir: folder.path }],
      ["/storage/v2/files/move.json", { aircraft_id: A.id, ids: [file.id], new_name: "renamed.txt" }],
      ["/storage/v2/files/delete.json", { aircraft_id: A.id, ids: [file.id] }],
    ];
    for (const [p, body] of writes) {
      expectError(await api("POST", p, reader, body), 422, /Read Access/);
    }
    expect(await itemCount()).toBe(before);
    const after = await listDir(reader, A.id, "/");
    expect(after.contents).toEqual(root.contents);
    expect(await up.upstream.deps.blob.stat(`${clientLink.key_prefix}r.txt`)).toMatchObject({ size: 5 });
    // Invisible aircraft: 404 rather than 422.
    expectError(await api("POST", "/storage/v2/files/delete.json", reader, { aircraft_id: B.id, ids: [file.id] }), 404);
  });
});

describe("copy, move, rename, delete", () => {
  it("copies a file (new blob, same bytes) and a folder; refuses copying a folder into itself", async () => {
    const { index } = await upload(client, A.id, "/Plain", [{ path: "copy-src/a.txt", data: rand(321) }]);
    const src = index.indexed[0]!;
    const r = CopyAnswer.parse((await api("POST", "/storage/v2/files/copy.json", client, { aircraft_id: A.id, ids: [src.id], to_dir: "/Plain/copy-src" })).body);
    expect(r.items[0]!.path).toBe("/Plain/copy-src/a copy.txt");
    expect(r.items[0]!.s3_full_path).not.toBe(src.s3_full_path);
    const blob = up.upstream.deps.blob;
    const bytesOf = async (key: string) => Buffer.from(await (await blob.read(key)).arrayBuffer());
    expect((await bytesOf(r.items[0]!.s3_full_path)).equals(await bytesOf(src.s3_full_path))).toBe(true);
    const dir = (await listDir(client, A.id, "/Plain")).contents.find((c) => c.name === "copy-src")!;
    const f = CopyAnswer.parse((await api("POST", "/storage/v2/files/copy.json", client, { aircraft_id: A.id, ids: [dir.id], to_dir: "/" })).body);
    expect(f.items[0]!.path).toBe("/copy-src");
    const copied = await listDir(client, A.id, "/copy-src");
    expect(copied.contents.map((c) => c.name).sort()).toEqual(["a copy.txt", "a.txt"]);
    expectError(await api("POST", "/storage/v2/files/copy.json", client, { aircraft_id: A.id, ids: [dir.id], to_dir: "/Plain/copy-src" }), 422, "into itself");
    expectError(await api("POST", "/storage/v2/files/copy.json", client, { aircraft_id: A.id, ids: [A.file_id], to_dir: "/Plain" }), 422, "root folder");
    // Another organization's aircraft is not a destination.
    expectError(await api("POST", "/storage/v2/files/copy.json", client, { aircraft_id: A.id, ids: [src.id], to_dir: "/", to_aircraft_id: N.id }), 404);
  });

  it("renames (sanitized), moves (descendants follow, search follows), refuses conflicts and moving into itself", async () => {
    await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: ["MoveMe/Inner", "Target"] });
    const { index } = await upload(client, A.id, "/MoveMe/Inner", [{ path: "deep.txt", data: rand(10) }, { path: "other.txt", data: rand(11) }]);
    const deep = index.indexed[0]!;
    const ren = MoveAnswer.parse((await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [deep.id], new_name: "Deep (v2).txt" })).body);
    expect(ren.items[0]!.path).toBe("/MoveMe/Inner/Deep _v2_.txt");
    expect(ren.message).toBe("Renamed.");
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [deep.id], new_name: "other.txt" }), 422, "already exists");
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [deep.id], new_name: "run.exe" }), 422);
    const root = await listDir(client, A.id, "/");
    const moveMe = root.contents.find((c) => c.name === "MoveMe")!;
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [moveMe.id], to_dir: "/MoveMe/Inner" }), 422, "into itself");
    const moved = MoveAnswer.parse((await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [moveMe.id], to_dir: "/Target" })).body);
    expect(moved.items[0]!.path).toBe("/Target/MoveMe");
    const inner = await listDir(client, A.id, "/Target/MoveMe/Inner");
    expect(inner.contents.map((c) => c.name).sort()).toEqual(["Deep _v2_.txt", "other.txt"]);
    expect(inner.breadcrumb.map((b) => b.name)).toEqual([A.name, "Target", "MoveMe", "Inner"]);
    const s = SearchAnswer.parse((await search(client, { query: "Deep", aircraft_id: A.id })).body);
    expect(s.results.find((r) => r.id === deep.id)).toMatchObject({ path: "/Target/MoveMe/Inner/Deep _v2_.txt", dir: "/Target/MoveMe/Inner" });
    // Rename a folder: a second folder of that name is a conflict.
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [moveMe.id], new_name: "Inner", to_dir: "/Target/MoveMe" }), 422);
    expectError(await api("POST", "/storage/v2/files/move.json", client, { aircraft_id: A.id, ids: [deep.id, moveMe.id], new_name: "x" }), 422, "one item");
  });

  it("deletes a file into the trash: row, favourite and search entry go, the blob stays for the trash job", async () => {
    const { index } = await upload(client, A.id, "/Plain", [{ path: "Zebra Delete.txt", data: rand(50) }]);
    const item = index.indexed[0]!;
    await api("POST", "/storage/v2/favourites.json", client, { id: item.id });
    expect(SearchAnswer.parse((await search(client, { query: "Zebra", aircraft_id: A.id })).body).total).toBe(1);
    const r = DeleteAnswer.parse((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [item.id] })).body);
    expect(r).toMatchObject({ deleted: 1, files: 1 });
    expect(await up.upstream.deps.blob.stat(item.s3_full_path)).not.toBeNull();
    expect(SearchAnswer.parse((await search(client, { query: "Zebra", aircraft_id: A.id })).body).total).toBe(0);
    const favs = FavouritesAnswer.parse((await api("GET", "/storage/v2/favourites.json", client)).body);
    expect(favs.favourites.some((f) => f.id === item.id)).toBe(false);
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [item.id] }), 404);
  });

  it("deletes a folder with its descendants into the trash (blobs kept); the root cannot be deleted", async () => {
    const { index } = await upload(client, A.id, "/", [{ path: "Gone/x/one.txt", data: rand(5) }, { path: "Gone/two.txt", data: rand(6) }]);
    const gone = (await listDir(client, A.id, "/")).contents.find((c) => c.name === "Gone")!;
    const r = DeleteAnswer.parse((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [gone.id] })).body);
    expect(r).toMatchObject({ deleted: 4, files: 2 });
    for (const i of index.indexed) expect(await up.upstream.deps.blob.stat(i.s3_full_path)).not.toBeNull();
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=/Gone`, client), 404);
    expectError(await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: [A.file_id] }), 422, "root folder");
  });
});

describe("search", () => {
  it("searches the caller's visible aircraft, scoped by aircraft and folder", async () => {
    const all = SearchAnswer.parse((await search(client, { query: "Airworthiness" })).body);
    expect(all.scope).toBe("all");
    expect(all.total).toBe(8);
    expect(all.results.every((r) => r.organization_id === A.organization_id)).toBe(true);
    expect(all.results[0]!.highlight).toContain("<mark>Airworthiness</mark>");
    const one = SearchAnswer.parse((await search(client, { query: "airworth", aircraft_id: A.id })).body);
    expect(one.scope).toBe("aircraft");
    expect(one.results.map((r) => r.aircraft_id)).toEqual([A.id]);
    expect(one.results[0]).toMatchObject({ aircraft_name: A.name, dir: "/01 Certificates", resourcetype: "file" });
    const folder = SearchAnswer.parse((await search(client, { query: "status", aircraft_id: A.id, folder_path: "/03 AD Status" })).body);
    expect(folder.scope).toBe("folder");
    expect(folder.results.every((r) => r.path.startsWith("/03 AD Status/"))).toBe(true);
    const rd = SearchAnswer.parse((await search(reader, { query: "Airworthiness" })).body);
    expect(rd.total).toBe(4);
    expectError(await search(reader, { query: "Airworthiness", aircraft_id: B.id }), 404);
    expectError(await search(client, { query: "Airworthiness", aircraft_id: N.id }), 404);
  });

  it("pages results", async () => {
    const p1 = SearchAnswer.parse((await search(client, { query: "Airworthiness", per_page: 3, page: 1 })).body);
    const p3 = SearchAnswer.parse((await search(client, { query: "Airworthiness", per_page: 3, page: 3 })).body);
    expect(p1.results.length).toBe(3);
    expect(p3.results.length).toBe(2);
    expect(new Set([...p1.results, ...p3.results].map((r) => r.id)).size).toBe(5);
  });

  it("forces all aircraft when the organization has search_all; admin scopes", async () => {
    const j = SearchAnswer.parse((await search(jonas, { query: "Airworthiness", aircraft_id: N.id })).body);
    expect(j.scope).toBe("all");
    expect(j.total).toBe(2); // jonas reads two Nordic aircraft
    const everything = SearchAnswer.parse((await search(admin, { query: "Airworthiness" })).body);
    expect(everything.total).toBe(20);
    const sky = SearchAnswer.parse((await search(admin, { query: "Airworthiness", organization_id: A.organization_id })).body);
    expect(sky.total).toBe(8);
    const nordic = SearchAnswer.parse((await search(admin, { query: "Airworthiness", organization_id: N.organization_id, aircraft_id: N.id })).body);
    expect(nordic.scope).toBe("all");
    expect(nordic.total).toBe(5);
  });

  it("applies the search-query rules (422 with the message)", async () => {
    expectError(await search(client, { query: "ab" }), 422, "at least 3");
    expectError(await search(client, { query: "   " }), 422);
    expectError(await search(client, { query: 'cert"' }), 422, 'Special characters are not supported in search: "');
    expectError(await search(client, { query: "a!@#$%^&*()+=[]" }), 422, "and 4 more");
  });

  it("treats FTS syntax as text and escapes HTML in highlights", async () => {
    for (const text of ["NOT Airworthiness", "Airworthiness OR x", "NEAR cert", "cert -x", "AND"]) {
      const r = await search(client, { query: text });
      expect(r.status, text).toBe(200);
      SearchAnswer.parse(r.body);
    }
    // A name with HTML can only come from outside the upload rules (e.g. an import): insert one directly.
    const { db, search: index } = up.upstream.deps;
    const row = await db
      .insertInto("storage_items")
      .values({ aircraft_id: A.id, parent_id: A.file_id, path: "/<img src=x onerror=alert(1)> Quokka & co.pdf", name: "<img src=x onerror=alert(1)> Quokka & co.pdf", is_folder: 0, size: 1, blob_key: "x/quokka", content_type: null, created_by: null })
      .returning(["id", "name", "path"])
      .executeTakeFirstOrThrow();
    index.index([{ ...row, aircraft_id: A.id, organization_id: A.organization_id }]);
    const r = SearchAnswer.parse((await search(client, { query: "quokka" })).body);
    expect(r.results[0]!.highlight).toBe("&lt;<mark>img</mark> src=x onerror=alert(1)&gt; <mark>Quokka</mark> &amp; co.pdf".replace("<mark>img</mark>", "img"));
    expect(r.results[0]!.highlight).not.toContain("<img");
    await db.deleteFrom("storage_items").where("id", "=", row.id).execute();
    index.remove([row.id]);
  });
});

describe("favourites and following", () => {
  it("adds, lists and removes favourites of visible items only", async () => {
    const dir = await listDir(reader, A.id, "/01 Certificates");
    const pdf = dir.contents[0]!;
    expect(MessageAnswer.parse((await api("POST", "/storage/v2/favourites.json", reader, { id: pdf.id })).body).message).toBe("Added to favourites.");
    await api("POST", "/storage/v2/favourites.json", reader, { id: pdf.id }); // idempotent
    const list = FavouritesAnswer.parse((await api("GET", "/storage/v2/favourites.json", reader)).body);
    expect(list.favourites.map((f) => f.id)).toEqual([pdf.id]);
    expect(list.favourites[0]).toMatchObject({ aircraft_id: A.id, aircraft: { id: A.id, name: A.name }, dir: "/01 Certificates", favourite: true });
    expect((await listDir(reader, A.id, "/01 Certificates")).contents[0]!.favourite).toBe(true);
    MessageAnswer.parse((await api("POST", "/storage/v2/favourites/remove.json", reader, { id: pdf.id })).body);
    expect(FavouritesAnswer.parse((await api("GET", "/storage/v2/favourites.json", reader)).body).total).toBe(0);
    expectError(await api("POST", "/storage/v2/favourites/remove.json", reader, { id: pdf.id }), 404);
    const bRoot = await listDir(client, B.id, "/");
    expectError(await api("POST", "/storage/v2/favourites.json", reader, { id: bRoot.contents[0]!.id }), 404);
    expectError(await api("POST", "/storage/v2/favourites.json", client, { id: N.file_id }), 404);
  });

  it("follows and unfollows visible aircraft", async () => {
    MessageAnswer.parse((await api("POST", "/storage/v2/following.json", reader, { aircraft_id: A.id })).body);
    const f = FollowingAnswer.parse((await api("GET", "/storage/v2/following.json", reader)).body);
    expect(f.aircrafts.map((a) => a.id)).toEqual([A.id]);
    expectError(await api("POST", "/storage/v2/following.json", reader, { aircraft_id: B.id }), 404);
    MessageAnswer.parse((await api("POST", "/storage/v2/following/remove.json", reader, { aircraft_id: A.id })).body);
    expect(FollowingAnswer.parse((await api("GET", "/storage/v2/following.json", reader)).body).aircrafts).toEqual([]);
  });
});

/** Reads a zip's central directory and returns each entry's name and bytes (stored or deflated). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    const lNameLen = buf.readUInt16LE(local + 26);
    const lExtraLen = buf.readUInt16LE(local + 28);
    const data = buf.subarray(local + 30 + lNameLen + lExtraLen, local + 30 + lNameLen + lExtraLen + csize);
    out.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

describe("keyset paging of a folder (ADR 084)", () => {
  const ORDERS = [
    ["name", "asc"],
    ["name", "desc"],
    ["size", "asc"],
    ["size", "desc"],
    ["date", "asc"],
    ["date", "desc"],
  ] as const;
  let folderId = 0;
  let files: { id: number; name: string }[] = [];

  /** The folder's ids in the order of the OFFSET listing before ADR 084 (its ORDER BY, written out): the reference. */
  async function offsetOrder(sort: string, order: string, nameLike?: string) {
    const name = onPostgres ? sql`lower(si.name)` : sql`si.name COLLATE NOCASE`;
    const dir = sql.raw(order === "desc" ? "DESC" : "ASC");
    const by =
      sort === "name"
        ? sql`si.is_folder DESC, ${name} ${dir}, si.id ${dir}`
        : sql`si.is_folder DESC, ${sql.raw(sort === "size" ? "si.size" : "si.updated_at")} ${dir}, ${name} ASC, si.id ASC`;
    const filter = nameLike ? sql`AND lower(si.name) LIKE ${`%${nameLike}%`}` : sql``;
    const r = await sql<{ id: number }>`SELECT si.id FROM storage_items si WHERE si.parent_id = ${folderId} ${filter} ORDER BY ${by}`.execute(up.upstream.deps.db);
    return r.rows.map((x) => Number(x.id));
  }
  const ids = (a: z.infer<typeof FilesAnswer>) => a.contents.map((c) => c.id);

  beforeAll(async () => {
    // Folders and files; sizes with ties, three uploads a minute apart (runs of equal dates), names
    // that sort differently with and without case.
    await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: ["Keyset", "Keyset/Zeta", "Keyset/alpha", "Keyset/Mid"] });
    const batches = [
      [["b.txt", 10], ["B2.txt", 30], ["a.txt", 10]],
      [["c.txt", 20], ["A1.txt", 30], ["d.txt", 10]],
      [["e.txt", 20], ["f.TXT", 5]],
    ] as const;
    for (const batch of batches) {
      await upload(client, A.id, "/Keyset", batch.map(([p, n]) => ({ path: p, data: rand(n) })));
      up.clock.advance(60_000);
    }
    const listed = await listDir(client, A.id, "/Keyset", { per_page: 100 });
    folderId = listed.folder.id;
    files = listed.contents.filter((c) => c.resourcetype === "file").map((c) => ({ id: c.id, name: c.name }));
    expect(listed.contents).toHaveLength(11);
  });

  it("walks every order by next and previous cursors, and by page number, with the rows and order of the OFFSET listing", async () => {
    for (const [sort, order] of ORDERS) {
      const want = await offsetOrder(sort, order);
      expect(want).toHaveLength(11);
      for (const perPage of [2, 3]) {
        const label = `${sort} ${order}, ${perPage} a page`;
        const pages = Math.ceil(want.length / perPage);
        // Forwards by next_cursor from page 1.
        let answer = await listDir(client, A.id, "/Keyset", { sort, order, per_page: perPage });
        expect(answer.prev_cursor, label).toBeNull();
        const walked = [...ids(answer)];
        const numbers = [answer.page];
        while (answer.next_cursor) {
          answer = await listDir(client, A.id, "/Keyset", { sort, order, per_page: perPage, page: answer.page + 1, cursor: answer.next_cursor });
          walked.push(...ids(answer));
          numbers.push(answer.page);
        }
        expect(walked, label).toEqual(want);
        expect(numbers, label).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
        // Backwards by prev_cursor from the last page (its page number counted when not given).
        const back = [...ids(answer)];
        while (answer.prev_cursor) {
          answer = await listDir(client, A.id, "/Keyset", { sort, order, per_page: perPage, cursor: answer.prev_cursor });
          back.unshift(...ids(answer));
        }
        expect(back, label).toEqual(want);
        expect(answer.page, label).toBe(1);
        // Each page by its number, and one past the end.
        for (let p = 1; p <= pages + 1; p++) {
          const numbered = await listDir(client, A.id, "/Keyset", { sort, order, per_page: perPage, page: p });
          expect(ids(numbered), `${label}, page ${p}`).toEqual(want.slice((p - 1) * perPage, p * perPage));
          expect(numbered.total).toBe(11);
        }
      }
      // A file named by fileid: its folder on the page that holds it.
      for (const f of files) {
        const r = FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?${q({ fileid: f.id, sort, order, per_page: 3 })}`, client)).body);
        const at = want.indexOf(f.id);
        expect(r.page, `${sort} ${order}: ${f.name}`).toBe(Math.floor(at / 3) + 1);
        expect(ids(r), `${sort} ${order}: ${f.name}`).toEqual(want.slice((r.page - 1) * 3, r.page * 3));
      }
    }
  });

  it("pages a name filter by cursor", async () => {
    const want = await offsetOrder("size", "desc", ".txt");
    expect(want).toHaveLength(8);
    let answer = await listDir(client, A.id, "/Keyset", { sort: "size", order: "desc", per_page: 3, query: ".txt" });
    const walked = [...ids(answer)];
    while (answer.next_cursor) {
      answer = await listDir(client, A.id, "/Keyset", { sort: "size", order: "desc", per_page: 3, query: ".txt", page: answer.page + 1, cursor: answer.next_cursor });
      walked.push(...ids(answer));
    }
    expect(walked).toEqual(want);
  });

  it("refuses a damaged cursor, or one of another order, with a clear 422", async () => {
    const first = await listDir(client, A.id, "/Keyset", { sort: "name", per_page: 2 });
    const cursor = first.next_cursor!;
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const [bad, extra] of [
      ["not a cursor!", {}],
      [cursor.slice(0, -3), {}],
      [cursor, { sort: "size" }],
      [cursor, { order: "desc" }],
      [b64(["files.name.asc", "a", 0, 1, 2]), {}],
      [b64(["files.name.asc", "a", 2, "x", 2]), {}],
      [b64(["files.name.asc", "a", 0, "x", "2"]), {}],
      [b64(["files.name.asc", "sideways", 0, "x", 2]), {}],
      ["A".repeat(3_000), {}],
    ] as const) {
      const r = await api("GET", `/storage/v2/aircraft/${A.id}/files.json?${q({ dir: "/Keyset", per_page: 2, ...extra, cursor: bad })}`, client);
      expectError(r, 422, STORAGE_MESSAGES.badCursor);
    }
  });
});

describe("zip", () => {
  it("streams a folder as a zip with the exact bytes", async () => {
    const a = rand(3000);
    const txt = Buffer.from("hello ".repeat(500));
    await upload(client, A.id, "/", [{ path: "Zipped/a.pdf", data: a }, { path: "Zipped/Sub/b.txt", data: new Uint8Array(txt) }]);
    await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/Zipped", paths: ["Empty"] });
    const res = await fetch(`${up.mainUrl}/storage/v2/aircraft/${A.id}/zip?dir=${encodeURIComponent("/Zipped")}`, { headers: client });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="Zipped.zip"');
    const entries = unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.get("Zipped/a.pdf")!.equals(Buffer.from(a))).toBe(true);
    expect(entries.get("Zipped/Sub/b.txt")!.equals(txt)).toBe(true);
    expect(entries.has("Zipped/Empty/")).toBe(true);
    const whole = await fetch(`${up.mainUrl}/storage/v2/aircraft/${A.id}/zip`, { headers: reader });
    expect(whole.status).toBe(200);
    expect([...unzip(Buffer.from(await whole.arrayBuffer())).keys()].some((k) => k.endsWith("/01 Certificates/Certificate of Airworthiness.pdf"))).toBe(true);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/zip?dir=..%2F..`, client), 422);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/zip`, reader), 404);
  });

  it(`refuses a folder of more than ${ZIP_MAX_FILES} files with 422`, async () => {
    const { db } = up.upstream.deps;
    const folder = FoldersAnswer.parse((await api("POST", "/storage/v2/folders.json", client, { aircraft_id: A.id, dir: "/", paths: ["Huge"] })).body).folders[0]!;
    const rows = Array.from({ length: ZIP_MAX_FILES + 1 }, (_, i) => ({ aircraft_id: A.id, parent_id: folder.id, path: `/Huge/f${i}.txt`, name: `f${i}.txt`, is_folder: 0, size: 1, blob_key: `x/huge/${i}`, content_type: null, created_by: null }));
    for (let i = 0; i < rows.length; i += 2000) await db.insertInto("storage_items").values(rows.slice(i, i + 2000)).execute();
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/zip?dir=/Huge`, client), 422, "more than 20,000 files");
    const page = await listDir(client, A.id, "/Huge", { per_page: 50, page: 400, sort: "name" });
    expect(page.total).toBe(ZIP_MAX_FILES + 1);
    expect(page.contents.length).toBe(50);
    await db.deleteFrom("storage_items").where("parent_id", "=", folder.id).execute();
  });
});

describe("preview (files.json?preview=) and a selection's zip (zip?ids=), ADR 041", () => {
  it("answers a signed inline link, the download link, the facts and a text file's first 200 KB", async () => {
    const dir = await listDir(reader, A.id, "/01 Certificates");
    const pdf = dir.contents.find((c) => c.name === "Certificate of Airworthiness.pdf")!;
    const d = PreviewAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?preview=${pdf.id}`, reader)).body);
    expect(d).toMatchObject({ id: pdf.id, name: pdf.name, path: pdf.path, size: pdf.size, content_type: "application/pdf", text: null, truncated: false });
    const inline = await fetch(d.url);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; filename=/);
    expect(Buffer.from(await inline.arrayBuffer()).length).toBe(pdf.size);
    expect((await fetch(d.download_url)).headers.get("content-disposition")).toMatch(/^attachment/);
    // The signature covers the disposition: adding download=1 (or dropping the name) breaks it.
    expect((await fetch(`${d.url}&download=1`)).status).toBe(403);
    expect((await fetch(d.download_url.replace("&download=1", ""))).status).toBe(403);

    const big = Buffer.from("a,b\n<script>x</script>,2\n".repeat(9_000));
    await upload(client, A.id, "/", [{ path: "Previewed/big.csv", data: new Uint8Array(big) }]);
    const csv = (await listDir(client, A.id, "/Previewed")).contents.find((c) => c.name === "big.csv")!;
    const t = PreviewAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?preview=${csv.id}`, reader)).body);
    expect(t.text!.length).toBe(200 * 1024);
    expect(t.text!.startsWith("a,b\n<script>")).toBe(true);
    expect(t.truncated).toBe(true);

    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/files.json?preview=${dir.folder.id}`, reader), 422);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/files.json?preview=${pdf.id}`, admin), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/files.json?preview=${pdf.id}`, reader), 404);
  });

  it("zips the chosen files and folders (read access) with their names below <msn>-selection", async () => {
    const a = rand(2000);
    const b = Buffer.from("bee ".repeat(100));
    await upload(client, A.id, "/", [{ path: "Chosen/a.pdf", data: a }, { path: "Chosen/Sub/b.txt", data: new Uint8Array(b) }, { path: "Chosen/left.txt", data: rand(10) }]);
    const listed = await listDir(client, A.id, "/Chosen");
    const ids = ["a.pdf", "Sub"].map((n) => listed.contents.find((c) => c.name === n)!.id);
    const res = await fetch(`${up.mainUrl}/storage/v2/aircraft/${A.id}/zip?ids=${ids.join(",")}`, { headers: reader });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename="${A.msn}-selection.zip"`);
    const entries = unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.get(`${A.msn}-selection/a.pdf`)!.equals(Buffer.from(a))).toBe(true);
    expect(entries.get(`${A.msn}-selection/Sub/b.txt`)!.equals(b)).toBe(true);
    expect([...entries.keys()].some((k) => k.includes("left.txt"))).toBe(false);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/zip?ids=${ids[0]},${N.file_id}`, admin), 404);
    expectError(await api("GET", `/storage/v2/aircraft/${A.id}/zip?ids=1;2`, client), 422);
    expectError(await api("GET", `/storage/v2/aircraft/${B.id}/zip?ids=${ids[0]}`, reader), 404);
  });
});
