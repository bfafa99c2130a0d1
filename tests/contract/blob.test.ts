// Contract: the blob store (upstream/blob/local.ts) over HTTP: signed POST policy uploads with S3
// semantics, signed GETs with Range, and the BlobStore methods the APIs use.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { BlobKeyError, parseRange, validateKey } from "../../upstream/blob/local";
import type { BlobStore } from "../../upstream/context";

let up: TestUpstream;
let blob: BlobStore;
let blobsDir: string;

beforeAll(async () => {
  up = await startTestUpstream({ seed: false });
  blob = up.upstream.deps.blob;
  blobsDir = path.join(up.dataDir, "blobs");
});
afterAll(async () => up?.close());

const tmpFiles = () => fs.readdirSync(path.join(blobsDir, "tmp"));
const bytes = (n: number) => new Uint8Array(crypto.randomBytes(n));

/** Posts a multipart upload the way a browser form does: the policy fields first, then the file. */
async function postUpload(fields: Record<string, string>, file: { name: string; data: Uint8Array; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([Buffer.from(file.data)], { type: file.type ?? "application/octet-stream" }), file.name);
  return fetch(up.blobUrl, { method: "POST", body: form });
}

describe("keys", () => {
  it("refuses unsafe keys", () => {
    for (const bad of ["", "/abs", "a/../b", "..", "a/./b", "a//b", "a/", "a\u0000b", "a\\b", "x".repeat(1025), `${"y".repeat(241)}/z`]) {
      expect(() => validateKey(bad), JSON.stringify(bad)).toThrow(BlobKeyError);
    }
    expect(validateKey("aircraft/1/abc/Docs/Report 1.pdf")).toBe("aircraft/1/abc/Docs/Report 1.pdf");
  });

  it("parses ranges", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange(null, 100)).toBeNull();
  });
});

describe("put / stat / read / copy / delete", () => {
  it("stores atomically and streams back; 'a' and 'a/b' may both exist, as on S3", async () => {
    const data = bytes(300_000);
    const obj = await blob.put("t/one/file.bin", data);
    expect(obj).toMatchObject({ key: "t/one/file.bin", size: 300_000 });
    await blob.put("t/one", new TextEncoder().encode("sibling"), "text/plain");
    expect(await blob.stat("t/one")).toMatchObject({ size: 7, contentType: "text/plain" });
    const res = await blob.read("t/one/file.bin");
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    expect(tmpFiles()).toEqual([]);
    expect(await blob.stat("t/missing")).toBeNull();
    expect((await blob.read("t/missing")).status).toBe(404);
  });

  it("copies, deletes and deletes by prefix (also mid-segment)", async () => {
    await blob.put("p/a/1.txt", new TextEncoder().encode("1"));
    await blob.put("p/a/2.txt", new TextEncoder().encode("22"));
    await blob.put("p/ab/3.txt", new TextEncoder().encode("333"));
    await blob.put("p/b/4.txt", new TextEncoder().encode("4444"));
    await blob.copy("p/a/2.txt", "p/c/2-copy.txt");
    expect(await blob.stat("p/c/2-copy.txt")).toMatchObject({ size: 2 });
    await blob.delete("p/c/2-copy.txt");
    expect(await blob.stat("p/c/2-copy.txt")).toBeNull();
    expect(await blob.deletePrefix("p/a")).toBe(3); // p/a/* and p/ab/*
    expect(await blob.stat("p/b/4.txt")).toMatchObject({ size: 4 });
    expect(await blob.deletePrefix("p/")).toBe(1);
    await expect(blob.deletePrefix("")).rejects.toThrow();
  });

  it("streams a put from a web ReadableStream", async () => {
    const chunks = [bytes(1000), bytes(2000)];
    const stream = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (const c of chunks) ctrl.enqueue(c);
        ctrl.close();
      },
    });
    expect((await blob.put("t/web.bin", stream)).size).toBe(3000);
  });
});

describe("signed GET", () => {
  const data = bytes(100_000);
  beforeAll(async () => {
    await blob.put("g/doc.pdf", data, "application/pdf");
  });

  it("serves the whole object and byte-identical ranges with 206, Content-Range, Accept-Ranges, ETag", async () => {
    const url = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60 });
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("content-length")).toBe("100000");
    expect(full.headers.get("content-type")).toBe("application/pdf");
    const etag = full.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(data))).toBe(true);

    const parts: Buffer[] = [];
    for (const [a, b] of [
      [0, 32767],
      [32768, 65535],
      [65536, 99999],
    ]) {
      const r = await fetch(url, { headers: { range: `bytes=${a}-${b}` } });
      expect(r.status).toBe(206);
      expect(r.headers.get("content-range")).toBe(`bytes ${a}-${b}/100000`);
      expect(r.headers.get("etag")).toBe(etag);
      parts.push(Buffer.from(await r.arrayBuffer()));
    }
    expect(Buffer.concat(parts).equals(Buffer.from(data))).toBe(true);
    const suffix = await fetch(url, { headers: { range: "bytes=-100" } });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(Buffer.from(data.subarray(99_900)))).toBe(true);
    const bad = await fetch(url, { headers: { range: "bytes=200000-" } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe("bytes */100000");
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("100000");
  });

  it("adds Content-Disposition for downloads and no-store/identity for noCache", async () => {
    const url = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60, filename: "Löwe report.pdf", download: true, noCache: true });
    const r = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toBe(`attachment; filename="Lowe report.pdf"; filename*=UTF-8''L%C3%B6we%20report.pdf`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("content-encoding")).toBe("identity");
    await r.arrayBuffer();
  });

  it("never serves HTML or SVG inline (same origin as the portal)", async () => {
    await blob.put("g/page.html", new TextEncoder().encode("<script>alert(1)</script>"));
    await blob.put("g/claims-pdf.pdf", new TextEncoder().encode("<svg onload=alert(1)>"), "image/svg+xml");
    for (const key of ["g/page.html", "g/claims-pdf.pdf"]) {
      const r = await fetch(await blob.signedGetUrl(key, { expiresInSeconds: 60 }));
      expect(r.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(r.headers.get("content-security-policy")).toContain("sandbox");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      await r.arrayBuffer();
    }
  });

  it("refuses a wrong, tampered or expired signature with 403", async () => {
    const url = new URL(await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60, filename: "a.pdf", download: true }));
    const wrongSig = new URL(url);
    wrongSig.searchParams.set("X-Signature", "0".repeat(64));
    expect((await fetch(wrongSig)).status).toBe(403);
    const otherName = new URL(url);
    otherName.searchParams.set("filename", "b.pdf");
    expect((await fetch(otherName)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set("X-Expires", String(Number(url.searchParams.get("X-Expires")) + 3600));
    expect((await fetch(longer)).status).toBe(403);
    const otherKey = new URL(url.toString().replace("/o/g/doc.pdf", "/o/g/other.pdf"));
    expect((await fetch(otherKey)).status).toBe(403);
    const expired = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 1 });
    const exp = new URL(expired);
    up.clock.advance(2100);
    const res = await fetch(exp);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "The link has expired." });
  });
});

describe("signed POST policy uploads", () => {
  it("returns the S3-style url and url_fields", async () => {
    const p = await blob.createUploadPolicy({ keyPrefix: "u/one/", maxBytes: 1000, minBytes: 1, expiresInSeconds: 600 });
    expect(p.url).toBe(up.blobUrl);
    expect(p.url_fields.key).toBe("u/one/${filename}");
    const doc = JSON.parse(Buffer.from(p.url_fields.policy!, "base64").toString("utf8"));
    expect(doc.conditions).toEqual([
      ["starts-with", "$key", "u/one/"],
      ["content-length-range", 1, 1000],
    ]);
    expect(Date.parse(doc.expiration) - Date.now()).toBeGreaterThan(590_000);
    expect(p.url_fields["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts an upload within the policy, with ${filename} or a key under the prefix", async () => {
    const p = await blob.createUploadPolicy({ keyPrefix: "u/ok/", maxBytes: 10_000, expiresInSeconds: 600 });
    const data = bytes(5000);
    const r1 = await postUpload(p.url_fields, { name: "Report 1.pdf", data });
    expect(r1.status).toBe(204);
    expect(await blob.stat("u/ok/Report 1.pdf")).toMatchObject({ size: 5000 });
    const r2 = await postUpload({ ...p.url_fields, key: "u/ok/Folder A/Sub/x.bin" }, { name: "ignored.bin", data: bytes(10_000) });
    expect(r2.status).toBe(204);
    expect(await blob.stat("u/ok/Folder A/Sub/x.bin")).toMatchObject({ size: 10_000 });
    const r3 = await postUpload({ ...p.url_fields, success_action_status: "201" }, { name: "c.txt", data: bytes(3) });
    expect(r3.status).toBe(201);
    expect(await r3.json()).toEqual({ key: "u/ok/c.txt", size: 3 });
    expect(tmpFiles()).toEqual([]);
  });

  async function expectRefused(res: Response, key: string) {
    expect(res.status).toBe(403);
    expect(typeof ((await res.json()) as { error: string }).error).toBe("string");
    expect(await blob.stat(key)).toBeNull();
    // The temp file is gone too (its removal finishes before the answer).
    expect(tmpFiles()).toEqual([]);
  }

  it("refuses a tampered policy, a forged signature, an expired policy, an out-of-prefix key: 403, nothing on disk", async () => {
    const p = await blob.createUploadPolicy({ keyPrefix: "u/pol/", maxBytes: 10_000, expiresInSeconds: 600 });
    const doc = JSON.parse(Buffer.from(p.url_fields.policy!, "base64").toString("utf8"));
    doc.conditions[1] = ["content-length-range", 0, 10_000_000_000];
    const tampered = Buffer.from(JSON.stringify(doc)).toString("base64");
    await expectRefused(await postUpload({ ...p.url_fields, policy: tampered }, { name: "t1.bin", data: bytes(100) }), "u/pol/t1.bin");
    await expectRefused(await postUpload({ ...p.url_fields, "x-signature": "f".repeat(64) }, { name: "t2.bin", data: bytes(100) }), "u/pol/t2.bin");
    const { "x-signature": _sig, ...unsigned } = p.url_fields;
    await expectRefused(await postUpload(unsigned, { name: "t3.bin", data: bytes(100) }), "u/pol/t3.bin");
    const old = await blob.createUploadPolicy({ keyPrefix: "u/pol/", maxBytes: 10_000, expiresInSeconds: -5 });
    await expectRefused(await postUpload(old.url_fields, { name: "t4.bin", data: bytes(100) }), "u/pol/t4.bin");
    await expectRefused(await postUpload({ ...p.url_fields, key: "u/other/t5.bin" }, { name: "t5.bin", data: bytes(100) }), "u/other/t5.bin");
    await expectRefused(await postUpload({ ...p.url_fields, key: "u/pol/../escape.bin" }, { name: "t6.bin", data: bytes(100) }), "u/escape.bin");
    // A path in the multipart filename is reduced to its base name: the object stays under the prefix.
    const t7 = await postUpload(p.url_fields, { name: "../t7.bin", data: bytes(100) });
    expect(t7.status).toBe(204);
    expect(await blob.stat("u/t7.bin")).toBeNull();
    expect(await blob.stat("u/pol/t7.bin")).toMatchObject({ size: 100 });
  });

  it("refuses an oversize file while streaming and an undersize one: 403, nothing on disk", async () => {
    const p = await blob.createUploadPolicy({ keyPrefix: "u/size/", maxBytes: 64 * 1024, minBytes: 10, expiresInSeconds: 600 });
    await expectRefused(await postUpload(p.url_fields, { name: "big.bin", data: bytes(3 * 1024 * 1024) }), "u/size/big.bin");
    await expectRefused(await postUpload(p.url_fields, { name: "small.bin", data: bytes(5) }), "u/size/small.bin");
    const exact = await postUpload(p.url_fields, { name: "exact.bin", data: bytes(64 * 1024) });
    expect(exact.status).toBe(204);
  });

  it("fields after the file are ignored, as on S3", async () => {
    const p = await blob.createUploadPolicy({ keyPrefix: "u/order/", maxBytes: 1000, expiresInSeconds: 600 });
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("abc")]), "late.txt");
    for (const [k, v] of Object.entries(p.url_fields)) form.append(k, v);
    const res = await fetch(up.blobUrl, { method: "POST", body: form });
    expect(res.status).toBe(403);
    expect(await blob.stat("u/order/late.txt")).toBeNull();
  });

  it("answers OPTIONS (CORS preflight) and 404 elsewhere", async () => {
    expect((await fetch(up.blobUrl, { method: "OPTIONS" })).status).toBe(204);
    expect((await fetch(`${up.blobUrl}/nowhere`)).status).toBe(404);
  });
});
