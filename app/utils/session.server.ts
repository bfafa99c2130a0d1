import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server";

export type Role = "consultant" | "client" | "admin" | "member" | "ops_template";

/** What the portal keeps about the signed-in user. The token stays in this signed, httpOnly cookie only. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  username: string;
  first_name: string;
}

type SessionData = { user: SessionUser; token: string; twoFactorChallenge: string; twoFactorEmail: string };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | null = null;

export function sessionStorage() {
  if (storage) return storage;
  const e = env();
  storage = createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: e.SECURE_COOKIES ? e.SECURE_COOKIES === "true" : e.NODE_ENV === "production" && process.env.PORTAL_URL?.startsWith("https://") === true,
      secrets: e.SESSION_SECRET.split(","),
      maxAge: 60 * 60 * 12,
    },
  });
  return storage;
}

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));
export const commitSession: ReturnType<typeof sessionStorage>["commitSession"] = (s, o) => sessionStorage().commitSession(s, o);
export const destroySession: ReturnType<typeof sessionStorage>["destroySession"] = (s, o) => sessionStorage().destroySession(s, o);
