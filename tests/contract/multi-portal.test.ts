// Issue 18 item 4: several portal processes sharing one data store (ADR 057). Two portals (the
// production server, each a process of its own, with no job workers) on one DATA_DIR, and
// `npm run worker` beside them: a user signs in on one and keeps the session on the other; a file
// uploaded on one is found on the other by name, and by content once the worker has read it; the
// sign-in lock-out and the public rate limits count across both.
//
// By default the shared store is SQLite + the local blob directory. With PG_TESTS=1 (npm test's
// PostgreSQL pass, ADR 060) the same processes run on one PostgreSQL database and one S3 bucket
// (s3rver): DATABASE_URL and S3_* in their environment, nothing but secrets under DATA_DIR.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale } from "../../scripts/build-if-stale";
import { DEFAULT_CLIENT_UUID } from "../../upstream/config";
import { renderPdf } from "../../upstream/lib/pdf";
import { AircraftListAnswer, IndexFilesAnswer, SearchAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { createTestDatabase, onPostgres } from "../helpers/upstream";
import { startS3rver, type TestS3 } from "../helpers/s3rver";

const PASSWORD = "demo-pass-2026";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out: () => out, exited };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number, log: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("two portal processes on one data store", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-multi-"));
  const procs: Proc[] = [];
  let A = "";
  let B = "";
  /** PG_TESTS=1: one PostgreSQL database and one S3 bucket for every process. */
  let engines: Record<string, string> = {};
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let s3: TestS3 | null = null;

  async function portal(seed: boolean): Promise<string> {
    const port = await freePort();
    const p = run(["server.ts"], {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      JOB_WORKERS: "0",
      SEED_DEMO: seed ? "true" : "false",
      API_ALLOW: "all",
      SESSION_SECRET: "",
      CLIENT_UUID: DEFAULT_CLIENT_UUID,
      ...engines,
    });
    procs.push(p);
    const url = `http://127.0.0.1:${port}`;
    await until(`portal on ${port}`, async () => (await fetch(`${url}/healthz`)).ok, 120_000, p.out);
    return url;
  }

  beforeAll(async () => {
    buildIfStale({ quiet: true });
    if (onPostgres) {
      database = await createTestDatabase();
      s3 = await startS3rver("aero-multi");
      engines = { DATABASE_URL: database.url, ...s3.env };
    }
    A = await portal(true); // makes the database and the demo data
    B = await portal(false);
  }, 300_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill("SIGTERM");
    await Promise.all(procs.map((p) => p.exited));
    // On PostgreSQL + S3 nothing but the secrets was written under DATA_DIR.
    const written = onPostgres ? fs.readdirSync(dataDir).filter((f) => !f.endsWith(".key")) : [];
    await database?.drop();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(written).toEqual([]);
  });

  /** Signs in through the portal's own login form; returns the session cookie. */
  async function portalSignIn(base: string, email: string): Promise<string> {
    const res = await fetch(`${base}/auth/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/storage/overview" }),
    });
    expect(res.status, await res.clone().text()).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cookie).toBeTruthy();
    return cookie!.split(";")[0]!;
  }

  async function apiSignIn(base: string, email: string, password = PASSWORD) {
    return fetch(`${base}/_api/main/users/sign_in.json`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ user: { email, password } }) });
  }

  it("keeps a session made on one portal on the other", async () => {
    const cookie = await portalSignIn(A, "client@demo.aero");
    const onB = await fetch(`${B}/storage/overview`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Open records");
    // Without it, B sends a browser's navigation to sign in (and a script's fetch gets a 401).
    // (node:http: Node's fetch always says Sec-Fetch-Mode: cors.)
    const anonymous = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${B}/storage/overview`, { headers: { "Sec-Fetch-Mode": "navigate" } }, (res) => (res.resume(), resolve(res))).on("error", reject),
    );
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/\/auth\/login/);
    expect((await fetch(`${B}/storage/overview`, { redirect: "manual" })).status).toBe(401);
  }, 60_000);

  it("finds on one portal a file uploaded on the other, by name, then by content once a worker has read it", async () => {
    const { token } = (await (await apiSignIn(A, "client@demo.aero")).json()) as { token: string };
    const headers = { "X-User-Email": "client@demo.aero", "X-User-Token": token, "X-User-Uuid": DEFAULT_CLIENT_UUID };
    const api = async (base: string, method: string, p: string, body?: unknown) => {
      const res = await fetch(`${base}/_api/main${p}`, { method, headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
      expect(res.status, `${method} ${p}`).toBe(200);
      return res.json();
    };
    const aircraft = AircraftListAnswer.parse(await api(A, "GET", "/storage/v2/aircraft.json")).aircrafts[0]!;
    const name = `Borescope ${Date.now()}.pdf`;
    const bytes = await renderPdf({ title: "Borescope Report", sections: [{ lines: ["Finding QUOKKA on stage 3 blades."] }] });
    const link = UploadLinkAnswer.parse(await api(A, "POST", "/storage/v2/files/upload_link.json", { aircraft_id: aircraft.id, dir: "/" }));
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}${name}`);
    form.append("file", new Blob([Buffer.from(bytes)]), name);
    expect((await fetch(new URL(link.url, A), { method: "POST", body: form })).status).toBe(204);
    const file = IndexFilesAnswer.parse(await api(A, "POST", "/storage/v2/files/index_files.json", { key: link.key_prefix, files: [{ path: name, size: bytes.length }], aircraft_id: aircraft.id, dir: "/" })).indexed[0]!;

    // By name on B, through the API and the portal's search page; the bytes from B's blob route.
    const byName = SearchAnswer.parse(await api(B, "GET", `/storage/v2/search.json?query=${encodeURIComponent(name.replace(".pdf", ""))}&aircraft_id=${aircraft.id}`));
    expect(byName.results.map((r) => r.id)).toContain(file.id);
    const cookie = await portalSignIn(B, "client@demo.aero");
    const page = await fetch(`${B}/storage/search?query=${encodeURIComponent(name.replace(".pdf", ""))}`, { headers: { cookie } });
    expect(await page.text()).toContain(name.replace(".pdf", ""));

    // By content: neither portal works jobs; a worker process reads the PDF.
    const before = SearchAnswer.parse(await api(B, "GET", `/storage/v2/search.json?query=quokka&aircraft_id=${aircraft.id}`));
    expect(before.results.map((r) => r.id)).not.toContain(file.id);
    const worker = run(["scripts/worker.ts"], { DATA_DIR: dataDir, JOB_WORKERS: "1", ...engines });
    procs.push(worker);
    await until(
      "the worker to read the file",
      async () => SearchAnswer.parse(await api(B, "GET", `/storage/v2/search.json?query=quokka&aircraft_id=${aircraft.id}`)).results.some((r) => r.id === file.id),
      120_000,
      worker.out,
    );
    worker.child.kill("SIGTERM");
    expect(await worker.exited, worker.out()).toBe(0);
  }, 240_000);

  it("counts failed sign-ins and the public rate limits across both portals", async () => {
    // Ten wrong passwords, five on each portal, lock this address out of the account on both.
    for (let i = 0; i < 10; i++) expect((await apiSignIn(i % 2 ? A : B, "reader@demo.aero", "wrong-pass-2026")).status).toBe(422);
    const locked = await apiSignIn(A, "reader@demo.aero");
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
    expect((await apiSignIn(B, "reader@demo.aero")).status).toBe(429);

    // The contact form allows 5 messages per address in 10 minutes, whichever portal takes them.
    const contact = (base: string) =>
      fetch(`${base}/_api/main/public/contact.json`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Ada Lessor", email: "ada@example.aero", message: "Please call me." }) });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(i % 2 ? A : B)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, 60_000);
});
