// /admin/organization/{id}/aircraft/{aircraftId}: edit an aircraft (POST /admin/aircraft/{id}.json).
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { AircraftForm } from "~/components/admin/aircraft-form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { AircraftUpdateInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.aircraft.name ?? "Aircraft"} · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const { aircraft } = await admin.getAircraft(api, idOf(params.aircraftId));
  if (aircraft.organization.id !== idOf(params.orgId)) throw new Response("Not found", { status: 404 });
  return { aircraft };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const orgId = idOf(params.orgId);
  const id = idOf(params.aircraftId);
  const submission = parseWithZod(await request.formData(), { schema: AircraftUpdateInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.updateAircraft(api, id, submission.value),
    submission,
    redirectTo: () => `/admin/organization/${orgId}`,
  });
}

const idOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export default function EditAircraft() {
  const { aircraft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{aircraft.name}</h1>
          <p className={ui.pageLead}>
            MSN {aircraft.msn} of {aircraft.organization.name} · {aircraft.user_count} people with storage access
          </p>
        </div>
        <div className={ui.row}>
          <Link to={`/storage/aircraft/${aircraft.id}/files`} className={ui.button.secondary}>
            Records
          </Link>
          <Link to={`/admin/user-access-control?aircraft_id=${aircraft.id}`} className={ui.button.secondary}>
            Access
          </Link>
        </div>
      </div>
      <AircraftForm
        id={`aircraft-${aircraft.id}`}
        lastResult={actionData?.result}
        initial={aircraft}
        submitLabel="Save aircraft"
        cancelTo={`/admin/organization/${aircraft.organization.id}`}
      />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
