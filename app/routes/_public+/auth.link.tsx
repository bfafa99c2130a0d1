// /auth/link: sign in with a one-time link sent by e-mail (issue 10). Without a token the page asks
// for the e-mail address and mails a link; with ?token= it shows one button that uses it. The token
// is used by a POST, never by the GET, so a mail scanner that follows links cannot spend it.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, AuthLinks, MailSent } from "~/components/auth/auth-card";
import { FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { safeRedirect } from "~/models/roles";
import { EmailInput, SignInLinkInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { requestSignInLink, signInWithLink } from "~/models/auth.server";
import { apiFor } from "~/utils/auth.server";
import { beginSession, rememberChallenge } from "~/utils/sign-in.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Sign in with a link · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", sent: url.searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const api = await apiFor(request, context);
  if (form.get("intent") === "use") {
    const submission = parseWithZod(form, { schema: SignInLinkInput });
    if (submission.status !== "success") return data({ error: AUTH_MESSAGES.signInLinkInvalid }, { status: 400 });
    const answer = await signInWithLink(api, submission.value.token);
    if (!answer.ok) return data({ error: answer.error }, { status: answer.status === 403 ? 403 : 400 });
    if ("two_factor_required" in answer.data) return rememberChallenge(request, answer.data.challenge, answer.data.email ?? "", safeRedirect(null, "/"));
    return beginSession(request, answer.data, "/");
  }
  const submission = parseWithZod(form, { schema: EmailInput });
  if (submission.status !== "success") return data({ error: submission.error?.email?.[0] ?? "Enter your e-mail address." }, { status: 400 });
  const answer = await requestSignInLink(api, submission.value.email);
  if (!answer.ok) return data({ error: answer.error }, { status: answer.status === 429 ? 429 : 400 });
  return redirectWithToast("/auth/link?sent=1", { type: "success", description: answer.message ?? AUTH_MESSAGES.signInLinkSent });
}

export default function SignInLinkRoute() {
  const { token, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = navigation.state === "idle" && actionData && "error" in actionData ? [actionData.error] : null;
  if (sent) return <MailSent title="Check your inbox" message={AUTH_MESSAGES.signInLinkSent} />;
  if (token) {
    return (
      <AuthCard title="Sign in with your link" lead="This link signs you in once. If two-factor authentication is on, you will be asked for your code next.">
        <Form method="post">
          <FormError errors={error} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" name="intent" value="use" className={`${ui.button.primary} ${ui.buttonBlock}`} disabled={busy}>
            {busy ? "Signing in…" : "Sign me in"}
          </button>
        </Form>
        <AuthLinks>
          <span>
            Link expired? <Link to="/auth/link">Ask for a new one</Link>
          </span>
        </AuthLinks>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in with a link" lead="Enter the e-mail address of your account and we will send you a link that signs you in, once, within 15 minutes.">
      <Form method="post">
        <FormError errors={error} />
        <div className={ui.field}>
          <label className={ui.label} htmlFor="link-email">
            Email
          </label>
          <input id="link-email" className={ui.input} name="email" type="email" required maxLength={254} autoComplete="email" inputMode="email" autoFocus />
        </div>
        <button type="submit" name="intent" value="request" className={`${ui.button.primary} ${ui.buttonBlock}`} disabled={busy}>
          {busy ? "Sending…" : "E-mail me a sign-in link"}
        </button>
      </Form>
      <AuthLinks>
        <span>
          Remembered your password? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
