// Contract: the embedded upstream with its blobs in an S3-compatible bucket (S3_*, ADR 055), against
// s3rver. The spec's upload flow end to end (upload_link → the browser's POST straight to the bucket
// → index_files, which stats the keys), then the folder lists the file and its download link, a
// presigned GET on the bucket, reads it with Range. Nothing is written to DATA_DIR/blobs.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { startS3rver, type TestS3 } from "../helpers/s3rver";
import { loadS3Config, loadUpstreamConfig } from "../../upstream/config";
import { AircraftListAnswer, DownloadAnswer, FilesAnswer, IndexFilesAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { FILE_BYTES, SPEED_TEST_FILES, fileKey } from "~/models/speedtest";

type Headers = Record<string, string>;
let s3: TestS3;
let up: TestUpstream;
let client: Headers;

beforeAll(async () => {
  s3 = await startS3rver();
  // The S3_* variables as an operator sets them, read the way the portal reads them at start.
  up = await startTestUpstream({ s3: loadS3Config(s3.env) });
  client = await up.signIn("client@demo.aero");
});
afterAll(async () => {
  await up?.close();
  await s3?.stop();
});

async function api(method: string, p: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${up.mainUrl}${p}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("the upstream on S3", () => {
  it("uploads through the spec's flow straight to the bucket, lists the file, downloads it with Range", async () => {
    const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
    const A = list.aircrafts.find((a) => a.msn === "5123")!;
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: A.id, dir: "/" })).body);
    // The browser's POST goes to the bucket, not to the portal.
    expect(new URL(link.url).origin).toBe(s3.endpoint);
    expect(link.url_fields.key).toBe(`${link.key_prefix}\${filename}`);

    const data = new Uint8Array(crypto.randomBytes(70_000));
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, k === "key" ? `${link.key_prefix}S3 report.pdf` : v);
    form.append("file", new Blob([Buffer.from(data)]), "S3 report.pdf");
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);

    // Confirm: index_files stats the key in the bucket (a missing one is reported, not filed).
    const idx = await api("POST", "/storage/v2/files/index_files.json", client, {
      key: link.key_prefix,
      aircraft_id: A.id,
      dir: "/",
      files: [
        { path: "S3 report.pdf", size: data.length },
        { path: "never-posted.pdf", size: 10 },
      ],
    });
    expect(idx.status, JSON.stringify(idx.body)).toBe(200);
    const indexed = IndexFilesAnswer.parse(idx.body);
    expect(indexed.indexed.map((f) => f.name)).toEqual(["S3 report.pdf"]);
    expect(JSON.stringify(idx.body)).toContain("never-posted.pdf");

    const dir = FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=%2F&per_page=100`, client)).body);
    const item = dir.contents.find((c) => c.name === "S3 report.pdf")!;
    expect(item).toMatchObject({ size: data.length });

    const d = DownloadAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?download=${item.id}`, client)).body);
    expect(new URL(d.url).origin).toBe(s3.endpoint);
    const full = await fetch(d.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toBe(`attachment; filename="S3 report.pdf"; filename*=UTF-8''S3%20report.pdf`);
    expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    const tail = await fetch(d.url, { headers: { range: "bytes=60000-" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes 60000-69999/${data.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(data.subarray(60_000)))).toBe(true);
  });

  it("keeps the demo files and the speed-test files in the bucket, nothing under DATA_DIR/blobs", async () => {
    for (const f of SPEED_TEST_FILES) expect(await up.upstream.deps.blob.stat(fileKey(f))).toMatchObject({ size: FILE_BYTES[f] });
    const signed = await fetch(`${up.opsUrl}/v1/work_order/get_signed_url_with_expiry.json`, {
      method: "POST",
      headers: { ...client, "content-type": "application/json" },
      body: JSON.stringify({ s3_path: fileKey("1MB") }),
    });
    const { url } = (await signed.json()) as { url: string };
    expect(new URL(url).origin).toBe(s3.endpoint);
    const r = await fetch(url, { headers: { range: "bytes=0-999" } });
    expect(r.status).toBe(206);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect((await r.arrayBuffer()).byteLength).toBe(1000);
    expect(fs.existsSync(path.join(up.dataDir, "blobs"))).toBe(false);
  });
});

describe("S3_* configuration", () => {
  const full = { S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
  it("is off without S3_* and complete with bucket, region and keys", () => {
    expect(loadS3Config({})).toBeUndefined();
    expect(loadUpstreamConfig({ DATA_DIR: up.dataDir }).s3).toBeUndefined();
    expect(loadS3Config({ ...full, S3_ENDPOINT: "https://s3.example.net/", S3_FORCE_PATH_STYLE: "true" })).toEqual({
      bucket: "b",
      region: "eu-west-1",
      endpoint: "https://s3.example.net",
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
  });
  it("refuses an incomplete or invalid set at start, naming what is wrong", () => {
    expect(() => loadS3Config({ S3_BUCKET: "b", S3_REGION: "eu-west-1" })).toThrow("S3_BUCKET is set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing");
    expect(() => loadS3Config({ S3_ENDPOINT: "https://s3.example.net" })).toThrow("S3_ENDPOINT is set but S3_BUCKET is not");
    expect(() => loadS3Config({ ...full, S3_ENDPOINT: "s3.example.net" })).toThrow("S3_ENDPOINT must be an http:// or https:// URL");
    expect(() => loadS3Config({ ...full, S3_FORCE_PATH_STYLE: "yes" })).toThrow("S3_FORCE_PATH_STYLE must be true or false");
    expect(() => loadUpstreamConfig({ DATA_DIR: up.dataDir, S3_BUCKET: "b" })).toThrow(/S3_REGION/);
  });
});
