// Production entry: Express + the Remix handler, and (unless MAIN_API_URL/OPS_API_URL are set) the
// embedded upstream on the same port at /_api/main, /_api/ops and the blob store at /_blob.
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { getRequestListener } from "@hono/node-server";
import { createUpstream, type Upstream, type UpstreamCallMeta } from "./upstream/index";
import { httpEntry, socketAddress } from "./upstream/client-address";
import { ipInCidr } from "./upstream/ipwhitelist";
import { loadUpstreamConfig, persistentSecret, DEFAULT_CLIENT_UUID } from "./upstream/config";
import { OPENAPI_PATH, openApiHandler } from "./upstream/openapi";
import { seedDemo } from "./upstream/db/seed";
import { compressAssets } from "./scripts/compress-assets";
import { ASSETS_DIR, SERVER_BUILD, loadStylesheet, readPageScript } from "./scripts/built-assets";
import { CROSS_ORIGIN_PAGE, blobPublicOrigin, bodyRefusal, formMaxBytes, formTooLargePage, isCrossOriginWrite, newNonce, remoteUpstream, securityHeaders } from "./app/utils/front-door.server";

type Fetcher = (request: Request, meta?: UpstreamCallMeta) => Promise<Response>;

export interface StartedServer {
  server: Server;
  url: string;
  upstream: Upstream | null;
  close: () => Promise<void>;
}

/** Mounts a Web-standard handler under an Express path (Express strips the mount path from req.url). */
function mountFetch(handler: (request: Request) => Promise<Response>) {
  return getRequestListener((req) => handler(req));
}

/**
 * API_ALLOW: who may reach the embedded APIs over HTTP (/_api/main, /_api/ops). Unset or "all":
 * everyone (the APIs still need a token, and the address they use is the socket's); "none": not
 * mounted at all (the portal calls them in process); otherwise a comma-separated list of CIDRs
 * checked against the peer's address (Express's req.ip, so TRUST_PROXY applies). ADR 025.
 */
export function apiAllowRule(value: string | undefined): "all" | "none" | ((ip: string | null) => boolean) {
  const v = (value ?? "").trim();
  if (!v || v === "all") return "all";
  if (v === "none") return "none";
  const cidrs = v.split(",").map((s) => s.trim()).filter(Boolean);
  return (ip) => Boolean(ip) && cidrs.some((c) => ipInCidr(ip!, c.includes("/") ? c : `${c}/${c.includes(":") ? 128 : 32}`));
}

/**
 * The embedded APIs over HTTP, and their OpenAPI document at /_api/openapi.json (ADR 046): all three
 * behind the same API_ALLOW rule ("none": none of them is mounted).
 */
export function mountEmbeddedApis(app: express.Express, upstream: Pick<Upstream, "main" | "ops" | "deps">, allowValue: string | undefined) {
  const apiAllow = apiAllowRule(allowValue);
  if (apiAllow === "none") return;
  // Over HTTP the caller's address is the socket's (req.ip), or a signed forwarded one: never a bare header.
  const opts = { forwardSecret: upstream.deps.config.forwardSecret, allow: apiAllow === "all" ? undefined : apiAllow };
  app.get(OPENAPI_PATH, httpEntry(openApiHandler, opts));
  app.use("/_api/main", httpEntry(upstream.main, opts));
  app.use("/_api/ops", httpEntry(upstream.ops, opts));
}

/** The encoding to serve for an Accept-Encoding header: br before gzip, honouring q=0. */
export function pickEncoding(accept: string | undefined): "br" | "gzip" | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (n: string) => (offered.get(n) ?? offered.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

const ASSET_TYPES: Record<string, string> = { ".js": "application/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** Serves `<file>.br` / `<file>.gz` beside a built asset by content negotiation. */
function precompressed(root: string): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = ASSET_TYPES[path.extname(req.path)];
    const encoding = type ? pickEncoding(req.headers["accept-encoding"]) : null;
    if (!type || !encoding) return next();
    const file = path.join(root, path.normalize(decodeURIComponent(req.path)).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(root + path.sep)) return next();
    const compressed = `${file}.${encoding === "br" ? "br" : "gz"}`;
    if (!fs.existsSync(compressed)) return next();
    res.set({ "Content-Type": type, "Content-Encoding": encoding, Vary: "Accept-Encoding" });
    res.sendFile(compressed, { immutable: true, maxAge: "1y", dotfiles: "deny" }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}

/** What a client may still send once its answer is written before the connection is closed. */
export const DISCARD_AFTER_ANSWER = 64 * 1024 * 1024;

/**
 * Every request gets its answer, whatever the app did with its body (issue 29). Two ways a body
 * the app stopped reading used to cost the answer:
 *   - cancelled: a multipart reader leaving early (a refusal) cancels the body, and the body
 *     streams of Remix and Hono cancel by destroying the request, socket included, before the
 *     answer is written (the client sees a reset, or waits);
 *   - left paused: the answer is written, but the rest of the body is never read, so the client's
 *     upload stalls and a browser that sends the whole body before it reads the answer waits forever.
 * Here the app's destroy only stops the reading: the rest is discarded while the answer is made;
 * once it is written, whatever is still coming is discarded up to DISCARD_AFTER_ANSWER bytes
 * (nginx's lingering close: closing a socket with unread bytes sends a reset that can wipe out
 * the answer at the client), then the connection is closed.
 */
export function answerEveryRequest(req: IncomingMessage, res: ServerResponse) {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (!hasBody) return;
  const destroy = req.destroy.bind(req);
  let discarding = false;
  let afterAnswer = 0;
  const discard = () => {
    if (discarding || req.readableEnded || req.destroyed) return;
    discarding = true;
    // Whoever read the body is done with it: their listeners would queue the rest in memory.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      if (res.writableFinished && (afterAnswer += chunk.length) > DISCARD_AFTER_ANSWER) destroy();
    });
    req.resume();
  };
  req.destroy = (error?: Error) => {
    // A body read to its end is destroyed as usual (its socket stays); Node itself destroys the
    // request when the socket goes (nothing to answer then). A body that has all arrived but is not
    // all read (`complete`, not `readableEnded`) is not: Node would take the socket with it.
    if (req.readableEnded || !req.socket || req.socket.destroyed || res.destroyed) return destroy(error);
    discard();
    return req;
  };
  res.once("finish", () => {
    if (!req.complete) discard();
  });
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
  if (remote && env.NODE_ENV === "production" && !env.UPSTREAM_SECRET) {
    throw new Error("UPSTREAM_SECRET is required in production against a remote upstream (it signs the user's address).");
  }

  let upstream: Upstream | null = null;
  let fetchers: { main: Fetcher; ops: Fetcher; blob: Fetcher };
  if (remote) {
    fetchers = remoteUpstream({ MAIN_API_URL: env.MAIN_API_URL!, OPS_API_URL: env.OPS_API_URL!, BLOB_PUBLIC_URL: env.BLOB_PUBLIC_URL, UPSTREAM_SECRET: env.UPSTREAM_SECRET });
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
  // Where browsers reach the blob store when it is not this origin: BLOB_PUBLIC_URL, or the S3
  // bucket's origin (ADR 055); the CSP lets uploads, downloads, previews and the speed test go there.
  const blobOrigin = blobPublicOrigin(env.BLOB_PUBLIC_URL) ?? (await upstream?.deps.blob.publicOrigin?.()) ?? null;

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) {
    const v = env.TRUST_PROXY;
    app.set("trust proxy", /^\d+$/.test(v) ? Number(v) : v === "true" ? true : v);
  }
  app.use(compression());

  if (upstream) mountEmbeddedApis(app, upstream, env.API_ALLOW);

  // Built assets: the brotli or gzip file made at build time when the browser takes it (issue 12),
  // never compressed per request; the plain file otherwise.
  compressAssets(ASSETS_DIR);
  app.use("/assets", precompressed(ASSETS_DIR));
  app.use("/assets", express.static(ASSETS_DIR, { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("public", { maxAge: "1h", index: false }));

  const hsts = env.NODE_ENV === "production" && env.PORTAL_URL?.startsWith("https://") === true;
  app.use((req, res, next) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    res.set(securityHeaders(nonce, blobOrigin, hsts));
    next();
  });

  // A form posted from another site: refused with a short page and logged as a refusal (issue 10).
  app.use((req, res, next) => {
    if (!isCrossOriginWrite(req.method, req.headers as Record<string, string | undefined>)) return next();
    const from = req.headers.origin ? `origin ${JSON.stringify(String(req.headers.origin).slice(0, 200))}` : `Sec-Fetch-Site ${JSON.stringify(String(req.headers["sec-fetch-site"]).slice(0, 40))}`;
    console.warn(`[refused] cross-origin ${req.method} ${req.path} from ${from}`);
    res.status(403).type("html").set("Cache-Control", "no-store").send(CROSS_ORIGIN_PAGE);
  });

  // Every other form's body is read whole by its action: held to FORM_MAX_BYTES (ADR 070).
  const formMax = formMaxBytes(env.FORM_MAX_BYTES);
  app.use((req, res, next) => {
    const refusal = bodyRefusal(req.method, req.path, req.headers as Record<string, string | undefined>, formMax);
    if (!refusal) return next();
    console.warn(`[refused] ${req.method} ${req.path}: ${refusal.status} (${req.headers["content-length"] ?? "no length"} bytes)`);
    res.status(refusal.status).type("html").set("Cache-Control", "no-store").send(formTooLargePage(refusal.message));
  });

  // The HTTP server (listening below). The blob store is served before Express: large uploads and
  // downloads skip every middleware (about 3x faster for a 200 MB signed POST), and its bytes are
  // never compressed, so speed-test files arrive as they are and byte ranges stay exact.
  const blob = upstream ? mountFetch(upstream.blob) : null;
  const uploadStream = upstream?.deps.blob.uploadStream;
  const server = createServer((req, res) => {
    answerEveryRequest(req, res);
    const url = req.url ?? "/";
    if (blob && (url === "/_blob" || url.startsWith("/_blob/") || url.startsWith("/_blob?"))) {
      req.url = url.slice("/_blob".length) || "/";
      // Uploads read the socket directly (no Web-stream conversion); everything else as a Request.
      if (uploadStream && req.method === "POST" && (req.url === "/" || req.url.startsWith("/?"))) {
        return void uploadStream(String(req.headers["content-type"] ?? ""), req)
          .then(async (answer) => {
            res.writeHead(answer.status, Object.fromEntries(answer.headers));
            res.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch((err) => {
            console.error("[blob] upload failed", err);
            if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ error: "The file could not be stored." }));
          });
      }
      return blob(req, res);
    }
    return app(req, res);
  });
  // Keep idle connections longer than the clients and proxies in front of us do (Node's 5 s default
  // closes sockets a client is about to reuse: ECONNRESET on the next request).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Development: Vite serves the browser's modules (hot module replacement) and loads the server build
  // from source on each request; the page script is rebuilt on change (scripts/build-plain.ts).
  const vite =
    env.NODE_ENV === "development"
      ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }))
      : null;
  if (vite) {
    app.use(vite.middlewares);
    await import("./scripts/build-plain").then((m) => m.watchPlain());
  }
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : await import(pathToFileURL(SERVER_BUILD).href);
  // Read at start in production; in development the page script's name changes with each rebuild.
  let pageScript = readPageScript();
  const stylesheet = vite ? null : loadStylesheet();
  const getLoadContext = (req: ExpressRequest, res: ExpressResponse) => ({
    upstream: fetchers,
    clientIp: socketAddress(req),
    nonce: res.locals.nonce as string,
    requestScope: {},
    dataRequest: req.path.endsWith(".data"),
    pageScript: vite ? (pageScript = readPageScript()) : pageScript,
    stylesheet,
  });
  app.all("*", createRequestHandler({ build, getLoadContext, mode: vite ? "development" : env.NODE_ENV }));

  const port = opts.port ?? Number(env.PORT ?? 3000);
  const host = opts.host ?? env.HOST ?? "0.0.0.0";
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  const addr = server.address();
  const actualPort = typeof addr === "object" && addr ? addr.port : port;
  const url = `http://localhost:${actualPort}`;
  // Without PORTAL_URL the upstream's links (mails, a PDF's verification address) name this server;
  // on a port the system chose (PORT=0: tests) only now is it known.
  if (upstream && !env.PORTAL_URL && port === 0) upstream.deps.config.portalUrl = url;
  if (log) console.log(`AeroRecords portal on ${url}${upstream ? " (embedded upstream, data in " + dataDir + ")" : ""}`);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Finish in-flight requests, then close the database.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
        // Connections kept alive (65 s) become idle as their last request ends: close them then.
        const sweep = setInterval(() => server.closeIdleConnections?.(), 200);
        sweep.unref();
        server.once("close", () => clearInterval(sweep));
        // In-flight requests get SHUTDOWN_GRACE_MS (default 30 s) to finish; then connections are cut.
        setTimeout(() => {
          server.closeAllConnections?.();
          resolve();
        }, Number(env.SHUTDOWN_GRACE_MS ?? 30_000)).unref();
      });
      await vite?.close();
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
