// Backups of a DATA_DIR that restore (issue 19 item 4, ADR 044): `npm run backup` and `npm run restore`.
//
// A backup directory holds:
//   portal.sqlite     a consistent snapshot of the database, taken with SQLite's online backup API
//                     (better-sqlite3 db.backup) while the portal runs: every page is copied in one
//                     step, under one read transaction, so the copy is the database as of one instant
//                     (WAL: writers carry on meanwhile); then switched to journal_mode DELETE so the
//                     file stands alone.
//   portal.pgdump     instead, on PostgreSQL (DATABASE_URL, ADR 060): pg_dump's custom format, taken
//                     in the snapshot of one REPEATABLE READ transaction (pg_export_snapshot), in
//                     which the blob references are read too; and blob-refs.json, the keys that
//                     snapshot references (what `restore --check` holds the blobs against).
//   blobs/objects/…   every blob that snapshot references, in the blob store's own layout
//                     (upstream/blob/local.ts), with its content-type file when it has one.
//   blob-secret.key   unless --no-secrets (the key that opens stored 2FA secrets and signs links).
//   manifest.json     written last: each file's path, size and sha256, and what the snapshot holds.
//                     A directory without it is an interrupted backup and is never restored.
//
// Blobs are copied after the snapshot, so a blob the snapshot references must not vanish meanwhile:
// blob bytes are deleted only by the trash job, after the retention period (issue 19 items 1-3), and
// not while a backup runs (BACKUP_LOCK, isBackupRunning). A blob missing anyway is listed in the
// manifest (`missing`) and the command fails loudly.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import SQLite from "better-sqlite3";
import pg from "pg";
import { objectPaths, isValidKey } from "./blob/local";
import { pgDump, pgRestore } from "./db/pg-tools";

export const MANIFEST = "manifest.json";
export const DB_FILE = "portal.sqlite";
/** The database of a PostgreSQL portal's backup (pg_dump --format=custom). */
export const PG_DUMP_FILE = "portal.pgdump";
/** A PostgreSQL backup's blob references (JSON), read from the dump's own snapshot. */
export const BLOB_REFS_FILE = "blob-refs.json";
const DB_SIDE_FILES = ["portal.sqlite-wal", "portal.sqlite-shm", "portal.sqlite-journal"];
/** Secrets the backup may carry. session-secret.key is left out on purpose (ADR 044): after a restore everyone signs in again. */
export const BLOB_SECRET_FILE = "blob-secret.key";
const COPY_CONCURRENCY = 4;

export interface ManifestFile {
  /** "/"-separated, relative to the backup directory (and to DATA_DIR after a restore). */
  path: string;
  size: number;
  sha256: string;
  /** The blob key, for blob files. */
  key?: string;
}

export interface Manifest {
  format: "aero-records-backup";
  version: 1;
  /** When the database snapshot was taken (ISO). Uploads finished before it are in the backup. */
  snapshot_at: string;
  finished_at: string;
  source: { data_dir: string; host: string };
  /** `engine`: absent in backups made before PostgreSQL support (SQLite). */
  database: { engine?: "sqlite" | "postgresql"; file: string; migrations: string[]; files: number; audit_entries: number; audit_head: string | null };
  blobs: { count: number; bytes: number };
  /** Referenced by the snapshot but absent from DATA_DIR when copied (should stay empty). */
  missing: { key: string; table: string; column: string }[];
  /** blob-secret.key: in the backup, left out (--no-secrets), not the key in use (BLOB_SECRET), or not in DATA_DIR at all. */
  secrets: { blob_secret: "included" | "excluded" | "environment" | "absent"; session_secret: "excluded" };
  files: ManifestFile[];
}

export class BackupError extends Error {}

/**
 * While a backup copies blobs it leaves this file in DATA_DIR (its pid and start). The trash job
 * (issue 19 items 1-3) purges no blob bytes while isBackupRunning() is true, so a blob a snapshot
 * references cannot vanish before it is copied, even when its retention ends during the backup.
 */
export const BACKUP_LOCK = ".backup-in-progress";
const STALE_LOCK_MS = 24 * 3600_000;

export function isBackupRunning(dataDir: string, now = Date.now()): boolean {
  try {
    const { pid, started_at } = JSON.parse(fs.readFileSync(path.join(dataDir, BACKUP_LOCK), "utf8")) as { pid: number; started_at: string };
    if (now - Date.parse(started_at) > STALE_LOCK_MS) return false;
    process.kill(pid, 0); // throws when no such process: a backup that died
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** One blob reference: which table and column hold it, and the size the row states (when it has one). */
interface BlobRef {
  key: string;
  table: string;
  column: string;
  size: number | null;
  /** An optional reference (a shared export): skipped without complaint when its blob is gone. */
  optional?: boolean;
}

/**
 * Every blob key the database references. A column that holds blob keys is named `blob_key` (or ends
 * in `_blob_key`; found in any table, so a versions or trash table is covered without a change here),
 * or is listed below. Shared export workbooks are only named in their audit entries: optional.
 */
const NAMED_KEY_COLUMNS: { table: string; column: string }[] = [
  { table: "consultants", column: "photo_key" },
  { table: "consultants", column: "resume_key" },
];

/** What referencedBlobs reads through: a SQLite file, or one PostgreSQL transaction. */
interface SqlReader {
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  all<T>(query: string): Promise<T[]>;
  /** The blob keys named in the audit entries of shared exports. */
  sharedExportKeys(): Promise<(string | null)[]>;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

function sqliteReader(db: SQLite.Database): SqlReader {
  return {
    tables: async () =>
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all()
        .map((t) => t.name),
    columns: async (table) => {
      try {
        return db.prepare<[string], { name: string }>("SELECT name FROM pragma_table_info(?)").all(table).map((c) => c.name);
      } catch {
        return []; // virtual tables of other modules
      }
    },
    all: async <T>(query: string) => db.prepare(query).all() as T[],
    sharedExportKeys: async () =>
      db
        .prepare<[], { key: string | null }>("SELECT DISTINCT json_extract(detail, '$.blob_key') AS key FROM audit_log WHERE action LIKE '%.export.share' AND json_valid(detail)")
        .all()
        .map((r) => r.key),
  };
}

function pgReader(client: pg.ClientBase): SqlReader {
  return {
    tables: async () => (await client.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")).rows.map((r) => r.name),
    columns: async (table) =>
      (await client.query<{ name: string }>("SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position", [table])).rows.map(
        (r) => r.name,
      ),
    all: async <T>(query: string) => (await client.query(query)).rows as T[],
    sharedExportKeys: async () =>
      (
        await client.query<{ key: string | null }>(
          "SELECT DISTINCT (detail::jsonb) ->> 'blob_key' AS key FROM audit_log WHERE action LIKE '%.export.share' AND detail LIKE '{%'",
        )
      ).rows.map((r) => r.key),
  };
}

export async function referencedBlobs(reader: SqlReader): Promise<BlobRef[]> {
  const tables = await reader.tables();
  const refs: BlobRef[] = [];
  for (const table of tables.sort()) {
    const cols = await reader.columns(table);
    const keyCols = cols.filter((c) => c === "blob_key" || c.endsWith("_blob_key") || NAMED_KEY_COLUMNS.some((n) => n.table === table && n.column === c));
    for (const column of keyCols) {
      const sizeCol = column === "blob_key" && cols.includes("size") ? "size" : null;
      const rows = await reader.all<{ key: string; size: number | string | null }>(
        `SELECT ${quote(column)} AS key, ${sizeCol ? quote(sizeCol) : "NULL"} AS size FROM ${quote(table)} WHERE ${quote(column)} IS NOT NULL AND ${quote(column)} <> ''`,
      );
      for (const r of rows) refs.push({ key: r.key, table, column, size: r.size == null ? null : Number(r.size) });
    }
  }
  if (tables.includes("audit_log")) {
    for (const key of await reader.sharedExportKeys()) if (typeof key === "string" && key) refs.push({ key, table: "audit_log", column: "detail.blob_key", size: null, optional: true });
  }
  // One copy per key (a copy of a file has its own key; a key named twice is stored once).
  const byKey = new Map<string, BlobRef>();
  for (const r of refs) {
    const had = byKey.get(r.key);
    if (!had || (had.optional && !r.optional)) byKey.set(r.key, r);
  }
  return [...byKey.values()];
}

function hashingCounter() {
  const hash = crypto.createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, done: () => ({ size, sha256: hash.digest("hex") }) };
}

/** Copies a file (exclusive create at the destination) and returns its size and sha256. */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const h = hashingCounter();
  await pipeline(fs.createReadStream(from, { highWaterMark: 1024 * 1024 }), h.stream, fs.createWriteStream(to, { flags: "wx" }));
  return h.done();
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const h = hashingCounter();
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), h.stream, async function* (src) {
    for await (const _ of src) {
      /* drain */
    }
  });
  return h.done();
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw err;
  }
}

const toPosix = (p: string) => p.split(path.sep).join("/");

export interface BackupOptions {
  dataDir: string;
  outDir: string;
  /** A PostgreSQL portal (DATABASE_URL): its database is dumped with pg_dump; blobs and secrets still come from DATA_DIR. */
  databaseUrl?: string | null;
  /** Leave blob-secret.key out (it must then come from BLOB_SECRET or a safe of its own). */
  noSecrets?: boolean;
  /** BLOB_SECRET is set in the environment: the file is not the key in use. */
  blobSecretFromEnv?: boolean;
  log?: (line: string) => void;
}

export async function createBackup(opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const outDir = path.resolve(opts.outDir);
  if (opts.databaseUrl) {
    if (!fs.existsSync(dataDir)) throw new BackupError(`No DATA_DIR at ${dataDir} (the blobs and secrets of a PostgreSQL portal are there): is DATA_DIR right?`);
  } else if (!fs.existsSync(path.join(dataDir, DB_FILE))) throw new BackupError(`No database at ${path.join(dataDir, DB_FILE)}: is DATA_DIR right?`);
  if (outDir === dataDir) throw new BackupError("The backup directory cannot be DATA_DIR itself.");
  if (!isEmptyDir(outDir)) throw new BackupError(`${outDir} is not empty: give a new directory for each backup.`);
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const lock = path.join(dataDir, BACKUP_LOCK);
  try {
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, started_at: new Date().toISOString(), to: outDir }) + "\n");
  } catch (err) {
    // A backup user who may only read DATA_DIR: the backup still runs, without telling the trash job.
    log(`Note: cannot write ${lock} (${(err as NodeJS.ErrnoException).code}); the trash job is not told a backup runs.`);
  }
  try {
    const snapshot = opts.databaseUrl ? await snapshotPostgres(opts.databaseUrl, outDir) : await snapshotSqlite(path.join(dataDir, DB_FILE), outDir);
    log(`Database snapshot taken at ${snapshot.snapshotAt}.`);
    return await backupInto(dataDir, outDir, snapshot, opts, log);
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** A database snapshot in the backup directory: its files (database first) and what it references. */
interface Snapshot {
  snapshotAt: string;
  dbFiles: string[];
  refs: BlobRef[];
  database: Manifest["database"];
}

async function databaseFacts(reader: SqlReader): Promise<Omit<Manifest["database"], "engine" | "file">> {
  const tables = new Set(await reader.tables());
  const one = async <T>(query: string) => (await reader.all<T>(query))[0]!;
  const audit = tables.has("audit_log")
    ? await one<{ n: number | string; head: string | null }>("SELECT count(*) AS n, (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS head FROM audit_log")
    : { n: 0, head: null };
  const hashCol = tables.has("audit_log") && (await reader.columns("audit_log")).includes("hash");
  return {
    migrations: tables.has("kysely_migration") ? (await reader.all<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).map((m) => m.name) : [],
    files: tables.has("storage_items") ? Number((await one<{ n: number | string }>("SELECT count(*) AS n FROM storage_items WHERE is_folder = 0")).n) : 0,
    audit_entries: Number(audit.n),
    audit_head: hashCol ? audit.head : null,
  };
}

/**
 * SQLite, through the online backup API. The first step copies nothing; the progress callback then
 * asks for every page in the next step, so the copy is made under one read transaction (a write by
 * the portal in between only restarts it): a snapshot of one instant.
 */
async function snapshotSqlite(dbFile: string, outDir: string): Promise<Snapshot> {
  const source = new SQLite(dbFile, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  const snapshotFile = path.join(outDir, DB_FILE);
  let snapshotAt: string;
  try {
    snapshotAt = new Date().toISOString();
    await source.backup(snapshotFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const snap = new SQLite(snapshotFile, { fileMustExist: true });
  try {
    snap.pragma("journal_mode = DELETE");
    const check = snap.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`The database snapshot fails SQLite's quick_check: ${String(check)}`);
    const reader = sqliteReader(snap);
    const refs = await referencedBlobs(reader);
    const database = { engine: "sqlite" as const, file: DB_FILE, ...(await databaseFacts(reader)) };
    return { snapshotAt, dbFiles: [DB_FILE], refs, database };
  } finally {
    snap.close();
    for (const f of DB_SIDE_FILES) fs.rmSync(path.join(outDir, f), { force: true });
  }
}

/**
 * PostgreSQL: one REPEATABLE READ transaction fixes a snapshot at its first statement and exports it;
 * the blob references and facts are read in it, and pg_dump dumps that same snapshot while the
 * transaction stays open. Writers carry on meanwhile.
 */
async function connectPg(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database at DATABASE_URL: ${(err as Error).message}`);
  }
  return client;
}

async function snapshotPostgres(databaseUrl: string, outDir: string): Promise<Snapshot> {
  const client = await connectPg(databaseUrl);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshotAt = new Date().toISOString();
    const id = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
    const reader = pgReader(client);
    const refs = await referencedBlobs(reader);
    const database = { engine: "postgresql" as const, file: PG_DUMP_FILE, ...(await databaseFacts(reader)) };
    try {
      await pgDump(databaseUrl, path.join(outDir, PG_DUMP_FILE), { snapshot: id });
    } catch (err) {
      throw new BackupError((err as Error).message);
    }
    await client.query("COMMIT");
    const listed = [...refs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    await fsp.writeFile(path.join(outDir, BLOB_REFS_FILE), JSON.stringify(listed, null, 0).replace(/\},\{/g, "},\n{") + "\n");
    return { snapshotAt, dbFiles: [PG_DUMP_FILE, BLOB_REFS_FILE], refs, database };
  } finally {
    await client.end().catch(() => {});
  }
}

async function backupInto(dataDir: string, outDir: string, snapshot: Snapshot, opts: BackupOptions, log: (line: string) => void): Promise<Manifest> {
  const { snapshotAt, refs, database } = snapshot;

  // 3. The blobs it references, each hashed as it is copied.
  const files: ManifestFile[] = [];
  const missing: Manifest["missing"] = [];
  const objectsDir = path.join(dataDir, "blobs", "objects");
  let bytes = 0;
  let copied = 0;
  await mapLimit(refs, COPY_CONCURRENCY, async (ref) => {
    if (!isValidKey(ref.key)) {
      if (!ref.optional) missing.push({ key: ref.key, table: ref.table, column: ref.column });
      return;
    }
    const rel = objectPaths(ref.key);
    const relFile = `blobs/objects/${rel.file}`;
    let got: { size: number; sha256: string };
    try {
      got = await copyHashed(path.join(objectsDir, rel.file), path.join(outDir, relFile));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      await fsp.rm(path.join(outDir, relFile), { force: true });
      if (!ref.optional) missing.push({ key: ref.key, table: ref.table, column: ref.column });
      return;
    }
    if (ref.size != null && got.size !== ref.size) {
      throw new BackupError(`The blob ${ref.key} (${ref.table}) has ${got.size} bytes where the database says ${ref.size}: it changed after the snapshot.`);
    }
    files.push({ path: relFile, size: got.size, sha256: got.sha256, key: ref.key });
    bytes += got.size;
    copied++;
    try {
      const meta = await copyHashed(path.join(objectsDir, rel.meta), path.join(outDir, `blobs/objects/${rel.meta}`));
      files.push({ path: `blobs/objects/${rel.meta}`, size: meta.size, sha256: meta.sha256 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (copied % 1000 === 0) log(`${copied} blobs copied…`);
  });
  log(`${copied} blobs copied (${(bytes / 1024 / 1024).toFixed(1)} MiB).`);

  // 4. The blob secret (unless told not to), then the database file's own checksum.
  let blobSecret: Manifest["secrets"]["blob_secret"] = opts.noSecrets ? "excluded" : "absent";
  if (opts.blobSecretFromEnv) blobSecret = "environment";
  else if (!opts.noSecrets && fs.existsSync(path.join(dataDir, BLOB_SECRET_FILE))) {
    const got = await copyHashed(path.join(dataDir, BLOB_SECRET_FILE), path.join(outDir, BLOB_SECRET_FILE));
    await fsp.chmod(path.join(outDir, BLOB_SECRET_FILE), 0o600);
    files.push({ path: BLOB_SECRET_FILE, ...got });
    blobSecret = "included";
  }
  // The database's files first (the database, then on PostgreSQL its blob references), then the rest by path.
  const dbEntries: ManifestFile[] = [];
  for (const f of snapshot.dbFiles) dbEntries.push({ path: f, ...(await hashFile(path.join(outDir, f))) });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  files.unshift(...dbEntries);

  const manifest: Manifest = {
    format: "aero-records-backup",
    version: 1,
    snapshot_at: snapshotAt,
    finished_at: new Date().toISOString(),
    source: { data_dir: dataDir, host: os.hostname() },
    database,
    blobs: { count: copied, bytes },
    missing: missing.sort((a, b) => (a.key < b.key ? -1 : 1)),
    secrets: { blob_secret: blobSecret, session_secret: "excluded" },
    files,
  };
  const tmp = path.join(outDir, `.${MANIFEST}.tmp`);
  await fsp.writeFile(tmp, JSON.stringify(manifest, null, 1) + "\n");
  await fsp.rename(tmp, path.join(outDir, MANIFEST));
  return manifest;
}

export function readManifest(backupDir: string): Manifest {
  const file = path.join(backupDir, MANIFEST);
  let doc: Manifest;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`${backupDir} has no ${MANIFEST}: it is not a backup, or the backup did not finish.`);
    throw new BackupError(`${file} cannot be read: ${(err as Error).message}`);
  }
  if (doc?.format !== "aero-records-backup" || doc.version !== 1 || !Array.isArray(doc.files)) throw new BackupError(`${file} is not a backup manifest this version can read.`);
  for (const f of doc.files) {
    // Nothing in a manifest may point outside the directory it describes.
    if (typeof f.path !== "string" || f.path.startsWith("/") || f.path.split("/").some((s) => s === ".." || s === "") || !/^[0-9a-f]{64}$/.test(f.sha256)) {
      throw new BackupError(`${file} lists an invalid entry: ${JSON.stringify(f.path)}.`);
    }
  }
  const dbFile = backupEngine(doc) === "postgresql" ? PG_DUMP_FILE : DB_FILE;
  if (!doc.files.some((f) => f.path === dbFile)) throw new BackupError(`${file} lists no ${dbFile}.`);
  if (dbFile === PG_DUMP_FILE && !doc.files.some((f) => f.path === BLOB_REFS_FILE)) throw new BackupError(`${file} lists no ${BLOB_REFS_FILE}.`);
  return doc;
}

/** The engine whose database a backup holds (backups made before PostgreSQL support: SQLite). */
export const backupEngine = (m: Manifest) => m.database?.engine ?? "sqlite";

const describe = (f: ManifestFile) => (f.key ? `${f.path} (blob ${f.key})` : f.path);

/** Checks every file of a backup against its manifest; throws naming the first bad one. */
export async function verifyBackup(backupDir: string, log: (line: string) => void = () => {}): Promise<Manifest> {
  const dir = path.resolve(backupDir);
  const manifest = readManifest(dir);
  let n = 0;
  for (const f of manifest.files) {
    let got: { size: number; sha256: string };
    try {
      got = await hashFile(path.join(dir, f.path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`Missing from the backup: ${describe(f)}.`);
      throw err;
    }
    if (got.size !== f.size) throw new BackupError(`Corrupted in the backup: ${describe(f)} has ${got.size} bytes, the manifest says ${f.size}.`);
    if (got.sha256 !== f.sha256) throw new BackupError(`Corrupted in the backup: ${describe(f)} does not match its sha256 checksum.`);
    if (++n % 1000 === 0) log(`${n} of ${manifest.files.length} files verified…`);
  }
  // The manifest against the database it describes: every blob the snapshot references is in the
  // backup, or the manifest said from the start that it was missing.
  const listed = new Set(manifest.files.flatMap((f) => (f.key ? [f.key] : [])));
  const declared = new Set((manifest.missing ?? []).map((m) => m.key));
  let refs: BlobRef[];
  if (backupEngine(manifest) === "postgresql") {
    // Read from the same snapshot as the dump when the backup was made (and checksummed above).
    try {
      refs = JSON.parse(await fsp.readFile(path.join(dir, BLOB_REFS_FILE), "utf8")) as BlobRef[];
      if (!Array.isArray(refs)) throw new Error("not a list");
    } catch (err) {
      throw new BackupError(`${BLOB_REFS_FILE} cannot be read: ${(err as Error).message}`);
    }
  } else {
    const snap = new SQLite(path.join(dir, DB_FILE), { readonly: true, fileMustExist: true });
    try {
      refs = await referencedBlobs(sqliteReader(snap));
    } finally {
      snap.close();
    }
  }
  for (const ref of refs) {
    if (ref.optional || listed.has(ref.key) || declared.has(ref.key)) continue;
    throw new BackupError(`Missing from the backup: the blob ${ref.key} (${ref.table}.${ref.column}) that its database references is neither in it nor listed as missing.`);
  }
  return manifest;
}

export interface RestoreOptions {
  backupDir: string;
  dataDir: string;
  /** Restore a PostgreSQL backup into this (empty) database; blobs and the blob secret go to DATA_DIR. */
  databaseUrl?: string | null;
  /** Replace the database, blobs and blob secret of a DATA_DIR (and the tables of a database) that is not empty. */
  force?: boolean;
  log?: (line: string) => void;
}

/** The tables in the database's current schema (an empty database has none). */
async function tableCount(databaseUrl: string): Promise<number> {
  const client = await connectPg(databaseUrl);
  try {
    const r = await client.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()");
    return Number(r.rows[0]!.n);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Rebuilds a DATA_DIR (and on PostgreSQL the database) from a backup: every file is verified first
 * (nothing is written when one is bad), then the database is restored, then the files are copied and
 * verified again as written.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const backupDir = path.resolve(opts.backupDir);
  const dataDir = path.resolve(opts.dataDir);
  if (backupDir === dataDir) throw new BackupError("The backup directory and DATA_DIR are the same.");
  const manifest = readManifest(backupDir);
  const engine = backupEngine(manifest);
  if (engine === "postgresql" && !opts.databaseUrl) {
    throw new BackupError("This backup holds a PostgreSQL database (portal.pgdump): set DATABASE_URL to the empty database to restore it into.");
  }
  if (engine === "sqlite" && opts.databaseUrl) {
    throw new BackupError("This backup holds a SQLite database (portal.sqlite) and DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR.");
  }
  if (!isEmptyDir(dataDir) && !opts.force) {
    throw new BackupError(`DATA_DIR ${dataDir} is not empty. Restore into an empty directory, or pass --force to replace its database, blobs and blob secret (stop the portal first).`);
  }
  if (opts.databaseUrl && !opts.force && (await tableCount(opts.databaseUrl)) > 0) {
    throw new BackupError("The database at DATABASE_URL is not empty. Restore into an empty database, or pass --force to replace the backup's tables in it (stop the portal first).");
  }
  await verifyBackup(backupDir, log);
  log(`All ${manifest.files.length} files of the backup match their checksums.`);

  if (opts.databaseUrl) {
    // One transaction: the database is restored whole or left as it was.
    try {
      await pgRestore(opts.databaseUrl, path.join(backupDir, PG_DUMP_FILE), { clean: !!opts.force });
    } catch (err) {
      throw new BackupError((err as Error).message);
    }
    log("Database restored (pg_restore).");
  }
  fs.mkdirSync(dataDir, { recursive: true });
  if (opts.force) {
    if (engine === "sqlite") for (const f of [DB_FILE, ...DB_SIDE_FILES]) fs.rmSync(path.join(dataDir, f), { force: true });
    fs.rmSync(path.join(dataDir, "blobs"), { recursive: true, force: true });
    if (manifest.files.some((f) => f.path === BLOB_SECRET_FILE)) fs.rmSync(path.join(dataDir, BLOB_SECRET_FILE), { force: true });
  }
  let n = 0;
  for (const f of manifest.files) {
    if (f.path === PG_DUMP_FILE || f.path === BLOB_REFS_FILE) continue; // in the database now, not files of DATA_DIR
    const got = await copyHashed(path.join(backupDir, f.path), path.join(dataDir, f.path));
    if (got.size !== f.size || got.sha256 !== f.sha256) throw new BackupError(`Written wrongly to DATA_DIR (disk full or failing?): ${describe(f)}.`);
    if (f.path === BLOB_SECRET_FILE) await fsp.chmod(path.join(dataDir, f.path), 0o600);
    if (++n % 1000 === 0) log(`${n} of ${manifest.files.length} files restored…`);
  }
  if (engine === "sqlite") {
    const db = new SQLite(path.join(dataDir, DB_FILE), { fileMustExist: true });
    try {
      const check = db.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new BackupError(`The restored database fails SQLite's quick_check: ${String(check)}`);
    } finally {
      db.close();
    }
  }
  return manifest;
}
