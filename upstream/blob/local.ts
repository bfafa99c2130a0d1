// The blob store on local disk, with S3 semantics: keys are "/"-separated strings, uploads go through a
// signed POST policy (key prefix, size range, expiry), downloads through signed GET links with Range.
//
// Layout under rootDir:
//   objects/  one file per key. Every directory segment of a key is stored as "d_<segment>" and the last
//             segment as "f_<segment>", so "a" and "a/b" can both exist (as on S3) and no key can ever
//             name a path outside objects/ (even "..", which validation refuses anyway).
//             An explicit content type given to put() lives beside the object as "m_<segment>".
//   tmp/      temp files of writes in progress; renamed into objects/ when complete (atomic).
import { systemClock } from "../lib/clock";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";
import type { BlobObject, BlobStore, UpstreamConfig } from "../context";

export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 240;
/** After an upload is refused mid-stream, at most this much more of the request is drained before the connection is cut. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

export class BlobKeyError extends Error {}

/** Throws BlobKeyError for a key the store refuses. */
export function validateKey(key: string): string {
  if (typeof key !== "string" || key.length === 0) throw new BlobKeyError("The key is empty.");
  if (Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) throw new BlobKeyError(`The key is longer than ${MAX_KEY_BYTES} bytes.`);
  if (key.startsWith("/")) throw new BlobKeyError("The key must not start with /.");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new BlobKeyError("The key contains control characters.");
  if (key.includes("\\")) throw new BlobKeyError("The key contains a backslash.");
  for (const seg of key.split("/")) {
    if (seg === "") throw new BlobKeyError("The key contains an empty segment.");
    if (seg === "." || seg === "..") throw new BlobKeyError("The key contains a . or .. segment.");
    if (Buffer.byteLength(seg, "utf8") > MAX_SEGMENT_BYTES) throw new BlobKeyError(`A segment of the key is longer than ${MAX_SEGMENT_BYTES} bytes.`);
  }
  return key;
}

export function isValidKey(key: string): boolean {
  try {
    validateKey(key);
    return true;
  } catch {
    return false;
  }
}

const EXT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  bin: "application/octet-stream",
};

/**
 * Types a browser would run as a document (script). The store shares the portal's origin, so these are
 * never served inline: always as an attachment, in a CSP sandbox, whatever the uploader claimed.
 */
export const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|application\/x-javascript|text\/xsl|application\/xslt\+xml)\b/i;

/** Content type guessed from a name's extension. */
export function contentTypeFor(name: string): string {
  const dot = name.lastIndexOf(".");
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
  return EXT_TYPES[ext] ?? "application/octet-stream";
}

const hmac = (secret: string, data: string) => crypto.createHmac("sha256", secret).update(data).digest("hex");

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
import { contentDisposition } from "../../app/utils/content-disposition";
export { contentDisposition };

type Range = { start: number; end: number } | "unsatisfiable" | null;

/** Parses a single "bytes=" range against a size. Multiple ranges or garbage -> null (full body). */
export function parseRange(header: string | null | undefined, size: number): Range {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a, b] = m;
  if (a === "" && b === "") return null;
  let start: number;
  let end: number;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
    if (b !== "" && Number(b) < start) return null;
  }
  if (start >= size || size === 0) return "unsatisfiable";
  return { start, end };
}

const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/**
 * Where a key's object lives below objects/ (relative, "/"-separated: the same in a backup):
 * the directory, the object file ("f_"), its content-type file ("m_", when one was given).
 */
export function objectPaths(key: string): { dir: string; file: string; meta: string; leaf: string } {
  validateKey(key);
  const segs = key.split("/");
  const leaf = segs.pop()!;
  const dir = segs.map((s) => `d_${s}`).join("/");
  const inDir = (name: string) => (dir ? `${dir}/${name}` : name);
  return { dir, file: inDir(`f_${leaf}`), meta: inDir(`m_${leaf}`), leaf };
}

interface PolicyDoc {
  expiration: string;
  conditions: unknown[];
}

export function createLocalBlobStore(rootDir: string, config: Pick<UpstreamConfig, "secret" | "blobBaseUrl" | "clock">): BlobStore {
  const now = () => (config.clock ?? systemClock).now();
  const objectsDir = path.join(rootDir, "objects");
  const tmpDir = path.join(rootDir, "tmp");
  fs.mkdirSync(objectsDir, { recursive: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  // Leftovers of writes interrupted by a crash.
  for (const f of fs.readdirSync(tmpDir)) fs.rmSync(path.join(tmpDir, f), { force: true });

  const base = config.blobBaseUrl.replace(/\/+$/, "");
  let basePath = "";
  try {
    basePath = new URL(base, "http://x").pathname.replace(/\/+$/, "");
  } catch {
    basePath = "";
  }

  function fsPaths(key: string) {
    const rel = objectPaths(key);
    return { dir: path.join(objectsDir, rel.dir), file: path.join(objectsDir, rel.file), meta: path.join(objectsDir, rel.meta), leaf: rel.leaf };
  }

  const tmpFile = () => path.join(tmpDir, `${Date.now().toString(36)}-${crypto.randomBytes(8).toString("hex")}`);

  async function moveIntoPlace(tmp: string, dir: string, file: string) {
    await fsp.mkdir(dir, { recursive: true });
    try {
      await fsp.rename(tmp, file);
    } catch (err) {
      // A concurrent deletePrefix may have removed the directory between mkdir and rename.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      await fsp.mkdir(dir, { recursive: true });
      await fsp.rename(tmp, file);
    }
  }

  async function readMeta(metaPath: string): Promise<{ contentType?: string } | null> {
    try {
      return JSON.parse(await fsp.readFile(metaPath, "utf8")) as { contentType?: string };
    } catch {
      return null;
    }
  }

  async function writeMeta(p: ReturnType<typeof fsPaths>, contentType: string | undefined) {
    if (contentType && contentType !== contentTypeFor(p.leaf)) {
      const tmp = tmpFile();
      await fsp.writeFile(tmp, JSON.stringify({ contentType }));
      await moveIntoPlace(tmp, p.dir, p.meta);
    } else {
      await fsp.rm(p.meta, { force: true });
    }
  }

  function toNodeStream(body: ReadableStream<Uint8Array> | Uint8Array | NodeJS.ReadableStream): NodeJS.ReadableStream {
    if (body instanceof Uint8Array) return Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
    if (typeof (body as ReadableStream).getReader === "function") {
      return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
    }
    return body as NodeJS.ReadableStream;
  }

  async function stat(key: string): Promise<BlobObject | null> {
    if (!isValidKey(key)) return null;
    const p = fsPaths(key);
    try {
      const st = await fsp.stat(p.file);
      if (!st.isFile()) return null;
      const meta = await readMeta(p.meta);
      return { key, size: st.size, contentType: meta?.contentType ?? contentTypeFor(p.leaf) };
    } catch {
      return null;
    }
  }

  async function put(
    key: string,
    body: ReadableStream<Uint8Array> | Uint8Array | NodeJS.ReadableStream,
    contentType?: string,
  ): Promise<BlobObject> {
    const p = fsPaths(key);
    const tmp = tmpFile();
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(null, chunk);
      },
    });
    try {
      await pipeline(toNodeStream(body), counter, fs.createWriteStream(tmp, { flags: "wx" }));
      await moveIntoPlace(tmp, p.dir, p.file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    await writeMeta(p, contentType);
    return { key, size, contentType: contentType ?? contentTypeFor(p.leaf) };
  }

  async function read(
    key: string,
    opts: { range?: string | null; filename?: string; download?: boolean; noCache?: boolean; head?: boolean; ifNoneMatch?: string | null } = {},
  ): Promise<Response> {
    if (!isValidKey(key)) return Response.json({ error: "No such object." }, { status: 404 });
    const p = fsPaths(key);
    // A stat, not an open: the body opens the file when it is read (lazyFileStream).
    const st = await fsp.stat(p.file).catch(() => null);
    if (!st?.isFile()) return Response.json({ error: "No such object." }, { status: 404 });
    const size = st.size;
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${st.ino.toString(16)}"`;
    const meta = await readMeta(p.meta);
    const headers = new Headers();
    const type = meta?.contentType ?? contentTypeFor(opts.filename ?? p.leaf);
    const active = ACTIVE_TYPES.test(type) || ACTIVE_TYPES.test(contentTypeFor(opts.filename ?? p.leaf));
    headers.set("Content-Type", type);
    headers.set("Accept-Ranges", "bytes");
    headers.set("ETag", etag);
    headers.set("Last-Modified", st.mtime.toUTCString());
    headers.set("X-Content-Type-Options", "nosniff");
    if (active) headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
    if (opts.download || opts.filename || active) {
      headers.set("Content-Disposition", contentDisposition(opts.filename ?? p.leaf, !!opts.download || active));
    }
    if (opts.noCache) {
      headers.set("Cache-Control", "no-store");
      headers.set("Content-Encoding", "identity");
    } else {
      headers.set("Cache-Control", "private, max-age=60");
    }
    if (opts.ifNoneMatch && opts.ifNoneMatch.split(",").map((s) => s.trim()).includes(etag) && !opts.noCache) {
      return new Response(null, { status: 304, headers });
    }
    const range = parseRange(opts.range, size);
    if (range === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    const start = range ? range.start : 0;
    const end = range ? range.end : size - 1;
    const length = size === 0 ? 0 : end - start + 1;
    headers.set("Content-Length", String(length));
    if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    const status = range ? 206 : 200;
    if (opts.head || length === 0) return new Response(null, { status, headers });
    return new Response(lazyFileStream(p.file, start, end), { status, headers });
  }

  async function del(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    const p = fsPaths(key);
    await fsp.rm(p.file, { force: true });
    await fsp.rm(p.meta, { force: true });
  }

  async function countFiles(dir: string): Promise<number> {
    let n = 0;
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return 0;
    }
    for (const e of entries) {
      if (e.isDirectory()) n += await countFiles(path.join(dir, e.name));
      else if (e.name.startsWith("f_")) n += 1;
    }
    return n;
  }

  /** Deletes every object whose key starts with `prefix` (which may end mid-segment). Returns the count. */
  async function deletePrefix(prefix: string): Promise<number> {
    if (!prefix) throw new BlobKeyError("Refusing to delete every object: the prefix is empty.");
    const segs = prefix.split("/");
    const partial = segs.pop()!;
    // Validate the complete segments as a key would be.
    if (segs.length) validateKey(segs.join("/"));
    if (partial && (partial.includes("\u0000") || partial === "..")) throw new BlobKeyError("Invalid prefix.");
    const dir = path.join(objectsDir, ...segs.map((s) => `d_${s}`));
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return 0;
    }
    let n = 0;
    for (const e of entries) {
      const kind = e.name.slice(0, 2);
      const name = e.name.slice(2);
      if (!name.startsWith(partial)) continue;
      const full = path.join(dir, e.name);
      if (kind === "d_" && e.isDirectory()) {
        n += await countFiles(full);
        await fsp.rm(full, { recursive: true, force: true });
      } else if (kind === "f_") {
        n += 1;
        await fsp.rm(full, { force: true });
      } else if (kind === "m_") {
        await fsp.rm(full, { force: true });
      }
    }
    return n;
  }

  /** Every object under a folder prefix ("a/b/"), depth first. */
  async function list(prefix: string): Promise<{ key: string; size: number }[]> {
    const segs = prefix.split("/").filter(Boolean);
    if (!segs.length) throw new BlobKeyError("Refusing to list every object: the prefix is empty.");
    validateKey(segs.join("/"));
    const out: { key: string; size: number }[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.name.startsWith("d_") && e.isDirectory()) await walk(full, `${keyPrefix}${e.name.slice(2)}/`);
        else if (e.name.startsWith("f_")) {
          const st = await fsp.stat(full).catch(() => null);
          if (st) out.push({ key: `${keyPrefix}${e.name.slice(2)}`, size: st.size });
        }
      }
    };
    await walk(path.join(objectsDir, ...segs.map((s) => `d_${s}`)), `${segs.join("/")}/`);
    return out;
  }

  async function copy(fromKey: string, toKey: string): Promise<void> {
    const from = fsPaths(fromKey);
    const to = fsPaths(toKey);
    const tmp = tmpFile();
    try {
      await fsp.copyFile(from.file, tmp);
      await moveIntoPlace(tmp, to.dir, to.file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`No such object: ${fromKey}`);
      throw err;
    }
    const meta = await readMeta(from.meta);
    await writeMeta(to, meta?.contentType);
  }

  async function createUploadPolicy(opts: { keyPrefix: string; maxBytes: number; minBytes?: number; expiresInSeconds: number }) {
    if (opts.keyPrefix) {
      // The prefix must be a valid key start (its last segment may be partial or empty).
      const trimmed = opts.keyPrefix.replace(/\/$/, "");
      if (trimmed) validateKey(trimmed);
    }
    const doc: PolicyDoc = {
      expiration: new Date(now() + opts.expiresInSeconds * 1000).toISOString(),
      conditions: [
        ["starts-with", "$key", opts.keyPrefix],
        ["content-length-range", opts.minBytes ?? 0, opts.maxBytes],
      ],
    };
    const policy = Buffer.from(JSON.stringify(doc)).toString("base64");
    return {
      url: base,
      url_fields: {
        key: `${opts.keyPrefix}\${filename}`,
        policy,
        "x-signature": hmac(config.secret, policy),
      },
    };
  }

  const getPayload = (key: string, expires: number, filename: string, download: boolean, noCache: boolean) =>
    `GET\n${key}\n${expires}\n${filename}\n${download ? 1 : 0}\n${noCache ? 1 : 0}`;

  function signedGetUrlNow(key: string, opts: { expiresInSeconds: number; filename?: string; download?: boolean; noCache?: boolean }) {
    validateKey(key);
    const expires = Math.floor(now() / 1000) + Math.max(1, Math.floor(opts.expiresInSeconds));
    const filename = opts.filename ?? "";
    const sig = hmac(config.secret, getPayload(key, expires, filename, !!opts.download, !!opts.noCache));
    const q = new URLSearchParams({ "X-Expires": String(expires), "X-Signature": sig });
    if (filename) q.set("filename", filename);
    if (opts.download) q.set("download", "1");
    if (opts.noCache) q.set("nocache", "1");
    return `${base}/o/${encodeKey(key)}?${q.toString()}`;
  }

  const corsHeaders = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Range, Content-Type, If-None-Match",
    "Access-Control-Expose-Headers": "Content-Range, Content-Length, ETag, Accept-Ranges, Content-Disposition",
    "Access-Control-Max-Age": "600",
  };

  const deny = (error: string, status = 403) => Response.json({ error }, { status, headers: corsHeaders });

  function withCors(res: Response) {
    const h = new Headers(res.headers);
    for (const [k, v] of Object.entries(corsHeaders)) h.set(k, v);
    return new Response(res.body, { status: res.status, headers: h });
  }

  async function handleGet(request: Request, url: URL, rel: string): Promise<Response> {
    let key: string;
    try {
      key = rel
        .slice("/o/".length)
        .split("/")
        .map((s) => decodeURIComponent(s))
        .join("/");
    } catch {
      return deny("The link is not valid.");
    }
    const q = url.searchParams;
    const expires = Number(q.get("X-Expires"));
    const sig = q.get("X-Signature") ?? "";
    const filename = q.get("filename") ?? "";
    const download = q.get("download") === "1";
    const noCache = q.get("nocache") === "1";
    if (!isValidKey(key) || !Number.isFinite(expires) || !sig) return deny("The link is not valid.");
    if (!safeEqual(sig, hmac(config.secret, getPayload(key, expires, filename, download, noCache)))) return deny("The link is not valid.");
    if (expires < Math.floor(now() / 1000)) return deny("The link has expired.");
    const res = await read(key, {
      range: request.headers.get("range"),
      filename: filename || undefined,
      download,
      noCache,
      head: request.method === "HEAD",
      ifNoneMatch: request.headers.get("if-none-match"),
    });
    return withCors(res);
  }

  function checkPolicy(fields: Record<string, string>, key: string): { ok: true; min: number; max: number } | { ok: false; error: string } {
    const policy = fields.policy ?? fields.Policy;
    const sig = fields["x-signature"] ?? fields["X-Signature"];
    if (!policy || !sig) return { ok: false, error: "The upload is not signed." };
    if (!safeEqual(sig, hmac(config.secret, policy))) return { ok: false, error: "The upload signature is not valid." };
    let doc: PolicyDoc;
    try {
      doc = JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as PolicyDoc;
    } catch {
      return { ok: false, error: "The upload policy is not valid." };
    }
    const exp = Date.parse(doc.expiration);
    if (!Number.isFinite(exp) || exp < now()) return { ok: false, error: "The upload policy has expired." };
    if (!isValidKey(key)) return { ok: false, error: "The key is not valid." };
    let min = 0;
    let max = Number.POSITIVE_INFINITY;
    let keyChecked = false;
    for (const c of Array.isArray(doc.conditions) ? doc.conditions : []) {
      if (!Array.isArray(c)) return { ok: false, error: "The upload policy is not valid." };
      const [op, a, b] = c as [string, unknown, unknown];
      if (op === "starts-with" && a === "$key" && typeof b === "string") {
        if (!key.startsWith(b)) return { ok: false, error: "The key is outside the allowed prefix." };
        keyChecked = true;
      } else if (op === "eq" && a === "$key" && typeof b === "string") {
        if (key !== b) return { ok: false, error: "The key is not allowed." };
        keyChecked = true;
      } else if (op === "content-length-range" && typeof a === "number" && typeof b === "number") {
        min = a;
        max = b;
      } else {
        return { ok: false, error: "The upload policy has an unknown condition." };
      }
    }
    if (!keyChecked) return { ok: false, error: "The upload policy does not restrict the key." };
    return { ok: true, min, max };
  }

  async function handleUpload(request: Request): Promise<Response> {
    const type = request.headers.get("content-type") ?? "";
    if (!request.body) return deny("A multipart/form-data body is expected.", 400);
    return uploadStream(type, Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>));
  }

  /**
   * A signed POST upload read from a Node stream: server.ts hands the socket's request here directly,
   * so the bytes go from the socket through the multipart parser to the file with no Web-stream
   * conversion in between (issue 12: ≥ 80 % of a plain copy's throughput).
   */
  async function uploadStream(type: string, source: Readable): Promise<Response> {
    if (!type.toLowerCase().startsWith("multipart/form-data")) {
      source.resume();
      return deny("A multipart/form-data body is expected.", 400);
    }
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({ headers: { "content-type": type }, defParamCharset: "utf8", limits: { files: 1, fields: 50, fieldSize: 64 * 1024 }, highWaterMark: 1024 * 1024, fileHwm: 1024 * 1024 });
    } catch {
      source.resume();
      return deny("A multipart/form-data body is expected.", 400);
    }

    return await new Promise<Response>((resolve) => {
      const fields: Record<string, string> = {};
      let settled = false;
      let refusing = false;
      let sawFile = false;
      let tmp: string | null = null;
      let out: fs.WriteStream | null = null;
      let drained = 0;
      const finish = (res: Response) => {
        if (settled) return;
        settled = true;
        resolve(res);
      };
      /** Refuses the upload: the temp file is removed, the rest of the body is discarded (up to a limit). */
      const refuseUpload = (error: string, status = 403) => {
        if (settled || refusing) return;
        refusing = true;
        const t = tmp;
        const w = out;
        tmp = null;
        void (async () => {
          if (w && !w.closed) {
            // Wait for the write stream to release (and, if still opening, create) the file before removing it.
            await new Promise<void>((r) => {
              w.once("close", () => r());
              w.destroy();
            });
          }
          if (t) await fsp.rm(t, { force: true }).catch(() => {});
          finish(deny(error, status));
        })();
      };
      source.on("data", (chunk: Buffer) => {
        if (!settled && !refusing) return;
        drained += chunk.length;
        if (drained > DRAIN_LIMIT) {
          source.unpipe(bb);
          source.destroy();
        }
      });
      source.on("error", () => refuseUpload("The upload was interrupted.", 400));

      bb.on("field", (name, value) => {
        if (!sawFile) fields[name] = value;
      });
      bb.on("file", (_name, file, info) => {
        if (sawFile || settled || refusing) {
          file.resume();
          return;
        }
        sawFile = true;
        // C0 and DEL only: busboy reads a UTF-8 name as latin1, its bytes can land in U+0080–U+009F.
        if (/[\u0000-\u001f\u007f]/.test(info.filename ?? "")) {
          file.resume();
          return refuseUpload("A file name may not contain control characters.", 400);
        }
        const keyField = fields.key ?? fields.Key;
        if (!keyField) {
          file.resume();
          return refuseUpload("The upload has no key.");
        }
        const key = keyField.split("${filename}").join(info.filename ?? "");
        const check = checkPolicy(fields, key);
        if (!check.ok) {
          file.resume();
          return refuseUpload(check.error);
        }
        const contentType = fields["Content-Type"] ?? fields["content-type"] ?? (info.mimeType && info.mimeType !== "application/octet-stream" ? info.mimeType : undefined);
        const p = fsPaths(key);
        const t = tmpFile();
        tmp = t;
        let size = 0;
        const w = fs.createWriteStream(t, { flags: "wx", highWaterMark: 1024 * 1024 });
        out = w;
        let over = false;
        file.on("data", (chunk: Buffer) => {
          if (over) return;
          size += chunk.length;
          if (size > check.max) {
            over = true;
            file.unpipe(w);
            file.resume();
            refuseUpload("The file is larger than the upload policy allows.");
          }
        });
        file.pipe(w);
        w.on("error", () => refuseUpload("The file could not be stored.", 500));
        w.on("finish", () => {
          if (over || settled || refusing) return;
          void (async () => {
            if (file.truncated) return refuseUpload("The upload was truncated.", 400);
            if (size < check.min) return refuseUpload("The file is smaller than the upload policy allows.");
            try {
              await moveIntoPlace(t, p.dir, p.file);
              tmp = null;
              await writeMeta(p, contentType);
            } catch {
              return refuseUpload("The file could not be stored.", 500);
            }
            const status = Number(fields.success_action_status);
            if (status === 200 || status === 201) finish(Response.json({ key, size }, { status, headers: corsHeaders }));
            else finish(new Response(null, { status: 204, headers: corsHeaders }));
          })();
        });
      });
      bb.on("error", (err: Error) => {
        // The parser is unpiped on its error: the source goes on flowing into the drain above.
        source.unpipe(bb);
        source.resume();
        refuseUpload(
          err?.message === "Malformed part header" ? "A part of the upload has a header that is not valid: a file name may not contain control characters." : "The upload body is not valid multipart.",
          400,
        );
      });
      bb.on("close", () => {
        if (!sawFile) refuseUpload("The upload has no file.", 400);
      });
      source.pipe(bb);
    });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    let rel = url.pathname;
    if (basePath && (rel === basePath || rel.startsWith(`${basePath}/`))) rel = rel.slice(basePath.length) || "/";
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders });
    if ((request.method === "GET" || request.method === "HEAD") && rel.startsWith("/o/")) return handleGet(request, url, rel);
    if (request.method === "POST" && (rel === "/" || rel === "")) return handleUpload(request);
    return deny("No such endpoint.", 404);
  }

  return {
    put,
    stat,
    read: (key, opts) => read(key, opts ?? {}),
    delete: del,
    deletePrefix,
    list,
    copy,
    createUploadPolicy,
    signedGetUrl: async (key, opts) => signedGetUrlNow(key, opts),
    fetch: handle,
    uploadStream,
  };
}

/**
 * A file's bytes [start, end] as a Web stream that opens the file on the first read and closes it at
 * the end or when the reader cancels. A Response nobody reads (a client that went away, a caller that
 * only wanted the headers) holds no file descriptor, so none is left for the garbage collector to close.
 */
function lazyFileStream(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let node: fs.ReadStream | null = null;
  let chunks: AsyncIterator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!chunks) {
          node = fs.createReadStream(file, { start, end, highWaterMark: 256 * 1024 });
          chunks = node[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        }
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        } catch (err) {
          node?.destroy();
          controller.error(err);
        }
      },
      cancel() {
        node?.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
