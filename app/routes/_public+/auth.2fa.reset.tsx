// /auth/2fa/reset: lost the authenticator? A mailed link turns two-factor authentication off
// (/auth/2fa/confirm_reset). Same answer whether or not the account exists or uses 2FA.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLinks, MailSent } from "~/components/auth/auth-card";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { EmailInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { apiFor } from "~/utils/auth.server";
import { pendingChallenge } from "~/utils/sign-in.server";
import { redirectWithToast } from "~/utils/toast.server";
import { EmailInputConstraints } from "~/models/form-constraints/EmailInput";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Reset two-factor authentication · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await pendingChallenge(request);
  return { sent: new URL(request.url).searchParams.get("sent") === "1", email: pending?.email ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: EmailInput });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.requestTwoFactorReset(api, submission.value);
  if (!answer.ok) return data({ result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors }) }, { status: 400 });
  return redirectWithToast("/auth/2fa/reset?sent=1", { type: "success", description: answer.message ?? AUTH_MESSAGES.twoFactorResetRequested });
}

export default function TwoFactorResetRoute() {
  const { sent, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "2fa-reset",
    constraint: EmailInputConstraints,
    lastResult: actionData?.result,
    defaultValue: { email },
  });
  if (sent) return <MailSent title="Check your inbox" message={AUTH_MESSAGES.twoFactorResetRequested} />;
  return (
    <AuthCard
      title="Reset two-factor authentication"
      lead="Lost the phone with your authenticator app? We will mail you a link that turns two-factor authentication off and signs out every session. Then sign in with your password and set it up again."
    >
      <Form method="post" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" autoFocus />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Send the reset link
        </button>
      </Form>
      <AuthLinks>
        <span>
          Found your phone? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
