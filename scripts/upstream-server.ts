// The embedded upstream without the portal: the main and ops APIs at /_api/main and /_api/ops (with
// their OpenAPI document, all under API_ALLOW) and the blob store at /_blob, on one port. What a
// portal elsewhere talks to (docs/deploy.md, layouts C and E), and what `npm run test:edge` and
// bench/edge.ts put the worker in front of.
//
//   PORT=4000 DATA_DIR=/var/lib/aero UPSTREAM_SECRET=… PORTAL_URL=https://records.example.aero \
//   BLOB_PUBLIC_URL=https://api.example.aero/_blob npx tsx scripts/upstream-server.ts
//
// BLOB_PUBLIC_URL unset: this server's own /_blob (as it is reached at its host and port).
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import express from "express";
import { httpEntry } from "../upstream/client-address";
import { createUpstream, type Upstream } from "../upstream/index";
import { loadUpstreamConfig } from "../upstream/config";
import { seedDemo } from "../upstream/db/seed";
import { mountEmbeddedApis } from "../server";

export interface UpstreamServer {
  /** http://host:port */
  origin: string;
  mainUrl: string;
  opsUrl: string;
  blobUrl: string;
  upstream: Upstream;
  server: Server;
  close: () => Promise<void>;
}

export async function startUpstreamServer(opts: { port?: number; host?: string; env?: Record<string, string | undefined> } = {}): Promise<UpstreamServer> {
  const env = { ...process.env, ...opts.env };
  const host = opts.host ?? env.HOST ?? "0.0.0.0";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? Number(env.PORT ?? 4000), host, resolve));
  const origin = `http://${host === "0.0.0.0" ? "localhost" : host}:${(server.address() as AddressInfo).port}`;
  const blobUrl = env.BLOB_PUBLIC_URL || `${origin}/_blob`;
  const upstream = await createUpstream(loadUpstreamConfig({ ...env, BLOB_PUBLIC_URL: blobUrl }));
  if (env.SEED_DEMO !== "false") await seedDemo(upstream.deps);

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY);
  mountEmbeddedApis(app, upstream, env.API_ALLOW);
  // Signed links and POST policies carry their own authority: no forwarded address to check here.
  const blob = httpEntry(upstream.blob, { stripPrefix: "/_blob" });
  server.on("request", (req, res) => {
    const url = req.url ?? "/";
    if (url === "/_blob" || url.startsWith("/_blob/") || url.startsWith("/_blob?")) return void blob(req, res);
    app(req, res);
  });
  server.keepAliveTimeout = 65_000;

  return {
    origin,
    mainUrl: `${origin}/_api/main`,
    opsUrl: `${origin}/_api/ops`,
    blobUrl,
    upstream,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await upstream.close();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await startUpstreamServer();
  console.log(`AeroRecords upstream on ${s.origin}: ${s.mainUrl}, ${s.opsUrl}, blobs at ${s.blobUrl}`);
  const stop = () => s.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
