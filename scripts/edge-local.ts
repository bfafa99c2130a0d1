// The portal on workerd, locally and offline: the worker bundle (build/edge/worker.js) in Miniflare as
// wrangler.toml describes it (compatibility date and flags, build/client as static assets), in front
// of the embedded upstream on Node serving only the APIs and the blob store
// (scripts/upstream-server.ts), both on 127.0.0.1. No Cloudflare account, no network.
// `npm run test:edge` and bench/edge.ts start it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import { DEFAULT_CLIENT_UUID } from "../upstream/config";
import { startUpstreamServer, type UpstreamServer } from "./upstream-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The settings of wrangler.toml the local run needs. The file keeps to a subset of TOML whose values
 * read as JSON (strings, string arrays, booleans), so no TOML parser is needed for it.
 */
export function readWranglerToml(file = path.join(root, "wrangler.toml")) {
  const values: Record<string, unknown> = {};
  let section = "";
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (!line || line.startsWith("#")) continue;
    const head = /^\[([\w.]+)\]$/.exec(line);
    if (head) section = `${head[1]}.`;
    else {
      const m = /^(\w+)\s*=\s*(.+)$/.exec(line);
      if (!m) throw new Error(`wrangler.toml: cannot read ${JSON.stringify(raw)}`);
      values[`${section}${m[1]}`] = JSON.parse(m[2]!);
    }
  }
  return {
    main: path.join(root, String(values.main)),
    compatibilityDate: String(values.compatibility_date),
    compatibilityFlags: (values.compatibility_flags as string[] | undefined) ?? [],
    assets: path.join(root, String(values["assets.directory"])),
    htmlHandling: values["assets.html_handling"] as "none" | undefined,
  };
}

export interface EdgeStack {
  /** The portal on workerd. */
  url: string;
  upstream: UpstreamServer;
  /** The UPSTREAM_SECRET the worker and the upstream share (another portal may use it too). */
  upstreamSecret: string;
  /** What the worker logged as errors so far (console.error: an unexpected failure). */
  errors: () => string[];
  close: () => Promise<void>;
}

/**
 * Starts the upstream on `dataDir` (an existing demo copy: no seeding) and the worker in front of it.
 * The two share a fresh UPSTREAM_SECRET; the worker gets a fresh SESSION_SECRET.
 */
export async function startEdgeStack({ dataDir }: { dataDir: string }): Promise<EdgeStack> {
  const forwardSecret = crypto.randomBytes(32).toString("base64url");
  const upstream = await startUpstreamServer({
    port: 0,
    host: "127.0.0.1",
    env: { DATA_DIR: dataDir, UPSTREAM_SECRET: forwardSecret, SEED_DEMO: "false", JOB_WORKERS: "0", CLIENT_UUID: DEFAULT_CLIENT_UUID },
  });
  const toml = readWranglerToml();
  const errors: string[] = [];
  const mf = new Miniflare({
    name: "aero-records-portal",
    // One module, given as such: Miniflare would otherwise trace its imports and refuse the dynamic
    // import() of Remix's browser code (bundled, never run on the server).
    modules: [{ type: "ESModule", path: toml.main }],
    compatibilityDate: toml.compatibilityDate,
    compatibilityFlags: toml.compatibilityFlags,
    assets: { directory: toml.assets, routerConfig: { has_user_worker: true }, assetConfig: { html_handling: toml.htmlHandling } },
    bindings: {
      MAIN_API_URL: upstream.mainUrl,
      OPS_API_URL: upstream.opsUrl,
      BLOB_PUBLIC_URL: upstream.blobUrl,
      UPSTREAM_SECRET: forwardSecret,
      SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
      CLIENT_UUID: DEFAULT_CLIENT_UUID,
    },
    host: "127.0.0.1",
    port: 0,
    // Offline: the placeholder request.cf, not Cloudflare's from the network.
    cf: false,
    log: new Log(LogLevel.WARN),
    // What the worker logs (a refusal's console.warn, a failure's console.error), passed on; its
    // errors kept for the test run.
    handleStructuredLogs({ level, message }) {
      if (level === "error") errors.push(message);
      (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${message}\n`);
    },
  });
  const url = (await mf.ready).origin;
  return {
    url,
    upstream,
    upstreamSecret: forwardSecret,
    errors: () => [...errors],
    async close() {
      await mf.dispose();
      await upstream.close();
    },
  };
}
