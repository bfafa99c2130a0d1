// /admin/organization/create: a new organization (name, slug, product type STORAGE or UAMBOX, the
// search-all flag, AeroOPS / AeroOIL). POST /admin/organizations.json; then its page, where aircraft
// are added.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { OrganizationForm } from "~/components/admin/organization-form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { OrganizationInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Create an organization · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: STAFF });
  return {};
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: OrganizationInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createOrganization(api, submission.value),
    submission,
    redirectTo: (d) => `/admin/organization/${d.organization.id}`,
  });
}

export default function CreateOrganization() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create an organization</h1>
          <p className={ui.pageLead}>A lessor or operator. Add its aircraft and people once it exists.</p>
        </div>
        <Link to="/admin/organization" className={ui.button.secondary}>
          All organizations
        </Link>
      </div>
      <OrganizationForm id="organization-create" lastResult={actionData?.result} submitLabel="Create organization" cancelTo="/admin/organization" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
