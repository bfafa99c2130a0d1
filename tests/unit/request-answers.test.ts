// Every request gets its answer (issue 29 item 4), and a write from another site is refused even
// without an Origin header (item 5): over real HTTP against the production server (server.ts with
// build/server/index.js), the way a browser sends a form: the whole body, to its end, then the answer read.
// Before ADR 069 a refused upload either reset the connection (its body cancelled) or stalled it
// (its body left unread), and a NUL in a file name reset it too.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedServer } from "../../server";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { MultipartError, multipartParts } from "~/models/multipart-body.server";

const built = fs.existsSync("build/server/index.js");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-answers-"));
const PASSWORD = "demo-pass-2026";
const MB = 1024 * 1024;

let server: StartedServer;
let port = 0;
let base = "";
const cookies: Record<string, string> = {};
let opsTab = "";
let otherConsultantId = 0;
let ownConsultantId = 0;
let aircraftId = 0;

interface Sent {
  /** The answer's status (0: none came). */
  status: number;
  head: string;
  body: string;
  /** Every byte of the request was handed to the socket (a stalled upload never gets there). */
  wholeBodySent: boolean;
  /** How the exchange ended: "answered", "reset", "closed", or "no answer" (the guard below). */
  outcome: string;
}

/**
 * Sends one request over a raw socket as a browser sends a form: headers, `head`, `fill` bytes of
 * file content, `tail`, all of it, then reads the answer. A guard of 20 s (under the test's own
 * timeout) ends an exchange that never finishes, the failure this file is about, with what it saw;
 * no assertion depends on time.
 */
function send(
  target: string,
  headers: Record<string, string>,
  parts: { head: string | Buffer; fill?: number; tail?: string; chunked?: boolean },
  to = port,
): Promise<Sent> {
  const head = Buffer.isBuffer(parts.head) ? parts.head : Buffer.from(parts.head, "latin1");
  const tail = Buffer.from(parts.tail ?? "", "latin1");
  const fill = parts.fill ?? 0;
  const total = head.length + fill + tail.length;
  return new Promise((resolve) => {
    const socket = net.connect(to, "127.0.0.1");
    let answer = Buffer.alloc(0);
    let wholeBodySent = false;
    let settled = false;
    const end = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      socket.destroy();
      const text = answer.toString("utf8");
      const at = text.indexOf("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, head: at >= 0 ? text.slice(0, at) : text, body: at >= 0 ? text.slice(at + 4) : "", wholeBodySent, outcome });
    };
    const guard = setTimeout(() => end("no answer"), 20_000);
    const complete = () => {
      const text = answer.toString("latin1");
      const at = text.indexOf("\r\n\r\n");
      if (at < 0) return false;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, at));
      if (length) return answer.length - (at + 4) >= Number(length[1]);
      return /\r\n0\r\n\r\n$/.test(text); // chunked
    };
    socket.on("data", (d) => {
      answer = Buffer.concat([answer, d]);
      if (wholeBodySent && complete()) end("answered");
    });
    socket.on("error", (e: NodeJS.ErrnoException) => end(e.code === "ECONNRESET" ? "reset" : `error ${e.code}`));
    socket.on("close", () => end(complete() ? "answered" : "closed"));
    const lines = Object.entries({ Host: `127.0.0.1:${to}`, ...(parts.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }), ...headers });
    socket.write(`POST ${target} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`);
    const frame = (b: Buffer) => (parts.chunked ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]) : b);
    const block = Buffer.alloc(64 * 1024, 0x61);
    let left = fill;
    const pump = () => {
      if (settled) return;
      while (left > 0) {
        const n = Math.min(block.length, left);
        left -= n;
        if (!socket.write(frame(block.subarray(0, n)))) return void socket.once("drain", pump);
      }
      socket.write(Buffer.concat([tail.length ? frame(tail) : Buffer.alloc(0), Buffer.from(parts.chunked ? "0\r\n\r\n" : "")]), () => {
        wholeBodySent = true;
        if (complete()) end("answered");
      });
    };
    if (head.length) socket.write(frame(head));
    pump();
  });
}

const BOUNDARY = "----answers0123456789";
const multipart = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (disposition: string, type = "application/octet-stream") => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
const closing = `\r\n--${BOUNDARY}--\r\n`;
const as = (email: string) => ({ Cookie: cookies[email]!, Origin: base });

/** A plain HTTP request (http.request: fetch may not send Sec-Fetch-Site). */
function request(target: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; cookie: string; text: string }>((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method, headers: { ...headers, ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cookie, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function signIn(email: string) {
  const res = await request("/auth/login", "POST", { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, new URLSearchParams({ email, password: PASSWORD }).toString());
  expect(res.status, `sign-in of ${email}`).toBe(302);
  return res.cookie;
}

beforeAll(async () => {
  if (!built) return;
  Object.assign(process.env, { DATA_DIR: dataDir, NODE_ENV: "production", JOB_WORKERS: "0", API_ALLOW: "all" });
  const { startServer } = await import("../../server");
  server = await startServer({ port: 0, host: "127.0.0.1", log: false });
  port = (server.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  for (const email of ["client@demo.aero", "consultant@demo.aero"]) cookies[email] = await signIn(email);
  const db = server.upstream!.deps.db;
  const aircraft = await db.selectFrom("aircraft").select("id").where("msn", "=", "5123").executeTakeFirstOrThrow();
  const tab = await db.selectFrom("tabs").select("tab_key").where("aircraft_id", "=", aircraft.id).where("product", "=", "ops").where("tab_name", "=", "Hard Time Components").executeTakeFirstOrThrow();
  opsTab = `/client/Aeroops/${tab.tab_key}?org_msn_id=${aircraft.id}&aerotype=Aeroops`;
  const own = await db.selectFrom("consultants").innerJoin("users", "users.id", "consultants.user_id").select("consultants.id").where("users.email", "=", "consultant@demo.aero").executeTakeFirstOrThrow();
  ownConsultantId = own.id;
  aircraftId = aircraft.id;
  otherConsultantId = (await db.selectFrom("consultants").select("id").where("id", "!=", own.id).orderBy("id").executeTakeFirstOrThrow()).id;
}, 180_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!built)("a refused multipart post gets its answer while the browser still sends the body", () => {
  const photo = (fill: number) => ({ head: field("kind", "photo") + fileHead('filename="me.jpg"', "image/jpeg"), fill, tail: closing });

  it("a consultant's upload on another consultant's documents page: refused before the body is read", async () => {
    const res = await send(`/consultant/profile/${otherConsultantId}/documents`, { ...multipart, ...as("consultant@demo.aero") }, photo(30 * MB));
    expect(res).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 });
    expect(res.head).toMatch(/\r\nLocation: \/errors\/error-401/i);
  });

  it("a client's upload on a consultant's documents page: refused after the first part (the body is cancelled)", async () => {
    const db = server.upstream!.deps.db;
    const before = await db.selectFrom("consultants").select(["photo_key"]).where("id", "=", otherConsultantId).executeTakeFirstOrThrow();
    const res = await send(`/consultant/profile/${otherConsultantId}/documents`, { ...multipart, ...as("client@demo.aero") }, photo(30 * MB));
    expect(res).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 });
    expect(res.head).toMatch(new RegExp(`\\r\\nLocation: /consultant/profile/${otherConsultantId}/documents\\r\\n`, "i"));
    expect(res.head).toMatch(/\r\nSet-Cookie: en_toast=/i); // the refusal's message, as a toast
    expect(await db.selectFrom("consultants").select(["photo_key"]).where("id", "=", otherConsultantId).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("an AeroOPS import whose file name holds a NUL: a 400 with the message, the rest of the body read", async () => {
    const res = await send(opsTab, { ...multipart, ...as("client@demo.aero") }, { head: field("intent", "import") + fileHead('filename="rows\u0000.xlsx"'), fill: 8 * MB, tail: closing });
    expect(res).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(res.body).toContain("a file name may not contain control characters.");
    // …and sent as filename*= (RFC 5987), where busboy decodes the %00 into the name.
    const encoded = await send(opsTab, { ...multipart, ...as("client@demo.aero") }, { head: field("intent", "import") + fileHead("filename*=UTF-8''rows%00.xlsx"), fill: 1000, tail: closing });
    expect(encoded).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(encoded.body).toContain("A file name may not contain control characters.");
  });

  it("a file name with a control character on the storage upload and on the consultant's own upload: a 400 with the message", async () => {
    const storage = await send(`/storage/aircraft/${aircraftId}/files?dir=%2F`, { ...multipart, ...as("client@demo.aero") }, { head: fileHead("filename*=UTF-8''scan%00.pdf"), fill: 4 * MB, tail: closing });
    expect(storage).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(storage.body).toContain("A file name may not contain control characters.");
    const own = await send(`/consultant/profile/${ownConsultantId}/documents`, { ...multipart, ...as("consultant@demo.aero") }, photo(4 * MB));
    expect(own).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 }); // a plain name: the upload's own answer
    const nul = await send(`/consultant/profile/${ownConsultantId}/documents`, { ...multipart, ...as("consultant@demo.aero") }, {
      head: field("kind", "photo") + fileHead('filename="me\u0000.jpg"', "image/jpeg"),
      fill: 4 * MB,
      tail: closing,
    });
    expect(nul).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(nul.body).toContain("a file name may not contain control characters.");
  });

  it("an AeroOPS import larger than the limit, and a body cut off mid-part, are answered too", async () => {
    const big = await send(opsTab, { ...multipart, ...as("client@demo.aero") }, { head: field("intent", "import") + fileHead('filename="rows.xlsx"'), fill: 12 * MB, tail: closing });
    expect(big).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 422 });
    expect(big.body).toContain("The file is larger than 10 MB.");
    const cut = await send(opsTab, { ...multipart, ...as("client@demo.aero") }, { head: field("intent", "import") + fileHead('filename="rows.xlsx"'), fill: 2 * MB, tail: "" });
    expect(cut).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 422 });
    expect(cut.body).toContain("The form data was not complete.");
  });

  it("the blob store's signed POST with a NUL in the file name: a 400 with the message", async () => {
    const policy = await server.upstream!.deps.blob.createUploadPolicy({ keyPrefix: "u/answers/", maxBytes: 50 * MB, expiresInSeconds: 600 });
    const fields = Object.entries(policy.url_fields).map(([k, v]) => field(k, v)).join("");
    const res = await send("/_blob", multipart, { head: fields + fileHead('filename="a\u0000b.pdf"'), fill: 8 * MB, tail: closing });
    expect(res).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(res.body).toContain("a file name may not contain control characters.");
    const encoded = await send("/_blob", multipart, { head: fields + fileHead("filename*=UTF-8''a%00b.pdf"), fill: 1000, tail: closing });
    expect(encoded).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 400 });
    expect(encoded.body).toContain("A file name may not contain control characters.");
  });

  it("the ops API's upload: sent chunked past its limit (the API cancels the body), a 413; a NUL in the name, a 422", async () => {
    const login = await fetch(`${base}/_api/main/users/sign_in.json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: { email: "client@demo.aero", password: PASSWORD } }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { "x-user-email": "client@demo.aero", "x-user-token": token, "x-user-uuid": process.env.CLIENT_UUID! };
    const res = await send("/_api/ops/v1/ops_data/upload_ops_data.json", { ...multipart, ...auth }, {
      head: field("organization", "skyline") + field("msn_id", "5123") + field("tab_id", "tab-1") + fileHead('filename="rows.xlsx"'),
      fill: 12 * MB,
      tail: closing,
      chunked: true,
    });
    expect(res).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 413 });
    expect(res.body).toContain("The file is too large");
    // A NUL in the name: the API's usual 422 for invalid input, with the message.
    const nul = await send("/_api/ops/v1/ops_data/upload_ops_data.json", { ...multipart, ...auth }, {
      head: field("organization", "skyline") + field("msn_id", "5123") + field("tab_id", "tab-1") + fileHead('filename="rows\u0000.xlsx"'),
      fill: 1000,
      tail: closing,
    });
    expect(nul).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 422 });
    expect(JSON.parse(nul.body)).toMatchObject({ error: "A file name may not contain control characters." });
  });
});

describe.skipIf(!built)("a write from another site without an Origin header", () => {
  const rowCount = async () => {
    const db = server.upstream!.deps.db;
    return (await db.selectFrom("tab_rows").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
  };
  const saveRow = (site: string | null, description: string) =>
    request(
      opsTab,
      "POST",
      { Cookie: cookies["client@demo.aero"]!, "Content-Type": "application/x-www-form-urlencoded", ...(site ? { "Sec-Fetch-Site": site } : {}) },
      new URLSearchParams({ intent: "save-row", "cell:Description": description }).toString(),
    );

  it("gets the 403 page and changes nothing when Sec-Fetch-Site is cross-site or same-site", async () => {
    const before = await rowCount();
    for (const site of ["cross-site", "same-site"]) {
      const res = await saveRow(site, `posted from a ${site} page`);
      expect(res.status, site).toBe(403);
      expect(res.text).toContain("This form was not accepted");
    }
    expect(await rowCount()).toBe(before);
  });

  it("goes through when Sec-Fetch-Site is same-origin or none (typed, bookmarked), or absent", async () => {
    const before = await rowCount();
    for (const site of ["same-origin", "none", null]) {
      const res = await saveRow(site, `posted with Sec-Fetch-Site ${site ?? "absent"}`);
      expect(res.status, String(site)).toBe(302);
    }
    expect(await rowCount()).toBe(before + 3);
  });
});

describe.skipIf(!built)("a form whose action reads it whole is held to FORM_MAX_BYTES (ADR 070)", () => {
  it("a 5 MB sign-in form, and a 5 MB multipart post to a page that takes no files: 413 with the message, nothing read", async () => {
    const login = await send("/auth/login", { "Content-Type": "application/x-www-form-urlencoded" }, { head: "email=a%40b.c&password=", fill: 5 * MB });
    expect(login).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 413 });
    expect(login.body).toContain("This form is larger than 4 MB, so it was not read. Nothing was changed.");
    const settings = await send("/user/settings", { ...multipart, ...as("client@demo.aero") }, { head: field("intent", "profile") + fileHead('filename="x.bin"'), fill: 5 * MB, tail: closing });
    expect(settings).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 413 });
  });

  it("a form sent chunked, without its length, to a page that reads it whole: 411", async () => {
    const res = await send("/auth/login", { "Content-Type": "application/x-www-form-urlencoded" }, { head: "email=a%40b.c&password=x", chunked: true });
    expect(res).toMatchObject({ outcome: "answered", status: 411 });
    expect(res.body).toContain("The form was sent without its length");
  });

  it("the APIs read at most 4 MB of a JSON body: a larger one is a 413 before it is held", async () => {
    const res = await send("/_api/main/users/sign_in.json", { "Content-Type": "application/json" }, { head: '{"user":{"email":"a@b.c","password":"', fill: 5 * MB, tail: '"}}' });
    expect(res).toMatchObject({ outcome: "answered", status: 413 });
    expect(res.body).toContain("The request body is larger than 4 MB.");
  });
});

describe("multipartParts and a file name with a control character (in process, no build needed)", () => {
  const form = (disposition: string, rest = `data${closing}`) =>
    new Request("http://portal.test/x", { method: "POST", headers: multipart, body: field("intent", "import") + fileHead(disposition) + rest });
  async function read(request: Request) {
    for await (const part of multipartParts(request, { files: 1, fields: 10, fieldSize: 1000 })) {
      if (part.kind === "file") await new Response(part.stream).arrayBuffer();
    }
  }

  it("refuses a NUL in filename= (the part header is refused) and a control character in filename*= (decoded)", async () => {
    await expect(read(form('filename="rows\u0000.xlsx"'))).rejects.toMatchObject({ reason: "bad_part_header", refusesBody: true });
    await expect(read(form('filename="rows\r.xlsx"'))).rejects.toMatchObject({ reason: "bad_part_header", refusesBody: true });
    for (const encoded of ["rows%00.xlsx", "rows%07.xlsx", "rows%7F.xlsx"]) {
      await expect(read(form(`filename*=UTF-8''${encoded}`)), encoded).rejects.toMatchObject({
        reason: "control_characters",
        message: "A file name may not contain control characters.",
        refusesBody: true,
      });
    }
    // Only control characters: not a UTF-8 name as a browser sends it.
    await expect(read(form('filename="logo\u2605 \u00e9t\u00e9.xlsx"'))).resolves.toBeUndefined();
  });

  it("a connection that breaks mid-file ends the file's reader with the reason (it used to wait forever)", async () => {
    const bytes = new TextEncoder().encode(field("intent", "import") + fileHead('filename="rows.xlsx"') + "some of the file");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        setTimeout(() => controller.error(new Error("socket hang up")), 10);
      },
    });
    const broken = new Request("http://portal.test/x", { method: "POST", headers: multipart, body, duplex: "half" } as RequestInit);
    await expect(read(broken)).rejects.toMatchObject({ reason: "interrupted" });
  });

  it("a file part cut off errors its stream with an incomplete form (not a refused body)", async () => {
    const cut = form('filename="rows.xlsx"', "data without its end");
    const err = await read(cut).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MultipartError);
    expect(err).toMatchObject({ reason: "malformed", refusesBody: false });
  });
});

describe("answerEveryRequest (server.ts) on a bare server, as Remix hands the body over", () => {
  let bare: http.Server;
  let bareAt = 0;
  /**
   * How the app treats the body: cancels it after the first chunk, cancels it after the first chunk
   * once all of it has arrived (but not all is read), or never reads it.
   */
  let app: "cancel" | "cancel-arrived" | "ignore" = "ignore";
  beforeAll(async () => {
    const { answerEveryRequest } = await import("../../server");
    bare = http.createServer((req, res) => {
      answerEveryRequest(req, res);
      const body = createReadableStreamFromReadable(req).getReader();
      void (async () => {
        if (app === "cancel" || app === "cancel-arrived") {
          await body.read();
          for (let i = 0; app === "cancel-arrived" && !req.complete && i < 100; i++) await new Promise((r) => setTimeout(r, 10));
          await body.cancel(); // what multipartParts does when it leaves early
        }
        res.writeHead(302, { Location: "/refused" }).end();
      })();
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    bareAt = (bare.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => bare.close(() => r())));

  it("answers a body the app cancelled, and reads the rest", async () => {
    app = "cancel";
    expect(await send("/", {}, { head: "", fill: 20 * MB }, bareAt)).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 });
  });

  it("answers a body that had all arrived, not all read, when the app cancelled it (the socket is kept)", async () => {
    app = "cancel-arrived";
    for (let i = 0; i < 5; i++) {
      expect(await send("/", {}, { head: "", fill: 100 * 1024 }, bareAt)).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 });
    }
  });

  it("reads the rest of a body the app left unread once the answer is written", async () => {
    app = "ignore";
    expect(await send("/", {}, { head: "", fill: 20 * MB }, bareAt)).toMatchObject({ outcome: "answered", wholeBodySent: true, status: 302 });
  });

  it("closes the connection once more than DISCARD_AFTER_ANSWER bytes came after the answer (which arrived)", async () => {
    const { DISCARD_AFTER_ANSWER } = await import("../../server");
    app = "ignore";
    const res = await send("/", {}, { head: "", fill: DISCARD_AFTER_ANSWER + 32 * MB }, bareAt);
    expect(res.status).toBe(302);
    expect(res.wholeBodySent).toBe(false);
    expect(res.outcome).not.toBe("no answer");
  });
});
