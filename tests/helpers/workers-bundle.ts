// A module of the portal bundled as the Workers build resolves it (no Node built-ins, no "browser"
// field: anything of Node fails to resolve) and run in a fresh V8 context holding only the Web
// globals given: the module's exports, or the bundle's error.
import vm from "node:vm";
import { build } from "esbuild";

export async function runAsOnWorkers<T>(entry: string, globals: Record<string, unknown>): Promise<T> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker"],
    format: "iife",
    globalName: "__module",
    logLevel: "silent",
  });
  const sandbox: Record<string, unknown> = { ...globals };
  vm.runInNewContext(bundle.outputFiles[0]!.text, sandbox);
  return sandbox.__module as T;
}
