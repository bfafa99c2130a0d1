// /admin/ip-whitelist/create: add an address or CIDR range to an organization's whitelist
// (POST /admin/ip_whitelist.json). Once an organization has entries its users can sign in and use the
// portal only from them. A list that would exclude your own current address is refused when you
// belong to that organization (nobody locks themselves out), and otherwise asks you to confirm.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { SelectField } from "~/components/admin/fields";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { IpWarningAnswer, IpWhitelistInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { IpWhitelistInputConstraints } from "~/models/form-constraints/IpWhitelistInput";

export const meta: MetaFunction = () => [{ title: "Add to the IP whitelist · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  return { organizations: await admin.organizationOptions(api), preselect: url.searchParams.get("organization_id") ?? "", yourIp: context.clientIp ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: IpWhitelistInput });
  if (submission.status !== "success") return data({ result: submission.reply(), confirm: false }, { status: 400 });
  const res = await admin.addIpWhitelistEntry(api, submission.value);
  if (res.ok) {
    return redirectWithToast(`/admin/ip-whitelist?organization_id=${submission.value.organization_id}`, {
      type: "success",
      description: res.message ?? "Added.",
    });
  }
  const warning = IpWarningAnswer.safeParse(res.data);
  return data(
    { result: submission.reply({ formErrors: [res.error], fieldErrors: res.errors }), confirm: warning.success && warning.data.confirm_required },
    { status: 400 }
  );
}

export default function CreateWhitelistEntry() {
  const { organizations, preselect, yourIp } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData?.confirm === true;
  const [form, fields] = formFields({
    id: "ip-whitelist-create",
    lastResult: actionData?.result,
    constraint: IpWhitelistInputConstraints,
    defaultValue: { organization_id: preselect },
  });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Add to the IP whitelist</h1>
          <p className={ui.pageLead}>
            An address (203.0.113.7) or a range (203.0.113.0/24, 2001:db8::/32). Your current address is{" "}
            <strong className={ui.mono}>{yourIp ?? "unknown"}</strong>.
          </p>
        </div>
        <Link to="/admin/ip-whitelist" className={ui.button.secondary}>
          The whitelist
        </Link>
      </div>
      <Form method="post" {...getFormProps(form)} className={s.formCard}>
        {confirm ? (
          <div role="alert" className={ui.alert.warning}>
            <span>{form.errors?.join("\n")}</span>
          </div>
        ) : (
          <FormError id={form.errorId} errors={form.errors} />
        )}
        <div className={s.formGrid}>
          <div className={s.span2}>
            <SelectField
              label="Organization"
              meta={fields.organization_id}
              placeholder="Choose an organization"
              options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
            />
          </div>
          <Field label="Address or range" meta={fields.cidr} className={ui.mono} autoCapitalize="none" spellCheck={false} />
          <Field label="Label" meta={fields.label} hint="Where it is, e.g. “Dublin office”." />
        </div>
        {confirm ? <input type="hidden" name="confirm" value="on" /> : null}
        <div className={s.actions}>
          <button type="submit" className={confirm ? ui.button.danger : ui.button.primary}>
            {confirm ? "Save anyway" : "Add to the whitelist"}
          </button>
          <Link to="/admin/ip-whitelist" className={ui.button.ghost}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
