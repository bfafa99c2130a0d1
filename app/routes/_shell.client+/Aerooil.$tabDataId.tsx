// /client/Aerooil/{tabDataId}: one AeroOIL tab of an aircraft (spec 001 §2; issue 15 item 3), also the
// fixed tabs /generalinformation and /abclisting (the status tab has its own screen). The same
// server-rendered table as the AeroOPS tab page: sort, filter, page and "Watched only" (watched_only=1)
// in the URL. Every oil tab has the Watch/Unwatch column: a per-row toggle, a small POST form that
// works without JavaScript; the oil API refuses Read Access and the page shows its message. With
// Edit Access rows are added, changed and deleted in server-rendered dialogs and the Excel round trip
// runs, as on the ops tab (ops-tab.server.ts with product "oil", __ops-tab-parts.tsx). Trends and
// alert limits (issue 15 items 4 and 5) sit above the table.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { SearchIcon } from "~/components/icons/search";
import { OpsTabBar } from "~/components/ops-tab-bar/ops-tab-bar";
import { oilHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { heldFile } from "~/models/held-files.server";
import * as oil from "~/models/oil.server";
import { aircraftFields, oilContextQuery, openOilTab, requireOilAircraftRef, requireOilUser, tabBar } from "~/models/oil-pages.server";
import { OIL_STATUS_TAB, OIL_WATCH_COLUMN as WATCH_COLUMN, statusPageTitle } from "~/models/oil-rules";
import * as ops from "~/models/ops.server";
import { pageAfterWrite, tabAction } from "~/models/ops-tab.server";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { DeleteRowsDialog, ImportPanel, RowDialog, type Problem } from "./__ops-tab-parts";
import { ExportButton, ScreenActions } from "~/components/export-actions/export-actions";
import { ShareDialog } from "~/components/share-dialog/share-dialog";
import { StructureControls, StructureDialogs, structureProblemShown } from "~/components/tab-structure/tab-structure";
import { structureView } from "~/models/tab-structure.server";
import { documentCountsByRow, linkedDocumentsHref } from "~/models/links.server";
import { DocsCell, DocsHeader, hasDocs } from "~/components/linked-documents/docs-column";
import { EmptyRow } from "~/components/data-table-simple/empty-row";
import { RowLinksCell, RowLinksHeader, hasRowLinks } from "~/components/row-links/row-links-column";
import * as tr from "~/components/oil-trend/oil-trend.css";
import * as rl from "~/components/row-links/row-links.css";
import { limitAction, oilTabTrend, type LimitProblem } from "~/models/oil-trends.server";
import { TrendCharts } from "~/components/oil-trend/oil-trend-charts";

/** The top bar: MSN, registration, OIL issue date, and the tab's exports and share (ADR 051). */
export const handle = withActions<TabData>(oilHandle, (d) => <TabActions d={d} />);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOIL · AeroRecords` }];

const PER_PAGE = 50;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireOilUser(request, context);
  const url = new URL(request.url);
  const ref = requireOilAircraftRef(url);
  const { header, tabs, tab } = await openOilTab(api, url, ref, params.tabDataId);
  // Sortable: the tab's own columns (the Watch/Unwatch column is the row's flag, not a cell).
  const columnNames = tab.columns.filter((c) => c.type !== WATCH_COLUMN.type).map((c) => c.name);
  const sortParam = url.searchParams.get("sort_column");
  const sort_column = sortParam && columnNames.includes(sortParam) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? "desc" : "asc";
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const watchedOnly = url.searchParams.get("watched_only") === "1";
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const [data, binder, docCounts, trend] = await Promise.all([
    oil.tabData(api, ref, { tab_id: tab.tab_id, page, per_page: PER_PAGE, sort_column, sort_order, filter: filter || undefined, watched_only: watchedOnly || undefined }),
    ops.binderAvailability(api, ref, tab.tab_id, "oil"),
     documentCountsByRow(api, header.org_msn_id, tab.tab_id),
    // Trends, alert limits and the links to AeroOPS rows (issue 15 items 4 and 5).
    oilTabTrend(api, ref, header.org_msn_id, tab, url),
  ]);
  if (!data.ok) throw new Response(data.error, { status: data.status });
  const canEdit = canWrite(header.access_type);
  const columns = data.data.columns.filter((c) => c.type !== WATCH_COLUMN.type);
  const editParam = url.searchParams.get("edit");
  const editing = !canEdit || !editParam ? null : editParam === "new" ? { row: null } : { row: data.data.rows.find((r) => String(r.id) === editParam) ?? null };
  const selected = [...new Set(url.searchParams.getAll("select"))].filter((v) => /^\d{1,12}$/.test(v)).map(Number).slice(0, 5000);
  const held = heldFile(url.searchParams.get("validation"), String(user.id));
  const choices: Record<string, string[]> = {};
  for (const c of columns) {
    if (c.type !== "select") continue;
    choices[c.name] = [...new Set(data.data.rows.map((r) => r.data[c.name]).filter((v): v is string => typeof v === "string" && v !== ""))].sort().slice(0, 100);
  }
  return json({
    header,
    tab: { tab_id: tab.tab_id, tab_name: tab.tab_name, group_name: tab.group_name },
    columns,
    rows: data.data.rows,
    total: data.data.total,
    page: data.data.page,
    per_page: data.data.per_page,
    sort_column: sort_column ?? null,
    sort_order,
    filter,
    watchedOnly,
    bar: tabBar(tabs, header.oil_issue_date),
    statusTitle: statusPageTitle(header.oil_issue_date),
    q: oilContextQuery(url),
    aircraft: aircraftFields(ref),
    canEdit,
    // Super Users (and staff): Columns…, New tab…, Delete this tab… and their dialogs (ADR 050, 051).
    structure: structureView(url, header.access_type, tab.tab_id, columns),
    canEditLocked: user.role === "admin" || user.role === "member",
    editing: editing ? { row: editing.row, missing: editParam !== "new" && !editing.row } : null,
    confirmDelete: canEdit && url.searchParams.get("confirm") === "delete" && selected.length ? selected : null,
    selectFirst: canEdit && url.searchParams.get("confirm") === "delete" && selected.length === 0,
    dialog: url.searchParams.get("dialog") === "share" ? ("share" as const) : null,
    binder: binder.ok ? { current: binder.data.current, full: binder.data.full } : { current: false, full: false },
    validation: held ? { id: url.searchParams.get("validation")!, errors: Number(held.note.errors) || 0, source: String(held.note.source), filename: held.filename } : null,
    choices,
    // Rows with linked documents (null when the user may not read the aircraft's records).
    docs: docCounts ? Object.fromEntries(Object.entries(docCounts).map(([rowId, count]) => [rowId, { count, href: linkedDocumentsHref(header.org_msn_id, { row: Number(rowId) }) }])) : null,
    back: pageAfterWrite(url),
    trend: trend.view,
    limits: trend.limits,
    over: trend.overByRow(data.data.rows),
    opsLinks: trend.links,
    // What the trend charts draw.
    charts: trend.charts,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, user } = await requireOilUser(request, context);
  const url = new URL(request.url);
  const ref = requireOilAircraftRef(url);
  const { tab } = await openOilTab(api, url, ref, params.tabDataId);
  const limit = await limitAction(request, api, ref, tab.tab_id);
  if (limit) return limit;
  return tabAction({ request, api, owner: String(user.id), aircraft: ref, tabId: tab.tab_id, product: "oil" });
}

function cellText(value: unknown, type: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (type === "date" && typeof value === "string") return dayMonthYear(value) || value;
  if (type === "number" && typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export default function OilTab() {
  const d = useLoaderData<typeof loader>();
  const actionData = (useActionData<typeof action>() ?? null) as Problem | LimitProblem | null;
  const limitProblem = actionData?.intent === "set-limit" ? (actionData as LimitProblem) : null;
  const problem = limitProblem ? null : (actionData as Problem | null);
  const location = useLocation();
  const hrefWith = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    return `${location.pathname}?${p.toString()}`;
  };
  const selectedIds = new Set(d.confirmDelete ?? []);
  const sortHref = (name: string) =>
    hrefWith({ sort_column: name, sort_order: d.sort_column === name && d.sort_order === "asc" ? "desc" : "asc", page: null });
  const tabHref = (id: string) => (id === OIL_STATUS_TAB ? `/client/Aerooil/statusDashboard${d.q}` : `/client/Aerooil/${encodeURIComponent(id)}${d.q}`);
  const watchProblem = problem?.intent === "watch" ? problem : null;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.tab.tab_name}</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · OIL issue date {dayMonthYear(d.header.oil_issue_date) || "—"} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <Link to={`/client/Aerooil/statusDashboard${d.q}`} className={ui.button.ghost}>
          {d.statusTitle}
        </Link>
      </div>

      {d.structure ? <StructureControls structure={d.structure} hrefWith={hrefWith} /> : null}
      {problem && !shownInPlace(problem, d) ? (
        <p className={ui.alert.error} role="alert">
          {problem.error}
        </p>
      ) : null}
      <ImportPanel
        open={Boolean(d.validation || (problem && (problem.intent === "validate" || problem.intent === "import")))}
        hasRows={d.total > 0}
        validation={d.validation}
        problem={problem && (problem.intent === "validate" || problem.intent === "import") ? problem : null}
        canEdit={d.canEdit}
        dataFile={{ fields: exportFields(d), back: d.back }}
      />

      {d.trend ? <TrendSection d={d} hrefWith={hrefWith} /> : null}
      {d.limits ? <LimitsSection d={d} problem={limitProblem} /> : null}

      <Form method="get" className={ui.filterBar} role="search">
        {[...new URLSearchParams(location.search)]
          .filter(([k]) => k !== "filter" && k !== "page" && k !== "watched_only")
          .map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="tab-filter">
            Filter rows
          </label>
          <input id="tab-filter" name="filter" type="search" defaultValue={d.filter} className={ui.input} placeholder="Any cell containing…" maxLength={200} />
        </div>
        <label className={ui.small} style={{ display: "flex", alignItems: "center", gap: 6, minHeight: 40, marginBottom: 16, fontWeight: 600 }}>
          <input type="checkbox" name="watched_only" value="1" defaultChecked={d.watchedOnly} /> Watched only
        </label>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
        {d.filter || d.sort_column || d.watchedOnly ? (
          <Link to={hrefWith({ filter: null, sort_column: null, sort_order: null, page: null, watched_only: null })} className={ui.button.ghost}>
            Clear
          </Link>
        ) : null}
      </Form>

      {/* An empty tab keeps its header row; the empty text is a row under it (ADR 051). */}
      <ListTable label={d.tab.tab_name}>
        <thead>
          <tr>
            {d.canEdit ? (
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
            ) : null}
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
            <th scope="col" className={ui.nowrap}>
              {WATCH_COLUMN.name}
            </th>
            {hasDocs(d) ? <DocsHeader /> : null}
            {hasRowLinks(d.opsLinks) ? <RowLinksHeader product="AeroOPS" /> : null}
            {d.canEdit ? (
              <th scope="col">
                <span className="visually-hidden">Edit</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {d.rows.length === 0 ? (
            <EmptyRow
              text={d.watchedOnly ? "No watched rows match." : d.filter ? "No rows match the filter." : "This tab has no rows yet."}
              span={d.columns.length + 1 + (d.canEdit ? 2 : 0) + (hasDocs(d) ? 1 : 0) + (hasRowLinks(d.opsLinks) ? 1 : 0)}
              addHref={d.canEdit && !d.filter && !d.watchedOnly ? hrefWith({ edit: "new" }) : undefined}
            />
          ) : null}
          {d.rows.map((r) => (
            <tr key={r.id} id={`row-${r.id}`} className={rl.targetRow} data-row-id={r.id} data-watched={r.watched ? "true" : "false"} data-over={d.over[String(r.id)]?.join(", ")}>
              {d.canEdit ? (
                <td>
                  <input type="checkbox" name="select" value={r.id} form="select-rows" aria-label={`Select row ${r.position}`} defaultChecked={selectedIds.has(r.id)} />
                </td>
              ) : null}
              {d.columns.map((c) => {
                const over = d.over[String(r.id)]?.includes(c.name);
                const limit = over ? d.limits?.list.find((l) => l.column_name === c.name)?.limit : undefined;
                return (
                  <td
                    key={c.id}
                    style={c.type === "number" ? { textAlign: "right" } : undefined}
                    className={over ? tr.overCell : undefined}
                    title={over ? `Above the alert limit of ${limit?.toLocaleString("en-US")}` : undefined}
                    data-over-limit={over ? "" : undefined}
                  >
                    {over ? <span aria-hidden="true">▲ </span> : null}
                    {cellText(r.data[c.name], c.type)}
                    {over ? <span className="visually-hidden"> (above the alert limit of {limit?.toLocaleString("en-US")})</span> : null}
                  </td>
                );
              })}
              <td>
                {d.canEdit ? (
                  <WatchToggle id={r.id} position={r.position} watched={r.watched} />
                ) : (
                  <span className={`${ui.badge} ${r.watched ? ui.badgeTone.warning : ui.badgeTone.neutral}`}>{r.watched ? "Watched" : "Unwatched"}</span>
                )}
                {watchProblem && watchProblem.id === r.id ? (
                  <p className={ui.errorText} role="alert">
                    {watchProblem.error}
                  </p>
                ) : null}
              </td>
              {hasDocs(d) ? <DocsCell p={d} rowId={r.id} position={r.position} /> : null}
              {hasRowLinks(d.opsLinks) ? <RowLinksCell links={d.opsLinks} rowId={r.id} position={r.position} product="AeroOPS" /> : null}
              {d.canEdit ? (
                <td>
                  <Link to={hrefWith({ edit: String(r.id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit row ${r.position}`}>
                    Edit
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </ListTable>
      {d.selectFirst ? (
        <p className={ui.alert.warning} role="alert" style={{ marginTop: 12 }}>
          Select the rows to delete first (the boxes at the start of each row).
        </p>
      ) : null}
      {d.canEdit ? (
        <Form method="get" id="select-rows" className={ui.row} style={{ marginTop: 12 }} preventScrollReset>
          {[...new URLSearchParams(location.search)]
            .filter(([k]) => k !== "select" && k !== "confirm" && k !== "edit")
            .map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
          <input type="hidden" name="confirm" value="delete" />
          <Link to={hrefWith({ edit: "new" })} preventScrollReset className={ui.button.secondary}>
            Add row
          </Link>
          {d.rows.length ? (
            <button type="submit" className={ui.button.ghost}>
              Delete selected…
            </button>
          ) : null}
        </Form>
      ) : null}
      <Pagination page={d.page} total={d.total} perPage={d.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="rows" />

      <OpsTabBar tabs={d.bar} current={d.tab.tab_id} hrefFor={tabHref} />

      {d.editing ? (
        d.editing.missing ? (
          <p className={ui.alert.warning} role="alert">
            That row is not on this page any more (it may have been deleted or moved by a sort).{" "}
            <Link to={hrefWith({ edit: null })} preventScrollReset>
              Close
            </Link>
          </p>
        ) : (
          <RowDialog
            row={d.editing.row}
            columns={d.columns}
            canEditLocked={d.canEditLocked}
            closeHref={hrefWith({ edit: null })}
            problem={problem?.intent === "save-row" ? problem : null}
            choices={d.choices}
          />
        )
      ) : null}
      {d.confirmDelete ? (
        <DeleteRowsDialog ids={d.confirmDelete} closeHref={hrefWith({ confirm: null, select: null })} problem={problem?.intent === "delete-rows" ? problem.error : null} />
      ) : null}
      {d.structure ? (
        <StructureDialogs
          structure={d.structure}
          tab={d.tab}
          columns={d.columns}
          rowCount={d.total}
          msn={d.header.msn}
          productLabel="AeroOIL"
          hrefWith={hrefWith}
          problem={problem}
        />
      ) : null}
      {d.dialog === "share" ? (
        <ShareDialog closeHref={hrefWith({ dialog: null })} problem={problem?.intent === "share" ? problem : null} msn={d.header.msn} productLabel="AeroOIL" />
      ) : null}
    </>
  );
}

/** Watch / unwatch one row: posts the state wanted, so a replayed post cannot flip it back. */
function WatchToggle({ id, position, watched }: { id: number; position: number; watched: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="watched" value={watched ? "0" : "1"} />
      <button
        type="submit"
        className={`${watched ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
        aria-pressed={watched}
        aria-label={`Watch row ${position}`}
        title={watched ? "Watched: select to unwatch" : "Not watched: select to watch"}
      >
        {watched ? "Watched" : "Watch"}
      </button>
    </Form>
  );
}

type TabData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The trend of one number column, per engine / serial, and the column choice (links). */
function TrendSection({ d, hrefWith }: { d: TabData; hrefWith: (changes: Record<string, string | null>) => string }) {
  const t = d.trend!;
  return (
    <section id="trends" aria-labelledby="trends-title" className={tr.section}>
      <h2 id="trends-title" className={ui.cardTitle}>
        Trends
      </h2>
      <nav aria-label="Trend column">
        <ul className={tr.picker}>
          {t.columns.map((c) => (
            <li key={c}>
              <Link
                to={`${hrefWith({ trend: c })}#trends`}
                preventScrollReset
                aria-current={c === t.column ? "true" : undefined}
                className={`${c === t.column ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
              >
                {c}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TrendCharts trend={d.charts.trend} column={d.charts.column} />
      {t.truncated ? <p className={ui.small}>The trend shows the newest rows only.</p> : null}
    </section>
  );
}

/** The alert limits of the number columns: Super Users and staff set them; everyone sees them and what crosses them. */
function LimitsSection({ d, problem }: { d: TabData; problem: LimitProblem | null }) {
  const l = d.limits!;
  const byColumn = new Map(l.list.map((x) => [x.column_name, x]));
  return (
    <section id="limits" aria-labelledby="limits-title" className={tr.section}>
      <h2 id="limits-title" className={ui.cardTitle}>
        Alert limits
      </h2>
      <p className={ui.small} style={{ marginTop: 0 }} data-crossings={l.crossings.rows}>
        {l.list.length === 0
          ? "No alert limit is set on this tab."
          : l.crossings.rows === 0
          ? "No row is above an alert limit."
          : `${l.crossings.rows} ${l.crossings.rows === 1 ? "row is" : "rows are"} above an alert limit; their cells are marked ▲ in the table.`}{" "}
        {l.canSet ? "A value above its column's limit is flagged." : `Only a Super User can set alert limits (you have ${ACCESS_LABEL[d.header.access_type]}).`}
      </p>
      {l.error ? (
        <p className={ui.alert.error} role="alert">
          {l.error}
        </p>
      ) : null}
      {problem && !l.numeric.includes(problem.column) ? (
        <p className={ui.alert.error} role="alert">
          {problem.error}
        </p>
      ) : null}
      <ListTable label="Alert limits">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Alert limit (above it is flagged)</th>
            <th scope="col">Rows above</th>
            <th scope="col">Set by</th>
          </tr>
        </thead>
        <tbody>
          {l.numeric.map((c) => {
            const lim = byColumn.get(c);
            const mine = problem && problem.column === c ? problem : null;
            return (
              <tr key={c} data-limit-column={c}>
                <td style={{ fontWeight: 600 }}>{c}</td>
                <td>
                  {l.canSet ? (
                    <Form method="post" className={tr.limitForm} preventScrollReset>
                      <input type="hidden" name="column_name" value={c} />
                      <input
                        name="limit"
                        type="text"
                        inputMode="decimal"
                        pattern="\s*\d+([.,]\d+)?\s*"
                        maxLength={20}
                        aria-label={`Alert limit of ${c}`}
                        defaultValue={mine ? mine.value : lim ? String(lim.limit) : ""}
                        className={`${ui.input} ${tr.limitInput}`}
                        aria-invalid={mine ? true : undefined}
                        aria-describedby={mine ? `limit-error-${c.replace(/\W+/g, "-")}` : undefined}
                      />
                      <button type="submit" name="intent" value="set-limit" className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                        Save
                      </button>
                      {lim ? (
                        <button type="submit" name="intent" value="clear-limit" formNoValidate className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Remove the alert limit of ${c}`}>
                          Remove
                        </button>
                      ) : null}
                      {mine ? (
                        <p id={`limit-error-${c.replace(/\W+/g, "-")}`} className={ui.errorText} role="alert" style={{ flexBasis: "100%" }}>
                          {mine.error}
                        </p>
                      ) : null}
                    </Form>
                  ) : lim ? (
                    lim.limit.toLocaleString("en-US")
                  ) : (
                    "Not set"
                  )}
                </td>
                <td data-rows-above={lim ? l.crossings.by_column[c] ?? 0 : undefined}>
                  {lim ? (
                    (l.crossings.by_column[c] ?? 0) > 0 ? (
                      <span className={`${ui.badge} ${ui.badgeTone.danger}`}>{l.crossings.by_column[c]}</span>
                    ) : (
                      "0"
                    )
                  ) : (
                    "—"
                  )}
                </td>
                <td className={ui.small}>{lim ? `${lim.set_by ?? "—"}, ${dayMonthYear(lim.set_at.slice(0, 10))}` : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      {problem && l.numeric.includes(problem.column) && !l.canSet ? (
        <p className={ui.alert.error} role="alert" style={{ marginTop: 12 }}>
          {problem.error}
        </p>
      ) : null}
    </section>
  );
}

/** Whether a refusal is shown by the dialog, panel or row it came from (else on top of the page). */
function shownInPlace(problem: Problem, d: TabData) {
  if (problem.intent === "save-row") return Boolean(d.editing && !d.editing.missing);
  if (problem.intent === "delete-rows") return Boolean(d.confirmDelete);
  if (problem.intent === "share") return d.dialog === "share";
  if (problem.intent === "watch") return d.rows.some((r) => r.id === problem.id);
  return structureProblemShown(problem.intent, d.structure) ?? true;
}

/** The fields every export form of the tab carries: the aircraft, the tab, the product and the page's sort. */
function exportFields(d: TabData): Record<string, string> {
  const fields: Record<string, string> = { ...d.aircraft, tab_id: d.tab.tab_id, product: "oil" };
  if (d.sort_column) Object.assign(fields, { sort_column: d.sort_column, sort_order: d.sort_order });
  return fields;
}

/** The tab's exports and share (spec 001 §2 "Top bar"), from the oil export calls (product=oil), in the top bar. */
function TabActions({ d }: { d: TabData }) {
  const location = useLocation();
  const share = new URLSearchParams(location.search);
  share.set("dialog", "share");
  const general = d.tab.tab_id === "generalInformation";
  return (
    <ScreenActions fields={exportFields(d)} back={d.back} shareHref={`${location.pathname}?${share.toString()}`}>
      <ExportButton kind={general ? "general-pdf" : "pdf"}>PDF</ExportButton>
      <ExportButton kind={general ? "general-excel" : "excel"}>Excel</ExportButton>
      <ExportButton kind="full-excel">Full Data Excel</ExportButton>
      {d.binder.current ? <ExportButton kind="binder-current">Current Binder</ExportButton> : null}
      {d.binder.full ? <ExportButton kind="binder-full">Full Delivery Binder</ExportButton> : null}
    </ScreenActions>
  );
}

export const ErrorBoundary = PageErrorBoundary;

