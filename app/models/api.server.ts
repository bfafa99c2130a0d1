// The one upstream client. Every loader and action reaches the main and ops APIs through it, so the
// spec's answer handling (section 8, "generic interceptor") lives here and nowhere else:
//   - 2xx with `message`/`messages`  -> a success toast (<br> -> newline) the action can pass on
//   - 422 (and other 4xx but 401/403/404) with `error`/`message` -> an error result, nothing thrown
//   - 401 / 403                      -> the session is cleared and the user goes to /auth/login
//   - 404 / 5xx                      -> full redirect to the role landing (login without a user)
//   - any status but 200 and 422     -> reported to POST /error/send_fe_error.json with the e-mail
// Calls marked `passthrough` (sign-in, 2FA verify, confirm reset, the error report itself) never
// redirect: their failures come back as results.
import { redirect } from "@remix-run/node";
import type { z } from "zod";
import type { UpstreamFetch } from "~/utils/context";
import { env } from "~/utils/env.server";
import { destroySession, getSession, type SessionUser } from "~/utils/session.server";
import { brToNewline, createToastHeaders } from "~/utils/toast.server";
import { roleLanding } from "./roles";

export type ApiName = "main" | "ops";

/** The upstream's error report (spec 000 §7): what failed, its detail, the page, the user's e-mail. */
export interface ErrorReport {
  error: string;
  errorInfo: string;
  errorUrl: string;
  email: string;
}
const ERROR_REPORT_PATH = "/error/send_fe_error.json";
type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions<S extends z.ZodTypeAny | undefined = undefined> {
  query?: Record<string, QueryValue | QueryValue[]>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  schema?: S;
  /** Failures come back as results; never redirect (sign-in and friends). */
  passthrough?: boolean;
  /**
   * A POST that only reads (the ops API's reads are POSTs): shared by the loaders of one request as
   * a GET is, keyed by its body too.
   */
  read?: boolean;
}

export type Ok<T> = { ok: true; status: number; data: T; message: string | null };
export type Failed = { ok: false; status: number; error: string; errors?: Record<string, string[]>; data?: unknown };
export type Result<T> = Ok<T> | Failed;

type Data<S> = S extends z.ZodTypeAny ? z.infer<S> : unknown;

export interface ApiContext {
  request: Request;
  upstream: { main: UpstreamFetch; ops: UpstreamFetch; blob: UpstreamFetch };
  clientIp: string | null;
  user: SessionUser | null;
  token: string | null;
  /** Shared by every loader of one portal request (PortalContext.requestScope); else the request. */
  scope?: object;
}

const BASE = "http://upstream.internal";

// One page request runs several loaders (root, shell, page), each with its own Api: reads are shared
// within the request (issue 12: no duplicate upstream call per request), and counted so the page can
// say what it cost (the Server-Timing header, read by bench/page-weight.ts).
type CachedAnswer = { status: number; ok: boolean; text: string };
const readsByRequest = new WeakMap<object, Map<string, Promise<CachedAnswer>>>();
const statsByRequest = new WeakMap<object, { calls: number; ms: number; shared: number }>();

/** Upstream calls made for one portal request (its requestScope) so far, and their summed time. */
export function upstreamStats(scope: object) {
  return statsByRequest.get(scope) ?? { calls: 0, ms: 0, shared: 0 };
}

function buildUrl(path: string, query?: CallOptions["query"]) {
  const url = new URL(path.startsWith("/") ? path : `/${path}`, BASE);
  for (const [k, v] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item !== undefined && item !== null && item !== "") url.searchParams.append(k, String(item));
    }
  }
  return url;
}

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as { message?: unknown; messages?: unknown };
  const m = b.messages ?? b.message;
  if (typeof m === "string") return brToNewline(m);
  if (Array.isArray(m)) return brToNewline(m.filter((x) => typeof x === "string").join("\n"));
  return null;
}

function errorOf(body: unknown, fallback: string): string {
  if (body && typeof body === "object") {
    const b = body as { error?: unknown; message?: unknown; Message?: { error?: unknown } };
    if (typeof b.error === "string") return brToNewline(b.error);
    if (b.Message && typeof b.Message.error === "string") return b.Message.error;
    if (typeof b.message === "string") return brToNewline(b.message);
  }
  return fallback;
}

export class Api {
  constructor(private ctx: ApiContext) {}

  private get scope(): object {
    return this.ctx.scope ?? this.ctx.request;
  }

  get user() {
    return this.ctx.user;
  }

  /** The browser's address travels beside the request, never as a header (UpstreamFetch). */
  private get meta() {
    return { clientIp: this.ctx.clientIp };
  }

  private headers(extra?: Record<string, string>) {
    const h = new Headers(extra);
    h.set("Accept", "application/json");
    h.set("X-User-Uuid", env().CLIENT_UUID);
    if (this.ctx.user && this.ctx.token) {
      h.set("X-User-Email", this.ctx.user.email);
      h.set("X-User-Token", this.ctx.token);
    }
    return h;
  }

  /** The raw upstream Response (used for blob answers and streams). Applies 401/403/404/5xx handling unless passthrough. */
  async raw(api: ApiName, method: string, path: string, opts: Omit<CallOptions, "schema"> = {}): Promise<Response> {
    const headers = this.headers(opts.headers);
    let body: BodyInit | undefined = opts.body;
    if (opts.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.json);
    }
    // The portal request's signal aborts when its browser goes away before the answer is written
    // (Remix's adapter): a call not yet made is not made, and one under way is not waited for (the
    // signal travels with it to the fetcher: the in-process APIs and fetch() both give up on it).
    const signal = this.ctx.request.signal;
    signal.throwIfAborted();
    const req = new Request(buildUrl(path, opts.query), { method, headers, body, signal });
    let res: Response;
    const stats = statsByRequest.get(this.scope) ?? { calls: 0, ms: 0, shared: 0 };
    statsByRequest.set(this.scope, stats);
    const started = performance.now();
    try {
      stats.calls++;
      res = await this.ctx.upstream[api](req, this.meta);
      stats.ms += performance.now() - started;
      if (env().DEBUG_UPSTREAM_CALLS) console.log(`[upstream] ${method} ${api}${buildUrl(path, opts.query).pathname}${buildUrl(path, opts.query).search} ${res.status} ${(performance.now() - started).toFixed(1)} ms`);
    } catch (err) {
      if (signal.aborted) throw err;
      console.error(`[api] ${method} ${api}${path} failed:`, err);
      res = new Response(JSON.stringify({ error: "The records service is not reachable right now." }), { status: 503 });
    }
    if (res.status !== 200 && res.status !== 422 && !(res.status >= 200 && res.status < 300)) {
      void this.report(res.clone(), method, `${api}${path}`);
    }
    if (!opts.passthrough) await this.interceptFatal(res);
    return res;
  }

  /** A read: answers the data, or throws the redirect the spec prescribes. 422 and other 4xx throw a 4xx Response for the route's error boundary. */
  async get<S extends z.ZodTypeAny | undefined = undefined>(api: ApiName, path: string, opts: CallOptions<S> = {}): Promise<Data<S>> {
    const result = await this.call(api, "GET", path, opts);
    if (!result.ok) throw new Response(result.error, { status: result.status, statusText: result.error.slice(0, 100) });
    return result.data as Data<S>;
  }

  /** Any call, answered as a Result (mutations use this: their 422 becomes a message on the form). */
  async call<S extends z.ZodTypeAny | undefined = undefined>(
    api: ApiName,
    method: string,
    path: string,
    opts: CallOptions<S> = {},
  ): Promise<Result<Data<S>>> {
    // Fetched once without the fatal-status handling, which each caller then applies for itself
    // (a passthrough caller and a redirecting one can share a read).
    const fetchAnswer = async (): Promise<CachedAnswer> => {
      const r = await this.raw(api, method, path, { ...opts, passthrough: true });
      return { status: r.status, ok: r.ok, text: await r.text() };
    };
    let answer: Promise<CachedAnswer>;
    const isGet = method === "GET" && opts.body === undefined && opts.json === undefined;
    const isRead = isGet || (opts.read === true && opts.body === undefined && (this.ctx.request.method === "GET" || this.ctx.request.method === "HEAD"));
    if (isRead) {
      const reads = readsByRequest.get(this.scope) ?? new Map<string, Promise<CachedAnswer>>();
      readsByRequest.set(this.scope, reads);
      const key = `${api} ${method} ${buildUrl(path, opts.query).href} ${this.ctx.user?.email ?? ""} ${JSON.stringify(opts.headers ?? {})} ${JSON.stringify(opts.json ?? null)}`;
      answer = reads.get(key) ?? fetchAnswer();
      if (reads.has(key)) {
        const stats = statsByRequest.get(this.scope);
        if (stats) stats.shared++;
      } else {
        reads.set(key, answer);
        answer.catch(() => reads.delete(key));
      }
    } else {
      // In an action, reads made after a write must see it. (Loaders also POST to look things up:
      // the spec's access and product calls are POSTs; those do not change what a GET returns.)
      if (this.ctx.request.method !== "GET" && this.ctx.request.method !== "HEAD") readsByRequest.delete(this.scope);
      answer = fetchAnswer();
    }
    const { status, ok, text } = await answer;
    if (!opts.passthrough) await this.interceptFatal(new Response(text, { status }));
    const res = { status, ok };
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok) {
      let data: unknown = body;
      if (opts.schema) {
        const parsed = opts.schema.safeParse(body);
        if (!parsed.success) {
          console.error(`[api] ${method} ${api}${path}: answer does not match its schema`, parsed.error.issues.slice(0, 5));
          void this.report(new Response(text, { status: 599 }), method, `${api}${path} (schema)`);
          throw new Response("The records service answered in an unexpected format.", { status: 502 });
        }
        data = parsed.data;
      }
      return { ok: true, status: res.status, data: data as Data<S>, message: messageOf(body) };
    }
    const errors = body && typeof body === "object" && "errors" in body ? (body as { errors: Record<string, string[]> }).errors : undefined;
    return { ok: false, status: res.status, error: errorOf(body, `The request failed (${res.status}).`), errors, data: body };
  }

  post<S extends z.ZodTypeAny | undefined = undefined>(api: ApiName, path: string, opts: CallOptions<S> = {}) {
    return this.call(api, "POST", path, opts);
  }

  /** 401/403: logout. 404/5xx: role landing (or login). Thrown as redirects. */
  private async interceptFatal(res: Response) {
    const url = new URL(this.ctx.request.url);
    if (res.status === 401 || res.status === 403) {
      const session = await getSession(this.ctx.request);
      const body = await res.clone().json().catch(() => null);
      const headers = await createToastHeaders({ type: "error", description: errorOf(body, "Please sign in again.") });
      headers.append("Set-Cookie", await destroySession(session));
      const to = new URLSearchParams({ redirectTo: url.pathname + url.search });
      throw redirect(`/auth/login?${to}`, { headers });
    }
    if (res.status === 404 || res.status >= 500) {
      const landing = this.ctx.user ? roleLanding(this.ctx.user.role) : "/auth/login";
      const body = await res.clone().json().catch(() => null);
      const description =
        res.status === 404 ? errorOf(body, "That record was not found.") : "Something went wrong on our side. Please try again.";
      // Already on the landing page: redirecting again would loop; let the error boundary show it.
      if (url.pathname === landing) throw new Response(description, { status: res.status });
      throw redirect(landing, { headers: await createToastHeaders({ type: "error", description }) });
    }
  }

  /**
   * THE error reporter (spec 000 §7, §8): POST /error/send_fe_error.json with the report. Used for
   * unexpected upstream statuses (below), render errors the browser sends (resources/error-report)
   * and the server's uncaught errors (error-report.server.ts). Never throws, never redirects, and a
   * failed report is not reported again.
   */
  async reportError(report: ErrorReport): Promise<{ ok: boolean; status: number }> {
    try {
      const headers = this.headers({ "Content-Type": "application/json" });
      const res = await this.ctx.upstream.main(
        new Request(buildUrl(ERROR_REPORT_PATH), { method: "POST", headers, body: JSON.stringify(report) }),
        this.meta,
      );
      await res.body?.cancel().catch(() => {});
      return { ok: res.ok, status: res.status };
    } catch {
      /* reporting must never break the page */
      return { ok: false, status: 503 };
    }
  }

  /** Fire-and-forget report of an unexpected status (spec: statuses other than 200 and 422). */
  private async report(res: Response, method: string, where: string) {
    const info = await res.text().catch(() => "");
    await this.reportError({
      error: `HTTP ${res.status} ${method} ${where}`,
      errorInfo: info.slice(0, 2000),
      errorUrl: this.ctx.request.url,
      email: this.ctx.user?.email ?? "",
    });
  }
}
