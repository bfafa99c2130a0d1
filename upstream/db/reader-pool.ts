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

type Rows = Record<string, unknown>[];

interface Read {
  sql: string;
  params: unknown[] | Record<string, unknown>;
  /** `iterate`: a streamed read, `chunk` rows at a time, each asked for by its reader (see stream). */
  mode: "all" | "get" | "iterate";
  chunk?: number;
  signal?: AbortSignal;
  /** The answer (for `iterate`: the next chunk) and its failure. */
  resolve: (rows: Rows) => void;
  reject: (err: unknown) => void;
  onAbort?: () => void;
  /** Once a thread runs it. */
  id?: number;
  thread?: ReaderThread;
  /** A streamed read is over (its last chunk sent, stopped, or failed: `failure`). */
  done?: boolean;
  failure?: unknown;
}

interface ReaderThread {
  worker: Worker;
  /** The read it runs, or null when free. */
  running: Read | null;
  /** Its connection opened. */
  ready: boolean;
}

export interface ReaderPool {
  /** The rows of one read-only statement (`get`: at most the first). */
  read(sql: string, params: unknown[] | Record<string, unknown>, mode: "all" | "get", signal?: AbortSignal): Promise<Record<string, unknown>[]>;
  /**
   * The rows of one read-only statement in chunks, the thread taken until the last chunk or until the
   * iteration is left (a consumer that stops early frees the thread). One snapshot throughout.
   */
  stream(sql: string, params: unknown[], chunk: number, signal?: AbortSignal): AsyncIterableIterator<Rows>;
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
    thread.worker.on("message", (m: { ready?: true; id?: number; rows?: Rows; done?: boolean; error?: { message: string; code?: string } }) => {
      if (m.ready) thread.ready = true;
      const read = thread.running;
      if (m.id === undefined || !read || read.id !== m.id) return;
      // A streamed read keeps its thread until its last chunk.
      if (read.mode === "iterate" && !m.error && !m.done) return read.resolve(withBuffers(m.rows!));
      thread.running = null;
      thread.worker.unref();
      read.done = true;
      if (m.error) read.reject((read.failure = Object.assign(new Error(m.error.message), { code: m.error.code })));
      else read.resolve(withBuffers(m.rows!));
      next();
    });
    // A thread's error is followed by its exit, where the read it ran is failed and the thread replaced.
    thread.worker.on("error", (err) => {
      if (!closed) console.error("[db] a reader thread failed", err);
    });
    thread.worker.once("exit", (code) => {
      const i = pool.indexOf(thread);
      if (i >= 0) pool.splice(i, 1);
      const read = thread.running;
      thread.running = null;
      if (read) {
        read.done = true;
        read.reject((read.failure = new ReaderStopped(closed ? "The database is closed." : `The database reader stopped (exit ${code}); the read was not finished.`)));
      }
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
      read.id = ++lastId;
      read.thread = thread;
      thread.running = read;
      thread.worker.ref();
      thread.worker.postMessage({ id: read.id, sql: read.sql, params: read.params, mode: read.mode, chunk: read.chunk });
    }
  };

  const enqueue = (entry: Omit<Read, "resolve" | "reject">): [Read, Promise<Rows>] => {
    let read!: Read;
    const answer = new Promise<Rows>((resolve, reject) => {
      read = Object.assign(entry, { resolve, reject });
      const { signal } = entry;
      if (closed) return reject(new ReaderStopped("The database is closed."));
      if (broken) return reject(new ReaderStopped("The database readers could not start."));
      if (signal?.aborted) return reject(signal.reason);
      if (signal) {
        // Abandoned while waiting for a thread: out of the line, never run.
        read.onAbort = () => {
          const i = line.indexOf(read);
          if (i >= 0) line.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", read.onAbort, { once: true });
      }
      line.push(read);
      next();
    });
    return [read, answer];
  };

  const read: ReaderPool["read"] = (sql, params, mode, signal) => enqueue({ sql, params, mode, signal })[1];

  async function* stream(sql: string, params: unknown[], chunk: number, signal?: AbortSignal): AsyncIterableIterator<Rows> {
    const [entry, first] = enqueue({ sql, params, mode: "iterate", chunk, signal });
    let rows = await first;
    try {
      for (;;) {
        if (rows.length) yield rows;
        if (entry.done) return;
        rows = await new Promise<Rows>((resolve, reject) => {
          if (entry.failure) return reject(entry.failure);
          entry.resolve = resolve;
          entry.reject = reject;
          entry.thread!.worker.postMessage({ id: entry.id, more: true });
        });
      }
    } finally {
      // Left early: the thread ends the statement and answers done, which frees it.
      if (!entry.done) entry.thread?.worker.postMessage({ id: entry.id, stop: true });
    }
  }

  const bind = (params?: SqlParams) => (params === undefined ? [] : (params as unknown[] | Record<string, unknown>));
  return {
    read,
    stream,
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
