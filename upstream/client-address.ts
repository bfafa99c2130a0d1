// Where the upstream learns the address of the person using the portal (issue 10, ADR 025).
//
// The address keys the IP whitelist, the per-address rate limits and the audit log, so it must come
// from a channel an outsider cannot imitate:
//   1. the portal calling in process passes it as call metadata (`upstream.main(request, {clientIp})`),
//      which no HTTP request can set;
//   2. over HTTP (the /_api mounts, or a separate upstream deployment), the socket's address as the
//      HTTP server resolved it (Express's `req.ip`, which honours TRUST_PROXY), unless
//   3. the request carries `X-Client-Ip` with a valid `X-Client-Ip-Signature`: an HMAC over the address
//      and a timestamp with UPSTREAM_SECRET, which only a portal configured with that secret can make.
// A bare `X-Client-Ip` from outside is ignored and stripped before the APIs see the request.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { getRequestListener } from "@hono/node-server";

/** Metadata a trusted caller passes beside the Request (Hono's `env` binding). */
export interface UpstreamCallMeta {
  clientIp: string | null;
}

export type UpstreamHandler = (request: Request, meta?: UpstreamCallMeta) => Promise<Response>;

export const FORWARDED_IP_HEADER = "x-client-ip";
export const FORWARDED_IP_SIGNATURE = "x-client-ip-signature";
/** A signature is good for this long (clock skew between portal and upstream included). */
export const FORWARD_SIGNATURE_TTL_MS = 5 * 60_000;

/** The caller's address for this request, as established by the entry point (never a raw header). */
export function clientIp(c: Context): string | null {
  const meta = c.env as Partial<UpstreamCallMeta> | undefined;
  return typeof meta?.clientIp === "string" && meta.clientIp ? meta.clientIp : null;
}

const hmac = (secret: string, ip: string, ts: string) => crypto.createHmac("sha256", secret).update(`client-ip\n${ip}\n${ts}`).digest("base64url");

/** `X-Client-Ip-Signature` for a forwarded address: `<unix ms>.<hmac>`. */
export function signClientIp(ip: string, secret: string, now = Date.now()): string {
  const ts = String(now);
  return `${ts}.${hmac(secret, ip, ts)}`;
}

/** True when `signature` was made for `ip` with `secret` within the last few minutes. */
export function verifyClientIp(ip: string, signature: string, secret: string, now = Date.now()): boolean {
  const [ts, mac] = signature.split(".");
  if (!ts || !mac || !/^\d{1,16}$/.test(ts)) return false;
  if (Math.abs(now - Number(ts)) > FORWARD_SIGNATURE_TTL_MS) return false;
  const expected = Buffer.from(hmac(secret, ip, ts));
  const actual = Buffer.from(mac);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** Headers a portal adds when it forwards its user's address to a remote upstream. */
export function forwardedIpHeaders(ip: string | null, secret: string | undefined, now = Date.now()): Record<string, string> {
  if (!ip || !secret) return {};
  return { [FORWARDED_IP_HEADER]: ip, [FORWARDED_IP_SIGNATURE]: signClientIp(ip, secret, now) };
}

/**
 * The address an HTTP request to the upstream speaks for: a signed forwarded address when the
 * signature holds, else the socket's (as resolved by the server: `req.ip` under Express).
 */
export function resolveHttpClientIp(headers: Headers, socketIp: string | null, secret: string | undefined, now = Date.now()): string | null {
  const forwarded = headers.get(FORWARDED_IP_HEADER)?.trim();
  const signature = headers.get(FORWARDED_IP_SIGNATURE)?.trim();
  if (forwarded && signature && secret && forwarded.length <= 64 && verifyClientIp(forwarded, signature, secret, now)) return forwarded;
  return socketIp;
}

/** The socket's address of a Node request; under Express, `req.ip` (TRUST_PROXY honoured). */
export function socketAddress(incoming: IncomingMessage): string | null {
  const ip = (incoming as IncomingMessage & { ip?: string }).ip ?? incoming.socket?.remoteAddress ?? null;
  // "::ffff:127.0.0.1" -> "127.0.0.1": the whitelist is written in IPv4 for IPv4 clients.
  return ip?.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/**
 * A Node request listener for one of the APIs over HTTP. It establishes the caller's address
 * (above), strips the forwarding headers, optionally strips a path prefix, and calls the handler.
 */
export function httpEntry(
  handler: UpstreamHandler,
  opts: { forwardSecret?: string; stripPrefix?: string; allow?: (ip: string | null) => boolean },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(async (request, env) => {
    const incoming = (env as { incoming: IncomingMessage }).incoming;
    const ip = resolveHttpClientIp(request.headers, socketAddress(incoming), opts.forwardSecret);
    if (opts.allow && !opts.allow(socketAddress(incoming))) {
      return Response.json({ error: "The API is not available from this network." }, { status: 403 });
    }
    const headers = new Headers(request.headers);
    headers.delete(FORWARDED_IP_HEADER);
    headers.delete(FORWARDED_IP_SIGNATURE);
    const url = new URL(request.url);
    if (opts.stripPrefix && url.pathname.startsWith(opts.stripPrefix)) url.pathname = url.pathname.slice(opts.stripPrefix.length) || "/";
    const init: RequestInit & { duplex?: string } = { method: request.method, headers, body: request.body, signal: request.signal };
    if (request.body) init.duplex = "half";
    return handler(new Request(url, init), { clientIp: ip });
  });
}
