import { describe, expect, it } from "vitest";
import { MultipartError, multipartParts, streamedMultipart, type MultipartPart } from "~/models/multipart-body.server";

// The one server-side multipart reader (busboy) behind both no-JS uploads, and the body builder of
// the blob store's signed POST.

const formRequest = (fd: FormData) => new Request("http://portal.test/x", { method: "POST", body: fd });

async function collect(request: Request, limits = { files: 5, fields: 10, fieldSize: 1024 }) {
  const seen: (Exclude<MultipartPart, { kind: "file" }> | { kind: "file"; name: string; filename: string; mimeType: string; text: string })[] = [];
  for await (const part of multipartParts(request, limits, { preservePath: true })) {
    if (part.kind !== "file") {
      seen.push(part);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const c of part.stream) chunks.push(c as Buffer);
    seen.push({ kind: "file", name: part.name, filename: part.filename, mimeType: part.mimeType, text: Buffer.concat(chunks).toString() });
  }
  return seen;
}

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

  it("says when a form has more files than allowed", async () => {
    const fd = new FormData();
    for (const n of ["1", "2", "3"]) fd.append("files", new Blob([n]), `${n}.txt`);
    const parts = await collect(formRequest(fd), { files: 2, fields: 10, fieldSize: 1024 });
    expect(parts.map((p) => p.kind)).toEqual(["file", "file", "filesLimit"]);
  });

  it("refuses what is not a multipart body, and a body cut off between parts (a file cut off errors its own stream)", async () => {
    const plain = new Request("http://portal.test/x", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    await expect(collect(plain)).rejects.toMatchObject({ reason: "not_multipart" });
    const noBoundary = new Request("http://portal.test/x", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    await expect(collect(noBoundary)).rejects.toBeInstanceOf(MultipartError);
    const cut = new Request("http://portal.test/x", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nphoto\r\n--b\r\nContent-Dispos',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    await expect(collect(cut)).rejects.toMatchObject({ reason: "malformed" });
  });

  it("reads the body streamedMultipart builds (the blob store's POST)", async () => {
    async function* bytes() {
      yield Buffer.from("hello ");
      yield Buffer.from("world");
    }
    let sent = 0;
    const { body, contentType } = streamedMultipart({ key: "k/a.txt", policy: "p" }, 'a "quoted".txt', "text/plain", bytes(), (n) => (sent += n));
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

describe("file names", () => {
  it("reads a file name as the browser sends it, UTF-8 inside filename=\"…\" (not latin1)", async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="files"; filename="logo★ été.png"\r\nContent-Type: image/png\r\n\r\n', "utf8"),
      Buffer.from("png"),
      Buffer.from("\r\n--b--\r\n"),
    ]);
    const request = new Request("http://portal.test/x", { method: "POST", body, headers: { "Content-Type": "multipart/form-data; boundary=b" } });
    const parts = await collect(request);
    expect(parts).toEqual([{ kind: "file", name: "files", filename: "logo★ été.png", mimeType: "image/png", text: "png" }]);
  });
});
