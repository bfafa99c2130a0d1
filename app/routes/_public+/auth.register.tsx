// /auth/register: a client or consultant account, confirmed through a mailed link (/auth/confirm).
// The answer is the same whether or not the address is taken (the upstream mails the owner instead).
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLinks, MailSent } from "~/components/auth/auth-card";
import { ErrorList, Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { RegisterInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES, PASSWORD_RULE_MESSAGE } from "~/models/auth-constants";
import { apiFor } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { RegisterInputConstraints } from "~/models/form-constraints/RegisterInput";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Create an account · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterInput });
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.register(api, submission.value);
  if (!answer.ok) {
    return data({ result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors, hideFields }) }, { status: 400 });
  }
  return redirectWithToast("/auth/register?sent=1", { type: "success", description: answer.message ?? AUTH_MESSAGES.registered });
}

export default function RegisterRoute() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "register",
    constraint: RegisterInputConstraints,
    lastResult: actionData?.result,
    defaultValue: { role: "client" },
  });

  if (sent) return <MailSent title="Check your inbox" message={AUTH_MESSAGES.registered} />;

  const role = fields.role.initialValue ?? "client";
  return (
    <AuthCard title="Create an account" lead="Clients manage their fleet's records; consultants offer their services to clients.">
      <Form method="post" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset style={{ border: 0, padding: 0, margin: "0 0 16px" }}>
          <legend className={ui.label} style={{ marginBottom: 6 }}>
            I am registering as
          </legend>
          <div className={ui.choiceRow}>
            {(
              [
                ["client", "A client", "Lessor or operator"],
                ["consultant", "A consultant", "Technical contractor"],
              ] as const
            ).map(([value, title, sub]) => (
              <label key={value} className={ui.choice}>
                <input type="radio" name={fields.role.name} value={value} defaultChecked={role === value} required />
                <span>
                  <strong>{title}</strong>
                  <br />
                  <span className={`${ui.small} ${ui.muted}`}>{sub}</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
        </fieldset>
        <div style={{ display: "grid", gap: "0 12px", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" }}>
          <Field label="First name" meta={fields.first_name} autoComplete="given-name" />
          <Field label="Last name" meta={fields.last_name} autoComplete="family-name" />
        </div>
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_RULE_MESSAGE} />
        <Field label="Repeat the password" meta={fields.password_confirmation} type="password" autoComplete="new-password" />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
          Create account
        </button>
      </Form>
      <AuthLinks>
        <span>
          Already registered? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
