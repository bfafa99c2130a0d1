// `npm run seed` as an operator runs it (scripts/seed.ts): seeds an empty database, and with --reset
// empties it first: the SQLite file and blobs of DATA_DIR, or with DATABASE_URL (PG_TESTS=1) the
// database's tables (ADR 060). Secret files stay.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase, onPostgres } from "../helpers/upstream";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-seed-cli-"));
let database: { url: string; drop: () => Promise<void> } | null = null;
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function seed(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", SEED_DEMO: "false" };
  for (const k of Object.keys(env)) if (k.startsWith("S3_")) delete env[k];
  const r = spawnSync("npm", ["run", "-s", "seed", "--", ...args], { env, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

async function users(): Promise<number> {
  if (!database) {
    const SQLite = (await import("better-sqlite3")).default;
    const db = new SQLite(path.join(dataDir, "portal.sqlite"), { readonly: true });
    try {
      return (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const c = new pg.Client(database.url);
  await c.connect();
  try {
    return Number((await c.query("SELECT count(*) AS n FROM users")).rows[0].n);
  } finally {
    await c.end();
  }
}

it("seeds an empty database once, and --reset empties it and seeds again, keeping the secrets", async () => {
  if (onPostgres) database = await createTestDatabase();
  const first = seed("--small");
  expect(first.code, first.out).toBe(0);
  expect(first.out).toMatch(/Seeded .* \(small variant\)/);
  const seededUsers = await users();
  expect(seededUsers).toBeGreaterThan(5);
  const again = seed("--small");
  expect(again.code, again.out).toBe(0);
  expect(again.out).toContain("is already seeded");

  // An extra row that the reset must remove.
  if (database) {
    const c = new pg.Client(database.url);
    await c.connect();
    await c.query("INSERT INTO kv (key, value) VALUES ('left-over', 'x')");
    await c.end();
  }
  const secrets = fs.readdirSync(dataDir).filter((f) => f.endsWith(".key"));
  const reset = seed("--reset", "--small");
  expect(reset.code, reset.out).toBe(0);
  expect(reset.out).toContain(database ? "the database at DATABASE_URL emptied, blobs deleted (secret files kept)" : "database deleted, blobs deleted (secret files kept)");
  expect(reset.out).toMatch(/Seeded .* \(small variant\)/);
  expect(await users()).toBe(seededUsers);
  expect(fs.readdirSync(dataDir).filter((f) => f.endsWith(".key"))).toEqual(secrets);
  // On PostgreSQL nothing of the database was written under DATA_DIR.
  expect(fs.existsSync(path.join(dataDir, "portal.sqlite"))).toBe(!database);
  if (database) {
    const c = new pg.Client(database.url);
    await c.connect();
    const left = (await c.query("SELECT count(*)::int AS n FROM kv WHERE key = 'left-over'")).rows[0].n;
    await c.end();
    expect(left).toBe(0);
  }
}, 240_000);
