// /nextcloud/group/create: a file-server group, optionally mapped to an organization
// (POST /admin/fs/groups.json).
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { SelectField } from "~/components/admin/fields";
import { FormActions } from "~/components/admin/form-parts";
import { FsGroupInputConstraints } from "~/models/form-constraints/FsGroupInput";
import { FileServerTabs } from "~/components/admin/fs-tabs";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { FsGroupInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { PageErrorBoundary } from "~/components/error-page/boundary";

export const meta: MetaFunction = () => [{ title: "Create a file-server group · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  return { organizations: await admin.organizationOptions(api) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: FsGroupInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createFsGroup(api, submission.value),
    submission,
    redirectTo: () => "/nextcloud/group",
  });
}

export default function CreateFileServerGroup() {
  const { organizations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({ id: "fs-group-create", constraint: FsGroupInputConstraints, lastResult: actionData?.result });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create a file-server group</h1>
          <p className={ui.pageLead}>Members of a group mapped to an organization reach that organization's records.</p>
        </div>
      </div>
      <FileServerTabs />
      <Form method="post" {...getFormProps(form)} className={s.formCard}>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={s.formGrid}>
          <Field label="Group name" meta={fields.name} />
          <SelectField
            label="Organization"
            meta={fields.organization_id}
            placeholder="None"
            options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          />
        </div>
        <FormActions label="Create group" cancelTo="/nextcloud/group" />
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
