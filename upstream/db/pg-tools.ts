// PostgreSQL's own client programs for backups of a DATABASE_URL portal (ADR 060): pg_dump and
// pg_restore, found in PG_BIN, on PATH, or in Debian's /usr/lib/postgresql/<version>/bin.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const VERSION_DIRS = ["17", "16", "15", "14", "13"].map((v) => `/usr/lib/postgresql/${v}/bin`);

/** The path of a PostgreSQL program (pg_dump, pg_restore, initdb…), or null when none is installed. */
export function findPgTool(name: string): string | null {
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? "").split(path.delimiter), ...VERSION_DIRS].filter((d): d is string => !!d);
  for (const d of dirs) {
    const p = path.join(d, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return null;
}

export class PgToolError extends Error {}

/** Runs a PostgreSQL program to the end; rejects with its last lines of stderr when it fails. */
function runTool(name: string, args: string[]): Promise<void> {
  const bin = findPgTool(name);
  if (!bin) return Promise.reject(new PgToolError(`${name} is not installed: install PostgreSQL's client programs (Debian: postgresql-client) or set PG_BIN.`));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (b: Buffer) => {
      err = (err + b.toString()).slice(-4000);
    });
    child.on("error", (e) => reject(new PgToolError(`${name} could not start: ${e.message}`)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new PgToolError(`${name} failed (exit ${code}): ${err.trim().split("\n").slice(-5).join(" ")}`))));
  });
}

/**
 * Dumps a database in pg_dump's custom format (compressed, restored by pg_restore), without owners
 * or grants so that it restores under another role. `snapshot`: a snapshot exported by an open
 * transaction (pg_export_snapshot), so that the dump is the database as that transaction sees it.
 */
export function pgDump(databaseUrl: string, file: string, { snapshot }: { snapshot?: string } = {}): Promise<void> {
  return runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", ...(snapshot ? [`--snapshot=${snapshot}`] : []), `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/**
 * Restores a custom-format dump into a database in one transaction (all of it or nothing).
 * `clean`: drop the dump's objects first (restoring over a database that has them).
 */
export function pgRestore(databaseUrl: string, file: string, { clean = false }: { clean?: boolean } = {}): Promise<void> {
  return runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", ...(clean ? ["--clean", "--if-exists"] : []), `--dbname=${databaseUrl}`, file]);
}
