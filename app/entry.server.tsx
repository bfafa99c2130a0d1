import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
// Node streams here; the Workers build puts render-web.server.tsx in its place (vite.edge.config.ts).
import { renderDocument } from "~/utils/render-node.server";
import { NonceProvider } from "./utils/nonce";
import { InlineCssContext } from "./utils/inline-css";
import { stylesheetFor } from "./utils/first-visit-css.server";
import { reportServerError } from "./models/error-report.server";
import { upstreamStats } from "./models/api.server";

/** What the page cost the upstream, for the browser's dev tools and bench/page-weight.ts. */
function serverTiming(scope: object | undefined, headers: Headers) {
  if (!scope) return;
  const { calls, ms, shared } = upstreamStats(scope);
  headers.append("Server-Timing", `upstream;desc="${calls} calls, ${shared} shared";dur=${ms.toFixed(1)}`);
}

/**
 * Remix's data requests (single fetch: `/page.data`, one answer for all the page's loaders, or an
 * action's) carry the same figure. Their data is the signed-in user's: never stored by a cache.
 */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  serverTiming(context?.requestScope, response.headers);
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * A page that also answers JSON (the public signature verification, `/verify/{code}`: a script or the
 * `signature:verify` command asks with `Accept: application/json`): its handle says `json: true` and
 * its loader's data carries `json`, the answer sent instead of the document, with the page's status.
 */
function jsonVariant(request: Request, status: number, headers: Headers, remixContext: EntryContext): Response | null {
  const accept = request.headers.get("accept") ?? "";
  if (!/application\/json/i.test(accept) || /text\/html/i.test(accept)) return null;
  const { matches, loaderData } = remixContext.staticHandlerContext;
  const leaf = matches[matches.length - 1];
  if (!leaf || (remixContext.routeModules[leaf.route.id]?.handle as { json?: boolean } | undefined)?.json !== true) return null;
  const answer = (loaderData[leaf.route.id] as { json?: unknown } | undefined)?.json;
  if (answer === undefined) return null;
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(answer), { status, headers });
}

/** How long a page's data may stream (single fetch rejects what is still pending then). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? "";
  serverTiming(loadContext.requestScope, responseHeaders);
  const json = jsonVariant(request, responseStatusCode, responseHeaders, remixContext);
  if (json) return json;
  // A first visit gets the stylesheet inline (one round trip less before the first paint).
  const css = responseStatusCode < 300 ? stylesheetFor(request, loadContext.stylesheet) : { inline: null, setCookie: null };
  if (css.setCookie) responseHeaders.append("Set-Cookie", css.setCookie);
  return renderDocument(
    <NonceProvider value={nonce}>
      <InlineCssContext.Provider value={css.inline}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </InlineCssContext.Provider>
    </NonceProvider>,
    // The render is cut a second after the data's timeout: React has flushed the rejected parts by then.
    { nonce, status: responseStatusCode, headers: responseHeaders, waitForAll: isbot(request.headers.get("user-agent") ?? ""), abortDelay: streamTimeout + 1_000, signal: request.signal },
  );
}

/** Unexpected server errors are logged and reported to the upstream's error endpoint (spec §8). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  console.error(error);
  void reportServerError(error, request, context as AppLoadContext);
};
