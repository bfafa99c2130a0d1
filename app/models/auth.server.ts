// Signing in and everything before it (docs/api/auth.md): password sign-in, the second factor,
// registration and its confirmation link, password and second-factor resets, the mailed one-time
// sign-in link (ADR 026), sign-out, and the public contact form. Every call is passthrough: these
// pages show the upstream's refusal themselves and never follow the generic 401/403 logout.
import type { Api } from "./api.server";
import { SignInAnswer, SignedInAnswer } from "./schemas/auth";

const quiet = { passthrough: true } as const;

export const signIn = (api: Api, user: { email: string; password: string }) =>
  api.post("main", "/users/sign_in.json", { json: { user }, schema: SignInAnswer, ...quiet });

/** The second step: the challenge of the first and a code from the authenticator app. */
export const verifyTwoFactor = (api: Api, challenge: string, code: string) =>
  api.post("main", "/users/verify_2fa.json", { json: { challenge, code }, schema: SignedInAnswer, ...quiet });

export const register = (api: Api, user: unknown) => api.post("main", "/users.json", { json: { user } });

/** The link of the confirmation mail. */
export const confirmAccount = (api: Api, link: unknown) => api.post("main", "/users/confirmation.json", { json: link });

export const requestPasswordReset = (api: Api, user: { email: string }) => api.post("main", "/users/password.json", { json: { user } });

/** The new password, with the token of the reset mail. */
export const resetPassword = (api: Api, user: unknown) => api.call("main", "PUT", "/users/password.json", { json: { user } });

export const requestTwoFactorReset = (api: Api, user: { email: string }) => api.post("main", "/users/2fa/reset.json", { json: { user } });

export const confirmTwoFactorReset = (api: Api, link: unknown) => api.post("main", "/users/2fa/confirm_reset.json", { json: link, ...quiet });

/** Asks the upstream to mail a sign-in link; the answer is the same whether or not the account exists. */
export const requestSignInLink = (api: Api, email: string) => api.post("main", "/users/sign_in_link.json", { json: { user: { email } } });

/** Trades a link's token for a session (or a second-factor challenge). Never redirects on failure. */
export const signInWithLink = (api: Api, token: string) =>
  api.post("main", "/users/sign_in_with_link.json", { json: { token }, schema: SignInAnswer, ...quiet });

/** Ends the upstream token. A token the upstream already forgot (expired, revoked) is fine. */
export const signOut = (api: Api) => api.post("main", "/users/sign_out.json", { json: {}, ...quiet });

/** The landing page's contact form. */
export const sendContactMessage = (api: Api, message: unknown) => api.post("main", "/public/contact.json", { json: message });
