// Starts the sheet worker (sheet-pool.ts, ADR 067) in a worker thread. The upstream is TypeScript
// run by tsx (`npm start`) or by vitest, and a worker thread starts with neither: tsx's loader is
// registered here, then the worker's own module is loaded.
import { register } from "tsx/esm/api";

register();
await import("./sheet-worker.ts");
