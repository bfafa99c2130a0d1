// /client/Aeroops/{tabDataId}: one AeroOPS tab of an aircraft (spec 001 §2), also the fixed tabs
// generalInformation (/generalinformation) and opsNotifications. The rows are sorted, filtered and
// paged on the server, with every choice in the URL (sortable: the tab's own columns only), so the
// page works the same without JavaScript. The bottom tab bar lists the aircraft's tabs by position.
// Users with Edit Access add, change and delete rows (a dialog opened by the URL, a server-rendered
// delete confirmation), run the Excel round trip (data file, validate, import) and everyone with
// access downloads the exports and binders (__ops-tab-parts.tsx, ops-tab.server.ts; issue 13).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { HYDRATE } from "~/utils/hydrate";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { LazyIsland } from "~/components/lazy-island/lazy-island";
import { TabTable } from "~/components/tab-grid/tab-grid-static";
import type { TabGridProps } from "~/components/tab-grid/tab-grid-types";
import { OpsTabBar } from "~/components/ops-tab-bar/ops-tab-bar";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { SearchIcon } from "~/components/icons/search";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { heldFile } from "~/models/held-files.server";
import { pageAfterWrite, tabAction } from "~/models/ops-tab.server";
import { DeleteRowsDialog, ImportPanel, RowDialog, type Problem } from "./__ops-tab-parts";
import { ExportButton, ScreenActions } from "~/components/export-actions/export-actions";
import { ShareDialog } from "~/components/share-dialog/share-dialog";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { opsHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { opsTabHref, WORK_ORDER_TAB_SCREENS } from "~/models/workorder-rules";
import { documentCountsByRow, linkedDocumentsHref } from "~/models/links.server";
import { StructureControls, StructureDialogs, structureProblemShown } from "~/components/tab-structure/tab-structure";
import { structureView } from "~/models/tab-structure.server";
import { opsRowLinks } from "~/models/oil-links.server";


/** The top bar: MSN, registration, OPS issue date, and the screen's exports and share (ADR 051). */
// The grid (keyboard editing in place) is client code: the page hydrates.
export const handle = { ...withActions<TabData>(opsHandle, (d) => <TabActions d={d} />), ...HYDRATE };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.tab.tab_name} · MSN ${data.header.msn}` : "Tab"} · AeroOPS · AeroRecords` }];

/** Rows per page: 50 unless the URL asks for one of these (the ops API serves at most 500). */
const PER_PAGE_CHOICES = [50, 100, 250, 500] as const;
/** The grid island's code, fetched when the user comes near the table (LazyIsland). */
const loadGrid = () => import("~/components/tab-grid/tab-grid").then((m) => m.TabGrid);

/** The tab the URL names (its id case-insensitively), or the redirect a work-order or unknown tab gets. */
async function openTab(api: Parameters<typeof ops.listTabs>[0], url: URL, ref: ops.AircraftRef, tabDataId: string | undefined) {
  const [header, tabs] = await Promise.all([ops.header(api, ref), ops.listTabs(api, ref)]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!tabs.ok) throw new Response(tabs.error, { status: tabs.status });
  const wanted = (tabDataId ?? "").toLowerCase();
  const tab = tabs.data.tabs.find((t) => t.tab_id.toLowerCase() === wanted);
  // An unknown tab of a known aircraft: back to the aircraft screen rather than a dead end.
  if (!tab) throw redirect(`/client/Aeroops/aeroplane${contextQuery(url)}`);
  if (WORK_ORDER_TAB_SCREENS[tab.tab_id]) throw redirect(`${WORK_ORDER_TAB_SCREENS[tab.tab_id]}${contextQuery(url)}`);
  return { header: header.data, tabs: tabs.data.tabs, tab };
}

/** The aircraft fields of the page's forms (as its URL names the aircraft). */
function aircraftFields(ref: ops.AircraftRef): Record<string, string> {
  return "org_msn_id" in ref ? { org_msn_id: String(ref.org_msn_id) } : { organization: ref.organization, msn_id: ref.msn_id };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const { header, tabs, tab } = await openTab(api, url, ref, params.tabDataId);
  const columnNames = tab.columns.map((c) => c.name);
  const sortParam = url.searchParams.get("sort_column");
  const sort_column = sortParam && columnNames.includes(sortParam) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? "desc" : "asc";
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const perPage = PER_PAGE_CHOICES.find((n) => String(n) === url.searchParams.get("per_page")) ?? PER_PAGE_CHOICES[0];
  const [data, binder, docCounts, oilLinks] = await Promise.all([
    ops.tabData(api, ref, { tab_id: tab.tab_id, page, per_page: perPage, sort_column, sort_order, filter: filter || undefined }),
    ops.binderAvailability(api, ref, tab.tab_id),
     documentCountsByRow(api, header.org_msn_id, tab.tab_id),
    // The oil rows linked to this tab's rows (none when the user may not read AeroOIL).
    opsRowLinks(api, ref, header.org_msn_id, tab.tab_id),
  ]);
  if (!data.ok) throw new Response(data.error, { status: data.status });
  const canEdit = canWrite(header.access_type);
  // ?edit=<row id>|new opens the row dialog; ?confirm=delete&select=… the delete confirmation.
  const editParam = url.searchParams.get("edit");
  const editing = !canEdit || !editParam ? null : editParam === "new" ? { row: null } : { row: data.data.rows.find((r) => String(r.id) === editParam) ?? null };
  const selected = [...new Set(url.searchParams.getAll("select"))].filter((v) => /^\d{1,12}$/.test(v)).map(Number).slice(0, 5000);
  const held = heldFile(url.searchParams.get("validation"), String(user.id));
  // The choices a select column offers: the values it already has on this page.
  const choices: Record<string, string[]> = {};
  for (const c of data.data.columns) {
    if (c.type !== "select") continue;
    choices[c.name] = [...new Set(data.data.rows.map((r) => r.data[c.name]).filter((v): v is string => typeof v === "string" && v !== ""))].sort().slice(0, 100);
  }
  return json({
    header,
    tab: { tab_id: tab.tab_id, tab_name: tab.tab_name, group_name: tab.group_name },
    columns: data.data.columns,
    rows: data.data.rows,
    total: data.data.total,
    page: data.data.page,
    per_page: data.data.per_page,
    sort_column: sort_column ?? null,
    sort_order,
    filter,
    bar: [...tabs].sort((a, b) => a.tab_position - b.tab_position).map((t) => ({ id: t.tab_id, name: t.tab_name })),
    q: contextQuery(url, { tab_id: null, sort_column: null, sort_order: null, filter: null, page: null }),
    aircraft: aircraftFields(ref),
    canEdit,
    // Super Users: Columns…, New tab…, Delete this tab… and their dialogs (ADR 050).
    structure: structureView(url, header.access_type, tab.tab_id, data.data.columns),
    canEditLocked: user.role === "admin" || user.role === "member",
    editing: editing ? { row: editing.row, missing: editParam !== "new" && !editing.row } : null,
    confirmDelete: canEdit && url.searchParams.get("confirm") === "delete" && selected.length ? selected : null,
    selectFirst: canEdit && url.searchParams.get("confirm") === "delete" && selected.length === 0,
    dialog: url.searchParams.get("dialog") === "share" ? ("share" as const) : null,
    binder: binder.ok ? { current: binder.data.current, full: binder.data.full, text: binder.data.text } : { current: false, full: false, text: binder.error },
    validation: held ? { id: url.searchParams.get("validation")!, errors: Number(held.note.errors) || 0, source: String(held.note.source), filename: held.filename } : null,
    choices,
    // Rows with linked documents (null when the user may not read the aircraft's records).
    docs: docCounts ? Object.fromEntries(Object.entries(docCounts).map(([rowId, count]) => [rowId, { count, href: linkedDocumentsHref(header.org_msn_id, { row: Number(rowId) }) }])) : null,
    back: pageAfterWrite(url),
    oilLinks,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, user } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const { tab } = await openTab(api, url, ref, params.tabDataId);
  return tabAction({ request, api, owner: String(user.id), aircraft: ref, tabId: tab.tab_id });
}


export default function OpsTab() {
  const d = useLoaderData<typeof loader>();
  const problem = (useActionData<typeof action>() ?? null) as Problem | null;
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
  const grid: TabGridProps = {
    label: d.tab.tab_name,
    columns: d.columns,
    rows: d.rows,
    canEdit: d.canEdit,
    canEditLocked: d.canEditLocked,
    sortColumn: d.sort_column,
    sortOrder: d.sort_order === "desc" ? "desc" : "asc",
    sortHrefs: Object.fromEntries(d.columns.map((c) => [c.name, sortHref(c.name)])),
    editHrefs: Object.fromEntries(d.rows.map((r) => [String(r.id), hrefWith({ edit: String(r.id) })])),
    selected: d.confirmDelete ?? [],
    emptyText: d.filter ? "No rows match the filter." : "This tab has no rows yet.",
    addHref: d.filter ? undefined : hrefWith({ edit: "new" }),
    choices: d.choices,
    docs: d.docs,
    links: d.oilLinks,
    linksProduct: "AeroOIL",
  };
  const tabHref = (id: string) => opsTabHref(id, d.q);
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

      {d.structure ? <StructureControls structure={d.structure} hrefWith={hrefWith} /> : null}
      {problem && !shownInPlace(problem, d) ? (
        <p className={ui.alert.error} role="alert">
          {problem.error}
        </p>
      ) : null}
      {d.canEdit || d.tab.tab_id !== "opsNotifications" ? (
        <ImportPanel
          open={Boolean(d.validation || (problem && (problem.intent === "validate" || problem.intent === "import")))}
          hasRows={d.total > 0}
          validation={d.validation}
          problem={problem && (problem.intent === "validate" || problem.intent === "import") ? problem : null}
          canEdit={d.canEdit}
          dataFile={{ fields: exportFields(d), back: d.back }}
        />
      ) : null}

      <Form method="get" className={ui.filterBar} role="search">
        {[...new URLSearchParams(location.search)]
          .filter(([k]) => k !== "filter" && k !== "page" && k !== "per_page")
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="tab-filter">
            Filter rows
          </label>
          <input id="tab-filter" name="filter" type="search" defaultValue={d.filter} className={ui.input} placeholder="Any cell containing…" maxLength={200} />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="tab-per-page">
            Rows per page
          </label>
          <select id="tab-per-page" name="per_page" defaultValue={String(d.per_page)} className={ui.input}>
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
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

      {d.canEdit ? <LazyIsland id="tab-grid" load={loadGrid} server={TabTable} fallback={TabTable} props={grid} /> : <TabTable {...grid} />}
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
          <RowMissing closeHref={hrefWith({ edit: null })} />
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
          productLabel="AeroOPS"
          hrefWith={hrefWith}
          problem={problem}
        />
      ) : null}
      {d.dialog === "share" ? <ShareDialog closeHref={hrefWith({ dialog: null })} problem={problem?.intent === "share" ? problem : null} msn={d.header.msn} /> : null}
    </>
  );
}

function RowMissing({ closeHref }: { closeHref: string }) {
  return (
    <p className={ui.alert.warning} role="alert">
      That row is not on this page any more (it may have been deleted or moved by a sort).{" "}
      <Link to={closeHref} preventScrollReset>
        Close
      </Link>
    </p>
  );
}

type TabData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Whether a refusal is shown by the dialog or panel it came from (else the page shows it on top: a post with no dialog open). */
function shownInPlace(problem: Problem, d: TabData) {
  if (problem.intent === "save-row") return Boolean(d.editing && !d.editing.missing);
  if (problem.intent === "delete-rows") return Boolean(d.confirmDelete);
  if (problem.intent === "share") return d.dialog === "share";
  return structureProblemShown(problem.intent, d.structure) ?? true;
}

/** The fields every export form of the tab carries: the aircraft, the tab and the page's sort. */
function exportFields(d: TabData): Record<string, string> {
  const fields: Record<string, string> = { ...d.aircraft, tab_id: d.tab.tab_id };
  if (d.sort_column) Object.assign(fields, { sort_column: d.sort_column, sort_order: d.sort_order });
  return fields;
}

/**
 * The screen's exports and share (spec 001 §2, "Top bar"), rendered in the top bar by the handle: the
 * Ops Notifications screen offers its Excel only; the other tabs Share, PDF, Excel, Full Data Excel
 * and the binders the availability check allows.
 */
function TabActions({ d }: { d: TabData }) {
  const location = useLocation();
  const fields = exportFields(d);
  if (d.tab.tab_id === "opsNotifications")
    return (
      <ScreenActions fields={fields} back={d.back}>
        <ExportButton kind="notifications-excel">Excel</ExportButton>
      </ScreenActions>
    );
  const share = new URLSearchParams(location.search);
  share.set("dialog", "share");
  const general = d.tab.tab_id === "generalInformation";
  return (
    <ScreenActions fields={fields} back={d.back} shareHref={`${location.pathname}?${share.toString()}`}>
      <ExportButton kind={general ? "general-pdf" : "pdf"}>PDF</ExportButton>
      <ExportButton kind={general ? "general-excel" : "excel"}>Excel</ExportButton>
      <ExportButton kind="full-excel">Full Data Excel</ExportButton>
      {d.binder.current ? <ExportButton kind="binder-current">Current Binder</ExportButton> : null}
      {d.binder.full ? <ExportButton kind="binder-full">Full Delivery Binder</ExportButton> : null}
    </ScreenActions>
  );
}

export const ErrorBoundary = PageErrorBoundary;
