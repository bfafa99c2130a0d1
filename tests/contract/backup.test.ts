// Backups that restore (issue 19 item 4, ADR 044): `npm run backup` while 20 uploads run through the
// real path (upload_link, signed POST, index_files), then `npm run restore` into an empty DATA_DIR:
// the upstream started on it lists every file whose upload had finished before the backup began,
// byte for byte. A corrupted blob makes the restore fail naming it; a DATA_DIR in use is refused.
// With PG_TESTS=1 the same on PostgreSQL (ADR 060): pg_dump of one snapshot, pg_restore into an
// empty database.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, onPostgres, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { AircraftListAnswer, DownloadAnswer, FilesAnswer, IndexFilesAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { BACKUP_LOCK, isBackupRunning, type Manifest } from "../../upstream/backup";
import pg from "pg";

type Headers = Record<string, string>;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "aero-backup-"));
const backupDir = path.join(scratch, "backup");
const restoredDir = path.join(scratch, "restored");
let up: TestUpstream;
let restored: TestUpstream | null = null;
let client: Headers;
let aircraftId: number;
/** The database a command works on: the upstream's own on PostgreSQL, none (DATA_DIR's file) on SQLite. */
const dbEnv = (url: string | null): Record<string, string> => (url ? { DATABASE_URL: url } : {});
const dbFileName = onPostgres ? "portal.pgdump" : "portal.sqlite";

beforeAll(async () => {
  up = await startTestUpstream();
  client = await up.signIn("client@demo.aero");
  const list = AircraftListAnswer.parse(await (await fetch(`${up.mainUrl}/storage/v2/aircraft.json`, { headers: client })).json());
  aircraftId = list.aircrafts.find((a) => a.msn === "5123")!.id;
});
afterAll(async () => {
  await restored?.close();
  await up?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function api(base: string, method: string, p: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/**
 * One upload through the real path. The signed POST's body is streamed: the first half at once, the
 * rest when `gate` resolves, so the upload is in flight (not finished) until then.
 */
async function upload(name: string, data: Buffer, gate: Promise<void>) {
  const link = UploadLinkAnswer.parse((await api(up.mainUrl, "POST", "/storage/v2/files/upload_link.json", client, { aircraft_id: aircraftId, dir: "/" })).body);
  const boundary = `----aero${crypto.randomBytes(8).toString("hex")}`;
  const fields = { ...link.url_fields, key: `${link.key_prefix}${name}` };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(data.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(head);
      controller.enqueue(data.subarray(0, half));
      await gate;
      controller.enqueue(data.subarray(half));
      controller.enqueue(tail);
      controller.close();
    },
  });
  const res = await fetch(link.url, { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
  expect(res.status).toBe(204);
  const idx = await api(up.mainUrl, "POST", "/storage/v2/files/index_files.json", client, { key: link.key_prefix, files: [{ path: name, size: data.length }], aircraft_id: aircraftId, dir: "/" });
  expect(idx.status, JSON.stringify(idx.body)).toBe(200);
  expect(IndexFilesAnswer.parse(idx.body).indexed.map((f) => f.name)).toEqual([name]);
}

/** Runs an npm script as an operator would (DATA_DIR from the environment), collecting its output. */
function npmRun(script: string, args: string[], env: Record<string, string>, onLine?: (line: string) => void) {
  const child = spawn("npm", ["run", "-s", script, "--", ...args], { env: { ...process.env, ...env } });
  let out = "";
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    for (const line of text.split("\n")) if (line) onLine?.(line);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  return new Promise<{ code: number | null; out: string }>((resolve) => child.on("close", (code) => resolve({ code, out })));
}

function defer() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("npm run backup during uploads, then npm run restore", () => {
  const files = Array.from({ length: 20 }, (_, i) => ({ name: `backup-${String(i).padStart(2, "0")}.bin`, data: crypto.randomBytes(64 * 1024 + i * 37_011) }));
  const finishedBeforeBackup = new Set<string>();
  let manifest: Manifest;

  it("takes a consistent backup while uploads continue", async () => {
    // All 20 start at once. Eight finish before the backup begins; six more are released when it
    // starts and six once its database snapshot is taken, so they end while it copies the blobs.
    const now = defer();
    const atStart = defer();
    const atSnapshot = defer();
    const gates = files.map((_, i) => (i < 8 ? now.promise : i < 14 ? atStart.promise : atSnapshot.promise));
    const done = new Map<string, boolean>();
    const uploads = files.map((f, i) => upload(f.name, f.data, gates[i]!).then(() => void done.set(f.name, true)));
    now.resolve();
    await Promise.all(uploads.slice(0, 8));
    for (const [name] of done) finishedBeforeBackup.add(name);
    expect(finishedBeforeBackup.size).toBe(8);

    // The test upstream gets its blob secret from its config; the file stands for the generated one.
    fs.writeFileSync(path.join(up.dataDir, "blob-secret.key"), "k".repeat(43) + "\n", { mode: 0o600 });
    let snapshotSeen = false;
    let lockedWhileCopying = false;
    const backup = npmRun("backup", [backupDir], { DATA_DIR: up.dataDir, ...dbEnv(up.databaseUrl) }, (line) => {
      if (!line.startsWith("Database snapshot taken")) return;
      snapshotSeen = true;
      // The trash job's signal not to purge blob bytes now.
      lockedWhileCopying = isBackupRunning(up.dataDir);
      atSnapshot.resolve();
    });
    atStart.resolve();
    // Never hang the held uploads on a backup that dies before its snapshot (the assertions say so).
    void backup.then(() => atSnapshot.resolve());
    const [result] = await Promise.all([backup, Promise.all(uploads)]);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/Backup of .* written to/);
    expect(snapshotSeen).toBe(true);
    expect(lockedWhileCopying).toBe(true);
    expect(isBackupRunning(up.dataDir)).toBe(false);
    expect(fs.existsSync(path.join(up.dataDir, BACKUP_LOCK))).toBe(false);
    manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as Manifest;
    expect(manifest.missing).toEqual([]);
    expect(manifest.files[0]).toMatchObject({ path: dbFileName });
    expect(manifest.database.engine).toBe(onPostgres ? "postgresql" : "sqlite");
    expect(manifest.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256) && f.size >= 0)).toBe(true);
    expect(manifest.secrets).toEqual({ blob_secret: "included", session_secret: "excluded" });
    // No speed-test files and no uploads that are not files: only what the snapshot references.
    expect(manifest.files.some((f) => f.key?.startsWith("speedtest/"))).toBe(false);
  });

  it("restores into an empty DATA_DIR, and the upstream started on it lists every file finished before the backup, byte-identical", async () => {
    const target = onPostgres ? await createTestDatabase() : undefined;
    const r = await npmRun("restore", [backupDir, "--data-dir", restoredDir], dbEnv(target?.url ?? null));
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("every checksum verified");
    expect(fs.statSync(path.join(restoredDir, "blob-secret.key")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(restoredDir, "session-secret.key"))).toBe(false);
    // On PostgreSQL the dump went into the database, not into DATA_DIR.
    expect(fs.existsSync(path.join(restoredDir, "portal.pgdump"))).toBe(false);
    if (target) {
      // Restoring again over it is refused: the database is no longer empty.
      const again = await npmRun("restore", [backupDir, "--data-dir", path.join(scratch, "again")], dbEnv(target.url));
      expect(again.code).toBe(1);
      expect(again.out).toContain("The database at DATABASE_URL is not empty.");
    }
    restored = await startTestUpstream({ seed: false, dataDir: restoredDir, database: target });
    const headers = await restored.signIn("client@demo.aero");
    const listing = FilesAnswer.parse((await api(restored.mainUrl, "GET", `/storage/v2/aircraft/${aircraftId}/files.json?dir=/&per_page=100`, headers)).body);
    const byName = new Map(listing.contents.filter((i) => i.resourcetype === "file").map((i) => [i.name, i]));
    const present = files.filter((f) => byName.has(f.name));
    for (const name of finishedBeforeBackup) expect(byName.has(name), name).toBe(true);
    expect(present.length).toBeGreaterThanOrEqual(finishedBeforeBackup.size);
    // Every listed upload (those that finished in time included) comes back with its exact bytes.
    for (const f of present) {
      const item = byName.get(f.name)!;
      const d = DownloadAnswer.parse((await api(restored.mainUrl, "GET", `/storage/v2/aircraft/${aircraftId}/files.json?download=${item.id}`, headers)).body);
      const bytes = Buffer.from(await (await fetch(d.url)).arrayBuffer());
      expect(bytes.equals(f.data), f.name).toBe(true);
    }
    // The restored audit log still verifies.
    expect((await restored.upstream.deps.audit.verify()).ok).toBe(true);
  });

  it("does not take the lock of a backup that died for a running one", () => {
    const dir = path.join(scratch, "lock");
    fs.mkdirSync(dir);
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    fs.writeFileSync(path.join(dir, BACKUP_LOCK), JSON.stringify({ pid: dead, started_at: new Date().toISOString() }));
    expect(isBackupRunning(dir)).toBe(false);
    fs.writeFileSync(path.join(dir, BACKUP_LOCK), JSON.stringify({ pid: process.pid, started_at: new Date().toISOString() }));
    expect(isBackupRunning(dir)).toBe(true);
    fs.writeFileSync(path.join(dir, BACKUP_LOCK), JSON.stringify({ pid: process.pid, started_at: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect(isBackupRunning(dir)).toBe(false);
  });

  it("refuses a DATA_DIR that is not empty unless told, and a backup of the other engine", async () => {
    const fresh = onPostgres ? await createTestDatabase() : undefined;
    const r = await npmRun("restore", [backupDir], { DATA_DIR: up.dataDir, ...dbEnv(fresh?.url ?? null) });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`DATA_DIR ${up.dataDir} is not empty`);
    // A PostgreSQL backup needs DATABASE_URL; a SQLite backup refuses one.
    const other = await npmRun("restore", [backupDir, "--data-dir", path.join(scratch, "other-engine")], onPostgres ? { DATABASE_URL: "" } : { DATABASE_URL: "postgres://127.0.0.1:1/none" });
    expect(other.code).toBe(1);
    expect(other.out).toContain(onPostgres ? "This backup holds a PostgreSQL database (portal.pgdump): set DATABASE_URL" : "This backup holds a SQLite database (portal.sqlite) and DATABASE_URL is set");
    await fresh?.drop();
  });

  it("fails a restore from a backup with a corrupted blob, naming it, and writes nothing", async () => {
    const victim = manifest.files.find((f) => f.key === `${manifest.files.find((x) => x.key?.endsWith("/backup-03.bin"))!.key}`)!;
    const file = path.join(backupDir, victim.path);
    const bytes = fs.readFileSync(file);
    bytes[100] = bytes[100]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const target = path.join(scratch, "restore-corrupt");
    const targetDb = onPostgres ? await createTestDatabase() : undefined;
    const r = await npmRun("restore", [backupDir, "--data-dir", target], dbEnv(targetDb?.url ?? null));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Restore failed: Corrupted in the backup: ${victim.path} (blob ${victim.key}) does not match its sha256 checksum.`);
    expect(fs.existsSync(path.join(target, "portal.sqlite"))).toBe(false);
    if (targetDb) {
      // Nothing was written to the database either.
      const c = new pg.Client(targetDb.url);
      await c.connect();
      const n = (await c.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0].n;
      await c.end();
      await targetDb.drop();
      expect(n).toBe(0);
    }
    const check = spawnSync("npm", ["run", "-s", "restore", "--", backupDir, "--check"], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } });
    expect(check.status).toBe(1);
    expect(`${check.stdout}${check.stderr}`).toContain(victim.key!);
  });

  it("fails a restore from a backup whose blob was removed together with its manifest entry", async () => {
    const victim = manifest.files.find((f) => f.key?.endsWith("/backup-05.bin"))!;
    fs.rmSync(path.join(backupDir, victim.path));
    const edited = { ...manifest, files: manifest.files.filter((f) => f !== victim && f.key !== `${manifest.files.find((x) => x.key?.endsWith("/backup-03.bin"))!.key}`) };
    // (backup-03 was corrupted above: drop it as well, so only the removal is left to find.)
    fs.writeFileSync(path.join(backupDir, "manifest.json"), JSON.stringify(edited));
    const r = await npmRun("restore", [backupDir, "--check"], {});
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Missing from the backup: the blob aircraft\/\d+\/[0-9a-z]+\/backup-0[35]\.bin \(storage_items\.blob_key\) that its database references is neither in it nor listed as missing\./);
  });
});
