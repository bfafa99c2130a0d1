// A multipart/form-data body for the blob store's signed POST, built as a stream: the policy fields,
// then the file, whose bytes are passed on as they arrive (never held in memory). Used by the no-JS
// uploads of the storage pages and of the consultant profile.

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
