// `npm run restore -- <dir>`: rebuilds a DATA_DIR from a backup made by `npm run backup` (ADR 044).
//
//   npm run restore -- /backups/2026-11-25T0300                 into DATA_DIR (default ./data), which must be empty
//   npm run restore -- <dir> --data-dir /srv/aero-restored      another DATA_DIR
//   npm run restore -- <dir> --force                            replace a DATA_DIR's database, blobs and blob secret
//   npm run restore -- <dir> --check                            only verify the backup's checksums (a restore drill
//                                                               on the off-site copy); writes nothing
//
// A backup of a PostgreSQL portal (portal.pgdump) restores into the empty database at DATABASE_URL
// (pg_restore, one transaction); its blobs and blob secret go to DATA_DIR as above.
//
// Every file is checked against manifest.json (size and sha256) before anything is written; a bad
// one fails the restore naming it. Stop the portal before restoring over its DATA_DIR.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup, verifyBackup } from "../upstream/backup";

const USAGE = "Usage: npm run restore -- <backup directory> [--data-dir <dir>] [--force] [--check]";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { "data-dir": { type: "string" }, force: { type: "boolean" }, check: { type: "boolean" }, help: { type: "boolean", short: "h" } }, allowPositionals: true });
  } catch (err) {
    return usage((err as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const dataDir = parsed.values["data-dir"] ?? process.env.DATA_DIR ?? "./data";
  const force = !!parsed.values.force;
  const check = !!parsed.values.check;
  const positional = parsed.positionals;
  if (positional.length !== 1) return usage("Give exactly one backup directory.");
  const backupDir = positional[0]!;
  const log = (line: string) => console.log(line);
  if (check) {
    const m = await verifyBackup(backupDir, log);
    console.log(`OK: all ${m.files.length} files of ${path.resolve(backupDir)} match their checksums (database as of ${m.snapshot_at}).`);
    return 0;
  }
  const databaseUrl = process.env.DATABASE_URL || null;
  const m = await restoreBackup({ backupDir, dataDir, databaseUrl, force, log });
  console.log(
    `Restored ${path.resolve(backupDir)} into ${databaseUrl ? "the database at DATABASE_URL and " : ""}${path.resolve(dataDir)}: database as of ${m.snapshot_at} ` +
      `(${m.database.files} files, ${m.database.audit_entries} audit entries), ${m.blobs.count} blobs, every checksum verified.`,
  );
  if (m.missing.length) console.warn(`Note: ${m.missing.length} blob(s) were already missing when this backup was made (manifest.json, "missing").`);
  if (m.secrets.blob_secret === "environment") console.log("The backup's blob secret came from BLOB_SECRET: start the portal with the same BLOB_SECRET.");
  if (m.secrets.blob_secret === "excluded" || m.secrets.blob_secret === "absent") console.log("The backup has no blob-secret.key: put the original in DATA_DIR (or set BLOB_SECRET) before starting, or 2FA users must reset.");
  console.log(`Start the portal with DATA_DIR=${path.resolve(dataDir)}${databaseUrl ? " and the same DATABASE_URL" : ""}; everyone signs in again (session-secret.key is not in backups), then check: npm run audit:verify.`);
  return 0;
}

function usage(message: string): number {
  console.error(`${message}\n${USAGE}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof BackupError ? `Restore failed: ${err.message}` : err);
    process.exit(1);
  },
);
