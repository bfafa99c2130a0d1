// /client/Aeroops/createworkorder (spec 001 §2; issue 14): a new work order of the aircraft in the
// URL: kind, number, title, status, station, the task table (rows added and removed by the server,
// so it works without JavaScript) and remarks. Saved as version 1; then its update screen opens.
// Edit Access is needed (the ops API refuses otherwise, and the page says why).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { canWrite } from "~/models/roles";
import { WORK_ORDER_KINDS, type WorkOrderKind } from "~/models/workorder-rules";
import * as wo from "~/models/workorders.server";
import { redirectWithToast } from "~/utils/toast.server";
import { WorkOrderFormView } from "./__workorder-parts";

export const handle = opsHandle;

export const meta: MetaFunction = () => [{ title: "Create work order · AeroOPS · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const header = await ops.header(api, ref);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  const kindParam = url.searchParams.get("kind");
  const kind = (WORK_ORDER_KINDS as readonly string[]).includes(kindParam ?? "") ? (kindParam as WorkOrderKind) : "aircraft";
  const ctx = contextQuery(url, { kind: null });
  if (!canWrite(header.data.access_type)) {
    throw await redirectWithToast(`/client/Aeroops/workorder${ctx}`, { type: "error", description: "You have Read Access to this aircraft. Edit Access is needed to create work orders." });
  }
  const form: wo.WorkOrderForm = { kind, number: "", title: "", status: "open", station: "", remarks: "", tasks: [wo.emptyTask(0), wo.emptyTask(1), wo.emptyTask(2)] };
  return { header: header.data, form, ctx, back: `/client/Aeroops/workorder/${wo.KIND_SCREEN[kind].path}${ctx}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const post = wo.readPost(await request.formData(), { creating: true });
  const rev = String(Date.now());
  const none: Record<string, string[]> = {};
  if (post.step === "edit") return { form: post.form, errors: none, formError: null as string | null, rev };
  if (!post.check.ok) return data({ form: post.form, errors: post.check.errors, formError: "Check the fields marked below.", rev }, { status: 422 });
  const f = post.form;
  const res = await wo.create(api, ref, { kind: f.kind as WorkOrderKind, number: f.number.trim(), title: f.title.trim(), status: f.status.trim(), data: post.check.data });
  if (!res.ok) return data({ form: f, errors: res.errors ?? none, formError: res.error, rev }, { status: 422 });
  const created = res.data.work_order;
  return redirectWithToast(`${wo.updatePath(created.kind, created.work_order_id)}${contextQuery(url, { kind: null })}`, { type: "success", description: res.data.message });
}

export default function CreateWorkOrder() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create work order</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""}
          </p>
        </div>
        <Link to={d.back} className={ui.button.ghost}>
          Work orders
        </Link>
      </div>
      <WorkOrderFormView formKey={a?.rev ?? "new"} form={a?.form ?? d.form} errors={a?.errors} formError={a?.formError} creating submitLabel="Create work order" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

