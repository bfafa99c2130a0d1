// /admin/consultant/create: a consultant account and its profile (POST /admin/consultants.json).
// The consultant finishes onboarding themselves (stage basic_info); without a password an invitation
// (a set-your-password link) is mailed.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { ConsultantCreateInputConstraints } from "~/models/form-constraints/ConsultantCreateInput";
import { FormActions, NewPasswordField, PersonNameFields } from "~/components/admin/form-parts";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { ConsultantCreateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Create a consultant · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: STAFF });
  return {};
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: ConsultantCreateInput });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createConsultant(api, submission.value),
    submission,
    hideFields: ["password"],
    redirectTo: () => "/admin/consultant/dashboard?sort=created_at&dir=desc",
  });
}

export default function CreateConsultant() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({ id: "consultant-create", constraint: ConsultantCreateInputConstraints, lastResult: actionData?.result });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create a consultant</h1>
          <p className={ui.pageLead}>A contractor for record reviews, inspections, scanning and projects. They complete their profile after signing in.</p>
        </div>
        <Link to="/admin/consultant/dashboard" className={ui.button.secondary}>
          All consultants
        </Link>
      </div>
      <Form method="post" {...getFormProps(form)} className={s.formCard}>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={s.formGrid}>
          <PersonNameFields fields={fields} />
          <Field label="City" meta={fields.city} />
          <Field label="Country" meta={fields.country} />
          <Field label="Phone" meta={fields.phone_number_with_country_code} type="tel" hint="With the country code, e.g. +353 1 234 5678." />
          <NewPasswordField meta={fields.password} />
        </div>
        <FormActions label="Create consultant" cancelTo="/admin/consultant/dashboard" />
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
