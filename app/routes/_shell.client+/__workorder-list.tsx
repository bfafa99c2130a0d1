// The work-order lists of an aircraft (spec 001 §2; issue 14): /client/Aeroops/workorder (every kind)
// and /workorder/aircraftworkorder, /engineworkorder, /componentworkorder (one kind each: the Aircraft
// WO, Engine WO and Component WO tabs). Newest first, paged, searched by number or title, all in the
// URL; each links to its update screen. Users with Edit Access get "Create work order".
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable } from "~/components/data-table/data-table";
import { useHrefWith } from "~/utils/use-href-with";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { SearchIcon } from "~/components/icons/search";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { statusLabel, WORK_ORDER_STATUS_LABEL } from "~/models/status-labels";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import type { WorkOrderKind } from "~/models/schemas/ops";
import { KIND_SCREEN } from "~/models/workorder-rules";
import { dayMonthYear } from "~/utils/dates";
import type { loader } from "./__workorder-list.server";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Work orders"}${data ? ` · MSN ${data.header.msn}` : ""} · AeroOPS · AeroRecords` }];

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function WorkOrderList() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefWith = useHrefWith();
  const base = "/client/Aeroops/workorder";
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.title}</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · OPS issue date {dayMonthYear(d.header.ops_issue_date) || "—"} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={`/client/Aeroops/aeroplane${d.ctx}`} className={ui.button.ghost}>
            Aircraft
          </Link>
          {d.canEdit ? (
            <Link to={`/client/Aeroops/createworkorder${d.ctx}${d.kind ? `&kind=${d.kind}` : ""}`} className={ui.button.primary}>
              Create work order
            </Link>
          ) : null}
        </div>
      </div>

      <nav aria-label="Work-order kinds" className={ui.row} style={{ marginBottom: 16 }}>
        {[{ href: `${base}${d.ctx}`, label: "All", current: !d.kind }, ...(["aircraft", "engine", "component"] as const).map((k) => ({ href: `${base}/${KIND_SCREEN[k].path}${d.ctx}`, label: KIND_SCREEN[k].label, current: d.kind === k }))].map((l) => (
          <Link key={l.label} to={l.href} aria-current={l.current ? "page" : undefined} className={`${l.current ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}>
            {l.label}
          </Link>
        ))}
      </nav>

      {/* The page's own address as the action: the list at /workorder is an index route, whose default action would add "?index". */}
      <Form method="get" action={location.pathname + location.search} className={ui.filterBar} role="search">
        {[...new URLSearchParams(location.search)]
          .filter(([k]) => k !== "q" && k !== "page")
          .map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="wo-q">
            Search by number or title
          </label>
          <input id="wo-q" name="q" type="search" defaultValue={d.q} className={ui.input} maxLength={100} />
        </div>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Search
        </button>
      </Form>

      <DataTable
        label={d.title}
        rows={d.rows}
        rowKey={(w) => w.work_order_id}
        columns={[
          {
            key: "number",
            header: "Number",
            className: ui.nowrap,
            cell: (w) => (
              <Link to={w.href}>
                <strong>{w.number}</strong>
              </Link>
            ),
          },
          { key: "title", header: "Title", cell: (w) => w.title },
          ...(d.kind ? [] : [{ key: "kind", header: "Kind", cell: (w: Row) => KIND_SCREEN[w.kind].label }]),
          { key: "status", header: "Status", className: ui.nowrap, cell: (w) => statusLabel(WORK_ORDER_STATUS_LABEL, w.status) },
          { key: "version", header: "Version", cell: (w) => `v${w.version}` },
          { key: "created", header: "Created", className: `${ui.hideSmall} ${ui.nowrap}`, cell: (w) => dayMonthYear(w.created_at) },
          { key: "updated", header: "Updated", className: `${ui.hideSmall} ${ui.nowrap}`, cell: (w) => dayMonthYear(w.updated_at) },
        ]}
        empty={{ text: d.q ? "No work order matches the search." : "No work orders yet." }}
      />
      <Pagination page={d.list.page} total={d.list.total} perPage={d.list.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="work orders" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

