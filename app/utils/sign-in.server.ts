// Starting and ending a portal session after the upstream said yes. The token goes into the signed,
// httpOnly session cookie and nowhere else.
import { redirect } from "@remix-run/node";
import type { SessionUser } from "./session.server";
import { commitSession, destroySession, getSession } from "./session.server";
import { safeRedirect } from "~/models/roles";
import { createToastHeaders, type ToastInput } from "./toast.server";

/** Stores the user and token, forgets any pending second-factor challenge, and redirects. */
export async function beginSession(request: Request, data: { user: SessionUser; token: string }, redirectTo: string | null) {
  const session = await getSession(request);
  session.unset("twoFactorChallenge");
  session.unset("twoFactorEmail");
  session.set("user", {
    id: data.user.id,
    email: data.user.email,
    role: data.user.role,
    username: data.user.username,
    first_name: data.user.first_name,
  });
  session.set("token", data.token);
  return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Remembers the second-factor challenge (not a credential on its own: it needs the TOTP code). */
export async function rememberChallenge(request: Request, challenge: string, email: string, redirectTo: string | null) {
  const session = await getSession(request);
  session.unset("user");
  session.unset("token");
  session.set("twoFactorChallenge", challenge);
  session.set("twoFactorEmail", email);
  const params = new URLSearchParams();
  const to = safeRedirect(redirectTo, "");
  if (to) params.set("redirectTo", to);
  const qs = params.toString();
  return redirect(`/auth/2fa/verify${qs ? `?${qs}` : ""}`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export async function pendingChallenge(request: Request) {
  const session = await getSession(request);
  const challenge = session.get("twoFactorChallenge");
  const email = session.get("twoFactorEmail");
  return challenge && email ? { challenge, email } : null;
}

/** Clears the session and redirects, with an optional toast. */
export async function endSession(request: Request, to: string, toast?: ToastInput) {
  const session = await getSession(request);
  const headers = toast ? await createToastHeaders(toast) : new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  return redirect(to, { headers });
}
