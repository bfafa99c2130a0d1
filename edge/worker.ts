// The portal on Cloudflare Workers (docs/deploy.md, layout E): what server.ts does before Remix, per
// request and on Web APIs only (app/utils/front-door.server.ts holds what both share), then Remix's
// handler on the server build of vite.edge.config.ts, against a remote upstream (MAIN_API_URL,
// OPS_API_URL, BLOB_PUBLIC_URL). Built into one module, build/edge/worker.js, by scripts/build-edge.ts;
// described by wrangler.toml. Files of build/client are answered by the platform before the worker
// runs (its static assets; /assets/ immutable by the _headers file the build writes there).

// @remix-run/node as everywhere in the app: the bundle resolves it to @remix-run/cloudflare (Web Crypto
// cookies; its types would replace the DOM's globals for the whole type-check).
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import * as serverBuild from "virtual:edge/server-build";
import type { PortalContext } from "../app/utils/context";
import { provideEnv } from "../app/utils/env.server";
import {
  CROSS_ORIGIN_PAGE,
  blobPublicOrigin,
  bodyRefusal,
  formMaxBytes,
  formTooLargePage,
  isCrossOriginWrite,
  newNonce,
  remoteUpstream,
  securityHeaders,
} from "../app/utils/front-door.server";

/**
 * The page script's URLs and the stylesheet's URL and text in this build (scripts/build-edge.ts writes
 * them in: what server.ts reads from build/ at start).
 */
declare const __BUILT_ASSETS__: { pageScript: PortalContext["pageScript"]; stylesheet: PortalContext["stylesheet"] };

/** The worker's vars and secrets (wrangler.toml names them). */
export interface WorkerEnv {
  MAIN_API_URL: string;
  OPS_API_URL: string;
  UPSTREAM_SECRET: string;
  SESSION_SECRET: string;
  CLIENT_UUID: string;
  BLOB_PUBLIC_URL?: string;
  PORTAL_URL?: string;
  FORM_MAX_BYTES?: string;
  [name: string]: unknown;
}

/** Without these the portal cannot seal a session or reach, and sign for, its upstream. */
const REQUIRED = ["MAIN_API_URL", "OPS_API_URL", "UPSTREAM_SECRET", "SESSION_SECRET", "CLIENT_UUID"] as const;

/** What follows from the env, made once per isolate (the env object stays the same between requests). */
function setUp(env: WorkerEnv) {
  const missing = REQUIRED.filter((name) => typeof env[name] !== "string" || !env[name]);
  if (missing.length) throw new Error(`The worker is missing ${missing.join(", ")} (wrangler.toml [vars], or \`wrangler secret put\`).`);
  // The app's own settings (app/utils/env.server.ts): the worker's string bindings, in production.
  const vars: Record<string, string> = { NODE_ENV: "production" };
  for (const [name, value] of Object.entries(env)) if (typeof value === "string") vars[name] = value;
  provideEnv(vars);
  return {
    env,
    handle: createRequestHandler(serverBuild as unknown as ServerBuild, "production"),
    upstream: remoteUpstream(env),
    blobOrigin: blobPublicOrigin(env.BLOB_PUBLIC_URL),
    hsts: env.PORTAL_URL?.startsWith("https://") === true,
    formMax: formMaxBytes(env.FORM_MAX_BYTES),
  };
}
let ready: ReturnType<typeof setUp> | null = null;

/**
 * A refusal's answer, once the refused body has been read away (up to 64 MB, as server.ts discards
 * one): workerd closes a connection whose request body is left unread, and a browser still sending
 * the form would see the connection reset instead of the page that says why.
 */
async function refusal(request: Request, status: number, html: string, headers: Record<string, string>) {
  const reader = request.body?.getReader();
  for (let read = 0; reader; ) {
    const { done, value } = await reader.read();
    if (done) break;
    if ((read += value.byteLength) > 64 * 1024 * 1024) {
      void reader.cancel();
      break;
    }
  }
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    if (ready?.env !== env) ready = setUp(env);
    const { handle, upstream, blobOrigin, hsts, formMax } = ready;
    const nonce = newNonce();
    const security = securityHeaders(nonce, blobOrigin, hsts);
    const { pathname } = new URL(request.url);
    const headers = Object.fromEntries(request.headers);

    // A form posted from another site: refused with a short page and logged as a refusal (issue 10).
    if (isCrossOriginWrite(request.method, headers)) {
      const from = headers.origin ? `origin ${JSON.stringify(headers.origin.slice(0, 200))}` : `Sec-Fetch-Site ${JSON.stringify(String(headers["sec-fetch-site"]).slice(0, 40))}`;
      console.warn(`[refused] cross-origin ${request.method} ${pathname} from ${from}`);
      return refusal(request, 403, CROSS_ORIGIN_PAGE, security);
    }
    // Every other form's body is read whole by its action: held to FORM_MAX_BYTES (ADR 070).
    const refused = bodyRefusal(request.method, pathname, headers, formMax);
    if (refused) {
      console.warn(`[refused] ${request.method} ${pathname}: ${refused.status} (${headers["content-length"] ?? "no length"} bytes)`);
      return refusal(request, refused.status, formTooLargePage(refused.message), security);
    }

    const context: PortalContext = {
      upstream,
      // The one address header Cloudflare sets itself on every request (a client cannot forge it).
      clientIp: request.headers.get("CF-Connecting-IP"),
      nonce,
      requestScope: {},
      dataRequest: pathname.endsWith(".data"),
      pageScript: __BUILT_ASSETS__.pageScript,
      stylesheet: __BUILT_ASSETS__.stylesheet,
    };
    const answer = await handle(request, context as AppLoadContext);
    // As on Node, a header the app set itself wins over the default (Express sets these first).
    const response = new Response(answer.body, answer);
    for (const [name, value] of Object.entries(security)) if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  },
};
