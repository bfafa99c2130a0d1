// Kysely's SQLite dialect with reads off the main thread (ADR 083). Each query goes where it must:
//   - inside a transaction: the main connection, which the transaction holds (the driver's mutex, as
//     Kysely's own SqliteDriver holds it for every query);
//   - a read (SELECT / WITH … SELECT) outside a transaction: a reader thread of the pool, no mutex;
//   - anything else (a write, a PRAGMA): the main connection under the mutex, so it never runs inside
//     another request's open transaction.
// Without a pool (`:memory:`, DB_READ_THREADS=0, or before the migrations ran) reads take the main
// connection under the mutex as well: today's single connection. Every query first checks its
// request (request-scope.ts): one whose client went away and that has written nothing stops there.
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import type { ReaderPool } from "./reader-pool";
import { cancellableSignal, isReadOnlySql, markWrite, stopIfAbandoned } from "./request-scope";

/** One holder at a time, first come first served (Kysely's SqliteDriver has the same). */
class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;
  async lock() {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }
  unlock() {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

/** The mutex of each SQLite handle this driver runs on: what onMainConnection takes. */
const mutexes = new WeakMap<SQLite.Database, Mutex>();

function runOnMain(main: SQLite.Database, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = main.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class RoutedConnection implements DatabaseConnection {
  /** The connection holds the mutex: a transaction is open on it. */
  inTransaction = false;
  constructor(
    private readonly main: SQLite.Database,
    private readonly readers: () => ReaderPool | null,
    private readonly mutex: Mutex,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return runOnMain(this.main, query) as QueryResult<R>;
    stopIfAbandoned();
    const pool = this.readers();
    const read = isReadOnlySql(query.sql);
    if (pool && read) return { rows: (await pool.read(query.sql, query.parameters as unknown[], "all", cancellableSignal())) as R[] };
    if (!read) markWrite();
    await this.mutex.lock();
    try {
      // The wait may have been long: an abandoned request's read stops here too.
      if (read) stopIfAbandoned();
      return runOnMain(this.main, query) as QueryResult<R>;
    } finally {
      this.mutex.unlock();
    }
  }

  // A streamed select (exports): on a reader thread in chunks of `chunkSize` rows, asked for one
  // after the other (the thread is the stream's until it ends); in a transaction or without a pool,
  // on the main connection, one row per turn of the event loop, holding the mutex meanwhile.
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("Sqlite driver only supports streaming of select queries");
    const pool = this.inTransaction ? null : this.readers();
    if (!this.inTransaction) stopIfAbandoned();
    if (pool) {
      for await (const rows of pool.stream(query.sql, query.parameters as unknown[], chunkSize, cancellableSignal())) yield { rows: rows as R[] };
      return;
    }
    const locked = !this.inTransaction;
    if (locked) await this.mutex.lock();
    try {
      for (const row of this.main.prepare(query.sql).iterate(query.parameters as unknown[])) {
        yield { rows: [row as R] };
      }
    } finally {
      if (locked) this.mutex.unlock();
    }
  }

  async begin() {
    stopIfAbandoned();
    markWrite();
    await this.mutex.lock();
    this.inTransaction = true;
    try {
      runOnMain(this.main, CompiledQuery.raw("begin"));
    } catch (err) {
      this.end();
      throw err;
    }
  }

  finish(command: "commit" | "rollback") {
    try {
      runOnMain(this.main, CompiledQuery.raw(command));
    } finally {
      this.end();
    }
  }

  end() {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    this.mutex.unlock();
  }
}

class RoutedSqliteDriver implements Driver {
  constructor(
    private readonly main: SQLite.Database,
    private readonly readers: () => ReaderPool | null,
    private readonly mutex: Mutex,
  ) {}
  async init() {}
  async acquireConnection() {
    return new RoutedConnection(this.main, this.readers, this.mutex);
  }
  async beginTransaction(connection: DatabaseConnection) {
    await (connection as RoutedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection) {
    (connection as RoutedConnection).finish("commit");
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as RoutedConnection).finish("rollback");
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }
  async releaseConnection(connection: DatabaseConnection) {
    // A transaction Kysely neither committed nor rolled back (it always does one): the mutex goes back.
    (connection as RoutedConnection).end();
  }
  async destroy() {
    this.main.close();
  }
}

/**
 * SQLite through Kysely with reads on `readers()` when it gives a pool (null: every query on the main
 * connection). `main` is the connection writes and transactions use (`handle` behind its statement
 * cache: what onMainConnection is given).
 */
export class RoutedSqliteDialect extends SqliteDialect {
  readonly #mutex = new Mutex();
  constructor(
    private readonly main: SQLite.Database,
    handle: SQLite.Database,
    private readonly readers: () => ReaderPool | null,
  ) {
    super({ database: main });
    mutexes.set(handle, this.#mutex);
  }
  createDriver(): Driver {
    return new RoutedSqliteDriver(this.main, this.readers, this.#mutex);
  }
}

/**
 * Runs `run` (synchronous statements on the SQLite handle, like the audit chain's append) while no
 * transaction of another request is open on the main connection: under the mutex of the driver that
 * uses `sqlite`, or else in a connection of Kysely's own driver (which holds its mutex the same way).
 */
export async function onMainConnection<T>(db: Kysely<any>, sqlite: SQLite.Database, run: () => T): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const mutex = mutexes.get(sqlite);
  if (!mutex) return db.connection().execute(async () => run());
  markWrite();
  await mutex.lock();
  try {
    return run();
  } finally {
    mutex.unlock();
  }
}
