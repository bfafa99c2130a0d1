import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAsOnWorkers } from "../helpers/workers-bundle";
import { MultipartError, multipartParts, streamedMultipart, type MultipartPart } from "~/models/multipart-body.server";

// The one server-side multipart reader (on Web streams) behind the no-JS uploads, and the body
// builder of the blob store's signed POST.

const enc = new TextEncoder();
const dec = new TextDecoder();
const LIMITS = { files: 5, fields: 10, fieldSize: 1024 };
const formRequest = (fd: FormData) => new Request("http://portal.test/x", { method: "POST", body: fd });

/** A body handed over in these chunks, one per read; `pulled` counts the reads, `cancelled` says whether the reader gave up. */
function chunked(chunks: Uint8Array[], end: "close" | "error" = "close") {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[state.pulled++];
        if (next) controller.enqueue(next);
        else if (end === "close") controller.close();
        else controller.error(new Error("socket hang up"));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const multipartRequest = (body: ReadableStream<Uint8Array> | string, boundary = "b") =>
  new Request("http://portal.test/x", { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);

/** `text` cut at each of `cuts` (byte offsets), as a body. */
const splitAt = (text: string | Uint8Array, cuts: number[]) => {
  const bytes = typeof text === "string" ? enc.encode(text) : text;
  const at = [0, ...cuts, bytes.length];
  return at.slice(1).map((end, i) => bytes.slice(at[i], end));
};

async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const out: number[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(...next.value);
  return new Uint8Array(out);
}

type Seen = Exclude<MultipartPart, { kind: "file" }> | { kind: "file"; name: string; filename: string; mimeType: string; text: string };

async function collect(request: Request, limits = LIMITS, { read = true } = {}) {
  const seen: Seen[] = [];
  for await (const part of multipartParts(request, limits, { preservePath: true })) {
    if (part.kind !== "file") seen.push(part);
    else seen.push({ kind: "file", name: part.name, filename: part.filename, mimeType: part.mimeType, text: read ? dec.decode(await readAll(part.stream)) : "(not read)" });
  }
  return seen;
}

const field = (name: string, value: string, b = "b") => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (content: string, name = "a.bin", b = "b") => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
const closing = (b = "b") => `--${b}--\r\n`;

describe("multipartParts", () => {
  it("hands over fields and files in the order sent, and skips empty file inputs", async () => {
    const fd = new FormData();
    fd.append("intent", "upload");
    fd.append("files", new Blob(["one"], { type: "text/plain" }), "a/one.txt");
    fd.append("files", new Blob([], { type: "application/octet-stream" }), "");
    fd.append("kind", "photo");
    fd.append("files", new Blob(["two"], { type: "application/pdf" }), "two.pdf");
    expect(await collect(formRequest(fd))).toEqual([
      { kind: "field", name: "intent", value: "upload" },
      { kind: "file", name: "files", filename: "a/one.txt", mimeType: "text/plain", text: "one" },
      { kind: "field", name: "kind", value: "photo" },
      { kind: "file", name: "files", filename: "two.pdf", mimeType: "application/pdf", text: "two" },
    ]);
  });

  it("says when a form has more files than allowed; drops fields past the limit", async () => {
    const fd = new FormData();
    for (const n of ["1", "2", "3"]) fd.append("files", new Blob([n]), `${n}.txt`);
    const parts = await collect(formRequest(fd), { files: 2, fields: 10, fieldSize: 1024 });
    expect(parts.map((p) => p.kind)).toEqual(["file", "file", "filesLimit"]);
    const many = multipartRequest(field("a", "1") + field("b", "2") + field("c", "3") + closing());
    expect(await collect(many, { files: 1, fields: 2, fieldSize: 10 })).toEqual([
      { kind: "field", name: "a", value: "1" },
      { kind: "field", name: "b", value: "2" },
    ]);
  });

  it("keeps only the file name without preservePath", async () => {
    const parts: MultipartPart[] = [];
    for await (const part of multipartParts(multipartRequest(filePart("x", "dir/sub/a.txt") + closing()), LIMITS)) parts.push(part);
    expect(parts).toMatchObject([{ kind: "file", filename: "a.txt" }]);
  });

  it("refuses what is not a multipart body, and a body cut off between parts (a file cut off errors its own stream)", async () => {
    const plain = new Request("http://portal.test/x", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    await expect(collect(plain)).rejects.toMatchObject({ reason: "not_multipart" });
    const noBoundary = new Request("http://portal.test/x", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    await expect(collect(noBoundary)).rejects.toBeInstanceOf(MultipartError);
    const cut = multipartRequest('--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nphoto\r\n--b\r\nContent-Dispos');
    await expect(collect(cut)).rejects.toMatchObject({ reason: "malformed" });
  });

  it("reads the body streamedMultipart builds (the blob store's POST)", async () => {
    let sent = 0;
    const file = new Blob(["hello ", "world"]).stream();
    const { body, contentType } = streamedMultipart({ key: "k/a.txt", policy: "p" }, 'a "quoted".txt', "text/plain", file, (n) => (sent += n));
    const request = new Request("http://portal.test/x", { method: "POST", body, headers: { "Content-Type": contentType }, duplex: "half" } as RequestInit);
    const parts = await collect(request);
    expect(parts).toEqual([
      { kind: "field", name: "key", value: "k/a.txt" },
      { kind: "field", name: "policy", value: "p" },
      { kind: "file", name: "file", filename: "a %22quoted%22.txt", mimeType: "text/plain", text: "hello world" },
    ]);
    expect(sent).toBe(11);
  });
});

describe("the parser on the wire", () => {
  // A file whose bytes look like the boundary in every way but the real one: the boundary without
  // its CRLF, its CRLF and dashes with a prefix of it, and the whole delimiter followed by neither
  // CRLF nor "--" (the part's own bytes, as busboy read them).
  const tricky = "--bound\r\n\r\n--boun\r\n-\r\r\nbound--bound\r\n--boundX\r\n";
  const body = `preamble\r\n${field("before", "1", "bound")}${filePart(tricky, "t.bin", "bound")}${field("after", "2\r\nlines", "bound")}${closing("bound")}`;
  const expected: Seen[] = [
    { kind: "field", name: "before", value: "1" },
    { kind: "file", name: "file", filename: "t.bin", mimeType: "application/octet-stream", text: tricky },
    { kind: "field", name: "after", value: "2\r\nlines" },
  ];

  it("reads the same parts wherever the body is cut: at every byte, and byte by byte", async () => {
    const bytes = enc.encode(body);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await collect(multipartRequest(chunked(splitAt(bytes, [cut])).stream, "bound")), `cut at ${cut}`).toEqual(expected);
    }
    const bytewise = [...bytes.keys()].slice(1);
    expect(await collect(multipartRequest(chunked(splitAt(bytes, bytewise)).stream, "bound"))).toEqual(expected);
  });

  it("reads CRLF at the edges of a file, an empty file, a field with only CRLF, and a closing boundary without its CRLF", async () => {
    for (const content of ["", "\r", "\n", "\r\n", "\r\n\r\n", "\r\nx\r\n", "x\r", "--", "\r\n--"]) {
      const parts = await collect(multipartRequest(filePart(content) + field("f", "\r\n") + "--b--"));
      expect(parts, JSON.stringify(content)).toEqual([
        { kind: "file", name: "file", filename: "a.bin", mimeType: "application/octet-stream", text: content },
        { kind: "field", name: "f", value: "\r\n" },
      ]);
    }
  });

  it("refuses a field longer than its limit and a part header over 16 KiB (too_large, the body refused)", async () => {
    const long = collect(multipartRequest(field("intent", "x".repeat(11)) + closing()), { files: 1, fields: 5, fieldSize: 10 });
    await expect(long).rejects.toMatchObject({ reason: "too_large", refusesBody: true, message: "A part of the form is larger than allowed." });
    expect(await collect(multipartRequest(field("intent", "x".repeat(10)) + closing()), { files: 1, fields: 5, fieldSize: 10 })).toEqual([{ kind: "field", name: "intent", value: "x".repeat(10) }]);
    const header = `--b\r\nContent-Disposition: form-data; name="a"\r\nX-Padding: ${"p".repeat(17 * 1024)}\r\n\r\nv\r\n${closing()}`;
    await expect(collect(multipartRequest(header))).rejects.toMatchObject({ reason: "too_large" });
  });

  it("a body cut off inside a file errors the file's stream and the loop with malformed; cut in its headers, the loop", async () => {
    const cutInFile = multipartRequest(field("intent", "import") + `--b\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nsome bytes`);
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const part of multipartParts(cutInFile, LIMITS)) {
        if (part.kind === "file") seen.push(await readAll(part.stream).catch((e: unknown) => e));
        else seen.push(part.kind);
      }
    })().catch((e: unknown) => e);
    expect(seen[0]).toBe("field");
    expect(seen[1]).toMatchObject({ reason: "malformed" });
    expect(err).toMatchObject({ reason: "malformed" });
    // Without the closing boundary, after a complete part.
    await expect(collect(multipartRequest(field("a", "1")))).rejects.toMatchObject({ reason: "malformed" });
    await expect(collect(multipartRequest('--b\r\nContent-Disposition: form-data; name="a"'))).rejects.toMatchObject({ reason: "malformed" });
  });

  it("drains a file part not read, so the fields after it come through", async () => {
    const body = field("before", "1") + filePart("x".repeat(100_000)) + field("after", "2") + closing();
    expect(await collect(multipartRequest(chunked(splitAt(body, [50, 70_000])).stream), LIMITS, { read: false })).toEqual([
      { kind: "field", name: "before", value: "1" },
      { kind: "file", name: "file", filename: "a.bin", mimeType: "application/octet-stream", text: "(not read)" },
      { kind: "field", name: "after", value: "2" },
    ]);
  });

  it("reads the request only as fast as the file's stream is read (backpressure), and stops reading when the loop is left", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const head = enc.encode(field("intent", "upload") + '--b\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n');
    const { stream, state } = chunked([head, ...Array.from({ length: 100 }, () => chunk), enc.encode(`\r\n${closing()}`)]);
    const parts = multipartParts(multipartRequest(stream), LIMITS);
    expect((await parts.next()).value).toMatchObject({ kind: "field", name: "intent" });
    const file = (await parts.next()).value as Extract<MultipartPart, { kind: "file" }>;
    expect(file.filename).toBe("big.bin");
    const before = state.pulled;
    const reader = file.stream.getReader();
    let got = 0;
    for (let i = 0; i < 10; i++) got += ((await reader.read()).value as Uint8Array).byteLength;
    expect(got).toBeGreaterThanOrEqual(9 * chunk.length);
    // Ten reads of the file took about ten chunks of the request, not the 6.4 MB behind them.
    expect(state.pulled - before).toBeLessThanOrEqual(12);
    await parts.return(undefined);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(20);
  });

  it("a connection that breaks mid-file errors the file's stream and the loop with interrupted", async () => {
    const { stream } = chunked([enc.encode(field("intent", "import") + '--b\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nsome')], "error");
    let fileError: unknown = null;
    const loop = (async () => {
      for await (const part of multipartParts(multipartRequest(stream), LIMITS)) {
        if (part.kind === "file") fileError = await readAll(part.stream).catch((e: unknown) => e);
      }
    })();
    await expect(loop).rejects.toMatchObject({ reason: "interrupted" });
    expect(fileError).toMatchObject({ reason: "interrupted" });
  });
});

describe("on Workers", () => {
  it("runs without Node: bundled as for Workers, with Web globals only", async () => {
    const multipart = await runAsOnWorkers<typeof import("~/models/multipart-body.server")>(path.resolve(__dirname, "../../app/models/multipart-body.server.ts"), { ReadableStream, TextEncoder, TextDecoder, Response, crypto });
    const body = chunked(splitAt(field("kind", "photo") + filePart("\r\n--b-ish bytes\r\n") + closing(), [7, 60, 61]));
    const seen: unknown[] = [];
    for await (const part of multipart.multipartParts(multipartRequest(body.stream), LIMITS)) {
      seen.push(part.kind === "file" ? dec.decode(await readAll(part.stream)) : part);
    }
    expect(seen).toEqual([{ kind: "field", name: "kind", value: "photo" }, "\r\n--b-ish bytes\r\n"]);
  });
});

describe("file names", () => {
  it("reads a file name as the browser sends it, UTF-8 inside filename=\"…\" (not latin1)", async () => {
    const body = new Uint8Array([
      ...enc.encode('--b\r\nContent-Disposition: form-data; name="files"; filename="logo★ été.png"\r\nContent-Type: image/png\r\n\r\n'),
      ...enc.encode("png"),
      ...enc.encode("\r\n--b--\r\n"),
    ]);
    const request = new Request("http://portal.test/x", { method: "POST", body, headers: { "Content-Type": "multipart/form-data; boundary=b" } });
    const parts = await collect(request);
    expect(parts).toEqual([{ kind: "file", name: "files", filename: "logo★ été.png", mimeType: "image/png", text: "png" }]);
  });

  it("decodes filename*= (RFC 5987), which wins over filename=", async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="file"; filename="plain.txt"; filename*=UTF-8''%C3%A9t%C3%A9.txt\r\n\r\nx\r\n${closing()}`;
    expect(await collect(multipartRequest(body))).toMatchObject([{ kind: "file", filename: "été.txt", mimeType: "text/plain" }]);
  });
});
