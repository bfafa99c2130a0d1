import { env } from "./env.server";
import { createSealedCookieSessionStorage } from "./sealed-cookie.server";

export type Role = "consultant" | "client" | "admin" | "member" | "ops_template";

/**
 * What the portal keeps about the signed-in user. The token stays in this httpOnly cookie only, and
 * the cookie is encrypted (sealed-cookie.server.ts): a copied cookie shows no token.
 */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  username: string;
  first_name: string;
}

type SessionData = { user: SessionUser; token: string; twoFactorChallenge: string; twoFactorEmail: string };

let storage: ReturnType<typeof createSealedCookieSessionStorage<SessionData>> | null = null;

/** The one rule for the Secure flag of every cookie the portal sets (session and toast). */
export function secureCookies(): boolean {
  const e = env();
  return e.SECURE_COOKIES ? e.SECURE_COOKIES === "true" : e.NODE_ENV === "production" && e.PORTAL_URL?.startsWith("https://") === true;
}

/** SESSION_SECRET, comma-separated: the first seals, all open (rotation). */
export const sessionSecrets = () => env().SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean);

export function sessionStorage() {
  if (storage) return storage;
  storage = createSealedCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: sessionSecrets(),
      maxAge: 60 * 60 * 12,
    },
  });
  return storage;
}

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));
export const commitSession: ReturnType<typeof sessionStorage>["commitSession"] = (s, o) => sessionStorage().commitSession(s, o);
export const destroySession: ReturnType<typeof sessionStorage>["destroySession"] = (s, o) => sessionStorage().destroySession(s, o);
