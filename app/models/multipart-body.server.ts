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

/** Why reading stopped: not a multipart body (or no boundary), a malformed body, or the connection broke. */
export class MultipartError extends Error {
  constructor(public reason: "not_multipart" | "malformed" | "interrupted") {
    super(reason === "not_multipart" ? "Not a multipart/form-data body." : reason === "malformed" ? "The form data was not complete." : "The upload was interrupted.");
    this.name = "MultipartError";
  }
}

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
    bb = Busboy({ headers: { "content-type": request.headers.get("content-type")! }, preservePath, limits });
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
  bb.on("error", () => {
    failure ??= new MultipartError("malformed");
    signal();
  });
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  source.on("error", () => {
    failure ??= new MultipartError("interrupted");
    signal();
  });
  source.pipe(bb);

  try {
    for (;;) {
      const part = queue.shift();
      if (part) {
        yield part;
        continue;
      }
      if (failure) throw failure;
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
