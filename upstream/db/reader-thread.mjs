// One reader thread of the SQLite reader pool (reader-pool.ts, ADR 083): its own read-only connection
// on the portal's WAL file, its statements prepared once per SQL text, one query at a time. Plain
// JavaScript (no tsx in the thread): it starts in a few milliseconds and needs nothing but the driver.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const SQLite = require("better-sqlite3");

/** Statements kept for reuse (distinct SQL texts), as the main connection's cache does. */
const STATEMENT_CACHE_SIZE = 500;

const db = new SQLite(workerData.filename, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
const statements = new Map();

function prepare(source) {
  let statement = statements.get(source);
  if (statement) return statement;
  statement = db.prepare(source);
  // A statement that writes is refused here, not run: the pool's callers send reads only.
  if (!statement.reader) throw Object.assign(new Error("The reader pool runs reads only."), { code: "NOT_A_READ" });
  if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
  statements.set(source, statement);
  return statement;
}

// Parameters arrive through structured clone: a Buffer becomes a Uint8Array, which the driver binds
// as text; a blob parameter is bound as a Buffer again.
const asBlob = (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v);
const bind = (params) => (Array.isArray(params) ? params.map(asBlob) : Object.fromEntries(Object.entries(params).map(([k, v]) => [k, asBlob(v)])));

/** A streamed read in progress (the pool sends this thread nothing else until it is done). */
let streamed = null;

function nextChunk() {
  const { id, iterator, chunk } = streamed;
  const rows = [];
  let done = false;
  while (rows.length < chunk) {
    const step = iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    rows.push(step.value);
  }
  if (done) streamed = null;
  parentPort.postMessage({ id, rows, done });
}

parentPort.on("message", (m) => {
  try {
    if (m.more || m.stop) {
      if (!streamed || streamed.id !== m.id) return;
      if (m.more) return nextChunk();
      streamed.iterator.return();
      streamed = null;
      return parentPort.postMessage({ id: m.id, rows: [], done: true });
    }
    const statement = prepare(m.sql);
    if (m.mode === "iterate") {
      streamed = { id: m.id, iterator: statement.iterate(bind(m.params)), chunk: Math.max(1, m.chunk ?? 100) };
      return nextChunk();
    }
    const rows = m.mode === "get" ? [statement.get(bind(m.params))].filter((r) => r !== undefined) : statement.all(bind(m.params));
    parentPort.postMessage({ id: m.id, rows });
  } catch (err) {
    if (streamed?.id === m.id) {
      streamed.iterator.return();
      streamed = null;
    }
    parentPort.postMessage({ id: m.id, error: { message: err?.message ?? String(err), code: err?.code } });
  }
});
parentPort.postMessage({ ready: true });
