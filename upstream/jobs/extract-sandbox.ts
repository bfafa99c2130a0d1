// Text extraction and OCR in a sandbox (ADR 068): every file is read by a child process
// (extract-child.ts), never in the process that serves pages. The child runs with a memory cap (V8's
// heap through --max-old-space-size, and its whole resident size, buffers included, watched from
// here) and two time budgets, one per file and one per page. A child that breaks a cap is killed and
// the file is reported failed with the reason; a child that dies on its own is a crash (the caller
// counts crashes and quarantines after two). One idle child is kept for the next file and ended
// after a minute without work.
import fs from "node:fs";
import path from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Extracted } from "./extract-text";

export interface ExtractLimits {
  /** Memory of one extraction (V8 heap and resident size of its process), in MB. */
  memoryMb: number;
  /** Time budget of one file, ms. */
  fileMs: number;
  /** Time budget of one page, ms. */
  pageMs: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = { memoryMb: 768, fileMs: 480_000, pageMs: 60_000 };

export type SandboxFailureKind = "memory" | "time" | "crash";

/** An extraction the sandbox stopped: "memory" and "time" are the file's fault (never retried), "crash" may be the machine's. */
export class SandboxFailure extends Error {
  constructor(
    message: string,
    readonly kind: SandboxFailureKind
  ) {
    super(message);
    this.name = "SandboxFailure";
  }
}

export type Extractor = (bytes: Uint8Array, file: { name: string; contentType?: string | null }) => Promise<Extracted>;

export interface ExtractSandbox {
  extract: Extractor;
  close(): Promise<void>;
}

type ChildMessage = { type: "ready" } | { type: "page"; n: number; total: number } | { type: "done"; out: Extracted } | { type: "error"; message: string };

const require = createRequire(import.meta.url);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "extract-child.ts");
/** How often the child's resident memory is looked at. */
const MEMORY_POLL_MS = 200;
/** An idle child is ended after this long without a file. */
const IDLE_MS = 60_000;

/** Resident memory of a process in MB (Linux /proc), or null where it cannot be read. */
export function residentMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const secs = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function createExtractSandbox(limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS, opts: { ocr?: boolean } = {}): ExtractSandbox {
  const idle: ChildProcess[] = [];
  const busy = new Set<ChildProcess>();
  const idleTimers = new Map<ChildProcess, NodeJS.Timeout>();
  let closed = false;

  const spawn = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const tsx = pathToFileURL(require.resolve("tsx")).href;
      const child = fork(CHILD, [], {
        execArgv: ["--import", tsx, `--max-old-space-size=${Math.max(64, Math.floor(limits.memoryMb))}`],
        env: { ...process.env, EXTRACT_OCR: opts.ocr === false ? "0" : "1" },
        serialization: "advanced",
        stdio: ["ignore", "inherit", "pipe", "ipc"],
      });
      // The child's stderr is read (a V8 heap overflow prints there) but not echoed: a file's failure
      // is reported with its reason, not as a crash dump in the portal's log.
      let stderr = "";
      child.stderr?.on("data", (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-4000);
      });
      (child as ChildProcess & { lastStderr: () => string }).lastStderr = () => stderr;
      const onReady = (m: ChildMessage) => {
        if (m.type !== "ready") return;
        child.off("message", onReady);
        child.off("exit", onEarlyExit);
        resolve(child);
      };
      const onEarlyExit = (code: number | null, signal: string | null) =>
        reject(new SandboxFailure(`The text reader could not start (${signal ?? `exit ${code}`}). ${stderr.trim().split("\n").slice(-1)[0] ?? ""}`.trim(), "crash"));
      child.on("message", onReady);
      child.once("exit", onEarlyExit);
      child.on("error", () => {});
    });

  const take = async (): Promise<ChildProcess> => {
    for (;;) {
      const c = idle.pop();
      if (!c) break;
      clearTimeout(idleTimers.get(c));
      idleTimers.delete(c);
      if (c.exitCode === null && c.signalCode === null && c.connected) return c;
    }
    return spawn();
  };

  const giveBack = (c: ChildProcess) => {
    busy.delete(c);
    if (closed || !c.connected) return void c.kill("SIGKILL");
    idle.push(c);
    const t = setTimeout(() => {
      const i = idle.indexOf(c);
      if (i >= 0) idle.splice(i, 1);
      idleTimers.delete(c);
      c.kill();
    }, IDLE_MS);
    t.unref();
    idleTimers.set(c, t);
  };

  const extract: Extractor = async (bytes, file) => {
    if (closed) throw new SandboxFailure("The text reader is shutting down.", "crash");
    const child = await take();
    busy.add(child);
    return new Promise<Extracted>((resolve, reject) => {
      let page = 0;
      let total = 0;
      let settled = false;
      const started = Date.now();
      let pageStarted = started;
      const where = () => (page > 0 && total > 1 ? ` while reading page ${page} of ${total}` : page > 0 && total === 1 ? "" : "");
      const finish = (err: SandboxFailure | null, out?: Extracted) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (err) {
          busy.delete(child);
          child.kill("SIGKILL");
          reject(err);
        } else {
          giveBack(child);
          resolve(out!);
        }
      };
      const breach = (message: string, kind: SandboxFailureKind) => finish(new SandboxFailure(message, kind));
      const watch = setInterval(() => {
        const t = Date.now();
        if (t - started > limits.fileMs) return breach(`Text extraction stopped: the file took longer than ${secs(limits.fileMs)}${where()}.`, "time");
        if (page > 0 && t - pageStarted > limits.pageMs) return breach(`Text extraction stopped: page ${page}${total > 1 ? ` of ${total}` : ""} took longer than ${secs(limits.pageMs)}.`, "time");
        const rss = child.pid ? residentMb(child.pid) : null;
        if (rss !== null && rss > limits.memoryMb) return breach(`Text extraction stopped: the file needed more than ${limits.memoryMb} MB of memory${where()}.`, "memory");
      }, MEMORY_POLL_MS);
      watch.unref();
      const onMessage = (m: ChildMessage) => {
        if (m.type === "page") {
          page = m.n;
          total = m.total;
          pageStarted = Date.now();
        } else if (m.type === "done") finish(null, m.out);
        else if (m.type === "error") {
          // An ordinary error of the reader (a broken PDF): the child is fine and stays.
          settled = true;
          clearInterval(watch);
          child.off("message", onMessage);
          child.off("exit", onExit);
          giveBack(child);
          reject(new Error(m.message));
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        const log = (child as ChildProcess & { lastStderr?: () => string }).lastStderr?.() ?? "";
        // V8 aborts a process whose heap is over --max-old-space-size: that is the memory cap.
        if (/heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY|Array buffer allocation failed/i.test(log) || signal === "SIGABRT" || code === 134) {
          return breach(`Text extraction stopped: the file needed more than ${limits.memoryMb} MB of memory${where()}.`, "memory");
        }
        breach(`The text reader stopped unexpectedly (${signal ?? `exit ${code}`})${where()}.`, "crash");
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ type: "extract", bytes, file: { name: file.name, contentType: file.contentType ?? null } }, (err) => {
        if (err) breach(`The text reader could not be given the file (${err.message}).`, "crash");
      });
    });
  };

  return {
    extract,
    async close() {
      closed = true;
      for (const c of [...idle, ...busy]) c.kill("SIGKILL");
      for (const t of idleTimers.values()) clearTimeout(t);
      idle.length = 0;
      busy.clear();
      idleTimers.clear();
    },
  };
}
