// /client/Aeroops/{tabDataId}: one AeroOPS tab of an aircraft (spec 001 §2), also the fixed tabs
// generalInformation (/generalinformation) and opsNotifications. The rows are sorted, filtered and
// paged on the server, with every choice in the URL (sortable: the tab's own columns only), so the
// page works the same without JavaScript. The bottom tab bar lists the aircraft's tabs by position.
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { SearchIcon } from "~/components/icons/search";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOPS · AeroRecords` }];

const PER_PAGE = 50;
const WORK_ORDER_SCREENS: Record<string, string> = {
  aircraftwo: "/client/Aeroops/workorder/aircraftworkorder",
  enginewo: "/client/Aeroops/workorder/engineworkorder",
  componentwo: "/client/Aeroops/workorder/componentworkorder",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const [header, tabs] = await Promise.all([ops.header(api, ref), ops.listTabs(api, ref)]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!tabs.ok) throw new Response(tabs.error, { status: tabs.status });
  const wanted = (params.tabDataId ?? "").toLowerCase();
  const tab = tabs.data.tabs.find((t) => t.tab_id.toLowerCase() === wanted);
  // An unknown tab of a known aircraft: back to the aircraft screen rather than a dead end.
  if (!tab) throw redirect(`/client/Aeroops/aeroplane${contextQuery(url)}`);
  if (WORK_ORDER_SCREENS[tab.tab_id]) throw redirect(`${WORK_ORDER_SCREENS[tab.tab_id]}${contextQuery(url)}`);
  const columnNames = tab.columns.map((c) => c.name);
  const sortParam = url.searchParams.get("sort_column");
  const sort_column = sortParam && columnNames.includes(sortParam) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? "desc" : "asc";
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const data = await ops.tabData(api, ref, { tab_id: tab.tab_id, page, per_page: PER_PAGE, sort_column, sort_order, filter: filter || undefined });
  if (!data.ok) throw new Response(data.error, { status: data.status });
  return json({
    header: header.data,
    tab: { tab_id: tab.tab_id, tab_name: tab.tab_name, group_name: tab.group_name },
    columns: data.data.columns,
    rows: data.data.rows,
    total: data.data.total,
    page: data.data.page,
    per_page: data.data.per_page,
    sort_column: sort_column ?? null,
    sort_order,
    filter,
    bar: [...tabs.data.tabs].sort((a, b) => a.tab_position - b.tab_position).map((t) => ({ id: t.tab_id, name: t.tab_name })),
    q: contextQuery(url, { tab_id: null, sort_column: null, sort_order: null, filter: null, page: null }),
  });
}

function cellText(value: unknown, type: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (type === "date" && typeof value === "string") return dayMonthYear(value) || value;
  if (type === "number" && typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export default function OpsTab() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefWith = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    return `${location.pathname}?${p.toString()}`;
  };
  const sortHref = (name: string) =>
    hrefWith({ sort_column: name, sort_order: d.sort_column === name && d.sort_order === "asc" ? "desc" : "asc", page: null });
  const tabHref = (id: string) => `${WORK_ORDER_SCREENS[id] ?? `/client/Aeroops/${encodeURIComponent(id)}`}${d.q}`;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.tab.tab_name}</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · OPS issue date {dayMonthYear(d.header.ops_issue_date) || "—"} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <Link to={`/client/Aeroops/aeroplane${d.q}`} className={ui.button.ghost}>
          Aircraft
        </Link>
      </div>

      <Form method="get" className={ui.filterBar} role="search">
        {[...new URLSearchParams(location.search)]
          .filter(([k]) => k !== "filter" && k !== "page")
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="tab-filter">
            Filter rows
          </label>
          <input id="tab-filter" name="filter" type="search" defaultValue={d.filter} className={ui.input} placeholder="Any cell containing…" maxLength={200} />
        </div>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
        {d.filter || d.sort_column ? (
          <Link to={hrefWith({ filter: null, sort_column: null, sort_order: null, page: null })} className={ui.button.ghost}>
            Clear
          </Link>
        ) : null}
      </Form>

      <ListTable empty={d.rows.length === 0} emptyText={d.filter ? "No rows match the filter." : "This tab has no rows yet."} label={d.tab.tab_name}>
        <thead>
          <tr>
            {d.columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={ui.nowrap}
                aria-sort={d.sort_column === c.name ? (d.sort_order === "asc" ? "ascending" : "descending") : undefined}
              >
                <Link to={sortHref(c.name)} title={`Sort by ${c.name}`}>
                  {c.name}
                  {d.sort_column === c.name ? (d.sort_order === "asc" ? " ▲" : " ▼") : ""}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r) => (
            <tr key={r.id}>
              {d.columns.map((c) => (
                <td key={c.id} style={c.type === "number" ? { textAlign: "right" } : undefined}>
                  {cellText(r.data[c.name], c.type)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={d.page} total={d.total} perPage={d.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="rows" />

      <nav aria-label="Tabs" style={{ overflowX: "auto", whiteSpace: "nowrap", marginTop: 16, paddingBottom: 8, borderTop: "1px solid #d0d7de" }}>
        {d.bar.map((t) => (
          <Link
            key={t.id}
            to={tabHref(t.id)}
            aria-current={t.id === d.tab.tab_id ? "page" : undefined}
            className={`${t.id === d.tab.tab_id ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
            style={{ marginRight: 4, marginTop: 8 }}
          >
            {t.name}
          </Link>
        ))}
      </nav>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
