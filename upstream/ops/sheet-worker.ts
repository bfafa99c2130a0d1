// The sheet worker's module (ADR 067): runs in a worker thread started by sheet-pool.ts (through
// sheet-worker.mjs), one upload at a time, and posts back plain data: the reading, a refusal (the
// 422 the request answers), or a failure (a bug: a 500, logged by the request).
import { parentPort } from "node:worker_threads";
import { ApiError } from "../http";
import { runSheetTask, type SheetTask } from "./sheet-tasks";

export type SheetWorkerAnswer =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof runSheetTask>> }
  | { id: number; ok: false; refused: { error: string; errors?: Record<string, string[]> } }
  | { id: number; ok: false; failed: { message: string; stack?: string } };

const port = parentPort!;
port.on("message", async ({ id, task }: { id: number; task: SheetTask }) => {
  let answer: SheetWorkerAnswer;
  try {
    answer = { id, ok: true, result: await runSheetTask(task) };
  } catch (err) {
    answer =
      err instanceof ApiError
        ? { id, ok: false, refused: { error: err.error, ...(err.errors ? { errors: err.errors } : {}) } }
        : { id, ok: false, failed: { message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined } };
  }
  port.postMessage(answer);
});
