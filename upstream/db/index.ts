import path from "node:path";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./schema";
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
};

class InlineProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface OpenedDatabase {
  db: DB;
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

/** Opens (creating if needed) `${dataDir}/portal.sqlite` in WAL mode and runs pending migrations. */
export async function openDatabase(dataDir: string, { filename = "portal.sqlite" } = {}): Promise<OpenedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(filename === ":memory:" ? ":memory:" : path.join(dataDir, filename));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
  let closed = false;
  return {
    db,
    sqlite,
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** ISO timestamp in the format the schema's defaults use. */
export const nowIso = () => new Date().toISOString();

/** SQLite booleans. */
export const bool = (v: number | null | undefined) => v === 1;
