import path from "node:path";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, type Migration, type MigrationProvider } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { CheckedPostgresDialect } from "./pg-dialect";
import { createReaderPool, readThreadsFromEnv, type ReaderPool } from "./reader-pool";
import { RoutedSqliteDialect } from "./sqlite-driver";
import { mainThreadReader, type SqlReader } from "./sql-reader";
import * as m001 from "./migrations/001_init";
import * as m002 from "./migrations/002_consultant_indexes";
import * as m003 from "./migrations/003_admin_indexes";
import * as m004 from "./migrations/004_trust";
import * as m005 from "./migrations/005_speed";
import * as m006 from "./migrations/006_search_scope";
import * as m007 from "./migrations/007_text_extraction";
import * as m008 from "./migrations/008_versions_trash";
import * as m009 from "./migrations/009_audit_chain";
import * as m010 from "./migrations/010_document_links";
import * as m011 from "./migrations/011_oil_limits";
import * as m017 from "./migrations/017_shared_processes";
import * as m018 from "./migrations/018_pg_audit_counter";
import * as m019 from "./migrations/019_job_recovery";
import * as m020 from "./migrations/020_validation_workbooks";
import * as m021 from "./migrations/021_tab_keys";
import * as m022 from "./migrations/022_search_at_scale";
import * as m023 from "./migrations/023_keyset";
import * as m024 from "./migrations/024_work_order_version_fields";
import * as m025 from "./migrations/025_signatures";
import * as m026 from "./migrations/026_tab_filter_index";

export type DB = Kysely<Database>;

/** Migrations live in code (not read from disk) so the build and tsx see the same list. */
const migrations: Record<string, Migration> = {
  "001_init": m001,
  "002_consultant_indexes": m002,
  "003_admin_indexes": m003,
  "004_trust": m004,
  "005_speed": m005,
  "006_search_scope": m006,
  "007_text_extraction": m007,
  "008_versions_trash": m008,
  "009_audit_chain": m009,
  "010_document_links": m010,
  "011_oil_limits": m011,
  "017_shared_processes": m017,
  "018_pg_audit_counter": m018,
  "019_job_recovery": m019,
  "020_validation_workbooks": m020,
  "021_tab_keys": m021,
  "022_search_at_scale": m022,
  "023_keyset": m023,
  "024_work_order_version_fields": m024,
  "025_signatures": m025,
  "026_tab_filter_index": m026,
};

class InlineProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface OpenedDatabase {
  db: DB;
  /** The SQLite handle; null on PostgreSQL (DATABASE_URL). */
  sqlite: SQLite.Database | null;
  dialect: "sqlite" | "postgres";
  /**
   * Raw SQLite reads (sql-reader.ts): the reader threads when there are some, else the main
   * connection; null on PostgreSQL.
   */
  reader: SqlReader | null;
  /** Reader threads running (0: every SQLite query on the main connection, and on PostgreSQL). */
  readThreads: number;
  close: () => Promise<void>;
}

/**
 * Result types as the SQLite side returns them: 64-bit integers (ids, sizes, count(*)) and numerics
 * (sum(), avg()) as JavaScript numbers instead of strings. Exact up to 2^53.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => (v == null ? v : Number(v));
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/** A pool on a PostgreSQL URL with the portal's result types. */
export function createPgPool(databaseUrl: string, max = 10, { readOnly = false }: { readOnly?: boolean } = {}): pg.Pool {
  // readOnly: every transaction of the pool is read-only (npm run audit:verify reads only).
  const pool = new pg.Pool({ connectionString: databaseUrl, max, types: pgTypes, ...(readOnly ? { options: "-c default_transaction_read_only=on" } : {}) });
  // An idle connection that fails is logged; once the pool is ending (close), not: pool.end() does not
  // wait for the sockets, and one ended while the database goes away (a test dropping it, with FORCE)
  // reports "terminating connection" after the close.
  pool.on("error", (err) => {
    if (!pool.ending) console.error("[db] idle PostgreSQL connection failed", err);
  });
  return pool;
}

/** How many prepared statements the SQLite connection keeps for reuse (distinct SQL texts). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The connection as Kysely's SQLite driver sees it, with its statements reused: the driver prepares
 * every query it runs, and preparing is a good part of a small query's time. The same SQL text gets
 * the statement prepared the first time (bound again with each query's parameters); the oldest goes
 * when STATEMENT_CACHE_SIZE texts are kept. (A statement still being iterated, a streamed query, is
 * not handed out again: better-sqlite3 refuses a busy statement; Kysely's one connection waits.)
 */
export function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    const hit = cache.get(source);
    if (hit && !hit.busy) return hit;
    const statement = sqlite.prepare(source);
    if (!hit) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

interface OpenOptions {
  filename?: string;
  /**
   * SQLite reader threads (ADR 083): unset, DB_READ_THREADS or its default; 0 keeps every query on
   * the main connection (as does `:memory:`, which no other connection can open).
   */
  readThreads?: number;
}

/**
 * Opens the database and runs pending migrations: PostgreSQL when `databaseUrl` is given (nothing
 * is written under dataDir), otherwise (creating if needed) `${dataDir}/portal.sqlite` in WAL mode,
 * its reads then on reader threads started once the migrations ran.
 */
export async function openDatabase(dataDir: string, opts?: OpenOptions & { databaseUrl?: undefined }): Promise<OpenedDatabase & { sqlite: SQLite.Database; reader: SqlReader }>;
export async function openDatabase(dataDir: string, opts?: OpenOptions & { databaseUrl?: string | null }): Promise<OpenedDatabase>;
export async function openDatabase(
  dataDir: string,
  { filename = "portal.sqlite", databaseUrl, readThreads }: OpenOptions & { databaseUrl?: string | null } = {},
): Promise<OpenedDatabase> {
  let sqlite: SQLite.Database | null = null;
  let pool: ReaderPool | null = null;
  let db: DB;
  if (databaseUrl) {
    db = new Kysely<Database>({ dialect: new CheckedPostgresDialect({ pool: createPgPool(databaseUrl) }) });
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(filename === ":memory:" ? ":memory:" : path.join(dataDir, filename));
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    db = new Kysely<Database>({ dialect: new RoutedSqliteDialect(withStatementCache(sqlite), sqlite, () => pool) });
  }
  // Unordered: migrations written side by side on branches (008, 009, 010) may land in any order
  // on a data directory that already ran a later one; each is independent of the others.
  const migrator = new Migrator({ db, provider: new InlineProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`[db] migration ${r.migrationName} failed`);
  }
  if (error) {
    await db.destroy();
    throw error;
  }
  // The reader threads open the file once its schema is there.
  const threads = sqlite && filename !== ":memory:" ? (readThreads ?? readThreadsFromEnv()) : 0;
  if (sqlite && threads > 0) pool = createReaderPool(sqlite.name, threads);
  let closed = false;
  return {
    db,
    sqlite,
    dialect: databaseUrl ? "postgres" : "sqlite",
    reader: pool ? pool.reader : sqlite ? mainThreadReader(sqlite) : null,
    readThreads: threads,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool?.close();
      await db.destroy();
    },
  };
}

/** ISO timestamp in the format the schema's defaults use. */
export const nowIso = () => new Date().toISOString();

/** SQLite booleans. */
export const bool = (v: number | null | undefined) => v === 1;
