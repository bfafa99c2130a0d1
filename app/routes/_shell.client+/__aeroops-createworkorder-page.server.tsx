// Aeroops.createworkorder.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { canWrite } from "~/models/roles";
import { WORK_ORDER_KINDS, type WorkOrderKind } from "~/models/workorder-rules";
import * as wo from "~/models/workorders.server";
import { redirectWithToast } from "~/utils/toast.server";
import { WorkOrderFormView } from "./__workorder-parts";

export async function load({ request, context }: LoaderFunctionArgs) {
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
  return json({ header: header.data, form, ctx, back: `/client/Aeroops/workorder/${wo.KIND_SCREEN[kind].path}${ctx}` });
}

export async function act({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const post = wo.readPost(await request.formData(), { creating: true });
  const rev = String(Date.now());
  const none: Record<string, string[]> = {};
  if (post.step === "edit") return json({ form: post.form, errors: none, formError: null as string | null, rev });
  if (!post.check.ok) return json({ form: post.form, errors: post.check.errors, formError: "Check the fields marked below.", rev }, { status: 422 });
  const f = post.form;
  const res = await wo.create(api, ref, { kind: f.kind as WorkOrderKind, number: f.number.trim(), title: f.title.trim(), status: f.status.trim(), data: post.check.data });
  if (!res.ok) return json({ form: f, errors: res.errors ?? none, formError: res.error, rev }, { status: 422 });
  const created = res.data.work_order;
  return redirectWithToast(`${wo.updatePath(created.kind, created.work_order_id)}${contextQuery(url, { kind: null })}`, { type: "success", description: res.data.message });
}

export function Page() {
  const d = useLoaderData<typeof load>();
  const a = useActionData<typeof act>();
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
