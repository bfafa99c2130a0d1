// Where uploaded spreadsheets are read (ADR 067): in worker threads, never on the thread that serves
// requests. Each worker has a heap cap (resourceLimits, SHEET_PARSE_MEMORY_MB) and each reading a time
// budget (SHEET_PARSE_TIMEOUT_MS); a worker that runs out of either is ended and the upload answered
// 422 with the reason, while the portal goes on serving everyone else. At most SHEET_WORKERS read at
// once; further uploads wait in line (at most SHEET_QUEUE of them, each for at most the time budget),
// and one more is refused as busy. A worker is kept a little while for the next upload: starting
// one (tsx, SheetJS, ExcelJS) costs about half a second.
import { Worker } from "node:worker_threads";
import { refuse } from "../http";
import { SHEET_LIMIT_MESSAGES, type SheetLimits } from "./sheet-limits";
import type { SheetTask, SheetTaskResult } from "./sheet-tasks";
import type { SheetWorkerAnswer } from "./sheet-worker";

/** Workers reading at once (the machine's other cores serve pages, the database, the job queue). */
export const SHEET_WORKERS = 2;
/** Uploads waiting for a worker; each holds its file (at most 10 MB) while it waits. */
export const SHEET_QUEUE = 8;
/** An idle worker is ended after this long. */
const IDLE_MS = 30_000;
const BOOT = new URL("./sheet-worker.mjs", import.meta.url);

interface PooledWorker {
  worker: Worker;
  memoryMb: number;
  idleTimer: NodeJS.Timeout | null;
}

const idle: PooledWorker[] = [];
const waiting: (() => void)[] = [];
let reading = 0;
let lastId = 0;

/** A reading slot: at once, after waiting in line, or a 422 when the line is full or too slow. */
function acquire(limits: SheetLimits): Promise<void> {
  if (reading < SHEET_WORKERS) {
    reading += 1;
    return Promise.resolve();
  }
  if (waiting.length >= SHEET_QUEUE) return Promise.reject(refuse(SHEET_LIMIT_MESSAGES.busy()));
  return new Promise((resolve, reject) => {
    const go = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(go), 1);
      reject(refuse(SHEET_LIMIT_MESSAGES.busy()));
    }, limits.parseTimeoutMs);
    waiting.push(go);
  });
}

/** Hands the slot to the next in line, if any. */
function release() {
  const next = waiting.shift();
  if (next) next();
  else reading -= 1;
}

function spawn(memoryMb: number): PooledWorker {
  // execArgv [] : the bootstrap registers tsx itself, whether or not this process runs under tsx's CLI.
  const worker = new Worker(BOOT, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  const pooled: PooledWorker = { worker, memoryMb, idleTimer: null };
  // Errors are handled by the reading in progress; one after it (or while idle) must not throw here.
  worker.on("error", () => {});
  worker.once("exit", () => {
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  });
  return pooled;
}

function take(memoryMb: number): PooledWorker {
  const i = idle.findIndex((p) => p.memoryMb === memoryMb);
  if (i < 0) return spawn(memoryMb);
  const [pooled] = idle.splice(i, 1);
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  pooled.idleTimer = null;
  return pooled;
}

function giveBack(pooled: PooledWorker) {
  // An idle worker does not keep the process alive.
  pooled.worker.unref();
  idle.push(pooled);
  pooled.idleTimer = setTimeout(() => {
    // Out of the line first: a worker being ended must not be handed the next upload.
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
}

function readInWorker<T extends SheetTask>(task: T): Promise<SheetTaskResult<T>> {
  const { limits } = task;
  const pooled = take(limits.parseMemoryMb);
  const { worker } = pooled;
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    const finish = (keep: boolean) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (keep) giveBack(pooled);
      else void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish(false);
      reject(refuse(SHEET_LIMIT_MESSAGES.time(limits)));
    }, limits.parseTimeoutMs);
    const onMessage = (m: SheetWorkerAnswer) => {
      if (m.id !== id) return;
      finish(true);
      if (m.ok) resolve(m.result as SheetTaskResult<T>);
      else if ("refused" in m) reject(refuse(m.refused.error, m.refused.errors));
      else reject(Object.assign(new Error(`Reading a spreadsheet failed: ${m.failed.message}`), { stack: m.failed.stack }));
    };
    const onError = (err: Error & { code?: string }) => {
      finish(false);
      // V8 stopped the worker at its heap cap (resourceLimits): the file's fault, not the portal's.
      reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? refuse(SHEET_LIMIT_MESSAGES.memory()) : err);
    };
    const onExit = (code: number) => {
      finish(false);
      reject(new Error(`The spreadsheet reader stopped (exit code ${code}).`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.ref();
    worker.postMessage({ id, task });
  });
}

/**
 * Reads an uploaded spreadsheet for an import or a validation in a worker thread, under the task's
 * limits. Answers the reading; throws the 422 of a limit (including the worker's memory and time),
 * of an unreadable file, or of a full line.
 */
export async function readSheetOffThread<T extends SheetTask>(task: T): Promise<SheetTaskResult<T>> {
  await acquire(task.limits);
  try {
    return await readInWorker(task);
  } finally {
    release();
  }
}
