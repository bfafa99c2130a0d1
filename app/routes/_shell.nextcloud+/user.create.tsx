// /nextcloud/user/create: a file-server account (user name, display name, e-mail, quota, groups):
// POST /admin/fs/users.json.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { ChoiceGroup } from "~/components/admin/fields";
import { FormActions } from "~/components/admin/form-parts";
import { FsUserInputConstraints } from "~/models/form-constraints/FsUserInput";
import { FileServerTabs } from "~/components/admin/fs-tabs";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { FsUserInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { PageErrorBoundary } from "~/components/error-page/boundary";

export const meta: MetaFunction = () => [{ title: "Create a file-server user · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const { groups } = await admin.listFsGroups(api, { per_page: 100, sort: "name" });
  return { groups };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: FsUserInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createFsUser(api, submission.value),
    submission,
    redirectTo: () => "/nextcloud/user",
  });
}

export default function CreateFileServerUser() {
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({ id: "fs-user-create", constraint: FsUserInputConstraints, lastResult: actionData?.result });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create a file-server user</h1>
          <p className={ui.pageLead}>An account of the file server; its groups give it the folders of their organizations.</p>
        </div>
      </div>
      <FileServerTabs />
      <Form method="post" {...getFormProps(form)} className={s.formCard}>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={s.formGrid}>
          <Field
            label="User name"
            meta={fields.username}
            autoCapitalize="none"
            spellCheck={false}
            hint="Lower-case letters, digits, dots, hyphens, underscores."
          />
          <Field label="Display name" meta={fields.display_name} />
          <Field label="E-mail" meta={fields.email} type="email" />
          <Field label="Quota (GiB)" meta={fields.quota_gb} type="number" step="0.1" hint="Leave blank for unlimited." />
        </div>
        {groups.length ? (
          <ChoiceGroup
            legend="Groups"
            meta={fields.group_ids}
            type="checkbox"
            options={groups.map((g) => ({ value: String(g.id), label: g.organization ? `${g.name} (${g.organization.name})` : g.name }))}
          />
        ) : (
          <p className={`${ui.small} ${ui.muted}`}>
            No groups yet: <Link to="/nextcloud/group/create">create one</Link> to map users to an organization.
          </p>
        )}
        <FormActions label="Create user" cancelTo="/nextcloud/user" />
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
