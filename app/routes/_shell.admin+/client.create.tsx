// /admin/client/create: a client user of an organization (POST /admin/clients.json). With a password
// the client can sign in at once; without one an invitation (a set-your-password link) is mailed.
// Then on to user access control to grant aircraft.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { SelectField } from "~/components/admin/fields";
import { ClientCreateInputConstraints } from "~/models/form-constraints/ClientCreateInput";
import { FormActions, NewPasswordField, PersonNameFields } from "~/components/admin/form-parts";
import { FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { ClientCreateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Create a client · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  return { organizations: await admin.organizationOptions(api), preselect: url.searchParams.get("organization_id") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: ClientCreateInput });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createClient(api, submission.value),
    submission,
    hideFields: ["password"],
    redirectTo: (d) => `/admin/user-access-control?user_id=${d.user.id}`,
  });
}

export default function CreateClient() {
  const { organizations, preselect } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({ id: "client-create", constraint: ClientCreateInputConstraints, lastResult: actionData?.result, defaultValue: { organization_id: preselect } });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create a client</h1>
          <p className={ui.pageLead}>A person of a lessor or operator. After this, grant access to the organization's aircraft.</p>
        </div>
        <Link to="/admin/client/dashboard" className={ui.button.secondary}>
          All clients
        </Link>
      </div>
      <Form method="post" {...getFormProps(form)} className={s.formCard}>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={s.formGrid}>
          <PersonNameFields fields={fields} />
          <SelectField
            label="Organization"
            meta={fields.organization_id}
            placeholder="Choose an organization"
            options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          />
          <NewPasswordField meta={fields.password} />
        </div>
        <FormActions label="Create client" cancelTo="/admin/client/dashboard" />
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
