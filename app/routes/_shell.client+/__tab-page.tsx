// The one page of an aircraft's AeroOPS or AeroOIL tab (/client/Aeroops/{tabDataId},
// /client/Aerooil/{tabDataId}; spec 001 §2), also their fixed tabs (General Information, …). The rows
// are sorted, filtered and paged on the server with every choice in the URL (sortable: the tab's own
// columns), so the page works the same without JavaScript; the bottom tab bar lists the aircraft's
// tabs. Users with Edit Access add, change and delete rows (a dialog the URL opens, a server-rendered
// delete confirmation) and run the Excel round trip (data file, validate, import); Super Users change
// the tab's structure (ADR 050); the exports, binders and Share are in the top bar (TabActions).
// What differs between the two products is data, each route's TabProduct: labels, links, the grid
// island (AeroOPS) and the product's own parts (AeroOIL: trends, alert limits, Watch). The loaders'
// shared part: __tab-page.server.ts; the dialogs and the import panel: __ops-tab-parts.tsx.
import type { SerializeFrom } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHrefWith, type HrefWith } from "~/utils/use-href-with";
import { ExportButton, ScreenActions } from "~/components/export-actions/export-actions";
import { LazyIsland } from "~/components/lazy-island/lazy-island";
import { OpsTabBar } from "~/components/ops-tab-bar/ops-tab-bar";
import { Pagination } from "~/components/pagination/pagination";
import type { RowLinksProp } from "~/components/row-links/row-links-column";
import { ShareDialog } from "~/components/share-dialog/share-dialog";
import type { TabGridProps } from "~/components/tab-grid/tab-grid-types";
import { TabTable, tabTableLinks, type TabTableExtras } from "~/components/tab-grid/tab-table";
import { StructureControls, StructureDialogs, structureProblemShown } from "~/components/tab-structure/tab-structure";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { DeleteRowsDialog, FilterRowsForm, ImportPanel, RowDialog, SelectRowsForm, type Problem } from "./__ops-tab-parts";
import type { tabPageView } from "./__tab-page.server";

/** What every tab page's loader answers (its product's own fields come on top). */
export type TabPageData = SerializeFrom<ReturnType<typeof tabPageView>> & {
  /** The bottom tab bar, by position. */
  bar: { id: string; name: string }[];
  /** The query that keeps the aircraft on the page's links. */
  q: string;
  /** The aircraft's fields on the page's forms. */
  aircraft: Record<string, string>;
  /** AeroOIL: only the watched rows (watched_only=1). */
  watchedOnly?: boolean;
};

/** What a product's tab page shows differently. */
export interface TabProduct<D extends TabPageData> {
  name: "AeroOPS" | "AeroOIL";
  /** The issue date the heading names. */
  issueDate: (d: D) => { label: string; date: string | null };
  /** The link beside the heading. */
  home: (d: D) => { to: string; label: string };
  /** Where a tab of the bottom tab bar leads. */
  tabHref: (d: D, tabId: string) => string;
  /** The rows of the other product linked to each row (the column's header: `linksProduct`). */
  links: (d: D) => RowLinksProp;
  linksProduct: "AeroOPS" | "AeroOIL";
  /** The rows per page the filter offers (the first is the default); none: the API's page. */
  perPageChoices?: readonly number[];
  /** What every export form adds (AeroOIL's: product=oil). */
  exportFields?: Record<string, string>;
  /** The grid island (editing in place) for users with Edit Access: the route's handle hydrates. */
  grid?: boolean;
  /** The product's own parts: sections above the filter (with the action's answer), filter fields, the table's additions. */
  sections?: (d: D, answer: unknown, hrefWith: HrefWith) => ReactNode;
  filterFields?: (d: D) => ReactNode;
  table?: (d: D, problem: Problem | null) => TabTableExtras;
}

/** The grid island's code, fetched when the user comes near the table (LazyIsland). */
const loadGrid = () => import("~/components/tab-grid/tab-grid").then((m) => m.TabGrid);

export function TabPage<D extends TabPageData>({ d, answer, product }: { d: D; answer: unknown; product: TabProduct<D> }) {
  // A refusal of the page's action (422): shown by the dialog, panel or row it came from, else on top.
  const problem = (answer ?? null) as Problem | null;
  const location = useLocation();
  const hrefWith = useHrefWith();
  const issue = product.issueDate(d);
  const home = product.home(d);
  const table: TabGridProps & TabTableExtras = {
    label: d.tab.tab_name,
    columns: d.columns,
    rows: d.rows,
    canEdit: d.canEdit,
    canEditLocked: d.canEditLocked,
    ...tabTableLinks(d, hrefWith),
    selected: d.confirmDelete ?? [],
    emptyText: d.watchedOnly ? "No watched rows match." : d.filter ? "No rows match the filter." : "This tab has no rows yet.",
    addHref: d.filter || d.watchedOnly ? undefined : hrefWith({ edit: "new" }),
    choices: d.choices,
    docs: d.docs,
    links: product.links(d),
    linksProduct: product.linksProduct,
    ...product.table?.(d, problem),
  };
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.tab.tab_name}</h1>
          <p className={ui.pageLead}>
            {[`MSN ${d.header.msn}`, d.header.registration, `${issue.label} ${dayMonthYear(issue.date) || "—"}`, ACCESS_LABEL[d.header.access_type]].filter(Boolean).join(" · ")}
          </p>
        </div>
        <Link to={home.to} className={ui.button.ghost}>
          {home.label}
        </Link>
      </div>

      {d.structure ? <StructureControls structure={d.structure} hrefWith={hrefWith} /> : null}
      {problem && !shownInPlace(problem, d) ? (
        <p className={ui.alert.error} role="alert">
          {problem.error}
        </p>
      ) : null}
      {/* Ops Notifications: no Excel import for readers. */}
      {d.canEdit || d.tab.tab_id !== "opsNotifications" ? (
        <ImportPanel
          open={Boolean(d.validation || (problem && (problem.intent === "validate" || problem.intent === "import")))}
          hasRows={d.total > 0}
          validation={d.validation}
          problem={problem && (problem.intent === "validate" || problem.intent === "import") ? problem : null}
          canEdit={d.canEdit}
          dataFile={{ fields: exportFields(d, product), back: d.back }}
        />
      ) : null}

      {product.sections?.(d, answer, hrefWith)}

      <FilterRowsForm
        keep={[...new URLSearchParams(location.search)].filter(([k]) => !["filter", "page", "per_page", "watched_only", "after", "before"].includes(k))}
        filter={d.filter}
        clearHref={d.filter || d.sort_column || d.watchedOnly ? hrefWith({ filter: null, sort_column: null, sort_order: null, page: null, watched_only: null, after: null, before: null }) : null}
      >
        {product.perPageChoices ? (
          <div className={ui.field}>
            <label className={ui.label} htmlFor="tab-per-page">
              Rows per page
            </label>
            <select id="tab-per-page" name="per_page" defaultValue={String(d.per_page)} className={ui.input}>
              {product.perPageChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {product.filterFields?.(d)}
      </FilterRowsForm>

      {product.grid && d.canEdit ? <LazyIsland id="tab-grid" load={loadGrid} server={TabTable} fallback={TabTable} props={table} /> : <TabTable {...table} />}
      {d.canEdit ? <SelectRowsForm addHref={hrefWith({ edit: "new" })} hasRows={d.rows.length > 0} selectFirst={d.selectFirst} /> : null}
      <Pagination
        page={d.page}
        total={d.total}
        capped={d.totalCapped}
        hasNext={d.next != null}
        perPage={d.per_page}
        // Next and Previous carry the cursor of the row beside them (keyset); another page number goes by its number.
        hrefFor={(p) => hrefWith({ page: String(p), after: p === d.page + 1 ? d.next : null, before: p === d.page - 1 ? d.prev : null })}
        noun="rows"
      />

      <OpsTabBar tabs={d.bar} current={d.tab.tab_id} hrefFor={(id) => product.tabHref(d, id)} />

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
        <StructureDialogs structure={d.structure} tab={d.tab} columns={d.columns} rowCount={d.total} msn={d.header.msn} productLabel={product.name} hrefWith={hrefWith} problem={problem} />
      ) : null}
      {d.dialog === "share" ? (
        <ShareDialog closeHref={hrefWith({ dialog: null })} problem={problem?.intent === "share" ? problem : null} msn={d.header.msn} productLabel={product.name} />
      ) : null}
    </>
  );
}

/** Whether a refusal is shown by the dialog, panel or row it came from (else the page shows it on top: a post with no dialog open). */
function shownInPlace(problem: Problem, d: TabPageData) {
  if (problem.intent === "save-row") return Boolean(d.editing && !d.editing.missing);
  if (problem.intent === "delete-rows") return Boolean(d.confirmDelete);
  if (problem.intent === "share") return d.dialog === "share";
  if (problem.intent === "watch") return d.rows.some((r) => r.id === problem.id);
  return structureProblemShown(problem.intent, d.structure) ?? true;
}

/** The fields every export form of the tab carries: the aircraft, the tab, the product's own and the page's sort. */
function exportFields<D extends TabPageData>(d: D, product: TabProduct<D>): Record<string, string> {
  const fields: Record<string, string> = { ...d.aircraft, tab_id: d.tab.tab_id, ...product.exportFields };
  if (d.sort_column) Object.assign(fields, { sort_column: d.sort_column, sort_order: d.sort_order });
  return fields;
}

/**
 * The tab's exports and share (spec 001 §2, "Top bar"), rendered in the top bar by the route's handle:
 * the Ops Notifications screen offers its Excel only; the other tabs Share, PDF, Excel, Full Data
 * Excel and the binders the availability check allows.
 */
export function TabActions<D extends TabPageData>({ d, product }: { d: D; product: TabProduct<D> }) {
  const location = useLocation();
  const fields = exportFields(d, product);
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
