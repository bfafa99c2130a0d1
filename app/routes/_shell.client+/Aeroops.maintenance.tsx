// /client/Aeroops/maintenance (spec 001 §2; AeroMRO, the maintenance module): an aircraft's maintenance
// at a glance: its work orders still open (by status, newest first, each to its screen), its technical
// logbooks with their page counts, and its maintenance and component tabs. No bottom tab bar here
// (the spec hides it on maintenance screens). Read access suffices; the links lead to the writes.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/data-table";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { TabGroups } from "~/components/ops-tab-bar/tab-groups";
import * as ui from "~/components/ui/ui.css";
import { statusLabel, WORK_ORDER_STATUS_LABEL } from "~/models/status-labels";
import * as logbooks from "~/models/logbooks.server";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { groupTabs } from "~/models/ops-rules";
import { canWrite } from "~/models/roles";
import * as wo from "~/models/workorders.server";
import { KIND_SCREEN, opsTabHref, updatePath } from "~/models/workorder-rules";
import { dayMonthYear } from "~/utils/dates";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Maintenance${data ? ` · MSN ${data.header.msn}` : ""} · AeroMRO · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const [header, tabs, orders, books] = await Promise.all([
    ops.header(api, ref),
    ops.listTabs(api, ref),
    wo.list(api, ref, { page: 1, per_page: 100 }),
    logbooks.list(api, ref, { page: 1, per_page: 50 }),
  ]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  const q = contextQuery(url, { module: url.searchParams.get("module") ?? "maintenance" });
  const all = orders.ok ? orders.data.work_orders : [];
  const open = all.filter((w) => !DONE.has(w.status.toLowerCase()));
  const byStatus: Record<string, number> = {};
  for (const w of all) byStatus[w.status] = (byStatus[w.status] ?? 0) + 1;
  const stored = (tabs.ok ? tabs.data.tabs : []).filter((t) => !["aircraftwo", "enginewo", "componentwo"].includes(t.tab_id));
  const chosen = stored.some((t) => MAINTENANCE_GROUPS.test(t.group_name)) ? stored.filter((t) => MAINTENANCE_GROUPS.test(t.group_name)) : stored;
  return {
    header: header.data,
    q,
    canEdit: canWrite(header.data.access_type),
    open: open.map((w) => ({ ...w, href: `${updatePath(w.kind, w.work_order_id)}${q}` })),
    totalOrders: orders.ok ? orders.data.total : 0,
    byStatus: Object.entries(byStatus).sort((a, b) => b[1] - a[1]),
    logbooks: (books.ok ? books.data.logbooks : []).map((b) => ({ ...b, href: `${logbooks.pagesPath(b.log_book_id)}${q}` })),
    groups: groupTabs(chosen, (t) => ({ key: t.tab_id, name: t.tab_name, href: opsTabHref(t.tab_id, q) })),
  };
}

const DONE = new Set(["closed", "cancelled"]);

/** The groups this screen shows; an aircraft without them shows all its tabs. */
const MAINTENANCE_GROUPS = /maint|component|check|llp|engine/i;

type Data = SerializeFrom<typeof loader>;

/** The open work orders, each number to its screen. */
const ORDER_COLUMNS: DataColumn<Data["open"][number]>[] = [
  { key: "number", header: "Number", cell: (w) => <Link to={w.href}>{w.number}</Link> },
  { key: "title", header: "Title", cell: (w) => w.title },
  { key: "kind", header: "Kind", cell: (w) => KIND_SCREEN[w.kind].label },
  { key: "status", header: "Status", cell: (w) => statusLabel(WORK_ORDER_STATUS_LABEL, w.status) },
  { key: "updated", header: "Updated", className: ui.nowrap, cell: (w) => dayMonthYear(w.updated_at.slice(0, 10)) },
];

/** The technical logbooks, each to its pages. */
const LOGBOOK_COLUMNS: DataColumn<Data["logbooks"][number]>[] = [
  { key: "logbook", header: "Logbook", cell: (b) => <Link to={b.href}>{b.title}</Link> },
  { key: "pages", header: "Pages", numeric: true, cell: (b) => b.page_count },
];

export default function Maintenance() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Maintenance of MSN {d.header.msn}</h1>
          <p className={ui.pageLead}>
            AeroMRO · {d.open.length} open {d.open.length === 1 ? "work order" : "work orders"} of {d.totalOrders} · {d.logbooks.length} technical{" "}
            {d.logbooks.length === 1 ? "logbook" : "logbooks"}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={`/client/Aeroops/aeroplane${d.q}`} className={ui.button.ghost}>
            Aircraft
          </Link>
          {d.canEdit ? (
            <Link to={`/client/Aeroops/createworkorder${d.q}`} className={ui.button.primary}>
              New work order
            </Link>
          ) : null}
        </div>
      </div>

      {d.byStatus.length ? (
        <ul className={ui.stats} aria-label="Work orders by status">
          {d.byStatus.map(([status, n]) => (
            <li key={status} className={ui.stat}>
              <span className={ui.statValue}>{n}</span>
              <span className={ui.statLabel}>{statusLabel(WORK_ORDER_STATUS_LABEL, status)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <h2 className={ui.cardTitle} style={{ marginTop: 16 }}>
        Open work orders
      </h2>
      <DataTable label="Open work orders" rows={d.open} rowKey={(w) => w.work_order_id} columns={ORDER_COLUMNS} empty={{ text: "No open work orders." }} />
      <p className={ui.small}>
        <Link to={`/client/Aeroops/workorder${d.q}`}>All work orders</Link>
      </p>

      <h2 className={ui.cardTitle} style={{ marginTop: 24 }}>
        Technical logbooks
      </h2>
      <DataTable label="Technical logbooks" rows={d.logbooks} rowKey={(b) => b.log_book_id} columns={LOGBOOK_COLUMNS} empty={{ text: "No technical logbooks yet." }} />

      <h2 className={ui.cardTitle} style={{ marginTop: 24 }}>
        Maintenance tabs
      </h2>
      {d.groups.length ? <TabGroups groups={d.groups} /> : <p className={ui.empty}>This aircraft has no AeroOPS tabs yet.</p>}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

