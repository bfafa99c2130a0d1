// /auth/reset: ask for a password reset link by e-mail. Same answer whether or not the account exists.
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
import { redirectWithToast } from "~/utils/toast.server";
import { EmailInputConstraints } from "~/models/form-constraints/EmailInput";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Reset your password · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: EmailInput });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.requestPasswordReset(api, submission.value);
  if (!answer.ok) return data({ result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors }) }, { status: 400 });
  return redirectWithToast("/auth/reset?sent=1", { type: "success", description: answer.message ?? AUTH_MESSAGES.resetRequested });
}

export default function ResetRoute() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "reset",
    constraint: EmailInputConstraints,
    lastResult: actionData?.result,
  });
  if (sent) return <MailSent title="Check your inbox" message={AUTH_MESSAGES.resetRequested} />;
  return (
    <AuthCard title="Reset your password" lead="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <Form method="post" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" autoFocus />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Send the reset link
        </button>
      </Form>
      <AuthLinks>
        <span>
          Remembered it? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
