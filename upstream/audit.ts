// The audit log: one append path that extends the hash chain (upstream/audit-chain.ts, ADR 044),
// the chain's verification and the export of a period with its chain head.
//
// Appends are serialised twice over: within this process every write holds Kysely's connection
// (its mutex: no other query or transaction of the process runs meanwhile) and reads the head and
// inserts in one synchronous better-sqlite3 transaction; across processes that transaction is
// BEGIN IMMEDIATE (SQLite's write lock, waited for up to busy_timeout). The database refuses any
// insert that does not extend the head (trigger audit_log_chain_insert), so the chain cannot fork.
import type SQLite from "better-sqlite3";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Audit } from "./context";
import type { DB } from "./db";
import { onMainConnection } from "./db/sqlite-driver";
import { GENESIS_HASH, chainVerifier, entryHash, type ChainEntry, type ChainResult, type HashedEntry } from "./audit-chain";

const VERIFY_CHUNK = 2000;
/**
 * The admin page's check (verify() without `full`): a log this small is read whole on every call
 * (about 0.2 s per 20,000 entries here); a larger one whole at most every FULL_EVERY_MS, and in
 * between from the last whole pass's head (unchanged, with as many entries up to it) to the new head.
 * `npm run audit:verify` always reads it whole.
 */
const SMALL_LOG = 20_000;
const FULL_EVERY_MS = 10 * 60_000;

const COLUMNS = "id, created_at, user_id, action, entity, entity_id, organization_id, detail, ip, prev_hash, hash";

export interface AuditExport {
  format: "aero-records-audit-export";
  version: 1;
  algorithm: string;
  period: { from: string | null; to: string | null };
  exported_at: string;
  /** The hash the first exported entry follows (GENESIS_HASH when it is the log's first entry). */
  previous_hash: string;
  /** The last exported entry's hash (previous_hash when the period is empty). */
  period_last_hash: string;
  /** The whole log's head when exported: an auditor may compare it with a later export. */
  chain_head: { id: number; hash: string | null; count: number } | null;
  count: number;
  entries: HashedEntry[];
}

/** How an auditor checks an export by hand (also in docs/operations.md). */
export const EXPORT_INSTRUCTIONS = [
  "Each entry's hash is sha256 (lower-case hex) of: its prev_hash, a newline (\\n), then the JSON array",
  "[id, created_at, user_id, action, entity, entity_id, organization_id, detail, ip] written without spaces",
  "(UTF-8; JavaScript JSON.stringify; Python json.dumps(a, separators=(',', ':'), ensure_ascii=False)).",
  "detail is hashed as the string it is in the export (do not parse it). The first entry's prev_hash must equal",
  "previous_hash, each next entry's prev_hash the hash of the entry before it, and the last entry's hash",
  "period_last_hash. The very first entry of the log follows 64 zeros. Any difference means the log was altered,",
  "or entries removed or reordered, at that entry.",
].join(" ");

export function createAudit(db: DB, sqlite: SQLite.Database, { smallLog = SMALL_LOG }: { smallLog?: number } = {}): Audit {
  const lastStmt = sqlite.prepare<[], { id: number; hash: string | null }>("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1");
  const seqStmt = sqlite.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'");
  const insertStmt = sqlite.prepare(
    `INSERT INTO audit_log (${COLUMNS}) VALUES (@id, @created_at, @user_id, @action, @entity, @entity_id, @organization_id, @detail, @ip, @prev_hash, @hash)`,
  );
  const append = sqlite.transaction((entry: Omit<ChainEntry, "id">) => {
    const last = lastStmt.get();
    const seq = seqStmt.get()?.seq ?? 0;
    // After the sequence, not only the last row: entries cut off the end stay a visible gap.
    const id = Math.max(last?.id ?? 0, seq) + 1;
    const prev = last?.hash ?? GENESIS_HASH;
    const row = { ...entry, id };
    insertStmt.run({ ...row, prev_hash: prev, hash: entryHash(prev, row) });
  });
  const chunkStmt = sqlite.prepare<[number, number, number], HashedEntry>(`SELECT ${COLUMNS} FROM audit_log WHERE id > ? AND id <= ? ORDER BY id LIMIT ?`);
  const byHashStmt = sqlite.prepare<[string], { id: number }>("SELECT id FROM audit_log WHERE hash = ? ORDER BY id LIMIT 1");
  const byIdStmt = sqlite.prepare<[number], HashedEntry>(`SELECT ${COLUMNS} FROM audit_log WHERE id = ?`);
  /** The entry is there, unchanged: its stored hash is the one remembered and still matches its content. */
  const intact = (id: number, hash: string) => {
    const row = byIdStmt.get(id);
    return !!row && row.hash === hash && !!row.prev_hash && entryHash(row.prev_hash, row) === hash;
  };
  const countUpToStmt = sqlite.prepare<[number], { n: number }>("SELECT count(*) AS n FROM audit_log WHERE id <= ?");
  /** The last good verification: where a check of a large log may resume (see SMALL_LOG). */
  let verified: { id: number; hash: string; count: number; fullAt: number } | null = null;

  return {
    async log(e) {
      const entry = {
        created_at: new Date().toISOString(),
        user_id: e.userId,
        action: e.action,
        entity: e.entity,
        entity_id: e.entityId == null ? null : String(e.entityId),
        organization_id: e.organizationId ?? null,
        detail: JSON.stringify(e.detail ?? {}),
        ip: e.ip ?? null,
      };
      // Not inside another request's open transaction on the same connection (it would join it).
      await onMainConnection(db, sqlite, () => append.immediate(entry));
    },

    async verify({ full = false } = {}): Promise<ChainResult & { full_at: string }> {
      // The head as of now: entries appended meanwhile are the next verification's.
      const upTo = lastStmt.get()?.id ?? 0;
      const sequence = seqStmt.get()?.seq ?? null;
      const findByHash = (h: string) => byHashStmt.get(h)?.id ?? null;
      const c = verified;
      const resume =
        !full && c && c.count >= smallLog && Date.now() - c.fullAt < FULL_EVERY_MS && upTo >= c.id && intact(c.id, c.hash) && countUpToStmt.get(c.id)?.n === c.count
          ? c
          : null;
      const v = chainVerifier(resume ? { startPrev: resume.hash, startId: resume.id, sequence, findByHash } : { sequence, findByHash });
      let after = resume?.id ?? 0;
      for (;;) {
        const rows = chunkStmt.all(after, upTo, VERIFY_CHUNK);
        if (rows.length === 0) break;
        v.push(rows);
        after = rows[rows.length - 1]!.id;
        // Let requests run between chunks: a long log never holds the event loop for long.
        await new Promise((r) => setImmediate(r));
      }
      let result = v.finish();
      // The sequence is read before the rows: an append in between is not a truncation.
      if (result.problem?.kind === "truncated" && (lastStmt.get()?.id ?? 0) > upTo) result = { ...result, ok: true, problem: null };
      if (resume) result = { ...result, count: resume.count + result.count, head: result.head ?? { id: resume.id, hash: resume.hash } };
      const fullAt = resume ? resume.fullAt : Date.now();
      verified = result.ok && result.head?.hash ? { id: result.head.id, hash: result.head.hash, count: result.count, fullAt } : null;
      return { ...result, full_at: new Date(fullAt).toISOString() };
    },

    async exportPeriod({ from, to }): Promise<AuditExport> {
      const start = from ? `${from}T00:00:00.000Z` : null;
      const end = to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() : null;
      // The period is the contiguous run of ids from the first entry at or after `from` to the last
      // before the end of `to`: a chain can only be checked without holes.
      const first = sqlite.prepare<[string], { id: number }>("SELECT min(id) AS id FROM audit_log WHERE created_at >= ?").get(start ?? "");
      const last = sqlite.prepare<[string], { id: number }>("SELECT max(id) AS id FROM audit_log WHERE created_at < ?").get(end ?? "9999");
      const head = sqlite.prepare<[], { id: number; hash: string | null; count: number }>(
        "SELECT id, hash, (SELECT count(*) FROM audit_log) AS count FROM audit_log ORDER BY id DESC LIMIT 1",
      ).get();
      const entries: HashedEntry[] = [];
      if (first?.id != null && last?.id != null && first.id <= last.id) {
        let after = first.id - 1;
        for (;;) {
          const rows = chunkStmt.all(after, last.id, VERIFY_CHUNK);
          if (rows.length === 0) break;
          entries.push(...rows);
          after = rows[rows.length - 1]!.id;
        }
      }
      const previous = entries[0]
        ? (sqlite.prepare<[number], { hash: string | null }>("SELECT hash FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT 1").get(entries[0].id)?.hash ?? GENESIS_HASH)
        : (sqlite.prepare<[string], { hash: string | null }>("SELECT hash FROM audit_log WHERE created_at < ? ORDER BY id DESC LIMIT 1").get(start ?? "")?.hash ?? GENESIS_HASH);
      return {
        format: "aero-records-audit-export",
        version: 1,
        algorithm: EXPORT_INSTRUCTIONS,
        period: { from: from ?? null, to: to ?? null },
        exported_at: new Date().toISOString(),
        previous_hash: previous,
        period_last_hash: entries.length ? (entries[entries.length - 1]!.hash ?? "") : previous,
        chain_head: head ? { id: head.id, hash: head.hash, count: head.count } : null,
        count: entries.length,
        entries,
      };
    },
  };
}

/**
 * The same log on PostgreSQL (DATABASE_URL, ADR 056). Appends are serialised across processes by
 * a table lock held for the append's transaction (SHARE ROW EXCLUSIVE: readers go on, a second
 * appender waits); the ids continue after audit_log_counter (migration 018, the counterpart of
 * sqlite_sequence: updated in the same transaction, so a refused or rolled-back insert leaves it as
 * it was), and the triggers of migrations 004 and 009 refuse anything else.
 */
export function createPgAudit(db: DB, { smallLog = SMALL_LOG }: { smallLog?: number } = {}): Audit {
  const q = async <T>(query: RawBuilder<unknown>, on: Kysely<any> = db) => (await query.execute(on)).rows as T[];
  const last = async (on: Kysely<any> = db) => (await q<{ id: number; hash: string | null }>(sql`SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1`, on))[0];
  /** The highest id handed out (null before any entry). */
  const sequence = async (on: Kysely<any> = db) => {
    const r = (await q<{ n: number | null }>(sql`SELECT last_id AS n FROM audit_log_counter WHERE id = 1`, on))[0];
    return r?.n == null || Number(r.n) === 0 ? null : Number(r.n);
  };
  const chunk = (after: number, upTo: number, limit: number) =>
    q<HashedEntry>(sql`SELECT ${sql.raw(COLUMNS)} FROM audit_log WHERE id > ${after} AND id <= ${upTo} ORDER BY id LIMIT ${limit}`);
  const byId = async (id: number) => (await q<HashedEntry>(sql`SELECT ${sql.raw(COLUMNS)} FROM audit_log WHERE id = ${id}`))[0];
  const intact = async (id: number, hash: string) => {
    const row = await byId(id);
    return !!row && row.hash === hash && !!row.prev_hash && entryHash(row.prev_hash, row) === hash;
  };
  let verified: { id: number; hash: string; count: number; fullAt: number } | null = null;

  return {
    async log(e) {
      const entry = {
        created_at: new Date().toISOString(),
        user_id: e.userId,
        action: e.action,
        entity: e.entity,
        entity_id: e.entityId == null ? null : String(e.entityId),
        organization_id: e.organizationId ?? null,
        detail: JSON.stringify(e.detail ?? {}),
        ip: e.ip ?? null,
      };
      await db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        const head = await last(trx);
        const seq = (await sequence(trx)) ?? 0;
        const id = Math.max(head?.id ?? 0, seq) + 1;
        const prev = head?.hash ?? GENESIS_HASH;
        const row = { ...entry, id };
        const hash = entryHash(prev, row);
        await sql`INSERT INTO audit_log (${sql.raw(COLUMNS)}) VALUES (${id}, ${row.created_at}, ${row.user_id}, ${row.action}, ${row.entity},
          ${row.entity_id}, ${row.organization_id}, ${row.detail}, ${row.ip}, ${prev}, ${hash})`.execute(trx);
        await sql`UPDATE audit_log_counter SET last_id = ${id} WHERE id = 1`.execute(trx);
      });
    },

    async verify({ full = false } = {}): Promise<ChainResult & { full_at: string }> {
      const upTo = (await last())?.id ?? 0;
      const seq = await sequence();
      // findByHash is asked only where the chain is broken: those hashes are looked up per chunk.
      const known = new Map<string, number>();
      const findByHash = (h: string) => known.get(h) ?? null;
      const c = verified;
      const resume =
        !full && c && c.count >= smallLog && Date.now() - c.fullAt < FULL_EVERY_MS && upTo >= c.id && (await intact(c.id, c.hash)) &&
        Number((await q<{ n: number }>(sql`SELECT count(*) AS n FROM audit_log WHERE id <= ${c.id}`))[0]?.n) === c.count
          ? c
          : null;
      const v = chainVerifier(resume ? { startPrev: resume.hash, startId: resume.id, sequence: seq, findByHash } : { sequence: seq, findByHash });
      let after = resume?.id ?? 0;
      let prevHash = resume?.hash ?? GENESIS_HASH;
      for (;;) {
        const rows = await chunk(after, upTo, VERIFY_CHUNK);
        if (rows.length === 0) break;
        const wanted = new Set<string>();
        for (const e of rows) {
          if (e.prev_hash && (e.prev_hash !== prevHash || entryHash(e.prev_hash, e) !== e.hash)) wanted.add(e.prev_hash);
          prevHash = e.hash ?? prevHash;
        }
        if (wanted.size) {
          const found = await q<{ id: number; hash: string }>(sql`SELECT min(id) AS id, hash FROM audit_log WHERE hash = ANY(${[...wanted]}::text[]) GROUP BY hash`);
          for (const f of found) known.set(f.hash, Number(f.id));
        }
        v.push(rows);
        after = rows[rows.length - 1]!.id;
      }
      let result = v.finish();
      if (result.problem?.kind === "truncated" && ((await last())?.id ?? 0) > upTo) result = { ...result, ok: true, problem: null };
      if (resume) result = { ...result, count: resume.count + result.count, head: result.head ?? { id: resume.id, hash: resume.hash } };
      const fullAt = resume ? resume.fullAt : Date.now();
      verified = result.ok && result.head?.hash ? { id: result.head.id, hash: result.head.hash, count: result.count, fullAt } : null;
      return { ...result, full_at: new Date(fullAt).toISOString() };
    },

    async exportPeriod({ from, to }): Promise<AuditExport> {
      const start = from ? `${from}T00:00:00.000Z` : null;
      const end = to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() : null;
      const first = (await q<{ id: number | null }>(sql`SELECT min(id) AS id FROM audit_log WHERE created_at >= ${start ?? ""}`))[0];
      const lastIn = (await q<{ id: number | null }>(sql`SELECT max(id) AS id FROM audit_log WHERE created_at < ${end ?? "9999"}`))[0];
      const head = (await q<{ id: number; hash: string | null; count: number }>(
        sql`SELECT id, hash, (SELECT count(*) FROM audit_log) AS count FROM audit_log ORDER BY id DESC LIMIT 1`,
      ))[0];
      const entries: HashedEntry[] = [];
      if (first?.id != null && lastIn?.id != null && first.id <= lastIn.id) {
        let after = first.id - 1;
        for (;;) {
          const rows = await chunk(after, lastIn.id, VERIFY_CHUNK);
          if (rows.length === 0) break;
          entries.push(...rows);
          after = rows[rows.length - 1]!.id;
        }
      }
      const previous = entries[0]
        ? ((await q<{ hash: string | null }>(sql`SELECT hash FROM audit_log WHERE id < ${entries[0].id} ORDER BY id DESC LIMIT 1`))[0]?.hash ?? GENESIS_HASH)
        : ((await q<{ hash: string | null }>(sql`SELECT hash FROM audit_log WHERE created_at < ${start ?? ""} ORDER BY id DESC LIMIT 1`))[0]?.hash ?? GENESIS_HASH);
      return {
        format: "aero-records-audit-export",
        version: 1,
        algorithm: EXPORT_INSTRUCTIONS,
        period: { from: from ?? null, to: to ?? null },
        exported_at: new Date().toISOString(),
        previous_hash: previous,
        period_last_hash: entries.length ? (entries[entries.length - 1]!.hash ?? "") : previous,
        chain_head: head ? { id: head.id, hash: head.hash, count: Number(head.count) } : null,
        count: entries.length,
        entries,
      };
    },
  };
}
