// The work-order lists' loader (__workorder-list.tsx is the page).
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { canWrite } from "~/models/roles";
import type { WorkOrderKind } from "~/models/schemas/ops";
import * as wo from "~/models/workorders.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const kind = kindOf(url.pathname);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const [header, list] = await Promise.all([ops.header(api, ref), wo.list(api, ref, { ...(kind ? { kind } : {}), ...(q ? { q } : {}), page, per_page: PER_PAGE })]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!list.ok) throw new Response(list.error, { status: list.status });
  const ctx = contextQuery(url, { q: null, page: null });
  return {
    header: header.data,
    kind,
    title: kind ? `${wo.KIND_SCREEN[kind].label} work orders` : "Work orders",
    q,
    list: list.data,
    ctx,
    canEdit: canWrite(header.data.access_type),
    rows: list.data.work_orders.map((w) => ({ ...w, href: `${wo.updatePath(w.kind, w.work_order_id)}${ctx}` })),
  };
}

const PER_PAGE = 25;

function kindOf(pathname: string): WorkOrderKind | null {
  const last = pathname.split("/").pop() ?? "";
  return (Object.entries(wo.KIND_SCREEN).find(([, s]) => s.path === last)?.[0] as WorkOrderKind | undefined) ?? null;
}
