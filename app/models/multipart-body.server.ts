// Multipart bodies, streamed both ways, for the no-JS uploads (the storage pages' files, the consultant
// profile's photo and resume); nothing is ever held in memory whole:
//   - multipartParts reads a browser's multipart/form-data request part by part (busboy; the only
//     place the portal parses multipart);
//   - streamedMultipart builds the blob store's signed POST body around a file's bytes as they arrive;
//   - storePart pipes one file part from the first into the second.
import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import Busboy from "busboy";
import { blobFetch } from "./blob.server";

const CRLF = "\r\n";
const quote = (s: string) => s.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));

/** The body and its Content-Type; `onBytes` hears the size of each chunk of the file as it is sent. */
export function streamedMultipart(
  fields: Record<string, string>,
  filename: string,
  contentType: string,
  file: AsyncIterable<Buffer> | NodeJS.ReadableStream,
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
  const it = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let stage: "head" | "body" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        stage = "body";
        controller.enqueue(enc.encode(head));
        return;
      }
      if (stage !== "body") return;
      const next = await it.next();
      if (!next.done) {
        onBytes?.(next.value.length);
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        return;
      }
      stage = "done";
      controller.enqueue(enc.encode(tail));
      controller.close();
    },
    cancel() {
      // The store stopped reading (a refusal): the rest of the file is discarded by the caller.
      stage = "done";
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Reading a browser's multipart form
// ---------------------------------------------------------------------------------------------

/** A file part's bytes; `truncated` is set when it went over the size limit. */
export type FilePartStream = NodeJS.ReadableStream & { truncated?: boolean; resume(): void };

export type MultipartPart =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; filename: string; mimeType: string; stream: FilePartStream }
  /** More files than `limits.files`: the rest are skipped. */
  | { kind: "filesLimit" };

export interface MultipartLimits {
  files: number;
  fields: number;
  fieldSize: number;
}

const MULTIPART_MESSAGES = {
  not_multipart: "Not a multipart/form-data body.",
  malformed: "The form data was not complete.",
  interrupted: "The upload was interrupted.",
  control_characters: "A file name may not contain control characters.",
  bad_part_header: "A part of the form has a header that is not valid: a file name may not contain control characters.",
} as const;

/**
 * Why reading stopped: not a multipart body (or no boundary), a malformed body, the connection
 * broke, or a file name with a control character (NUL, CR, LF, …). busboy refuses a part header
 * holding such a byte outright (bad_part_header: in a browser's form only a file name can carry
 * one); a name sent as filename*=UTF-8''a%00b arrives decoded (control_characters).
 */
export class MultipartError extends Error {
  constructor(public reason: keyof typeof MULTIPART_MESSAGES) {
    super(MULTIPART_MESSAGES[reason]);
    this.name = "MultipartError";
  }

  /** A file name with a control character: the body itself is refused (a 400, refusedBody). */
  get badFileName() {
    return this.reason === "control_characters" || this.reason === "bad_part_header";
  }
}

/**
 * A file name with a control character (C0 or DEL). Not C1: busboy reads a plain filename="…" as
 * latin1, so the bytes of a UTF-8 name such as "logo★.png" arrive as U+0080–U+009F.
 */
export const hasControlCharacter = (name: string) => /[\u0000-\u001f\u007f]/.test(name);

/**
 * The MultipartError for an error heard while reading a file part: busboy cuts a part off with an
 * Error of its own ("Unexpected end of file"); null for any other error.
 */
export function asMultipartError(err: unknown): MultipartError | null {
  if (err instanceof MultipartError) return err;
  return err instanceof Error && /^Unexpected end of (file|form)$/.test(err.message) ? new MultipartError("malformed") : null;
}

/** The answer to a form refused for its body itself: a 400 with the reason, as plain text. */
export const refusedBody = (err: MultipartError) => new Response(err.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/**
 * The fields and files of a multipart/form-data request, in the order the browser sent them, one at
 * a time. A file's stream must be read (or `resume()`d to skip it) before the next part arrives:
 * that is the backpressure that keeps a large upload out of memory. File inputs left empty are
 * skipped. Throws MultipartError; leaving the loop early stops reading the request.
 */
export async function* multipartParts(request: Request, limits: MultipartLimits, { preservePath = false } = {}): AsyncGenerator<MultipartPart> {
  if (!isMultipart(request) || !request.body) throw new MultipartError("not_multipart");
  let bb: Busboy.Busboy;
  try {
    // Browsers send a file name as UTF-8 inside filename="…" (not RFC 5987): read it so ("logo★ été.png").
    bb = Busboy({ headers: { "content-type": request.headers.get("content-type")! }, preservePath, limits, defParamCharset: "utf8" });
  } catch {
    throw new MultipartError("not_multipart");
  }

  const queue: MultipartPart[] = [];
  let finished = false;
  let failure: MultipartError | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  bb.on("field", (name, value) => {
    queue.push({ kind: "field", name, value });
    signal();
  });
  bb.on("file", (name, stream, info) => {
    if (!info.filename) {
      stream.resume(); // an empty file input
      return;
    }
    if (hasControlCharacter(info.filename)) {
      stream.resume();
      failure ??= new MultipartError("control_characters");
      signal();
      return;
    }
    // A part cut off errors its stream: whoever reads it hears that; a skipped one must not crash.
    stream.on("error", () => {});
    queue.push({ kind: "file", name, filename: info.filename, mimeType: info.mimeType, stream: stream as FilePartStream });
    signal();
  });
  bb.on("filesLimit", () => {
    queue.push({ kind: "filesLimit" });
    signal();
  });
  bb.on("close", () => {
    finished = true;
    signal();
  });
  bb.on("error", (err: Error) => {
    failure ??= new MultipartError(err?.message === "Malformed part header" ? "bad_part_header" : "malformed");
    signal();
  });
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  source.on("error", () => {
    failure ??= new MultipartError("interrupted");
    // The file part being read, if any, hears it too (its reader would otherwise wait forever).
    bb.destroy(failure);
    signal();
  });
  source.pipe(bb);

  try {
    for (;;) {
      if (failure) throw failure;
      const part = queue.shift();
      if (part) {
        yield part;
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (queue.length || finished || failure) signal();
      });
    }
  } finally {
    if (!finished) {
      source.unpipe(bb);
      source.destroy();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One file part into the blob store
// ---------------------------------------------------------------------------------------------

export type StoredPart =
  | { outcome: "stored"; size: number }
  /** The store could not be reached. */
  | { outcome: "unreachable"; cause: unknown }
  /** The store refused it (its policy: key prefix, size range, expiry); `error` is its message. */
  | { outcome: "refused"; status: number; error: string | null }
  /** The part went over the form's size limit and was cut off. */
  | { outcome: "truncated" };

/**
 * POSTs one file part to the blob store with a signed policy (`url`, `url_fields`) under `key`, its
 * bytes passed on as they arrive. Whatever the store did not read is drained, so the form goes on.
 */
export async function storePart(
  context: AppLoadContext,
  link: { url: string; url_fields: Record<string, string> },
  key: string,
  part: { filename: string; mimeType: string; stream: FilePartStream },
): Promise<StoredPart> {
  let size = 0;
  const { body, contentType } = streamedMultipart({ ...link.url_fields, key }, part.filename, part.mimeType, part.stream, (n) => (size += n));
  let res: Response;
  try {
    res = await blobFetch(context, link.url, { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" });
  } catch (cause) {
    part.stream.resume();
    return { outcome: "unreachable", cause };
  }
  part.stream.resume(); // whatever the store did not read
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    return { outcome: "refused", status: res.status, error: answer?.error ?? null };
  }
  await res.body?.cancel().catch(() => {});
  if (part.stream.truncated) return { outcome: "truncated" };
  return { outcome: "stored", size };
}
