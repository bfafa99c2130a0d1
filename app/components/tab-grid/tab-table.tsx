// A tab's table (AeroOPS, AeroOIL, a template's tab) on the data table: the tab's own columns, each
// sorted by its header's link, their cells as they read (cellText); for users with Edit Access a
// selection box per row (form "select-rows": the page's "Delete selected…") and an Edit link (the row
// dialog); the Documents and linked-rows columns when a row of the page has some. An empty tab keeps
// its header row (ADR 051). The server renders it (readers, pages without JavaScript) and the grid
// island (tab-grid.tsx) renders the same table with cells that edit in place (`cells`); a page adds
// its own columns and marks (AeroOIL: Watch/Unwatch, the cells above an alert limit).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { actionsColumn, DataTable, selectColumn, type CellAttributes, type DataColumn, type RowAttributes } from "~/components/data-table/data-table";
import type { HrefWith } from "~/utils/use-href-with";
import { docsColumn, hasDocs } from "~/components/linked-documents/docs-column";
import { hasRowLinks, rowLinksColumn } from "~/components/row-links/row-links-column";
import * as rl from "~/components/row-links/row-links.css";
import * as dt from "~/components/data-table/data-table.css";
import * as ui from "~/components/ui/ui.css";
import { dayMonthYear } from "~/utils/dates";
import { cellText, type GridColumnProps, type GridRowProps, type TabGridProps } from "./tab-grid-types";

type Row = GridRowProps;

/** Text longer than this may be cut in its cell (24ch at most): its cell then has a title with all of it. */
const CLIP_TITLE_FROM = 24;

export interface TabTableExtras {
  /** Columns after the tab's own (AeroOIL's Watch/Unwatch). */
  extra?: DataColumn<Row>[];
  /** More attributes of each row (marks the CSS and the tests key on). */
  rowProps?: (row: Row) => RowAttributes;
  /** How the tab's own cells render, when not as their text: the grid's editors, AeroOIL's alert marks. */
  cells?: (column: GridColumnProps, index: number) => { cell?: (row: Row, rowIndex: number) => ReactNode; td?: (row: Row, rowIndex: number) => CellAttributes };
  /** The grid's own: its frame's mark (data-grid) and its keyboard hint. */
  frameProps?: { "data-grid": "" };
  describedBy?: string;
}

export function TabTable(p: TabGridProps & TabTableExtras) {
  const selected = new Set(p.selected);
  const own = p.columns.map((c, i): DataColumn<Row> => {
    const text = (r: Row) => cellText(r.data[c.name], c.type, dayMonthYear);
    const custom = p.cells?.(c, i);
    // Text is cut to one line (ADR 085): the cell's title holds all of it, when it may be cut.
    const long = c.type === "text" || c.type === "select";
    const title = (r: Row) => {
      const t = long ? text(r) : "";
      return t.length > CLIP_TITLE_FROM ? t : undefined;
    };
    return {
      key: `column-${c.id}`,
      header: c.name,
      sort: { href: p.sortHrefs[c.name]!, dir: p.sortColumn === c.name ? p.sortOrder : null },
      numeric: c.type === "number",
      className: long ? dt.clip : dt.nowrap,
      cell: custom?.cell ?? text,
      td: (r, ri) => ({ title: title(r), ...custom?.td?.(r, ri) }),
    };
  });
  const columns: DataColumn<Row>[] = [
    ...(p.canEdit ? [selectColumn<Row>({ form: "select-rows", value: (r) => r.id, label: (r) => `Select row ${r.position}`, checked: (r) => selected.has(r.id) })] : []),
    ...own,
    ...(p.extra ?? []),
    ...(hasDocs(p.docs) ? [docsColumn<Row>(p.docs)] : []),
    ...(hasRowLinks(p.links) ? [rowLinksColumn<Row>(p.links, p.linksProduct ?? "")] : []),
    ...(p.canEdit
      ? [
          actionsColumn<Row>("Edit", (r) => (
            <Link to={p.editHrefs[String(r.id)]!} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit row ${r.position}`}>
              Edit
            </Link>
          )),
        ]
      : []),
  ];
  return (
    <DataTable
      label={p.label}
      rows={p.rows}
      rowKey={(r) => r.id}
      columns={columns}
      rowProps={(r) => ({ id: `row-${r.id}`, className: rl.targetRow, ...p.rowProps?.(r) })}
      empty={{ text: p.emptyText, addHref: p.canEdit ? p.addHref : undefined }}
      describedBy={p.describedBy}
      frameProps={p.frameProps}
    />
  );
}

/**
 * The table's links, in the page's URL: each column's header sorts by it ascending, or the other way
 * when it is the current sort (back to the first page); each row's Edit opens the row dialog (?edit=).
 */
export function tabTableLinks(
  d: { columns: { name: string }[]; rows: { id: number }[]; sort_column: string | null; sort_order: "asc" | "desc" },
  hrefWith: HrefWith,
): Pick<TabGridProps, "sortColumn" | "sortOrder" | "sortHrefs" | "editHrefs"> {
  return {
    sortColumn: d.sort_column,
    sortOrder: d.sort_order,
    sortHrefs: Object.fromEntries(
      d.columns.map((c) => [c.name, hrefWith({ sort_column: c.name, sort_order: d.sort_column === c.name && d.sort_order === "asc" ? "desc" : "asc", page: null })]),
    ),
    editHrefs: Object.fromEntries(d.rows.map((r) => [String(r.id), hrefWith({ edit: String(r.id) })])),
  };
}
