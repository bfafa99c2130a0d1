// The second step of sign-in for users with TOTP on: a 6-digit code (upstream verify_2fa). The
// challenge from the first step waits in the session cookie; it is useless without the code.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import * as s from "~/components/auth/auth.css";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { safeRedirect } from "~/models/roles";
import { TotpCodeForm } from "~/models/schemas/auth.server";
import { apiFor } from "~/utils/auth.server";
import { beginSession, endSession, pendingChallenge } from "~/utils/sign-in.server";
import { TotpCodeFormConstraints } from "~/models/form-constraints/TotpCodeForm";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Two-factor authentication · AeroRecords" }];


export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await pendingChallenge(request);
  if (!pending) throw redirect("/auth/login");
  const url = new URL(request.url);
  return { email: pending.email, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingChallenge(request);
  if (!pending) {
    return endSession(request, "/auth/login", { type: "error", description: "This sign-in attempt has expired. Please sign in again." });
  }
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  const submission = parseWithZod(formData, { schema: TotpCodeForm });
  if (submission.status !== "success") return data({ result: submission.reply({ resetForm: true }) }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.verifyTwoFactor(api, pending.challenge, submission.value.code);
  if (answer.ok) return beginSession(request, answer.data, redirectTo);
  // A wrong code (field error) or a lockout: stay here. Anything else (an expired or used
  // challenge, a deactivated account): start over on the login page.
  if (answer.errors?.code || answer.status === 429) {
    return data({ result: submission.reply({ formErrors: [answer.error], resetForm: true }) }, { status: answer.status === 429 ? 429 : 400 });
  }
  return endSession(request, "/auth/login", { type: "error", description: answer.error });
}

export default function VerifyTwoFactor() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "verify-2fa",
    constraint: TotpCodeFormConstraints,
    lastResult: actionData?.result,
  });
  return (
    <AuthCard title="Enter your code" lead={`Open your authenticator app and enter the 6-digit code for ${email}.`}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          label="Authentication code"
          meta={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          placeholder="123456"
          autoFocus
          className={s.codeInput}
        />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Verify and sign in
        </button>
      </Form>
      <AuthLinks>
        <span>
          Lost your phone? <Link to="/auth/2fa/reset">Reset two-factor authentication by e-mail</Link>
        </span>
        <span>
          Not you? <Link to="/auth/login">Sign in with another account</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
