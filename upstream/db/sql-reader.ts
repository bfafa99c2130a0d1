// Raw SQL reads on SQLite that code outside Kysely runs (the search index's FTS5 queries): one
// interface, so the reads can run on the main thread's connection or elsewhere (a pool of reader
// threads) without the callers knowing.
import type Database from "better-sqlite3";

export type SqlParams = Record<string, unknown> | unknown[];

export interface SqlReader {
  /** Every row of a read-only statement. */
  all<T = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<T | undefined>;
}

/** Reads on the given connection, in the calling thread; statements prepared once per SQL text. */
export function mainThreadReader(sqlite: Database.Database): SqlReader {
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    let st = statements.get(source);
    if (!st) statements.set(source, (st = sqlite.prepare(source)));
    return st;
  };
  const bind = (params?: SqlParams) => (params === undefined ? [] : Array.isArray(params) ? params : [params]);
  return {
    async all<T>(source: string, params?: SqlParams) {
      return prepare(source).all(...bind(params)) as T[];
    },
    async get<T>(source: string, params?: SqlParams) {
      return prepare(source).get(...bind(params)) as T | undefined;
    },
  };
}
