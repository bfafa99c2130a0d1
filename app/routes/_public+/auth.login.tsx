// /auth/login (and /users/confirm_url, the same screen). Field names `email` and `password`.
// Wrong credentials: one message that never says which of the two was wrong. Repeated failures are
// slowed down and then refused for a while for that network by the upstream; a mailed one-time link
// always works (ADR 011, ADR 026).
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import * as s from "~/components/auth/auth.css";
import { LogoutAnnouncer } from "~/components/logout/logout-broadcast";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { SIGN_IN_LOCKOUT_NOTE } from "~/models/auth-rules";
import { safeRedirect } from "~/models/roles";
import { SignInInput } from "~/models/schemas/auth.server";
import { apiFor } from "~/utils/auth.server";
import { beginSession, rememberChallenge } from "~/utils/sign-in.server";
import { SignInInputConstraints } from "~/models/form-constraints/SignInInput";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Sign in · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    signedOut: url.searchParams.has("signed_out"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  const submission = parseWithZod(formData, { schema: SignInInput });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), locked: false }, { status: 400 });
  }
  const api = await apiFor(request, context);
  const answer = await auth.signIn(api, submission.value);
  if (!answer.ok) {
    const locked = answer.status === 429;
    return data(
      { result: submission.reply({ formErrors: [answer.error], hideFields: ["password"] }), locked },
      { status: locked ? 429 : answer.status === 401 || answer.status === 403 ? answer.status : 400 },
    );
  }
  if ("two_factor_required" in answer.data) {
    return rememberChallenge(request, answer.data.challenge, submission.value.email, redirectTo);
  }
  return beginSession(request, answer.data, redirectTo);
}

export default function LoginRoute() {
  const { redirectTo, signedOut } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "login",
    constraint: SignInInputConstraints,
    lastResult: actionData?.result,
  });
  const failed = Boolean(form.errors?.length);

  return (
    <AuthCard title="Sign in" lead="Welcome back. Sign in to your AeroRecords account.">
      {signedOut ? <LogoutAnnouncer /> : null}
      {/* A document post even on a hydrated page: a refused attempt comes back as a new page without
          the password (the server leaves it out), and a session starts with a fresh document. */}
      <Form method="post" reloadDocument {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="username" autoFocus={!failed} inputMode="email" />
        <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" autoFocus={failed} />
        <div className={s.inlineLinks}>
          <Link to="/auth/reset">Forgot your password?</Link>
          <Link to="/auth/link">E-mail me a sign-in link</Link>
        </div>
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Sign in
        </button>
        {failed ? <p className={`${ui.small} ${ui.muted}`}>{SIGN_IN_LOCKOUT_NOTE}</p> : null}
      </Form>
      <AuthLinks>
        <span>
          New to AeroRecords? <Link to="/auth/register">Create an account</Link>
        </span>
        <span>
          Lost the phone with your authenticator app? <Link to="/auth/2fa/reset">Reset two-factor authentication</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
