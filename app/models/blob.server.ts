// The portal talks to the blob store only for the no-JS upload fallback and zip streaming; browsers
// talk to it directly. Signed URLs from the upstream may be relative ("/_blob/o/…") or absolute.
import type { AppLoadContext } from "@remix-run/node";

const BLOB_PREFIX = "/_blob";

/** Fetches a blob-store URL through the context's blob fetcher. */
export function blobFetch(context: AppLoadContext, url: string, init?: RequestInit & { duplex?: "half" }) {
  const u = new URL(url, "http://blob.internal");
  if (!/^https?:/.test(url) || u.host === "blob.internal") {
    // Relative to the portal: strip the mount prefix so the blob handler sees its own paths.
    const path = u.pathname.startsWith(BLOB_PREFIX) ? u.pathname.slice(BLOB_PREFIX.length) || "/" : u.pathname;
    return context.upstream.blob(new Request(`http://blob.internal${path}${u.search}`, init));
  }
  return context.upstream.blob(new Request(u, init));
}
