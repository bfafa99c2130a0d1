// `npm run audit:verify`: checks the audit log's hash chain (ADR 044).
//
//   npm run audit:verify                       the whole chain in DATA_DIR (default ./data)
//   npm run audit:verify -- --data-dir <dir>   another DATA_DIR
//   npm run audit:verify -- --head <hash>      also require that the log still holds the entry with
//                                              this hash (a head written down earlier: catches
//                                              entries cut off the end)
//   npm run audit:verify -- --file <export>    an export downloaded from /admin/audit, offline
//
// With DATABASE_URL set (a PostgreSQL portal, ADR 056) it checks that database instead of DATA_DIR's
// file, in read-only transactions.
//
// Prints "OK: <n> entries, chain head <hash> (entry #<id>)" and exits 0, or names the first entry
// altered, removed or reordered and exits 1. Reads only: safe while the portal runs.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { createAudit, createPgAudit, type AuditExport } from "../upstream/audit";
import { createPgPool } from "../upstream/db";
import { verifyEntries, type ChainResult } from "../upstream/audit-chain";
import type { Database } from "../upstream/db/schema";

const USAGE = "Usage: npm run audit:verify [-- --data-dir <dir>] [-- --head <hash>] [-- --file <export.json>]";

function report(result: ChainResult, what: string): number {
  if (result.ok) {
    const head = result.head ? `chain head ${result.head.hash} (entry #${result.head.id})` : "the log is empty";
    console.log(`OK: ${result.count} entries${what}, ${head}.`);
    return 0;
  }
  console.error(`BROKEN at entry #${result.problem!.id}: ${result.problem!.message}`);
  console.error(`(${result.count} entries read${what}.)`);
  return 1;
}

function verifyExport(file: string): number {
  let doc: AuditExport;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8")) as AuditExport;
  } catch (err) {
    console.error(`Cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  if (doc.format !== "aero-records-audit-export" || !Array.isArray(doc.entries)) {
    console.error(`${file} is not an audit log export.`);
    return 2;
  }
  const result = verifyEntries(doc.entries, { startPrev: doc.previous_hash });
  const code = report(result, ` in ${path.basename(file)}`);
  if (code === 0) {
    const last = doc.entries.length ? doc.entries[doc.entries.length - 1]!.hash : doc.previous_hash;
    if (last !== doc.period_last_hash) {
      console.error(`BROKEN: the last entry's hash ${last} is not the export's period_last_hash ${doc.period_last_hash}.`);
      return 1;
    }
  }
  return code;
}

/** The whole chain, then (with --head) that an earlier head is still in the log. Either engine. */
async function verifyChain(db: Kysely<Database>, audit: ReturnType<typeof createAudit>, head: string | undefined): Promise<number> {
  let code = report(await audit.verify({ full: true }), "");
  if (code === 0 && head) {
    const found = await db.selectFrom("audit_log").select("id").where("hash", "=", head).executeTakeFirst();
    if (!found) {
      console.error(`BROKEN: no entry has the hash ${head}: the entries up to it were removed or altered.`);
      code = 1;
    } else console.log(`The earlier head ${head} is entry #${found.id}.`);
  }
  return code;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { "data-dir": { type: "string" }, head: { type: "string" }, file: { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const file = parsed.values.file;
  if (file) return verifyExport(file);

  if (process.env.DATABASE_URL) return verifyPostgres(process.env.DATABASE_URL, parsed.values.head);
  const dataDir = path.resolve(parsed.values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
  const dbFile = path.join(dataDir, "portal.sqlite");
  if (!fs.existsSync(dbFile)) {
    console.error(`No database at ${dbFile}. Set DATA_DIR or pass --data-dir.`);
    return 2;
  }
  const sqlite = new SQLite(dbFile, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("query_only = 1");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const cols = sqlite.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('audit_log')").all().map((c) => c.name);
    if (!cols.includes("hash")) {
      console.error(`The audit log in ${dataDir} has no hash chain yet: start the portal once on it (migration 009_audit_chain).`);
      return 2;
    }
    return await verifyChain(db, createAudit(db, sqlite), parsed.values.head);
  } finally {
    await db.destroy();
  }
}

/** The same checks on a PostgreSQL database: the chain, the identity sequence (cut-off tail), the head. */
async function verifyPostgres(databaseUrl: string, head: string | undefined): Promise<number> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPgPool(databaseUrl, 2, { readOnly: true }) }) });
  try {
    let hasHash: boolean;
    try {
      const cols = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'audit_log'`.execute(db);
      hasHash = cols.rows.some((c) => c.column_name === "hash");
    } catch (err) {
      console.error(`Cannot read the database at DATABASE_URL: ${(err as Error).message}`);
      return 2;
    }
    if (!hasHash) {
      console.error("The audit log at DATABASE_URL has no hash chain (or no audit log): start the portal once on it.");
      return 2;
    }
    return await verifyChain(db, createPgAudit(db), head);
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
