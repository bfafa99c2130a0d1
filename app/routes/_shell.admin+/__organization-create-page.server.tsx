// organization.create.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { OrganizationForm } from "~/components/admin/organization-form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { OrganizationInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: STAFF });
  return json({});
}

export async function act({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: OrganizationInput });
  if (submission.status !== "success") return json({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createOrganization(api, submission.value),
    submission,
    redirectTo: (d) => `/admin/organization/${d.organization.id}`,
  });
}

export function Page() {
  const actionData = useActionData<typeof act>();
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
