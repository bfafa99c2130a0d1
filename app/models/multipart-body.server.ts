// Multipart bodies, streamed both ways, for the no-JS uploads (the storage pages' files, the consultant
// profile's photo and resume, the AeroOPS / AeroOIL tab import); nothing is ever held in memory whole,
// and only Web streams are used (the same code runs on Node and on workerd):
//   - multipartParts reads a browser's multipart/form-data request part by part (the only place the
//     portal parses multipart: a small parser over request.body);
//   - streamedMultipart builds the blob store's signed POST body around a file's bytes as they arrive;
//   - storePart pipes one file part from the first into the second.
import type { AppLoadContext } from "@remix-run/node";
import { blobFetch } from "./blob.server";

const CRLF = "\r\n";
const quote = (s: string) => s.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));

/** The body and its Content-Type; `onBytes` hears the size of each chunk of the file as it is sent. */
export function streamedMultipart(
  fields: Record<string, string>,
  filename: string,
  contentType: string,
  file: ReadableStream<Uint8Array>,
  onBytes?: (n: number) => void
) {
  const boundary = `----aero${crypto.randomUUID().replace(/-/g, "")}`;
  const enc = new TextEncoder();
  let head = "";
  for (const [k, v] of Object.entries(fields)) {
    head += `--${boundary}${CRLF}Content-Disposition: form-data; name="${quote(k)}"${CRLF}${CRLF}${v}${CRLF}`;
  }
  head += `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${quote(filename)}"${CRLF}Content-Type: ${contentType || "application/octet-stream"}${CRLF}${CRLF}`;
  const tail = `${CRLF}--${boundary}--${CRLF}`;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let stage: "head" | "body" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        stage = "body";
        controller.enqueue(enc.encode(head));
        return;
      }
      if (stage !== "body") return;
      reader ??= file.getReader();
      const next = await reader.read();
      if (!next.done) {
        onBytes?.(next.value.byteLength);
        controller.enqueue(next.value);
        return;
      }
      stage = "done";
      controller.enqueue(enc.encode(tail));
      controller.close();
    },
    async cancel() {
      // The store stopped reading (a refusal): the rest of the file is skipped (multipartParts drains it).
      stage = "done";
      await (reader ?? file).cancel().catch(() => {});
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Reading a browser's multipart form
// ---------------------------------------------------------------------------------------------

export type MultipartPart =
  | { kind: "field"; name: string; value: string }
  /** A file's bytes as they arrive (RFC 7578; no part of it is read before its stream is). */
  | { kind: "file"; name: string; filename: string; mimeType: string; stream: ReadableStream<Uint8Array> }
  /** More files than `limits.files`: the rest are skipped. */
  | { kind: "filesLimit" };

export interface MultipartLimits {
  files: number;
  /** Fields past this many are dropped. */
  fields: number;
  /** Bytes of one field's value: a longer one refuses the body (too_large). */
  fieldSize: number;
}

const MULTIPART_MESSAGES = {
  not_multipart: "Not a multipart/form-data body.",
  malformed: "The form data was not complete.",
  interrupted: "The upload was interrupted.",
  too_large: "A part of the form is larger than allowed.",
  control_characters: "A file name may not contain control characters.",
  bad_part_header: "A part of the form has a header that is not valid: a file name may not contain control characters.",
} as const;

/**
 * Why reading stopped: not a multipart body (or no boundary), a malformed body (cut off before its
 * closing boundary), the connection broke, a field or a part's header over its limit, or a file name
 * with a control character (NUL, CR, LF, …). A part header holding such a byte is refused outright
 * (bad_part_header: in a browser's form only a file name can carry one); a name sent as
 * filename*=UTF-8''a%00b is refused once decoded (control_characters).
 */
export class MultipartError extends Error {
  constructor(public reason: keyof typeof MULTIPART_MESSAGES) {
    super(MULTIPART_MESSAGES[reason]);
    this.name = "MultipartError";
  }

  /** Only a hand-made body gets this: the body itself is refused (a 400, refusedBody). */
  get refusesBody() {
    return this.reason === "control_characters" || this.reason === "bad_part_header" || this.reason === "too_large";
  }
}

/** A file name with a control character (C0 or DEL). */
export const hasControlCharacter = (name: string) => /[\u0000-\u001f\u007f]/.test(name);

/** The answer to a form refused for its body itself: a 400 with the reason, as plain text. */
export const refusedBody = (err: MultipartError) => new Response(err.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/**
 * The fields and files of a multipart/form-data request, in the order the browser sent them, one at
 * a time, read from request.body as they are asked for: a file's bytes are read only as its stream
 * is, so a large upload never sits in memory. A file part whose stream is not read to its end is
 * drained when the loop goes on (its stream then ends). File inputs left empty are skipped.
 * Throws MultipartError (a file's stream errors with it too); leaving the loop early stops reading
 * the request.
 */
export async function* multipartParts(request: Request, limits: MultipartLimits, { preservePath = false } = {}): AsyncGenerator<MultipartPart> {
  const boundary = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i.exec(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) throw new MultipartError("not_multipart");
  const body = new BodyReader(request.body, boundary[1] ?? boundary[2]!);
  let file: ReturnType<typeof fileBody> | null = null;
  let complete = false;
  try {
    await body.skipPart(); // the preamble, before the first boundary
    let files = 0;
    let fields = 0;
    let filesLimit = false;
    while (body.nextPart()) {
      const part = describePart(await body.headers(), preservePath);
      if (part?.kind === "file") {
        if (files === limits.files) {
          await body.skipPart();
          if (!filesLimit) yield { kind: "filesLimit" };
          filesLimit = true;
          continue;
        }
        files++;
        if (!part.filename) {
          await body.skipPart(); // a file input left empty
          continue;
        }
        if (hasControlCharacter(part.filename)) throw body.fail("control_characters");
        file = fileBody(body);
        yield { ...part, stream: file.stream };
        await file.drain();
        file = null;
      } else if (part && fields < limits.fields) {
        fields++;
        yield { kind: "field", name: part.name, value: await body.text(limits.fieldSize) };
      } else await body.skipPart(); // not form data, or a field over the limit
    }
    await body.epilogue();
    complete = true;
  } finally {
    if (!complete) {
      file?.abandon();
      body.cancel();
    }
  }
}

/** The longest part header read (Node's limit for an HTTP request's headers, and busboy's). */
const MAX_HEADER_BYTES = 16 * 1024;
const CR = 13;
const LF = 10;
const DASH = 45;
const CRLF_BYTES = Uint8Array.of(CR, LF);
const utf8 = new TextDecoder();

/** Where `needle` first occurs in `hay` at or after `from`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  for (let i = hay.indexOf(needle[0]!, from); i !== -1 && i <= hay.length - needle.length; i = hay.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

/**
 * A multipart body as the parser reads it: the bytes not taken yet, more read from the request only
 * when they are needed. Its first failure is kept: every later read throws it again.
 */
class BodyReader {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  /** CRLF "--" boundary: how every boundary reads once a CRLF is put before the first one. */
  private delimiter: Uint8Array;
  private buf: Uint8Array = CRLF_BYTES;
  private ended = false;
  private failure: MultipartError | null = null;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(body: ReadableStream<Uint8Array>, boundary: string) {
    this.reader = body.getReader();
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  }

  fail(reason: MultipartError["reason"]) {
    return (this.failure ??= new MultipartError(reason));
  }

  /** Runs `read` after those queued before it (a file's stream and the loop take turns). */
  exclusive<T>(read: () => Promise<T>): Promise<T> {
    const run = this.turn.then(read);
    this.turn = run.catch(() => {});
    return run;
  }

  /** Reads one more chunk of the request; false at its end. */
  private async more(): Promise<boolean> {
    if (this.failure) throw this.failure;
    if (this.ended) return false;
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await this.reader.read();
    } catch {
      throw this.fail("interrupted");
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buf = concat(this.buf, next.value);
    return true;
  }

  /** The next bytes of the current part, or null once the boundary after it is reached. */
  async chunk(): Promise<Uint8Array | null> {
    if (this.failure) throw this.failure;
    const d = this.delimiter;
    let from = 0;
    for (;;) {
      const at = indexOf(this.buf, d, from);
      if (at === 0) {
        if (this.buf.byteLength < d.byteLength + 2) {
          if (!(await this.more())) throw this.fail("malformed");
          continue;
        }
        // A boundary is followed by CRLF (a part) or "--" (the end); anything else is the part's own
        // bytes, as busboy read them.
        const a = this.buf[d.byteLength];
        const b = this.buf[d.byteLength + 1];
        if ((a === CR && b === LF) || (a === DASH && b === DASH)) {
          this.buf = this.buf.subarray(d.byteLength);
          return null;
        }
        from = 1;
        continue;
      }
      if (at > 0) return this.take(at);
      // No boundary yet: everything before what could be the start of one is the part's.
      const held = this.buf.indexOf(CR, Math.max(from, this.buf.byteLength - d.byteLength + 1));
      const safe = held === -1 ? this.buf.byteLength : held;
      if (safe > 0) return this.take(safe);
      if (!(await this.more())) throw this.fail("malformed");
    }
  }

  private take(n: number) {
    const bytes = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return bytes;
  }

  async skipPart() {
    while ((await this.chunk()) !== null);
  }

  /** After a boundary: true when a part follows, false after the closing one. */
  nextPart(): boolean {
    const last = this.buf[0] === DASH;
    this.buf = this.buf.subarray(2);
    return !last;
  }

  /** A part's headers, names in lower case (the first of a name counts). */
  async headers(): Promise<Map<string, string>> {
    const headers = new Map<string, string>();
    let size = 0;
    for (;;) {
      const eol = indexOf(this.buf, CRLF_BYTES);
      if (eol === -1) {
        if (size + this.buf.byteLength > MAX_HEADER_BYTES) throw this.fail("too_large");
        if (!(await this.more())) throw this.fail("malformed");
        continue;
      }
      size += eol + 2;
      if (size > MAX_HEADER_BYTES) throw this.fail("too_large");
      const line = utf8.decode(this.take(eol));
      this.buf = this.buf.subarray(2);
      if (line === "") return headers;
      // A name, a colon, a value without control characters (a NUL or a lone CR in a file name).
      const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\u0000-\u0008\u000a-\u001f\u007f]*?)[ \t]*$/.exec(line);
      if (!m) throw this.fail("bad_part_header");
      const name = m[1]!.toLowerCase();
      if (!headers.has(name)) headers.set(name, m[2]!);
    }
  }

  /** A field's value as UTF-8; longer than `max` bytes refuses the body. */
  async text(max: number): Promise<string> {
    let value: Uint8Array = new Uint8Array(0);
    for (let c = await this.chunk(); c !== null; c = await this.chunk()) {
      if (value.byteLength + c.byteLength > max) throw this.fail("too_large");
      value = concat(value, c);
    }
    return utf8.decode(value);
  }

  /** After the closing boundary: the rest (a browser sends one CRLF) is read and dropped. */
  async epilogue() {
    this.buf = new Uint8Array(0);
    while (await this.more()) this.buf = new Uint8Array(0);
  }

  /** Stops reading the request. */
  cancel() {
    this.reader.cancel().catch(() => {});
  }
}

/**
 * The stream of one file part's bytes: each read takes the next bytes from the body, so the request
 * is read no faster than the stream is. `drain` reads and drops what its reader left; `abandon`
 * errors it when reading stops under it.
 */
function fileBody(body: BodyReader) {
  let done = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: (c) =>
        body.exclusive(async () => {
          if (done) return;
          const bytes = await body.chunk();
          if (bytes) return c.enqueue(bytes);
          done = true;
          c.close();
        }),
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    drain: () =>
      body.exclusive(async () => {
        if (done) return;
        await body.skipPart();
        done = true;
        try {
          controller.close();
        } catch {
          /* cancelled by its reader */
        }
      }),
    abandon: () => {
      if (!done) controller.error(new MultipartError("interrupted"));
    },
  };
}

type PartHead = { kind: "field"; name: string } | { kind: "file"; name: string; filename: string; mimeType: string };

/**
 * What a part is, from its headers (as busboy told them apart): a file when it has a file name or
 * is application/octet-stream, else a field; null when it is not form data.
 */
function describePart(headers: Map<string, string>, preservePath: boolean): PartHead | null {
  const disposition = parseDisposition(headers.get("content-disposition"));
  if (!disposition || disposition.type !== "form-data") return null;
  const name = disposition.params.name ?? "";
  let filename = disposition.params["filename*"] ?? disposition.params.filename;
  if (filename !== undefined && !preservePath) filename = basename(filename);
  const type = /^\s*([^\s/;]+)\/([^\s;]+)/.exec(headers.get("content-type") ?? "");
  const mimeType = type ? `${type[1]}/${type[2]}`.toLowerCase() : "text/plain";
  if (filename === undefined && mimeType !== "application/octet-stream") return { kind: "field", name };
  return { kind: "file", name, filename: filename ?? "", mimeType };
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const DISPOSITION_PARAM = new RegExp(`[ \\t]*;[ \\t]*(${TOKEN})=(?:"((?:[^"\\\\]|\\\\.)*)"|(${TOKEN}))`, "y");

/** Content-Disposition: its type and parameters (filename*= decoded, RFC 5987); null when malformed. */
function parseDisposition(value: string | undefined) {
  const type = value ? new RegExp(`^${TOKEN}`).exec(value) : null;
  if (!value || !type) return null;
  const params: Record<string, string> = {};
  let at = type[0].length;
  for (;;) {
    DISPOSITION_PARAM.lastIndex = at;
    const m = DISPOSITION_PARAM.exec(value);
    if (!m) break;
    at = DISPOSITION_PARAM.lastIndex;
    const key = m[1]!.toLowerCase();
    // Browsers send a file name as UTF-8 inside filename="…" (not RFC 5987) and escape `"` as %22.
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!;
    const v = key.endsWith("*") ? extendedValue(raw) : raw;
    if (v !== null && !(key in params)) params[key] = v;
  }
  return value.slice(at).trim() ? null : { type: type[0].toLowerCase(), params };
}

/** charset'language'percent-encoded (UTF-8 or Latin-1), or null. */
function extendedValue(raw: string): string | null {
  const m = /^([^']*)'[^']*'(.*)$/.exec(raw);
  if (!m) return null;
  const bytes: number[] = [];
  for (let i = 0; i < m[2]!.length; i++) {
    if (m[2]![i] !== "%") bytes.push(m[2]!.charCodeAt(i) & 0xff);
    else if (/^[0-9a-f]{2}$/i.test(m[2]!.slice(i + 1, i + 3))) {
      bytes.push(parseInt(m[2]!.slice(i + 1, i + 3), 16));
      i += 2;
    } else return null;
  }
  const charset = m[1]!.toLowerCase();
  if (charset === "utf-8" || charset === "utf8") return utf8.decode(Uint8Array.from(bytes));
  if (charset === "iso-8859-1" || charset === "latin1" || charset === "us-ascii") return String.fromCharCode(...bytes);
  return null;
}

/** The last segment of a path ("" for "." and ".."): a file name without the folders a client sent. */
function basename(path: string) {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  return name === "." || name === ".." ? "" : name;
}

// ---------------------------------------------------------------------------------------------
// One file part into the blob store
// ---------------------------------------------------------------------------------------------

export type StoredPart =
  | { outcome: "stored"; size: number }
  /** The store could not be reached. */
  | { outcome: "unreachable"; cause: unknown }
  /** The store refused it (its policy: key prefix, size range, expiry); `error` is its message. */
  | { outcome: "refused"; status: number; error: string | null };

/**
 * POSTs one file part to the blob store with a signed policy (`url`, `url_fields`) under `key`, its
 * bytes passed on as they arrive. Whatever the store did not read is drained by multipartParts when
 * the form goes on.
 */
export async function storePart(
  context: AppLoadContext,
  link: { url: string; url_fields: Record<string, string> },
  key: string,
  part: { filename: string; mimeType: string; stream: ReadableStream<Uint8Array> },
): Promise<StoredPart> {
  let size = 0;
  const { body, contentType } = streamedMultipart({ ...link.url_fields, key }, part.filename, part.mimeType, part.stream, (n) => (size += n));
  let res: Response;
  try {
    res = await blobFetch(context, link.url, { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" });
  } catch (cause) {
    return { outcome: "unreachable", cause };
  }
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    return { outcome: "refused", status: res.status, error: answer?.error ?? null };
  }
  await res.body?.cancel().catch(() => {});
  return { outcome: "stored", size };
}
