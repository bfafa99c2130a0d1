// The mailed one-time sign-in link (issue 10, ADR 026): asked for on /auth/link, or sent by the
// upstream when an account under attack from many networks needs more than its password.
import type { Api } from "./api.server";
import { SignInAnswer } from "./schemas/auth";

/** Asks the upstream to mail a sign-in link; the answer is the same whether or not the account exists. */
export const requestSignInLink = (api: Api, email: string) => api.post("main", "/users/sign_in_link.json", { json: { user: { email } } });

/** Trades a link's token for a session (or a second-factor challenge). Never redirects on failure. */
export const signInWithLink = (api: Api, token: string) =>
  api.post("main", "/users/sign_in_with_link.json", { json: { token }, schema: SignInAnswer, passthrough: true });
