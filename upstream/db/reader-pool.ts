// SQLite reads off the thread that serves requests (ADR 083): a few reader threads, each with its own
// read-only connection on the same WAL file, take reads from one line in the order they came. A read
// is its own snapshot: it sees every write committed before it was sent. A read whose request was
// abandoned while it waited is dropped from the line (its request's signal); a thread that dies fails
// the read it ran and is replaced.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { cancellableSignal, stopIfAbandoned } from "./request-scope";
import type { SqlParams, SqlReader } from "./sql-reader";

const THREAD = new URL("./reader-thread.mjs", import.meta.url);

/**
 * Reader threads when DB_READ_THREADS is unset: the machine's cores, at least 2 (one long read never
 * makes the others wait for a thread) and at most 4 (each holds a connection and its page cache, and
 * threads beyond the cores only take turns on them).
 */
export function defaultReadThreads(): number {
  return Math.max(2, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));
}

/** DB_READ_THREADS: a whole number of reader threads, 0 for reads on the main connection. */
export function readThreadsFromEnv(value = process.env.DB_READ_THREADS): number {
  if (value === undefined || value.trim() === "") return defaultReadThreads();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`DB_READ_THREADS must be a whole number from 0 to 64 (got "${value}").`);
  return n;
}

interface Read {
  sql: string;
  params: unknown[] | Record<string, unknown>;
  mode: "all" | "get";
  signal?: AbortSignal;
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (err: unknown) => void;
  onAbort?: () => void;
}

interface ReaderThread {
  worker: Worker;
  /** The read it runs, or null when free. */
  running: (Read & { id: number }) | null;
  /** Its connection opened. */
  ready: boolean;
}

export interface ReaderPool {
  /** The rows of one read-only statement (`get`: at most the first). */
  read(sql: string, params: unknown[] | Record<string, unknown>, mode: "all" | "get", signal?: AbortSignal): Promise<Record<string, unknown>[]>;
  /** The same reads behind the SqlReader interface (the search index's FTS5 queries). */
  reader: SqlReader;
  readonly threads: number;
  /** The threads' workers (tests end one to see it replaced). */
  workers(): Worker[];
  close(): Promise<void>;
}

export class ReaderStopped extends Error {}

// Rows come back through structured clone: a blob column arrives as a Uint8Array; callers get the
// Buffer that better-sqlite3 gives on the main connection.
function withBuffers(rows: Record<string, unknown>[]) {
  for (const row of rows) {
    for (const key in row) {
      const v = row[key];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return rows;
}

export function createReaderPool(filename: string, threads: number): ReaderPool {
  const line: Read[] = [];
  const pool: ReaderThread[] = [];
  let lastId = 0;
  let closed = false;
  let broken = false;

  const spawn = (): ReaderThread => {
    const thread: ReaderThread = { worker: new Worker(THREAD, { workerData: { filename }, execArgv: [] }), running: null, ready: false };
    // An idle thread does not keep the process alive (a script that never closes its database still
    // exits); one running a read does, until the answer is in.
    thread.worker.unref();
    thread.worker.on("message", (m: { ready?: true; id?: number; rows?: Record<string, unknown>[]; error?: { message: string; code?: string } }) => {
      if (m.ready) thread.ready = true;
      const read = thread.running;
      if (m.id === undefined || !read || read.id !== m.id) return;
      thread.running = null;
      thread.worker.unref();
      if (m.error) read.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else read.resolve(withBuffers(m.rows!));
      next();
    });
    // An error thread is followed by its exit, where the read it ran is failed and the thread replaced.
    thread.worker.on("error", (err) => {
      if (!closed) console.error("[db] a reader thread failed", err);
    });
    thread.worker.once("exit", (code) => {
      const i = pool.indexOf(thread);
      if (i >= 0) pool.splice(i, 1);
      const read = thread.running;
      thread.running = null;
      read?.reject(new ReaderStopped(closed ? "The database is closed." : `The database reader stopped (exit ${code}); the read was not finished.`));
      if (closed) return;
      // A thread that could not even open the database is not started again (it would fail the
      // same way, in a loop); once none is left, reads fail instead of waiting for ever.
      if (thread.ready) pool.push(spawn());
      if (pool.length === 0) {
        broken = true;
        for (const r of line.splice(0)) r.reject(new ReaderStopped("The database readers could not start."));
      }
      next();
    });
    return thread;
  };
  for (let i = 0; i < threads; i++) pool.push(spawn());

  /** Hands waiting reads to free threads. */
  const next = () => {
    for (const thread of pool) {
      if (thread.running) continue;
      const read = line.shift();
      if (!read) return;
      if (read.onAbort) read.signal!.removeEventListener("abort", read.onAbort);
      const id = ++lastId;
      thread.running = { ...read, id };
      thread.worker.ref();
      thread.worker.postMessage({ id, sql: read.sql, params: read.params, mode: read.mode });
    }
  };

  const read: ReaderPool["read"] = (sql, params, mode, signal) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new ReaderStopped("The database is closed."));
      if (broken) return reject(new ReaderStopped("The database readers could not start."));
      if (signal?.aborted) return reject(signal.reason);
      const entry: Read = { sql, params, mode, signal, resolve, reject };
      if (signal) {
        // Abandoned while waiting for a thread: out of the line, never run.
        entry.onAbort = () => {
          const i = line.indexOf(entry);
          if (i >= 0) line.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", entry.onAbort, { once: true });
      }
      line.push(entry);
      next();
    });

  const bind = (params?: SqlParams) => (params === undefined ? [] : (params as unknown[] | Record<string, unknown>));
  return {
    read,
    reader: {
      async all<T>(sql: string, params?: SqlParams) {
        stopIfAbandoned();
        return (await read(sql, bind(params), "all", cancellableSignal())) as T[];
      },
      async get<T>(sql: string, params?: SqlParams) {
        stopIfAbandoned();
        return (await read(sql, bind(params), "get", cancellableSignal()))[0] as T | undefined;
      },
    },
    threads,
    workers: () => pool.map((t) => t.worker),
    async close() {
      if (closed) return;
      closed = true;
      for (const r of line.splice(0)) r.reject(new ReaderStopped("The database is closed."));
      await Promise.all(pool.map((t) => t.worker.terminate()));
    },
  };
}
