// One guard for every loader and action: requireUser(request, context, {roles}).
import { redirect, type AppLoadContext } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { Api } from "~/models/api.server";
import { recordRefusal } from "~/models/audit.server";
import { type Role } from "~/models/roles";
import { getSession, type SessionUser } from "./session.server";

export interface Authed {
  user: SessionUser;
  api: Api;
}

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const user = session.get("user");
  return user && session.get("token") ? user : null;
}

/** An API client for the current visitor (signed in or not). */
export async function apiFor(request: Request, context: AppLoadContext): Promise<Api> {
  const session = await getSession(request);
  return new Api({
    request,
    upstream: context.upstream,
    clientIp: context.clientIp,
    user: session.get("user") ?? null,
    token: session.get("token") ?? null,
    scope: context.requestScope,
  });
}

/**
 * Signed-out visitors go to /auth/login (keeping where they were going); a role not in `roles`
 * goes to /errors/error-401 (spec §5 role guard).
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  { roles }: { roles?: readonly Role[] } = {},
): Promise<Authed> {
  const session = await getSession(request);
  const user = session.get("user");
  const token = session.get("token");
  if (!user || !token) {
    // A script's own fetch (the speed test's links, an upload's): a 401 it can read. Followed, the
    // redirect would render the sign-in page for the script, and that render would take the flash
    // message ("You are signed out.") meant for the page the user is going to.
    if (isScriptFetch(request, context)) throw Response.json({ error: AUTH_MESSAGES.signInFirst }, { status: 401, headers: { "Cache-Control": "no-store" } });
    const url = new URL(request.url);
    url.searchParams.delete("_routes"); // single fetch's own parameter on a data request, not the page's
    const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
    throw redirect(`/auth/login?${params}`);
  }
  const api = new Api({ request, upstream: context.upstream, clientIp: context.clientIp, user, token, scope: context.requestScope });
  if (roles && !roles.includes(user.role)) {
    // A write refused for the role is recorded, like the APIs' own refusals (issue 10).
    if (request.method !== "GET" && request.method !== "HEAD") await recordRefusal(api, request);
    throw redirect("/errors/error-401");
  }
  return { user, api };
}

/**
 * A request a script sent with fetch(): the browser says it is not a navigation (Sec-Fetch-Mode),
 * and it is not one of Remix's own data requests (`/page.data`, which must get the redirect: Remix's
 * router follows it). A data request's loader sees the page's URL, so server.ts marks it in the
 * load context. Requests without the header (other clients, tests) get the redirect as before.
 */
function isScriptFetch(request: Request, context: AppLoadContext) {
  const mode = request.headers.get("sec-fetch-mode");
  return mode !== null && mode !== "navigate" && !context.dataRequest;
}

export const STAFF: readonly Role[] = ["admin", "member"];

// For routes' actions: a route that imported it from ~/models/roles kept that module in its browser
// bundle (issue 12); from here it stays on the server.
export { safeRedirect } from "~/models/roles";
