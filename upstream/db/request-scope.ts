// The request a database query runs for (ADR 083): the upstream runs each call's handler inside a
// scope holding the call's abort signal, and the database drivers stop the queries of a request whose
// client went away. A request that has written something is never stopped: it finishes, so its
// writes land together with their audit entry; one that has only read stops at its next query.
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestScope {
  signal: AbortSignal;
  /** The request has run a write (or opened a transaction): its queries run to the end. */
  wrote: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** How many queries were not run because their request had been abandoned (tests read it). */
export const abandonedQueries = { stopped: 0 };

/** Runs `run` (a request's handler) with its signal in scope for the queries it makes. */
export function withRequestScope<T>(signal: AbortSignal, run: () => T): T {
  return scopes.run({ signal, wrote: false }, run);
}

/** The signal of the request the caller runs for, when it may still be stopped. */
export function cancellableSignal(): AbortSignal | undefined {
  const scope = scopes.getStore();
  return scope && !scope.wrote ? scope.signal : undefined;
}

/** Throws the signal's reason when the calling request was abandoned and has written nothing. */
export function stopIfAbandoned(): void {
  const signal = cancellableSignal();
  if (signal?.aborted) {
    abandonedQueries.stopped += 1;
    throw signal.reason;
  }
}

/** The calling request writes: from now on its queries are not stopped. */
export function markWrite(): void {
  const scope = scopes.getStore();
  if (scope) scope.wrote = true;
}

/** A statement that only reads: SELECT or WITH … SELECT with no write in it, nor a PRAGMA. */
export function isReadOnlySql(source: string): boolean {
  return /^\s*(select|with)\b/i.test(source) && !/\b(insert|update|delete|replace|create|drop|alter|pragma|attach|detach|vacuum|reindex)\b/i.test(source);
}
