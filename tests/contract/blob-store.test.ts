// Contract: the BlobStore seam (upstream/context.ts), the SAME cases against both implementations:
// the local store (upstream/blob/local.ts, served over HTTP as server.ts mounts it at /_blob) and the
// S3 store (upstream/blob/s3.ts) against s3rver, a local S3-compatible server (ADR 055).
//
// What s3rver 3.7.1 does NOT check, so these cases cannot see S3 refuse it (a real S3 does):
//   - POST policies: no condition of the policy is enforced (key prefix, content-length-range,
//     expiration, the signature, extra fields): it stores whatever a well-formed POST sends. For S3
//     the cases assert instead that the signed policy carries each condition and that its SigV4
//     signature is the one S3 recomputes with the secret key, i.e. what S3 enforces;
//   - SigV4 signatures of presigned GETs (it checks the key id, X-Amz-Date + X-Amz-Expires only):
//     a tampered signature is not refused, an expired link is;
//   - ${filename} in a POSTed key is not substituted (our clients always send the full key).
// What it does check is asserted for both stores: a POST without a file is refused and stores
// nothing, an expired presigned GET is refused, Range answers are exact.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalBlobStore } from "../../upstream/blob/local";
import { createS3BlobStore } from "../../upstream/blob/s3";
import type { BlobStore } from "../../upstream/context";
import { manualClock, type ManualClock } from "../../upstream/lib/clock";
import { startS3rver, type TestS3 } from "../helpers/s3rver";
import { streamedMultipart } from "~/models/multipart-body.server";

const LOCAL_SECRET = "blob-store-contract-secret-0123456789";

interface Harness {
  blob: BlobStore;
  clock: ManualClock;
  /** The store refuses POSTs that break their policy (s3rver does not: see the header). */
  enforcesPostPolicy: boolean;
  /** The store refuses a presigned GET whose signature was tampered with (s3rver does not). */
  verifiesGetSignatures: boolean;
  /** True when `fields` carry a signature the store would recompute over their policy. */
  policySignatureValid: (fields: Record<string, string>) => boolean;
  close: () => Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-blob-contract-"));
  const clock = manualClock();
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const blob = createLocalBlobStore(dir, { secret: LOCAL_SECRET, blobBaseUrl: `${origin}/_blob`, clock });
  server.on("request", getRequestListener((req) => blob.fetch(req)));
  return {
    blob,
    clock,
    enforcesPostPolicy: true,
    verifiesGetSignatures: true,
    policySignatureValid: (f) => f["x-signature"] === crypto.createHmac("sha256", LOCAL_SECRET).update(f.policy!).digest("hex"),
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let s3: TestS3 | null = null;
async function s3Harness(): Promise<Harness> {
  s3 = await startS3rver();
  const clock = manualClock();
  const blob = createS3BlobStore(s3.config, { clock }, { listPageSize: 2 });
  const secret = s3.config.secretAccessKey;
  return {
    blob,
    clock,
    enforcesPostPolicy: false,
    verifiesGetSignatures: false,
    // SigV4 for POST: HMAC chain over date, region, service, then the base64 policy itself.
    policySignatureValid: (f) => {
      const [, date, region, service] = f["X-Amz-Credential"]!.split("/");
      let key: Buffer = crypto.createHmac("sha256", `AWS4${secret}`).update(date!).digest();
      for (const part of [region!, service!, "aws4_request"]) key = crypto.createHmac("sha256", key).update(part).digest();
      return f["X-Amz-Signature"] === crypto.createHmac("sha256", key).update(f.Policy!).digest("hex");
    },
    close: async () => {
      blob.close?.();
      await s3?.stop();
    },
  };
}

const bytes = (n: number) => new Uint8Array(crypto.randomBytes(n));
const text = (s: string) => new TextEncoder().encode(s);
const policyDoc = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.policy ?? fields.Policy!, "base64").toString("utf8")) as { expiration: string; conditions: unknown[] };

/** A browser form's POST: the policy fields (key replaced by the full key, as our clients do), then the file. */
async function postUpload(url: string, fields: Record<string, string>, key: string, data: Uint8Array, name = path.basename(key)) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, k === "key" ? key : v);
  form.append("file", new Blob([Buffer.from(data)]), name);
  return fetch(url, { method: "POST", body: form });
}

describe.each([
  ["local", localHarness],
  ["s3 (s3rver)", s3Harness],
] as const)("BlobStore contract: %s", (_name, start) => {
  let h: Harness;
  let blob: BlobStore;
  beforeAll(async () => {
    h = await start();
    blob = h.blob;
  });
  afterAll(async () => h?.close());

  it("puts (bytes, web and node streams), stats and reads back; 'a' and 'a/b' may both exist", async () => {
    const data = bytes(300_000);
    expect(await blob.put("t/one/file.bin", data)).toMatchObject({ key: "t/one/file.bin", size: 300_000 });
    await blob.put("t/one", text("sibling"), "text/plain");
    expect(await blob.stat("t/one")).toMatchObject({ key: "t/one", size: 7, contentType: "text/plain" });
    expect(await blob.stat("t/one/file.bin")).toMatchObject({ size: 300_000 });
    expect(await blob.stat("t/report.pdf")).toBeNull();
    await blob.put("t/report.pdf", text("%PDF-1.4"));
    expect((await blob.stat("t/report.pdf"))?.contentType).toBe("application/pdf");

    const res = await blob.read("t/one/file.bin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("300000");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);

    const web = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes(1000));
        c.enqueue(bytes(2000));
        c.close();
      },
    });
    expect((await blob.put("t/web.bin", web)).size).toBe(3000);
    expect((await blob.put("t/node.bin", Readable.from([Buffer.alloc(10, 1), Buffer.alloc(20, 2)]))).size).toBe(30);
    expect(await blob.stat("t/node.bin")).toMatchObject({ size: 30 });

    expect(await blob.stat("t/missing")).toBeNull();
    expect((await blob.read("t/missing")).status).toBe(404);
    await expect(blob.put("t/../escape", text("x"))).rejects.toThrow();
  });

  it("reads byte ranges exactly: 206 + Content-Range, suffix ranges, 416 past the end", async () => {
    const data = bytes(10_000);
    await blob.put("r/data.bin", data);
    const part = await blob.read("r/data.bin", { range: "bytes=100-1099" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-1099/10000");
    expect(part.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(data.subarray(100, 1100)))).toBe(true);
    const suffix = await blob.read("r/data.bin", { range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(Buffer.from(data.subarray(9990)))).toBe(true);
    const past = await blob.read("r/data.bin", { range: "bytes=20000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */10000");
    const download = await blob.read("r/data.bin", { filename: "Löwe.bin", download: true, noCache: true });
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Lowe.bin"; filename*=UTF-8''L%C3%B6we.bin`);
    expect(download.headers.get("cache-control")).toBe("no-store");
    await download.arrayBuffer();
  });

  it("copies (content and type), deletes, deletes by prefix (mid-segment, over several list pages)", async () => {
    await blob.put("p/a/1.txt", text("1"));
    await blob.put("p/a/2.txt", text("22"), "text/csv");
    await blob.put("p/ab/3.txt", text("333"));
    await blob.put("p/ab/4.txt", text("4444"));
    await blob.put("p/ab/5.txt", text("55555"));
    await blob.put("p/b/6.txt", text("666666"));
    await blob.copy("p/a/2.txt", "p/c/2 copy.txt");
    expect(await blob.stat("p/c/2 copy.txt")).toMatchObject({ size: 2, contentType: "text/csv" });
    expect(await (await blob.read("p/c/2 copy.txt")).text()).toBe("22");
    await expect(blob.copy("p/none.txt", "p/c/none.txt")).rejects.toThrow(/No such object/);
    await blob.delete("p/c/2 copy.txt");
    expect(await blob.stat("p/c/2 copy.txt")).toBeNull();
    await blob.delete("p/c/never-there.txt"); // deleting nothing is not an error
    // p/a/* and p/ab/*: five objects, three pages of two on S3.
    expect(await blob.deletePrefix("p/a")).toBe(5);
    expect(await blob.stat("p/ab/5.txt")).toBeNull();
    expect(await blob.stat("p/b/6.txt")).toMatchObject({ size: 6 });
    expect(await blob.deletePrefix("p/")).toBe(1);
    expect(await blob.deletePrefix("p/")).toBe(0);
    await expect(blob.deletePrefix("")).rejects.toThrow();
  });

  describe("presigned GET", () => {
    const data = bytes(100_000);
    beforeAll(async () => {
      await blob.put("g/doc.pdf", data, "application/pdf");
    });

    it("serves the object and exact ranges straight to a client, with ETag and Accept-Ranges", async () => {
      const url = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60 });
      const full = await fetch(url);
      expect(full.status).toBe(200);
      expect(full.headers.get("accept-ranges")).toBe("bytes");
      expect(full.headers.get("content-type")).toBe("application/pdf");
      expect(full.headers.get("content-disposition")).toBeNull();
      const etag = full.headers.get("etag");
      expect(etag).toBeTruthy();
      expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
      const parts: Buffer[] = [];
      for (const [a, b] of [
        [0, 32767],
        [32768, 99999],
      ]) {
        const r = await fetch(url, { headers: { range: `bytes=${a}-${b}` } });
        expect(r.status).toBe(206);
        expect(r.headers.get("content-range")).toBe(`bytes ${a}-${b}/100000`);
        expect(r.headers.get("etag")).toBe(etag);
        parts.push(Buffer.from(await r.arrayBuffer()));
      }
      expect(Buffer.concat(parts).equals(Buffer.from(data))).toBe(true);
    });

    it("names the file and asks for a download; no-store for the speed test", async () => {
      const url = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60, filename: "Löwe report.pdf", download: true, noCache: true });
      const r = await fetch(url, { headers: { range: "bytes=0-9" } });
      expect(r.status).toBe(206);
      expect(r.headers.get("content-disposition")).toBe(`attachment; filename="Lowe report.pdf"; filename*=UTF-8''L%C3%B6we%20report.pdf`);
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.from(data.subarray(0, 10)))).toBe(true);
      const inline = await fetch(await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60, filename: "Report.pdf" }));
      expect(inline.headers.get("content-disposition")).toMatch(/^inline; filename="Report.pdf"/);
      await inline.arrayBuffer();
    });

    it("serves a page a browser would run only as an attachment", async () => {
      await blob.put("g/page.html", text("<script>alert(1)</script>"));
      const r = await fetch(await blob.signedGetUrl("g/page.html", { expiresInSeconds: 60 }));
      expect(r.status).toBe(200);
      expect(r.headers.get("content-disposition")).toMatch(/^attachment;/);
      await r.arrayBuffer();
    });

    it("refuses an expired link (and, where the server checks signatures, a tampered one)", async () => {
      // Signed two hours ago for one minute: expired whatever clock the server reads.
      h.clock.advance(-2 * 3600_000);
      const expired = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60 });
      h.clock.advance(2 * 3600_000);
      const res = await fetch(expired);
      expect(res.status).toBe(403);
      await res.arrayBuffer();
      if (h.verifiesGetSignatures) {
        const url = new URL(await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60 }));
        const sigParam = [...url.searchParams.keys()].find((k) => /signature/i.test(k))!;
        url.searchParams.set(sigParam, "0".repeat(64));
        expect((await fetch(url)).status).toBe(403);
      }
    });

    it("goes through the store's fetch too (how the portal streams zips), with Range", async () => {
      const url = await blob.signedGetUrl("g/doc.pdf", { expiresInSeconds: 60 });
      const r = await blob.fetch(new Request(new URL(url, "http://blob.internal"), { headers: { range: "bytes=5-14" } }));
      expect(r.status).toBe(206);
      expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.from(data.subarray(5, 15)))).toBe(true);
    });
  });

  describe("presigned POST policy uploads", () => {
    it("signs a policy with the key prefix, the size range and the expiry", async () => {
      const before = h.clock.now();
      const p = await blob.createUploadPolicy({ keyPrefix: "u/one/", maxBytes: 1000, minBytes: 1, expiresInSeconds: 600 });
      expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const doc = policyDoc(p.url_fields);
      expect(doc.conditions).toContainEqual(["starts-with", "$key", "u/one/"]);
      expect(doc.conditions).toContainEqual(["content-length-range", 1, 1000]);
      const exp = Date.parse(doc.expiration);
      expect(exp).toBeGreaterThanOrEqual(before + 599_000);
      expect(exp).toBeLessThanOrEqual(before + 601_000);
      expect(p.url_fields.key).toBe("u/one/${filename}");
      expect(h.policySignatureValid(p.url_fields)).toBe(true);
      expect(h.policySignatureValid({ ...p.url_fields, [p.url_fields.policy ? "policy" : "Policy"]: Buffer.from(JSON.stringify({ ...doc, conditions: [] })).toString("base64") })).toBe(false);
      await expect(blob.createUploadPolicy({ keyPrefix: "u/../x/", maxBytes: 10, expiresInSeconds: 60 })).rejects.toThrow();
    });

    it("accepts a file within the policy: a real multipart POST, then stat finds it (the confirm call's check)", async () => {
      const p = await blob.createUploadPolicy({ keyPrefix: "u/ok/", maxBytes: 10_000, expiresInSeconds: 600 });
      const data = bytes(5000);
      const r1 = await postUpload(p.url, p.url_fields, "u/ok/Report 1.pdf", data);
      expect(r1.status).toBe(204);
      expect(await blob.stat("u/ok/Report 1.pdf")).toMatchObject({ size: 5000, contentType: "application/pdf" });
      expect(Buffer.from(await (await blob.read("u/ok/Report 1.pdf")).arrayBuffer()).equals(Buffer.from(data))).toBe(true);
      const r2 = await postUpload(p.url, p.url_fields, "u/ok/Folder A/Sub/x.bin", bytes(10_000));
      expect(r2.status).toBe(204);
      expect(await blob.stat("u/ok/Folder A/Sub/x.bin")).toMatchObject({ size: 10_000 });
    });

    it("takes the portal's streamed multipart body (no Content-Length) through the store's fetch", async () => {
      const p = await blob.createUploadPolicy({ keyPrefix: "u/nojs/", maxBytes: 10_000, expiresInSeconds: 600 });
      const data = bytes(4096);
      const { body, contentType } = streamedMultipart({ ...p.url_fields, key: "u/nojs/form.txt" }, "form.txt", "text/plain", new Blob([data]).stream());
      const res = await blob.fetch(new Request(new URL(p.url, "http://blob.internal"), { method: "POST", headers: { "content-type": contentType }, body, duplex: "half" } as RequestInit));
      expect(res.status).toBe(204);
      expect(await blob.stat("u/nojs/form.txt")).toMatchObject({ size: 4096 });
    });

    it("refuses a POST without a file and stores nothing", async () => {
      const p = await blob.createUploadPolicy({ keyPrefix: "u/nofile/", maxBytes: 1000, expiresInSeconds: 600 });
      const form = new FormData();
      for (const [k, v] of Object.entries(p.url_fields)) form.append(k, k === "key" ? "u/nofile/x.txt" : v);
      const res = await fetch(p.url, { method: "POST", body: form });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await blob.stat("u/nofile/x.txt")).toBeNull();
    });

    // The refusals below are S3's contract; s3rver does not enforce POST policies (see the header),
    // so on it they are covered by the signed-policy case above instead.
    it("refuses a file over the maximum, an expired policy and a key outside the prefix: nothing stored", async (ctx) => {
      if (!h.enforcesPostPolicy) return ctx.skip();
      const p = await blob.createUploadPolicy({ keyPrefix: "u/pol/", maxBytes: 64 * 1024, minBytes: 10, expiresInSeconds: 600 });
      const over = await postUpload(p.url, p.url_fields, "u/pol/big.bin", bytes(3 * 1024 * 1024));
      expect(over.status).toBe(403);
      expect(await blob.stat("u/pol/big.bin")).toBeNull();
      const exact = await postUpload(p.url, p.url_fields, "u/pol/exact.bin", bytes(64 * 1024));
      expect(exact.status).toBe(204);
      const under = await postUpload(p.url, p.url_fields, "u/pol/small.bin", bytes(5));
      expect(under.status).toBe(403);
      expect(await blob.stat("u/pol/small.bin")).toBeNull();
      const wrongPrefix = await postUpload(p.url, p.url_fields, "u/other/x.bin", bytes(100));
      expect(wrongPrefix.status).toBe(403);
      expect(await blob.stat("u/other/x.bin")).toBeNull();
      const old = await blob.createUploadPolicy({ keyPrefix: "u/pol/", maxBytes: 10_000, expiresInSeconds: 60 });
      h.clock.advance(61_000);
      const expired = await postUpload(old.url, old.url_fields, "u/pol/late.bin", bytes(100));
      expect(expired.status).toBe(403);
      expect(await blob.stat("u/pol/late.bin")).toBeNull();
    });
  });
});

// The local store's reads open the file only when the body is read, and close it at the end or on a
// cancel: a Response nobody reads (a client gone, a caller that wanted the headers) leaves no file
// descriptor for the garbage collector to close (Node warns of that, and will throw).
describe("local store: file descriptors", () => {
  const openFds = () => fs.readdirSync("/proc/self/fd").length;
  it.runIf(fs.existsSync("/proc/self/fd"))("an unread, a cancelled and a read body leave no descriptor open", async () => {
    const h = await localHarness();
    try {
      await h.blob.put("fd/data.bin", bytes(2 * 1024 * 1024));
      const before = openFds();
      const unread = await Promise.all(Array.from({ length: 20 }, () => h.blob.read("fd/data.bin")));
      expect(unread.every((r) => r.status === 200)).toBe(true);
      expect(openFds()).toBe(before);

      const reader = (await h.blob.read("fd/data.bin", { range: "bytes=0-999999" })).body!.getReader();
      expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
      expect(openFds()).toBe(before + 1);
      await reader.cancel();
      await new Promise((r) => setTimeout(r, 50));
      expect(openFds()).toBe(before);

      expect((await (await h.blob.read("fd/data.bin")).arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
      await new Promise((r) => setTimeout(r, 50));
      expect(openFds()).toBe(before);
    } finally {
      await h.close();
    }
  });
});
