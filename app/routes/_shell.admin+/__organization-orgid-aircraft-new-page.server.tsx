// organization.$orgId.aircraft.new.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AircraftForm } from "~/components/admin/aircraft-form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { AircraftUpdateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export async function load({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const { organization } = await admin.getOrganization(api, idOf(params.orgId));
  return json({ organization });
}

export async function act({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const orgId = idOf(params.orgId);
  const submission = parseWithZod(await request.formData(), { schema: AircraftUpdateInput });
  if (submission.status !== "success") return json({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.createAircraft(api, { ...submission.value, organization_id: orgId }),
    submission,
    redirectTo: () => `/admin/organization/${orgId}`,
  });
}

export const idOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export function Page() {
  const { organization } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>();
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
