// The demo seed from the command line.
//
//   npm run seed                 seeds DATA_DIR (default ./data) when its database is empty
//   npm run seed -- --reset      deletes DATA_DIR's database and blobs (secret files stay), then seeds;
//                                with DATABASE_URL: drops that database's tables (schemas public and
//                                pgboss) instead; blobs in an S3 bucket are left alone
//   npm run seed -- --small      the small variant (a handful of files per aircraft), as the tests use
//
// Uses the same configuration as the server (upstream/config.ts), so the blob secret and client uuid
// in DATA_DIR are kept. Stop the server before --reset: it holds the database open.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { createUpstream } from "../upstream";
import { loadUpstreamConfig } from "../upstream/config";
import { DEMO_ACCOUNTS, DEMO_ONBOARDING_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../upstream/db/seed";

const USAGE = "Usage: npm run seed [-- --reset] [-- --small]";

/** What --reset removes: the SQLite database (with its WAL files) and the blob store. Secrets stay. */
const DB_FILES = ["portal.sqlite", "portal.sqlite-wal", "portal.sqlite-shm", "portal.sqlite-journal"];
const BLOB_DIR = "blobs";

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !["--reset", "--small", "--help", "-h"].includes(a));
  if (unknown.length || args.includes("--help") || args.includes("-h")) {
    if (unknown.length) console.error(`Unknown option: ${unknown.join(" ")}`);
    console.log(USAGE);
    process.exit(unknown.length ? 2 : 0);
  }
  const reset = args.includes("--reset");
  const small = args.includes("--small");
  const config = loadUpstreamConfig(process.env);
  const dataDir = config.dataDir;

  if (reset) {
    if (config.databaseUrl) {
      // Everything the migrations and pg-boss made; the database itself, its owner and grants stay.
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        await client.query("DROP SCHEMA IF EXISTS pgboss CASCADE");
        await client.query("DROP SCHEMA IF EXISTS public CASCADE");
        await client.query("CREATE SCHEMA public");
      } finally {
        await client.end();
      }
    } else for (const f of DB_FILES) fs.rmSync(path.join(dataDir, f), { force: true });
    if (!config.s3) fs.rmSync(path.join(dataDir, BLOB_DIR), { recursive: true, force: true });
    const what = config.databaseUrl ? "the database at DATABASE_URL emptied" : "database deleted";
    const blobs = config.s3 ? `the blobs in the bucket ${config.s3.bucket} left alone (empty it with the bucket's own tools)` : "blobs deleted";
    console.log(`Reset ${dataDir}: ${what}, ${blobs} (secret files kept).`);
  }

  const started = Date.now();
  const upstream = await createUpstream(config);
  try {
    const { db } = upstream.deps;
    const seeded = await db.selectFrom("kv").select("value").where("key", "=", "seeded").executeTakeFirst();
    if (seeded) {
      console.log(`${dataDir} is already seeded (${seeded.value}). Use --reset to start over.`);
      return;
    }
    const users = await db.selectFrom("users").select((e) => e.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const orgs = await db.selectFrom("organizations").select((e) => e.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    if (Number(users.n) > 0 || Number(orgs.n) > 0) {
      console.error(`${dataDir} already holds data (${users.n} users, ${orgs.n} organizations) that the demo seed did not create. Not seeding; use --reset to delete it and start over.`);
      process.exitCode = 1;
      return;
    }

    await seedDemo(upstream.deps, { small });

    const count = async (table: "organizations" | "aircraft" | "users" | "consultants" | "tabs" | "tab_rows") =>
      Number((await db.selectFrom(table).select((e) => e.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const files = await db
      .selectFrom("storage_items")
      .select([(e) => e.fn.countAll<number>().as("n"), (e) => e.fn.sum<number>("size").as("bytes")])
      .where("is_folder", "=", 0)
      .executeTakeFirstOrThrow();
    console.log(`Seeded ${dataDir} (${small ? "small" : "full"} variant) in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(
      `  ${await count("organizations")} organizations, ${await count("aircraft")} aircraft, ${await count("users")} users, ` +
        `${await count("consultants")} consultants, ${files.n} files (${(Number(files.bytes) / 1024 / 1024).toFixed(1)} MiB), ` +
        `${await count("tabs")} tabs with ${await count("tab_rows")} rows.`,
    );
    console.log(`\nDemo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(24)} ${a.description}`);
    console.log(`Onboarding consultants (same password): ${DEMO_ONBOARDING_ACCOUNTS.map((a) => `${a.email} (${a.stage})`).join(", ")}`);
  } finally {
    await upstream.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
