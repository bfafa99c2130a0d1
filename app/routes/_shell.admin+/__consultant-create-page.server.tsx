// consultant.create.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { getFormProps } from "~/components/ui/form-state";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { ConsultantCreateInputConstraints } from "~/models/form-constraints/ConsultantCreateInput";
import { FormActions, NewPasswordField, PersonNameFields, useSchemaForm } from "~/components/admin/form-parts";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { ConsultantCreateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: STAFF });
  return json({});
}

export async function act({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: ConsultantCreateInput });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createConsultant(api, submission.value),
    submission,
    hideFields: ["password"],
    redirectTo: () => "/admin/consultant/dashboard?sort=created_at&dir=desc",
  });
}

export function Page() {
  const actionData = useActionData<typeof act>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm({ id: "consultant-create", constraint: ConsultantCreateInputConstraints, lastResult: actionData?.result });
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
        <FormActions label="Create consultant" busyLabel="Creating…" busy={busy} cancelTo="/admin/consultant/dashboard" />
      </Form>
    </>
  );
}
