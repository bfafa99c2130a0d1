// group.create.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { getFormProps } from "~/components/ui/form-state";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { SelectField } from "~/components/admin/fields";
import { FormActions, useSchemaForm } from "~/components/admin/form-parts";
import { FsGroupInputConstraints } from "~/models/form-constraints/FsGroupInput";
import { FileServerTabs } from "~/components/admin/fs-tabs";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { FsGroupInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  return json({ organizations: await admin.organizationOptions(api) });
}

export async function act({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: FsGroupInput });
  if (submission.status !== "success") return json({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createFsGroup(api, submission.value),
    submission,
    redirectTo: () => "/nextcloud/group",
  });
}

export function Page() {
  const { organizations } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({ id: "fs-group-create", constraint: FsGroupInputConstraints, lastResult: actionData?.result });
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
        <FormActions label="Create group" busy={navigation.state === "submitting"} cancelTo="/nextcloud/group" />
      </Form>
    </>
  );
}
