// One guard for every loader and action: requireUser(request, context, {roles}).
import { redirect, type AppLoadContext } from "@remix-run/node";
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
    const url = new URL(request.url);
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

export const STAFF: readonly Role[] = ["admin", "member"];
