// `npm run backup -- <dir>`: a consistent backup of DATA_DIR while the portal runs (ADR 044).
//
//   npm run backup -- /backups/2026-11-25T0300        DATA_DIR (default ./data) into a new directory
//   npm run backup -- <dir> --data-dir /srv/aero       another DATA_DIR
//   npm run backup -- <dir> --no-secrets              leave blob-secret.key out (keep it elsewhere)
//
// Writes <dir>/portal.sqlite (online backup API), or with DATABASE_URL set <dir>/portal.pgdump
// (pg_dump of one snapshot) and blob-refs.json, every blob the snapshot references, the blob secret
// and manifest.json (sha256 and size of each file) last. Exit 0 when complete; 1 when it failed or a
// referenced blob was missing (the manifest lists it); 2 for a usage error.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "../upstream/backup";
import { loadS3Config } from "../upstream/config";

const USAGE = "Usage: npm run backup -- <new backup directory> [--data-dir <dir>] [--no-secrets]";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { "data-dir": { type: "string" }, "no-secrets": { type: "boolean" }, help: { type: "boolean", short: "h" } }, allowPositionals: true });
  } catch (err) {
    return usage((err as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  // The blobs of an S3-configured portal are in its bucket, which this command does not copy: a backup
  // would list every one as missing. Refused up front (ADR 055): back the bucket up with the store's
  // own versioning or replication.
  const s3 = loadS3Config(process.env);
  if (s3) {
    console.error(`Backup refused: the files are in the S3 bucket ${s3.bucket} (S3_BUCKET), which npm run backup does not copy. Back the bucket up with its own versioning or replication (ADR 055).`);
    return 1;
  }
  const dataDir = parsed.values["data-dir"] ?? process.env.DATA_DIR ?? "./data";
  const noSecrets = !!parsed.values["no-secrets"];
  const positional = parsed.positionals;
  if (positional.length !== 1) return usage("Give exactly one backup directory.");
  const started = Date.now();
  const manifest = await createBackup({
    dataDir,
    outDir: positional[0]!,
    databaseUrl: process.env.DATABASE_URL || null,
    noSecrets,
    blobSecretFromEnv: !!process.env.BLOB_SECRET,
    log: (line) => console.log(line),
  });
  const out = path.resolve(positional[0]!);
  console.log(
    `Backup of ${process.env.DATABASE_URL ? "the PostgreSQL database (DATABASE_URL) and " : ""}${path.resolve(dataDir)} written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `database as of ${manifest.snapshot_at} (${manifest.database.files} files, ${manifest.database.audit_entries} audit entries), ` +
      `${manifest.blobs.count} blobs (${(manifest.blobs.bytes / 1024 / 1024).toFixed(1)} MiB), ${manifest.files.length} files in the manifest.`,
  );
  if (manifest.secrets.blob_secret === "environment") console.log("The blob secret comes from BLOB_SECRET: keep it with the backup's keys, it is not in the backup.");
  if (manifest.secrets.blob_secret === "excluded") console.log("blob-secret.key is not in the backup (--no-secrets): without it 2FA users must reset their second factor after a restore.");
  if (manifest.secrets.blob_secret === "absent") console.log(`DATA_DIR has no ${"blob-secret.key"}: keep the BLOB_SECRET this portal runs with alongside the backup.`);
  if (manifest.missing.length) {
    console.error(`INCOMPLETE: ${manifest.missing.length} blob(s) the database references were missing from DATA_DIR:`);
    for (const m of manifest.missing.slice(0, 20)) console.error(`  ${m.key} (${m.table}.${m.column})`);
    if (manifest.missing.length > 20) console.error(`  … and ${manifest.missing.length - 20} more (manifest.json, "missing").`);
    return 1;
  }
  return 0;
}

function usage(message: string): number {
  console.error(`${message}\n${USAGE}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof BackupError ? `Backup failed: ${err.message}` : err);
    process.exit(1);
  },
);
