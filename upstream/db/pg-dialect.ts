// Kysely's PostgreSQL dialect with the request check of request-scope.ts (ADR 083): a query of a
// request whose client went away, and that has written nothing, is not sent. A query already running
// finishes (cancelling it by pid could hit the next query of a reused connection).
import { PostgresDialect, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from "kysely";
import { isReadOnlySql, markWrite, stopIfAbandoned } from "./request-scope";

class CheckedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}
  private check(sql: string) {
    if (this.inTransaction) return;
    stopIfAbandoned();
    if (!isReadOnlySql(sql)) markWrite();
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.check(query.sql);
    return this.inner.executeQuery<R>(query);
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.check(query.sql);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class CheckedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    return new CheckedConnection(await this.inner.acquireConnection());
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as CheckedConnection;
    stopIfAbandoned();
    markWrite();
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as CheckedConnection;
    c.inTransaction = false;
    await this.inner.commitTransaction(c.inner);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as CheckedConnection;
    c.inTransaction = false;
    await this.inner.rollbackTransaction(c.inner);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]) {
    return this.inner.savepoint!((connection as CheckedConnection).inner, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["rollbackToSavepoint"]>>[2]) {
    return this.inner.rollbackToSavepoint!((connection as CheckedConnection).inner, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["releaseSavepoint"]>>[2]) {
    return this.inner.releaseSavepoint!((connection as CheckedConnection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as CheckedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

export class CheckedPostgresDialect extends PostgresDialect {
  createDriver(): Driver {
    return new CheckedDriver(super.createDriver());
  }
}
