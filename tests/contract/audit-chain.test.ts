// The tamper-evident audit trail (issue 19 item 5, ADR 044): every entry chained to the one before,
// appends serialised, the database refusing updates, deletes and forks, `npm run audit:verify`
// naming the first entry altered, removed or reordered, the chain's state and the export.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, onPostgres, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { pgDump, pgRestore } from "../../upstream/db/pg-tools";
import pg from "pg";
import { GENESIS_HASH, entryHash, verifyEntries, type HashedEntry } from "../../upstream/audit-chain";
import type { AuditExport } from "../../upstream/audit";
import { AuditChainAnswer } from "~/models/schemas/admin";
import { Kysely, Migrator, SqliteDialect, type Migration } from "kysely";
import { openDatabase } from "../../upstream/db";
import { createAudit } from "../../upstream/audit";

let up: TestUpstream;
let admin: Record<string, string>;
let member: Record<string, string>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "aero-audit-"));

beforeAll(async () => {
  up = await startTestUpstream();
  [admin, member] = await Promise.all([up.signIn("admin@demo.aero"), up.signIn("member@demo.aero")]);
  // Fifty appends at once through the one append path: the chain must come out linear.
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      up.upstream.deps.audit.log({ userId: 1, action: "test.entry", entity: "test", entityId: i, organizationId: null, detail: { i, text: "é \"quoted\"\n" }, ip: "192.0.2.1" }),
    ),
  );
});
afterAll(async () => {
  await up?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const rows = () => up.upstream.deps.db.selectFrom("audit_log").selectAll().orderBy("id").execute() as Promise<HashedEntry[]>;

/**
 * A database the CLI can check: a DATA_DIR on SQLite; on PostgreSQL (PG_TESTS=1) a database URL,
 * with the DATA_DIR the operator would also have.
 */
interface Target {
  dir: string;
  databaseUrl: string | null;
}
const live = (): Target => ({ dir: up.dataDir, databaseUrl: up.databaseUrl });
const copies: { drop: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const c of copies) await c.drop();
});

/** `npm run audit:verify` on a DATA_DIR, or DATABASE_URL (as an operator runs it). */
function verifyCli(target: Target, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: target.dir, DATABASE_URL: target.databaseUrl ?? "" };
  const r = spawnSync("npm", ["run", "-s", "audit:verify", "--", ...args], { env, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A copy of the live database (its own DATA_DIR, or on PostgreSQL its own database), to tamper with. */
async function copyOfLog(name: string): Promise<Target> {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  if (up.databaseUrl) {
    const copy = await createTestDatabase();
    copies.push(copy);
    const dump = path.join(dir, "copy.pgdump");
    await pgDump(up.databaseUrl, dump);
    await pgRestore(copy.url, dump);
    return { dir, databaseUrl: copy.url };
  }
  const src = new SQLite(path.join(up.dataDir, "portal.sqlite"), { readonly: true });
  await src.backup(path.join(dir, "portal.sqlite"));
  src.close();
  return { dir, databaseUrl: null };
}

/**
 * Tampers as an attacker with the database would: the triggers are dropped (SQLite) or disabled
 * (PostgreSQL) first. Each statement is SQL with "?" placeholders and its values, run in order in one
 * transaction.
 */
async function tamper(target: Target, statements: [string, ...unknown[]][]) {
  if (target.databaseUrl) {
    const c = new pg.Client(target.databaseUrl);
    await c.connect();
    try {
      await c.query("BEGIN");
      await c.query("ALTER TABLE audit_log DISABLE TRIGGER USER");
      for (const [text, ...values] of statements) {
        let n = 0;
        await c.query(text.replace(/\?/g, () => `$${++n}`), values);
      }
      await c.query("ALTER TABLE audit_log ENABLE TRIGGER USER");
      await c.query("COMMIT");
    } finally {
      await c.end();
    }
    return;
  }
  const db = new SQLite(path.join(target.dir, "portal.sqlite"));
  db.exec("DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain_insert;");
  db.transaction(() => {
    for (const [text, ...values] of statements) db.prepare(text).run(...values);
  })();
  db.close();
}

describe("the chain", () => {
  it("links every entry to the one before, concurrent appends included", async () => {
    const all = await rows();
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(all[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 0; i < all.length; i++) {
      const e = all[i]!;
      expect(e.prev_hash).toBe(i === 0 ? GENESIS_HASH : all[i - 1]!.hash);
      expect(e.hash).toBe(entryHash(e.prev_hash!, e));
      if (i > 0) expect(e.id).toBe(all[i - 1]!.id + 1);
    }
    expect(new Set(all.filter((e) => e.action === "test.entry").map((e) => e.entity_id)).size).toBe(50);
    const result = await up.upstream.deps.audit.verify();
    expect(result).toMatchObject({ ok: true, count: all.length, problem: null, head: { id: all.at(-1)!.id, hash: all.at(-1)!.hash } });
  });

  it("is append-only in the database: updates, deletes, unchained rows and forks are refused", async () => {
    const { db } = up.upstream.deps;
    const [first, last] = [(await rows())[0]!, (await rows()).at(-1)!];
    await expect(db.updateTable("audit_log").set({ action: "edited" }).where("id", "=", last.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").where("id", "=", last.id).execute()).rejects.toThrow(/append-only/);
    const base = { user_id: null, action: "x", entity: "x", entity_id: null, organization_id: null, detail: "{}", ip: null, created_at: new Date().toISOString() };
    await expect(db.insertInto("audit_log").values(base).execute()).rejects.toThrow(/hash chain/);
    // A second entry after an older head (a fork), and one reusing an id.
    const fork = { ...base, id: last.id + 1, prev_hash: first.hash, hash: "a".repeat(64) };
    await expect(db.insertInto("audit_log").values(fork).execute()).rejects.toThrow(/hash chain/);
    const reuse = { ...base, id: last.id, prev_hash: last.hash, hash: "a".repeat(64) };
    await expect(db.insertInto("audit_log").values(reuse).execute()).rejects.toThrow(/hash chain|UNIQUE/);
    expect((await rows()).at(-1)!.id).toBe(last.id);
  });
});

describe("migration 009_audit_chain", () => {
  it("chains the entries written before it, in id order", async () => {
    const dir = path.join(scratch, "premigration");
    fs.mkdirSync(dir);
    const sqlite = new SQLite(path.join(dir, "portal.sqlite"));
    const before = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const names = ["001_init", "002_consultant_indexes", "003_admin_indexes", "004_trust", "005_speed", "006_search_scope", "007_text_extraction"];
    const migrations: Record<string, Migration> = {};
    for (const n of names) migrations[n] = (await import(`../../upstream/db/migrations/${n}.ts`)) as Migration;
    const { error } = await new Migrator({ db: before, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect(error).toBeUndefined();
    const insert = sqlite.prepare("INSERT INTO audit_log (user_id, action, entity, entity_id, detail, ip) VALUES (1, ?, 'x', ?, '{}', '192.0.2.7')");
    for (let i = 0; i < 7; i++) insert.run(`old.${i}`, String(i));
    await before.destroy();

    const opened = await openDatabase(dir);
    try {
      const audit = createAudit(opened.db, opened.sqlite);
      await audit.log({ userId: null, action: "new.after", entity: "x" });
      const result = await audit.verify();
      expect(result).toMatchObject({ ok: true, count: 8 });
      const first = (await opened.db.selectFrom("audit_log").selectAll().orderBy("id").executeTakeFirstOrThrow()) as HashedEntry;
      expect(first).toMatchObject({ action: "old.0", prev_hash: GENESIS_HASH, hash: entryHash(GENESIS_HASH, first) });
    } finally {
      await opened.close();
    }
  });
});

describe("the admin page's check of a large log", () => {
  it("resumes from the last whole pass's head, and reads the log whole again when that head changed or when asked", async () => {
    const dir = path.join(scratch, "large");
    const opened = await openDatabase(dir);
    try {
      const audit = createAudit(opened.db, opened.sqlite, { smallLog: 10 });
      for (let i = 0; i < 20; i++) await audit.log({ userId: 1, action: "test.large", entity: "x", entityId: i });
      const first = await audit.verify();
      expect(first).toMatchObject({ ok: true, count: 20 });
      for (let i = 0; i < 5; i++) await audit.log({ userId: 1, action: "test.large", entity: "x", entityId: 20 + i });
      const ids = (await opened.db.selectFrom("audit_log").select("id").orderBy("id").execute()).map((r) => r.id);
      opened.sqlite.exec("DROP TRIGGER audit_log_no_update");
      opened.sqlite.prepare("UPDATE audit_log SET ip = '203.0.113.1' WHERE id = ?").run(ids[3]);
      // Within ten minutes an old entry's change waits for the next whole pass…
      const resumed = await audit.verify();
      expect(resumed).toMatchObject({ ok: true, count: 25, full_at: first.full_at, head: { id: ids[24] } });
      // …which a full check (npm run audit:verify) always is.
      expect((await audit.verify({ full: true })).problem).toMatchObject({ id: ids[3], kind: "altered" });
      // A changed head is never resumed from.
      opened.sqlite.prepare("UPDATE audit_log SET ip = NULL WHERE id = ?").run(ids[3]);
      expect((await audit.verify()).ok).toBe(true);
      opened.sqlite.prepare("UPDATE audit_log SET action = 'edited' WHERE id = ?").run(ids[24]);
      expect((await audit.verify()).problem).toMatchObject({ id: ids[24], kind: "altered" });
    } finally {
      await opened.close();
    }
  });
});

describe("npm run audit:verify", () => {
  it("prints OK with the count and the chain head", async () => {
    const all = await rows();
    const r = verifyCli(live());
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`OK: ${all.length} entries, chain head ${all.at(-1)!.hash} (entry #${all.at(-1)!.id}).`);
    const anchored = verifyCli(live(), "--head", all[10]!.hash!);
    expect(anchored.code, anchored.out).toBe(0);
    expect(verifyCli(live(), "--head", "f".repeat(64)).code).toBe(1);
  });

  it("names an entry altered directly in the database file", async () => {
    const dir = await copyOfLog("altered");
    const victim = (await rows())[20]!;
    await tamper(dir, [["UPDATE audit_log SET detail = '{\"i\":999}' WHERE id = ?", victim.id]]);
    const r = verifyCli(dir);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`BROKEN at entry #${victim.id}: Entry #${victim.id} was altered`);
  });

  it("names an entry removed from the middle, and entries cut off the end", async () => {
    const all = await rows();
    const dir = await copyOfLog("removed");
    await tamper(dir, [["DELETE FROM audit_log WHERE id = ?", all[30]!.id]]);
    const r = verifyCli(dir);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`BROKEN at entry #${all[30]!.id}: Entry #${all[30]!.id} was removed`);

    const tail = await copyOfLog("truncated");
    await tamper(tail, [["DELETE FROM audit_log WHERE id >= ?", all.at(-2)!.id]]);
    const t = verifyCli(tail);
    expect(t.code, t.out).toBe(1);
    expect(t.out).toContain(`BROKEN at entry #${all.at(-2)!.id}: Entry #${all.at(-2)!.id} to #${all.at(-1)!.id} were removed from the end of the log`);
  });

  it("names two entries swapped, their hashes moved with them", async () => {
    const all = await rows();
    const [a, b] = [all[12]!, all[25]!];
    const dir = await copyOfLog("swapped");
    const set = "UPDATE audit_log SET created_at = ?, user_id = ?, action = ?, entity = ?, entity_id = ?, organization_id = ?, detail = ?, ip = ?, prev_hash = ?, hash = ? WHERE id = ?";
    const values = (e: HashedEntry, target: number) => [e.created_at, e.user_id, e.action, e.entity, e.entity_id, e.organization_id, e.detail, e.ip, e.prev_hash, e.hash, target];
    // (hash is unique on PostgreSQL: moved through a placeholder first.)
    await tamper(dir, [
      ["UPDATE audit_log SET hash = ? WHERE id = ?", "moving", a.id],
      [set, ...values(b, a.id)],
      [set, ...values(a, b.id)],
    ]);
    const r = verifyCli(dir);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`BROKEN at entry #${a.id}: Entry #${a.id} holds the entry written as #${b.id}: entries were reordered.`);
  });

  it("tells reorderings, removals and alterations apart in memory too (adjacent swap, first entry)", async () => {
    const all = await rows();
    const swapped = all.map((e) => ({ ...e }));
    const [x, y] = [swapped[5]!, swapped[6]!];
    swapped[5] = { ...y, id: x.id };
    swapped[6] = { ...x, id: y.id };
    expect(verifyEntries(swapped).problem).toMatchObject({ id: x.id, kind: "reordered" });
    expect(verifyEntries(all.slice(1)).problem).toMatchObject({ id: 1, kind: "removed" });
    expect(verifyEntries([{ ...all[0]!, ip: "203.0.113.9" }, ...all.slice(1)]).problem).toMatchObject({ id: all[0]!.id, kind: "altered" });
    expect(verifyEntries([...all.slice(0, 3), { ...all[3]!, hash: null }]).problem).toMatchObject({ id: all[3]!.id, kind: "unhashed" });
  });
});

describe("the admin API", () => {
  it("shows the chain's state to staff only", async () => {
    const client = await up.signIn("client@demo.aero");
    expect((await fetch(`${up.mainUrl}/admin/audit/chain.json`, { headers: client })).status).toBe(422);
    expect((await fetch(`${up.mainUrl}/admin/audit/export.json`, { headers: client })).status).toBe(422);
    const res = await fetch(`${up.mainUrl}/admin/audit/chain.json`, { headers: member });
    expect(res.status).toBe(200);
    const chain = AuditChainAnswer.parse(await res.json());
    const all = await rows();
    expect(chain).toMatchObject({ ok: true, count: all.length, problem: null, head: { id: all.at(-1)!.id } });
  });

  it("exports a period with its previous hash and chain head that verify on their own (admins only)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const refused = await fetch(`${up.mainUrl}/admin/audit/export.json?from=${today}`, { headers: member });
    expect(refused.status).toBe(422);
    const bad = await fetch(`${up.mainUrl}/admin/audit/export.json?from=${today}&to=2000-01-01`, { headers: admin });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toMatch(/start date is after the end date/);

    const before = await rows();
    const res = await fetch(`${up.mainUrl}/admin/audit/export.json?from=${today}&to=${today}`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`audit-log_${today}_${today}.json`);
    const doc = (await res.json()) as AuditExport;
    expect(doc.count).toBe(before.length);
    expect(doc.previous_hash).toBe(GENESIS_HASH);
    expect(doc.chain_head).toMatchObject({ id: before.at(-1)!.id, hash: before.at(-1)!.hash, count: before.length });
    expect(doc.period_last_hash).toBe(before.at(-1)!.hash);
    expect(verifyEntries(doc.entries, { startPrev: doc.previous_hash }).ok).toBe(true);
    expect(doc.algorithm).toMatch(/sha256/);
    // The export is itself in the log.
    expect((await rows()).at(-1)).toMatchObject({ action: "admin.audit.export", user_id: expect.any(Number) });

    // A later period starts from the hash before it; the export file verifies offline, and not once edited.
    const later = doc.entries.slice(10);
    const file = path.join(scratch, "export.json");
    fs.writeFileSync(file, JSON.stringify({ ...doc, entries: later, previous_hash: doc.entries[9]!.hash, count: later.length }));
    const ok = verifyCli(live(), "--file", file);
    expect(ok.code, ok.out).toBe(0);
    later[3] = { ...later[3]!, action: "storage.nothing" };
    fs.writeFileSync(file, JSON.stringify({ ...doc, entries: later, previous_hash: doc.entries[9]!.hash }));
    const broken = verifyCli(live(), "--file", file);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`Entry #${later[3]!.id} was altered`);
  });
});
