// /admin/organization/{id}/aircraft/new: add an aircraft to an organization. The upstream creates its
// records root folder too (POST /admin/aircraft.json).
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { AircraftForm } from "~/components/admin/aircraft-form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { AircraftUpdateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Add an aircraft · AeroRecords" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const { organization } = await admin.getOrganization(api, idOf(params.orgId));
  return { organization };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const orgId = idOf(params.orgId);
  const submission = parseWithZod(await request.formData(), { schema: AircraftUpdateInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createAircraft(api, { ...submission.value, organization_id: orgId }),
    submission,
    redirectTo: () => `/admin/organization/${orgId}`,
  });
}

const idOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export default function NewAircraft() {
  const { organization } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Add an aircraft</h1>
          <p className={ui.pageLead}>To {organization.name}. Its records folder is created with it; grant people access next.</p>
        </div>
      </div>
      <AircraftForm id="aircraft-new" lastResult={actionData?.result} submitLabel="Add aircraft" cancelTo={`/admin/organization/${organization.id}`} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
