// Production entry: Express + the Remix handler, and (unless MAIN_API_URL/OPS_API_URL are set) the
// embedded upstream on the same port at /_api/main, /_api/ops and the blob store at /_blob.
import crypto from "node:crypto";
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { getRequestListener } from "@hono/node-server";
import { createUpstream, type Upstream } from "./upstream/index";
import { loadUpstreamConfig, persistentSecret, DEFAULT_CLIENT_UUID } from "./upstream/config";
import { seedDemo } from "./upstream/db/seed";

type Fetcher = (request: Request) => Promise<Response>;

export interface StartedServer {
  server: Server;
  url: string;
  upstream: Upstream | null;
  close: () => Promise<void>;
}

const BUILD_PATH = path.resolve("build/index.js");

/** A fetcher that forwards the portal's upstream calls to a remote deployment of the same contract. */
function remoteFetcher(base: string): Fetcher {
  const root = base.replace(/\/+$/, "");
  return async (req) => {
    const u = new URL(req.url);
    const init: RequestInit & { duplex?: string } = { method: req.method, headers: req.headers, body: req.body, redirect: "manual", signal: req.signal };
    if (req.body) init.duplex = "half";
    return fetch(`${root}${u.pathname}${u.search}`, init);
  };
}

/** Mounts a Web-standard handler under an Express path (Express strips the mount path from req.url). */
function mountFetch(handler: Fetcher) {
  return getRequestListener((req) => handler(req));
}

function securityHeaders(nonce: string, blobOrigin: string | null) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:" + (blobOrigin ? ` ${blobOrigin}` : ""),
    "font-src 'self'",
    "connect-src 'self'" + (blobOrigin ? ` ${blobOrigin}` : ""),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

export async function startServer(opts: { port?: number; host?: string; log?: boolean } = {}): Promise<StartedServer> {
  const env = process.env;
  const log = opts.log ?? true;
  const remote = Boolean(env.MAIN_API_URL && env.OPS_API_URL);
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");

  // Secrets: required in production against a remote upstream; generated and kept in DATA_DIR for the embedded demo.
  if (!env.SESSION_SECRET) {
    if (remote && env.NODE_ENV === "production") throw new Error("SESSION_SECRET is required in production.");
    env.SESSION_SECRET = persistentSecret(dataDir, "session-secret.key");
  }
  env.CLIENT_UUID ??= DEFAULT_CLIENT_UUID;

  let upstream: Upstream | null = null;
  let fetchers: { main: Fetcher; ops: Fetcher; blob: Fetcher };
  if (remote) {
    fetchers = {
      main: remoteFetcher(env.MAIN_API_URL!),
      ops: remoteFetcher(env.OPS_API_URL!),
      blob: remoteFetcher(env.BLOB_PUBLIC_URL?.startsWith("http") ? env.BLOB_PUBLIC_URL : `${env.MAIN_API_URL!.replace(/\/+$/, "")}/_blob`),
    };
  } else {
    const config = loadUpstreamConfig(env);
    upstream = await createUpstream(config);
    if (env.SEED_DEMO !== "false") {
      const t0 = Date.now();
      await seedDemo(upstream.deps);
      if (log && Date.now() - t0 > 1000) console.log(`[seed] demo data ready in ${Date.now() - t0} ms`);
    }
    fetchers = { main: upstream.main, ops: upstream.ops, blob: upstream.blob };
  }
  const blobOrigin = env.BLOB_PUBLIC_URL?.startsWith("http") ? new URL(env.BLOB_PUBLIC_URL).origin : null;

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) {
    const v = env.TRUST_PROXY;
    app.set("trust proxy", /^\d+$/.test(v) ? Number(v) : v === "true" ? true : v);
  }
  app.use(compression());

  if (upstream) {
    app.use("/_api/main", mountFetch(upstream.main));
    app.use("/_api/ops", mountFetch(upstream.ops));
  }

  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("public", { maxAge: "1h", index: false }));

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.set(securityHeaders(nonce, blobOrigin));
    if (env.NODE_ENV === "production" && env.PORTAL_URL?.startsWith("https://")) {
      res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });

  const loadBuild = async (): Promise<ServerBuild> =>
    import(pathToFileURL(BUILD_PATH).href + (env.NODE_ENV === "development" ? `?t=${fs.statSync(BUILD_PATH).mtimeMs}` : ""));
  let build = await loadBuild();
  const getLoadContext = (req: ExpressRequest, res: ExpressResponse) => ({
    upstream: fetchers,
    clientIp: req.ip ?? req.socket.remoteAddress ?? null,
    nonce: res.locals.nonce as string,
  });
  if (env.NODE_ENV === "development") {
    app.all("*", async (req, res, next) => {
      try {
        build = await loadBuild();
        return createRequestHandler({ build, getLoadContext, mode: "development" })(req, res, next);
      } catch (e) {
        next(e);
      }
    });
  } else {
    app.all("*", createRequestHandler({ build, getLoadContext, mode: env.NODE_ENV }));
  }

  const port = opts.port ?? Number(env.PORT ?? 3000);
  const host = opts.host ?? env.HOST ?? "0.0.0.0";
  const server = await new Promise<Server>((resolve) => {
    // The blob store is served before Express: large uploads and downloads skip every middleware
    // (about 3x faster for a 200 MB signed POST), and its bytes are never compressed, so speed-test
    // files arrive as they are and byte ranges stay exact.
    const blob = upstream ? mountFetch(upstream.blob) : null;
    const s = createServer((req, res) => {
      const url = req.url ?? "/";
      if (blob && (url === "/_blob" || url.startsWith("/_blob/") || url.startsWith("/_blob?"))) {
        req.url = url.slice("/_blob".length) || "/";
        return blob(req, res);
      }
      return app(req, res);
    });
    s.listen(port, host, () => resolve(s));
  });
  const addr = server.address();
  const actualPort = typeof addr === "object" && addr ? addr.port : port;
  const url = `http://localhost:${actualPort}`;
  if (log) console.log(`AeroRecords portal on ${url}${upstream ? " (embedded upstream, data in " + dataDir + ")" : ""}`);
  if (env.NODE_ENV === "development") broadcastDevReady(build);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Finish in-flight requests, then close the database.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
        // In-flight requests get SHUTDOWN_GRACE_MS (default 30 s) to finish; then connections are cut.
        setTimeout(() => {
          server.closeAllConnections?.();
          resolve();
        }, Number(env.SHUTDOWN_GRACE_MS ?? 30_000)).unref();
      });
      await upstream?.close();
    })());
  return { server, url, upstream, close };
}

// Run directly (node/tsx server.ts or npm start): start and shut down gracefully on SIGTERM/SIGINT.
const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain || process.env.AERO_START === "1") {
  startServer()
    .then((s) => {
      const stop = (signal: string) => {
        console.log(`${signal}: finishing in-flight requests…`);
        s.close().then(() => process.exit(0));
      };
      process.once("SIGTERM", () => stop("SIGTERM"));
      process.once("SIGINT", () => stop("SIGINT"));
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
