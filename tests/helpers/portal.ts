// Calls the portal's loaders and actions as plain functions, against the embedded upstream in
// process (the same Request/Response contract server.ts uses), on a fresh seeded DATA_DIR.
//
//   const p = await startPortal();
//   const cookie = await p.signIn("client@demo.aero");
//   const res = await p.run(shellLoader, "/client/home", { cookie });
//   expect(res.headers.get("Location")).toBe(...)
import type { AppLoadContext } from "@remix-run/node";
import { DEMO_PASSWORD, startTestUpstream, TEST_CLIENT_UUID, type TestUpstream } from "./upstream";

export const PORTAL_ORIGIN = "http://portal.test";

/** The portal's environment for tests: call before importing any app module. */
export function setPortalEnv() {
  process.env.SESSION_SECRET ??= "portal-test-session-secret-0123456789abcdef";
  process.env.CLIENT_UUID = TEST_CLIENT_UUID;
  process.env.NODE_ENV ??= "test";
}

type RouteFn = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => unknown;

export interface Portal {
  up: TestUpstream;
  context: AppLoadContext;
  /** A Request to the portal, with an optional cookie and form body (a POST then). */
  request: (path: string, opts?: { cookie?: string; form?: Record<string, string>; method?: string; headers?: Record<string, string> }) => Request;
  /** Runs a loader or action; a thrown Response is returned like a returned one. */
  run: (
    fn: RouteFn,
    path: string,
    opts?: { cookie?: string; form?: Record<string, string>; params?: Record<string, string>; method?: string; headers?: Record<string, string>; context?: Partial<AppLoadContext> },
  ) => Promise<Response>;
  /** Signs in through the login action and answers the cookie header to send next. */
  signIn: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * What a loader or action returned, as the answer Remix sends for it: a Response as it is; a value,
 * or `data(value, { status, headers })` (single fetch), as JSON with that status and those headers.
 */
export function toResponse(out: unknown): Response {
  if (isResponse(out)) return out;
  const init = isDataWithInit(out) ? out.init : null;
  return Response.json((isDataWithInit(out) ? out.data : out) ?? null, init ?? undefined);
}

/**
 * A Response of either class in the process: Response.json() makes Node's own, which is no instance
 * of the lightweight global Response that @hono/node-server installs (the embedded upstream).
 */
export const isResponse = (v: unknown): v is Response => Object.prototype.toString.call(v) === "[object Response]";

const isDataWithInit = (v: unknown): v is { data: unknown; init: ResponseInit | null } =>
  typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";

/** "a=1; b=2" from the Set-Cookie headers of a response, merged over an earlier cookie header. */
export function cookieFrom(res: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k) jar.set(k, v.join("="));
  }
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";");
    const [k, ...v] = pair!.trim().split("=");
    const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
    if (expired || v.join("=") === "") jar.delete(k!);
    else jar.set(k!, v.join("="));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function startPortal(): Promise<Portal> {
  setPortalEnv();
  const up = await startTestUpstream();
  const context = {
    upstream: { main: up.upstream.main, ops: up.upstream.ops },
    clientIp: "203.0.113.10",
    nonce: "test-nonce",
  } as AppLoadContext;

  const request: Portal["request"] = (path, opts = {}) => {
    const headers = new Headers(opts.headers);
    if (opts.cookie) headers.set("Cookie", opts.cookie);
    if (opts.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      return new Request(PORTAL_ORIGIN + path, { method: opts.method ?? "POST", headers, body: new URLSearchParams(opts.form).toString() });
    }
    return new Request(PORTAL_ORIGIN + path, { method: opts.method ?? "GET", headers });
  };

  const run: Portal["run"] = async (fn, path, opts = {}) => {
    try {
      return toResponse(await fn({ request: request(path, opts), context: opts.context ? { ...context, ...opts.context } : context, params: opts.params ?? {} }));
    } catch (e) {
      if (isResponse(e)) return e;
      throw e;
    }
  };

  const signIn: Portal["signIn"] = async (email, password = DEMO_PASSWORD) => {
    const login = await import("~/routes/_public+/auth.login");
    const res = await run(login.action as RouteFn, "/auth/login", { form: { email, password } });
    if (res.status !== 302) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
    return cookieFrom(res);
  };

  return { up, context, request, run, signIn, close: () => up.close() };
}

/** The toast a response sets (the flash cookie), or null. */
export async function toastOf(res: Response) {
  const { getToast } = await import("~/utils/toast.server");
  const cookie = cookieFrom(res);
  if (!cookie) return null;
  const { toast } = await getToast(new Request(PORTAL_ORIGIN, { headers: { Cookie: cookie } }));
  return toast;
}
