// What both entry points do to a request before Remix sees it, on Web APIs only, so the Node server
// (server.ts) and the Workers entry (edge/worker.ts) share one copy: the security headers and the CSP
// with a fresh nonce, the refusal of cross-origin writes (ADR 069) and of forms too large to read
// whole (ADR 070), and the fetchers that forward the portal's upstream calls to a remote upstream.
import type { UpstreamFetch } from "./context";
import { forwardedAddressHeaders } from "./forwarded-address.server";

/** A fresh CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The headers of every answer: an enforced CSP whose scripts need the page's nonce, and the rest.
 * `blobOrigin`: where browsers reach the blob store when it is not this origin (uploads, downloads,
 * previews, the speed test). `hsts`: the portal is served over https in production.
 */
export function securityHeaders(nonce: string, blobOrigin: string | null, hsts = false): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:" + (blobOrigin ? ` ${blobOrigin}` : ""),
    "font-src 'self'",
    "connect-src 'self'" + (blobOrigin ? ` ${blobOrigin}` : ""),
    // The file preview embeds a PDF from the blob store (same origin /_blob by default; ADR 041).
    "frame-src 'self'" + (blobOrigin ? ` ${blobOrigin}` : ""),
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
    ...(hsts ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * True when a write comes from another origin: the same test Remix makes before an action (its
 * throwIfPotentialCSRFAttack), done first so the answer is a 403 page instead of Remix's 500.
 * Without an Origin header the browser's Sec-Fetch-Site decides (ADR 069): "cross-site" and
 * "same-site" (another subdomain is another app) are refused; "same-origin", "none" (typed,
 * bookmarked) and no header at all (not a browser, or an old one) are not.
 */
export function isCrossOriginWrite(
  method: string,
  headers: { origin?: string; host?: string; "x-forwarded-host"?: string | string[]; "sec-fetch-site"?: string | string[] },
): boolean {
  if (!WRITE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (typeof origin !== "string" || !origin) {
    const site = headers["sec-fetch-site"];
    const value = (Array.isArray(site) ? site[0] : site)?.trim().toLowerCase();
    return value === "cross-site" || value === "same-site";
  }
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = headers["x-forwarded-host"];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || headers.host;
  return !host || originHost !== host;
}

/** The largest body of a form whose action reads it whole (every route but the streaming uploads). */
export const DEFAULT_FORM_MAX_BYTES = 4 * 1024 * 1024;

export function formMaxBytes(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.floor(n) : DEFAULT_FORM_MAX_BYTES;
}

/**
 * The pages whose actions stream a multipart body (files) instead of reading it whole: the records
 * folder pages' plain upload, a consultant profile's documents, the AeroOPS / AeroOIL tab import.
 * Each holds its own limits (UPLOAD_MAX_BYTES, the profile's file rules, the tab import's 10 MB).
 */
const STREAMING_UPLOADS = [/^\/storage\/(?:uef\/)?aircraft\/\d+\/files\/?$/, /^\/aero-box\/aircrafts\/\d+\/?$/, /^\/consultant\/profile\/\d+\/[^/]+\/?$/, /^\/client\/Aero(?:ops|oil)\/[^/]+\/?$/];

/**
 * Why a write's body is refused before any action reads it, or null: a body larger than `max` (413),
 * or one whose length is not declared (411: browsers declare a form's length; without it the body
 * could only be counted by reading it). Multipart bodies to the streaming upload pages pass.
 */
export function bodyRefusal(method: string, pathname: string, headers: Record<string, string | string[] | undefined>, max: number): { status: 411 | 413; message: string } | null {
  if (!WRITE_METHODS.has(method.toUpperCase())) return null;
  const type = String(headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") && STREAMING_UPLOADS.some((re) => re.test(pathname))) return null;
  const length = headers["content-length"];
  if (length === undefined) {
    return headers["transfer-encoding"] === undefined ? null : { status: 411, message: "The form was sent without its length, so it was not read. Nothing was changed." };
  }
  const n = Number(length);
  if (!Number.isFinite(n) || n <= max) return null;
  return { status: 413, message: `This form is larger than ${Math.round(max / 1024 / 1024)} MB, so it was not read. Nothing was changed.` };
}

export const formTooLargePage = (message: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not accepted · AeroRecords</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c2733">
<h1 style="font-size:1.4rem">This form was not accepted</h1>
<p>${message}</p>
<p><a href="/">Go to AeroRecords</a></p></body></html>`;

export const CROSS_ORIGIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not accepted · AeroRecords</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c2733">
<h1 style="font-size:1.4rem">This form was not accepted</h1>
<p>It was sent to AeroRecords from another website, so nothing was changed. If you meant to do this, open AeroRecords directly and try again.</p>
<p><a href="/">Go to AeroRecords</a></p></body></html>`;

/**
 * A fetcher that forwards the portal's upstream calls to a remote deployment of the same contract.
 * The user's address travels as X-Client-Ip with an HMAC signature made with UPSTREAM_SECRET, the
 * only form of that header the upstream believes (upstream/client-address.ts); the portal's own
 * signer (forwarded-address.server.ts) makes it with Web Crypto.
 */
export function remoteFetcher(base: string, forwardSecret: string | undefined): UpstreamFetch {
  const root = base.replace(/\/+$/, "");
  return async (req, meta) => {
    const u = new URL(req.url);
    const headers = new Headers(req.headers);
    for (const [k, v] of Object.entries(await forwardedAddressHeaders(meta?.clientIp ?? null, forwardSecret))) headers.set(k, v);
    const init: RequestInit & { duplex?: string } = { method: req.method, headers, body: req.body, redirect: "manual", signal: req.signal };
    if (req.body) init.duplex = "half";
    return fetch(`${root}${u.pathname}${u.search}`, init);
  };
}

/**
 * The fetchers of a portal in front of a remote upstream (MAIN_API_URL, OPS_API_URL): the blob store
 * at BLOB_PUBLIC_URL when it is a full URL, else beside the main API.
 */
export function remoteUpstream(env: { MAIN_API_URL: string; OPS_API_URL: string; BLOB_PUBLIC_URL?: string; UPSTREAM_SECRET?: string }) {
  return {
    main: remoteFetcher(env.MAIN_API_URL, env.UPSTREAM_SECRET),
    ops: remoteFetcher(env.OPS_API_URL, env.UPSTREAM_SECRET),
    blob: remoteFetcher(env.BLOB_PUBLIC_URL?.startsWith("http") ? env.BLOB_PUBLIC_URL : `${env.MAIN_API_URL.replace(/\/+$/, "")}/_blob`, undefined),
  };
}

/** The blob store's origin when browsers reach it elsewhere (BLOB_PUBLIC_URL as a full URL), else null. */
export const blobPublicOrigin = (blobPublicUrl: string | undefined) => (blobPublicUrl?.startsWith("http") ? new URL(blobPublicUrl).origin : null);
