// The blob store on S3-compatible object storage (issue 18 item 2, ADR 055), through the official AWS
// SDK v3. Selected when S3_BUCKET is set (upstream/config.ts); the local store (local.ts) stays the
// default. The same semantics as local.ts, which was written to mirror S3:
//   - keys: the blob keys unchanged (validateKey's rules), one object each, in a bucket of the portal's own;
//   - uploads: the browser POSTs straight to the bucket with a presigned POST policy (key prefix,
//     content-length-range, expiry); the upstream learns of the object when the spec's confirm call
//     (storage index_files, a consultant's profile save) stats the key, exactly as with local.ts;
//   - downloads: presigned GETs; Range, ETag and Content-Range come from S3 itself, the file name and
//     download disposition ride in response-content-disposition, no-store in response-cache-control;
//   - put / stat / read / delete / deletePrefix (paged ListObjectsV2 + DeleteObjects) / copy (CopyObject).
// Limits (ADR 055): CopyObject copies objects up to 5 GB (multipart copy is out of scope), a put of a
// stream is spooled to a temp file first (S3's PUT needs the length) and is a single PUT (≤ 5 GB),
// presigned GETs live at most 7 days (SigV4).
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { systemClock } from "../lib/clock";
import type { BlobObject, BlobStore, S3Config, UpstreamConfig } from "../context";
import { ACTIVE_TYPES, BlobKeyError, contentDisposition, contentTypeFor, isValidKey, parseRange, validateKey } from "./local";

/** SigV4 presigned URLs live at most a week. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** One PUT or CopyObject: 5 GB (above that S3 needs multipart, out of scope here). */
export const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;

/** What S3 answers for an object stored without a type (a browser POST without a Content-Type field). */
const GENERIC_TYPES = new Set(["", "binary/octet-stream", "application/octet-stream"]);

const leafOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);
const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

function isNotFound(err: unknown) {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === "NotFound" || err.name === "NoSuchKey" || err.$metadata?.httpStatusCode === 404;
}

function toNodeStream(body: ReadableStream<Uint8Array> | NodeJS.ReadableStream): NodeJS.ReadableStream {
  if (typeof (body as ReadableStream).getReader === "function") return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  return body as NodeJS.ReadableStream;
}

/** S3's XML error (<Error><Code/><Message/>) as the store's JSON answer, so callers read one shape. */
async function jsonError(res: Response): Promise<Response> {
  const text = await res.text().catch(() => "");
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  const error = message ? `${message}${code ? ` (${code})` : ""}` : `The object store answered ${res.status}.`;
  return Response.json({ error }, { status: res.status });
}

export function createS3BlobStore(
  s3: S3Config,
  config: Pick<UpstreamConfig, "clock"> = {},
  /** listPageSize: keys per ListObjectsV2 page in deletePrefix (S3's most, 1000; tests page with fewer). */
  { listPageSize = 1000 }: { listPageSize?: number } = {},
): BlobStore & { client: S3Client; bucket: string } {
  const now = () => (config.clock ?? systemClock).now();
  const Bucket = s3.bucket;
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them (DeleteObjects): the SDK's default adds aws-chunked
    // trailing checksums to every PUT, which several S3-compatible servers do not understand.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  /**
   * The client as the POST-policy signer sees it: signed at the store's clock (lib/clock.ts), like
   * local.ts, without moving the clock of the client's own requests (S3 refuses skewed requests).
   */
  const signer = () => ({ config: { ...client.config, systemClockOffset: now() - Date.now() } }) as unknown as S3Client;

  /** The type of an object: its stored one, or (none or a generic one) the one its name says, as local.ts. */
  const typeOf = (key: string, stored: string | undefined, filename?: string) =>
    stored && !GENERIC_TYPES.has(stored.toLowerCase()) ? stored : contentTypeFor(filename ?? leafOf(key));

  async function stat(key: string): Promise<BlobObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: Number(h.ContentLength ?? 0), contentType: typeOf(key, h.ContentType) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async function put(key: string, body: ReadableStream<Uint8Array> | Uint8Array | NodeJS.ReadableStream, contentType?: string): Promise<BlobObject> {
    validateKey(key);
    const type = contentType ?? contentTypeFor(leafOf(key));
    if (body instanceof Uint8Array) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.byteLength, ContentType: type }));
      return { key, size: body.byteLength, contentType: type };
    }
    // A stream of unknown length: spooled to a temp file, then one PUT with its Content-Length (an
    // object appears whole or not at all, as local.ts's temp file + rename).
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "aero-s3-put-"));
    try {
      const file = path.join(dir, "body");
      await pipeline(toNodeStream(body), fs.createWriteStream(file, { flags: "wx" }));
      const size = (await fsp.stat(file)).size;
      if (size > MAX_SINGLE_PUT_BYTES) throw new Error(`The object ${key} is larger than 5 GB, the most one S3 PUT takes.`);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: type }));
      return { key, size, contentType: type };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  const noSuchObject = () => Response.json({ error: "No such object." }, { status: 404 });

  async function read(key: string, opts: { range?: string | null; filename?: string; download?: boolean; noCache?: boolean } = {}): Promise<Response> {
    if (!isValidKey(key)) return noSuchObject();
    // The range is parsed as local.ts does (one range; garbage or several: the whole object), which
    // needs the size first.
    let range: { start: number; end: number } | null = null;
    if (opts.range) {
      const st = await stat(key);
      if (!st) return noSuchObject();
      const r = parseRange(opts.range, st.size);
      if (r === "unsatisfiable") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${st.size}`, "Accept-Ranges": "bytes" } });
      range = r;
    }
    let out;
    try {
      out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    } catch (err) {
      if (isNotFound(err)) return noSuchObject();
      throw err;
    }
    const headers = new Headers();
    const name = opts.filename ?? leafOf(key);
    const type = typeOf(key, out.ContentType, opts.filename);
    const active = ACTIVE_TYPES.test(type) || ACTIVE_TYPES.test(contentTypeFor(name));
    headers.set("Content-Type", type);
    headers.set("Accept-Ranges", "bytes");
    if (out.ETag) headers.set("ETag", out.ETag);
    if (out.LastModified) headers.set("Last-Modified", out.LastModified.toUTCString());
    headers.set("X-Content-Type-Options", "nosniff");
    if (active) headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
    if (opts.download || opts.filename || active) headers.set("Content-Disposition", contentDisposition(name, !!opts.download || active));
    headers.set("Cache-Control", opts.noCache ? "no-store" : "private, max-age=60");
    const length = Number(out.ContentLength ?? 0);
    headers.set("Content-Length", String(length));
    if (range && out.ContentRange) headers.set("Content-Range", out.ContentRange);
    const status = range ? 206 : 200;
    const body = out.Body as Readable | undefined;
    if (!body || length === 0) {
      body?.destroy?.();
      return new Response(null, { status, headers });
    }
    return new Response(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, { status, headers });
  }

  async function del(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  /** Deletes every object whose key starts with `prefix` (which may end mid-segment). Returns the count. */
  async function deletePrefix(prefix: string): Promise<number> {
    if (!prefix) throw new BlobKeyError("Refusing to delete every object: the prefix is empty.");
    const segs = prefix.split("/");
    const partial = segs.pop()!;
    if (segs.length) validateKey(segs.join("/"));
    if (partial && (partial.includes("\u0000") || partial === "..")) throw new BlobKeyError("Invalid prefix.");
    let n = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: listPageSize }));
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      if (keys.length) {
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        if (res.Errors?.length) {
          const e = res.Errors[0]!;
          throw new Error(`Could not delete ${res.Errors.length} object(s) under ${prefix}: ${e.Key}: ${e.Code} ${e.Message ?? ""}`.trim());
        }
        n += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return n;
  }

  /** Every object under a folder prefix ("a/b/"), paged through ListObjectsV2. */
  async function list(prefix: string): Promise<{ key: string; size: number }[]> {
    if (!prefix.split("/").filter(Boolean).length) throw new BlobKeyError("Refusing to list every object: the prefix is empty.");
    const out: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: listPageSize }));
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: Number(o.Size ?? 0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async function copy(fromKey: string, toKey: string): Promise<void> {
    validateKey(fromKey);
    validateKey(toKey);
    try {
      // The metadata (content type) goes with the copy (MetadataDirective COPY, S3's default).
      await client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${encodeKey(fromKey)}` }));
    } catch (err) {
      if (isNotFound(err)) throw new Error(`No such object: ${fromKey}`);
      throw err;
    }
  }

  async function createUploadPolicy(opts: { keyPrefix: string; maxBytes: number; minBytes?: number; expiresInSeconds: number }) {
    if (opts.keyPrefix) {
      const trimmed = opts.keyPrefix.replace(/\/$/, "");
      if (trimmed) validateKey(trimmed);
    }
    // A key ending in ${filename} makes the SDK add ["starts-with", "$key", keyPrefix] (and S3
    // substitutes the file's name when a client sends the key as is); the bucket and the signature
    // fields are conditions too, so no other field may be added to the form.
    const { url, fields } = await createPresignedPost(signer(), {
      Bucket,
      Key: `${opts.keyPrefix}\${filename}`,
      Conditions: [["content-length-range", opts.minBytes ?? 0, opts.maxBytes]],
      Expires: opts.expiresInSeconds,
    });
    return { url, url_fields: fields };
  }

  async function signedGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string; download?: boolean; noCache?: boolean }) {
    validateKey(key);
    const nowMs = now();
    const expiresAt = Math.floor(nowMs / 1000) + Math.max(1, Math.floor(opts.expiresInSeconds));
    // A link that expires on a whole hour (the consultants' photos, for the browser's cache) is signed
    // at the start of the hour, so the URL stays the same for that hour, as the local store's does.
    const signedAt = expiresAt % 3600 === 0 ? Math.floor(nowMs / 3_600_000) * 3600 : Math.floor(nowMs / 1000);
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, expiresAt - signedAt);
    const name = opts.filename ?? leafOf(key);
    const nameType = contentTypeFor(name);
    // The bucket is another origin than the portal's, but a page there could still run script: types
    // a browser would run are always an attachment, whatever the object says (local.ts adds a CSP too).
    const active = ACTIVE_TYPES.test(nameType);
    const command = new GetObjectCommand({
      Bucket,
      Key: key,
      ResponseContentDisposition: opts.download || opts.filename || active ? contentDisposition(name, !!opts.download || active) : undefined,
      // Objects a browser POSTed carry no type on S3: served with the one their name says (a PDF
      // previews inline), as the local store does.
      ResponseContentType: nameType !== "application/octet-stream" ? nameType : undefined,
      ResponseCacheControl: opts.noCache ? "no-store" : undefined,
    });
    return getSignedUrl(client, command, { expiresIn, signingDate: new Date(signedAt * 1000) });
  }

  let origin: Promise<string> | null = null;
  /** The bucket's origin as presigned URLs name it (path style: the endpoint's; else bucket.host). */
  const publicOrigin = () =>
    (origin ??= getSignedUrl(client, new GetObjectCommand({ Bucket, Key: "origin" }), { expiresIn: 60 }).then((u) => new URL(u).origin));

  /**
   * Requests to URLs this store signed, from the portal (the no-JS upload fallback, zip streaming):
   * forwarded to the bucket. A body of unknown length (a streamed multipart POST) is spooled first:
   * S3 wants a Content-Length. Anything else (the /_blob mount) is not this store's.
   */
  async function handle(request: Request): Promise<Response> {
    const u = new URL(request.url);
    if (u.origin !== (await publicOrigin())) {
      return Response.json({ error: "No such endpoint: the files are stored in an S3 bucket (signed links point there)." }, { status: 404 });
    }
    const headers = new Headers(request.headers);
    headers.delete("host");
    let spool: string | null = null;
    try {
      let body: BodyInit | null = null;
      if (request.body && request.method !== "GET" && request.method !== "HEAD") {
        if (headers.get("content-length")) body = request.body as unknown as BodyInit;
        else {
          spool = await fsp.mkdtemp(path.join(os.tmpdir(), "aero-s3-post-"));
          const file = path.join(spool, "body");
          await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>), fs.createWriteStream(file, { flags: "wx" }));
          headers.set("content-length", String((await fsp.stat(file)).size));
          body = Readable.toWeb(fs.createReadStream(file)) as unknown as BodyInit;
        }
      }
      const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, body, redirect: "manual", signal: request.signal };
      if (body) init.duplex = "half";
      const res = await fetch(u, init);
      if (!res.ok && res.status !== 304 && (res.headers.get("content-type") ?? "").includes("xml")) return await jsonError(res);
      return res;
    } finally {
      if (spool) await fsp.rm(spool, { recursive: true, force: true });
    }
  }

  return {
    client,
    bucket: Bucket,
    put,
    stat,
    read: (key, opts) => read(key, opts ?? {}),
    delete: del,
    deletePrefix,
    list,
    copy,
    createUploadPolicy,
    signedGetUrl,
    fetch: handle,
    publicOrigin,
    close: () => client.destroy(),
  };
}
