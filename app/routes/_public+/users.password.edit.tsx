// /users/password/edit?reset_password_token=…: choose a new password from the mailed link
// (single use, valid for 2 hours; every session of the account is signed out).
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { ResetPasswordInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES, PASSWORD_RULE_MESSAGE } from "~/models/auth-constants";
import { apiFor } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ResetPasswordInputConstraints } from "~/models/form-constraints/ResetPasswordInput";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("reset_password_token")?.trim() ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordInput });
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.resetPassword(api, submission.value);
  if (!answer.ok) {
    return data({ result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors, hideFields }) }, { status: 400 });
  }
  return redirectWithToast("/auth/login", { type: "success", description: answer.message ?? AUTH_MESSAGES.passwordReset });
}

export default function PasswordEditRoute() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "password-edit",
    constraint: ResetPasswordInputConstraints,
    lastResult: actionData?.result,
  });
  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <FormError errors={["The link is incomplete. Ask for a new password reset link."]} />
        <Link to="/auth/reset" className={`${ui.button.secondary} ${ui.buttonBlock}`}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" lead="After the change, every session of your account is signed out.">
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name={fields.reset_password_token.name} value={token} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_RULE_MESSAGE} autoFocus />
        <Field label="Repeat the new password" meta={fields.password_confirmation} type="password" autoComplete="new-password" />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Save the new password
        </button>
      </Form>
      <AuthLinks>
        <span>
          Link expired or used? <Link to="/auth/reset">Ask for a new one</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
