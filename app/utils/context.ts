// What server.ts passes to every loader and action (getLoadContext).
/**
 * One of the upstream APIs. `meta.clientIp` is the browser's address: in process it reaches the API
 * as call metadata, to a remote API as a header signed with UPSTREAM_SECRET; the portal never sends
 * a bare address header (issue 10).
 */
export type UpstreamFetch = (request: Request, meta?: { clientIp: string | null }) => Promise<Response>;

export interface PortalContext {
  /**
   * main and ops: the two APIs (request paths as in docs/api, e.g. /storage/v2/aircraft.json).
   * blob: the blob store, with paths relative to its public base (a signed URL "/_blob/o/k?…" is
   * requested as "/o/k?…"); see blobRequestUrl in app/models/blob.server.ts.
   */
  upstream: { main: UpstreamFetch; ops: UpstreamFetch; blob: UpstreamFetch };
  /** The browser's address as server.ts resolved it (trusted proxies honoured). */
  clientIp: string | null;
  /** CSP nonce of this response. */
  nonce: string;
  /**
   * One object per portal request (server.ts makes it): the loaders of one page share their upstream
   * reads through it and count their calls on it. Absent (tests), each loader call stands alone.
   */
  requestScope?: object;
  /**
   * Remix's own data request (single fetch: GET or POST `/page.data`, ADR 077). Its loaders and
   * actions see the page's URL without `.data` and the browser's headers of a script's fetch, so only
   * server.ts can tell them apart. Absent (tests), a request is not one.
   */
  dataRequest?: boolean;
  /**
   * The URL of the page script (app/plain/page.ts as built: /assets/plain/page-HASH.js) and of the
   * files it imports, which every page not in Lite mode loads; absent when there is no build of it
   * (a page then loads none).
   */
  pageScript?: { src: string; preload: string[] } | null;
  /**
   * The app's one stylesheet as built: its URL (/assets/style-HASH.css) and its text, read at start
   * for a first visit's inline copy (null when unreadable: linked only); absent in development,
   * where Vite puts the matched routes' styles in the page itself.
   */
  stylesheet?: { href: string; text: string | null } | null;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends PortalContext {}
  // Single fetch (vite.config.ts future.v3_singleFetch, ADR 077): useLoaderData<typeof loader>() and
  // the other hooks infer what a loader returns as turbo-stream carries it, not as JSON.
  interface Future {
    v3_singleFetch: true;
  }
}
