// The audit log's hash chain (issue 19 item 5, ADR 044).
//
// Every audit_log row carries prev_hash (the hash of the row before it, or GENESIS_HASH for the
// first) and hash = sha256_hex(prev_hash + "\n" + canonical(row)), where canonical(row) is the JSON
// array [id, created_at, user_id, action, entity, entity_id, organization_id, detail, ip] written
// without spaces (JSON.stringify; Python: json.dumps(list, separators=(",", ":"), ensure_ascii=False)).
// `detail` is hashed as the stored text, never re-serialised. docs/operations.md has the auditor's
// recipe; this module is the one implementation the upstream, the scripts and the tests share.
import crypto from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);

/** The fields of an entry that the hash covers, in their stored form. */
export interface ChainEntry {
  id: number;
  created_at: string;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  organization_id: number | null;
  detail: string;
  ip: string | null;
}

export interface HashedEntry extends ChainEntry {
  prev_hash: string | null;
  hash: string | null;
}

export function canonicalEntry(e: ChainEntry): string {
  return JSON.stringify([e.id, e.created_at, e.user_id, e.action, e.entity, e.entity_id, e.organization_id, e.detail, e.ip]);
}

export function entryHash(prevHash: string, e: ChainEntry): string {
  return crypto.hash("sha256", `${prevHash}\n${canonicalEntry(e)}`, "hex");
}

export interface ChainProblem {
  /** The first entry at which the chain breaks (for a removed entry: its id when the gap shows it). */
  id: number;
  kind: "altered" | "removed" | "reordered" | "unhashed" | "truncated";
  message: string;
}

export interface ChainResult {
  ok: boolean;
  /** Entries read. */
  count: number;
  /** The last entry's id and hash as stored (the chain head), null for an empty log. */
  head: { id: number; hash: string | null } | null;
  problem: ChainProblem | null;
}

/**
 * Checks entries in id order, chunk by chunk (a verifier keeps only what it needs: the previous
 * entry; `findByHash` is asked only once the chain is broken, to name a reordering). Feed every chunk to `push`, then `finish`.
 */
export interface VerifyOptions {
  /** The hash the first entry must follow (an export's previous_hash); GENESIS_HASH by default. */
  startPrev?: string;
  /** The highest id the log ever handed out (sqlite_sequence): more than the last id = entries cut off the end. */
  sequence?: number | null;
  /** The id of the entry startPrev belongs to (a check that resumes after it): entries cut off the end are counted from there. */
  startId?: number;
  /** The id of the entry with this hash, if any: only asked once the chain is broken, to name a reordering. */
  findByHash?: (hash: string) => number | null;
}

export function chainVerifier(opts: VerifyOptions = {}) {
  let prev: { id: number; hash: string } | null = null;
  let expectedPrev = opts.startPrev ?? GENESIS_HASH;
  let count = 0;
  let head: ChainResult["head"] = null;
  let problem: ChainProblem | null = null;
  const find = (hash: string) => (opts.findByHash ? opts.findByHash(hash) : null);

  function check(e: HashedEntry): ChainProblem | null {
    if (!e.hash || !e.prev_hash) return { id: e.id, kind: "unhashed", message: `Entry #${e.id} has no hash: it was written around the chain.` };
    const contentOk = entryHash(e.prev_hash, e) === e.hash;
    const linkOk = e.prev_hash === expectedPrev;
    if (!contentOk) {
      // Content moved from another place keeps that place's id in its hash: name the place.
      // (The entry it was written after may itself have moved: try that place and the next.)
      const after = e.prev_hash === GENESIS_HASH ? 0 : find(e.prev_hash);
      const origins = after != null ? [after + 1, after] : [];
      const origin = origins.find((id) => id > 0 && id !== e.id && entryHash(e.prev_hash!, { ...e, id }) === e.hash);
      if (origin != null) {
        return { id: e.id, kind: "reordered", message: `Entry #${e.id} holds the entry written as #${origin}: entries were reordered.` };
      }
      return { id: e.id, kind: "altered", message: `Entry #${e.id} was altered: its content does not match its hash.` };
    }
    if (!linkOk) {
      const after = find(e.prev_hash);
      if (after != null && after !== e.id) {
        return { id: e.id, kind: "reordered", message: `Entry #${e.id} is out of order: it was written after entry #${after}, not after ${prev ? `#${prev.id}` : "the start"}.` };
      }
      const firstMissing = prev ? prev.id + 1 : opts.startId != null ? opts.startId + 1 : opts.startPrev ? null : 1;
      if (firstMissing != null && firstMissing < e.id) {
        const range = firstMissing === e.id - 1 ? `#${firstMissing} was` : `#${firstMissing} to #${e.id - 1} were`;
        return { id: firstMissing, kind: "removed", message: `Entry ${range} removed: entry #${e.id} was written after an entry that is no longer in the log.` };
      }
      return { id: e.id, kind: "removed", message: `An entry before #${e.id} was removed or replaced: entry #${e.id} was written after an entry that is no longer in the log.` };
    }
    return null;
  }

  return {
    push(entries: HashedEntry[]) {
      for (const e of entries) {
        count++;
        head = { id: e.id, hash: e.hash };
        if (problem) continue;
        problem = check(e);
        prev = e.hash ? { id: e.id, hash: e.hash } : prev;
        expectedPrev = e.hash ?? expectedPrev;
      }
    },
    finish(): ChainResult {
      const lastId = (head as ChainResult["head"])?.id ?? opts.startId ?? 0;
      if (!problem && opts.sequence != null && opts.sequence > lastId) {
        const range = opts.sequence === lastId + 1 ? `#${opts.sequence} was` : `#${lastId + 1} to #${opts.sequence} were`;
        problem = { id: lastId + 1, kind: "truncated", message: `Entry ${range} removed from the end of the log (the log had reached #${opts.sequence}).` };
      }
      return { ok: !problem, count, head, problem };
    },
  };
}

/** Verifies a whole list at once (an export, a test). */
export function verifyEntries(entries: HashedEntry[], opts: Omit<VerifyOptions, "findByHash"> = {}): ChainResult {
  const byHash = new Map<string, number>();
  for (const e of entries) if (e.hash && !byHash.has(e.hash)) byHash.set(e.hash, e.id);
  const v = chainVerifier({ ...opts, findByHash: (h) => byHash.get(h) ?? null });
  v.push(entries);
  return v.finish();
}
