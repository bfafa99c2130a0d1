// What server.ts passes to every loader and action (getLoadContext).
export type UpstreamFetch = (request: Request) => Promise<Response>;

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
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends PortalContext {}
}
