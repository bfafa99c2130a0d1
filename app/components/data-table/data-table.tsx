// The portal's one data table: the AeroOPS and AeroOIL tabs, a template's tab, the work-order lists
// and the maintenance screen (the tab grid island renders it too, with cells that edit in place).
// Columns are data, each with its header and its cell. The conventions every such table keeps:
// - it is named (aria-label) for screen readers and tests;
// - a sortable column's header is a link to the URL that sorts by it (the sort lives in the URL, so it
//   works without JavaScript; the loader whitelists the keys), the current one marked with aria-sort
//   and an arrow;
// - the header row stays in sight while the rows scroll (the frame scrolls, the header is sticky),
//   and so does the first column (after the selection box, which sticks too) while they scroll sideways;
// - rows are compact, one line each (data-table.css.ts, ADR 085);
// - an empty table keeps its header row and says so in one row under it, with the link that adds the
//   first row where there is one;
// - row actions (a selection box, Edit) are columns whose headers only screen readers hear.
import { Link } from "@remix-run/react";
import type { ClassAttributes, HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import * as ui from "~/components/ui/ui.css";
import * as s from "./data-table.css";

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;
export type CellAttributes = TdHTMLAttributes<HTMLTableCellElement> & ClassAttributes<HTMLTableCellElement> & DataAttributes;

export interface DataColumn<R> {
  /** Unique in the table (React's key). */
  key: string;
  header: ReactNode;
  /** A sortable column: where its header leads, and its direction when it is the current sort. */
  sort?: { href: string; dir: "asc" | "desc" | null };
  cell: (row: R, rowIndex: number) => ReactNode;
  /** Numbers: right-aligned, in tabular figures. */
  numeric?: boolean;
  /** On the header and on every cell of the column (e.g. ui.hideSmall). */
  className?: string;
  /** More attributes of a row's cell: marks, a title, the grid's focus and keys. */
  td?: (row: R, rowIndex: number) => CellAttributes;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

/** The columns that stay in sight sideways: the first, or the selection box and the one after it. */
const stickyCount = (columns: { key: string }[]) => (columns[0]?.key === "select" ? 2 : 1);

export function DataTable<R>({
  label,
  rows,
  rowKey,
  columns,
  rowProps,
  empty,
  describedBy,
  frameProps,
}: {
  /** The table's accessible name. */
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  columns: DataColumn<R>[];
  /** Each row's own attributes (an id a link can land on, marks). */
  rowProps?: (row: R) => RowAttributes;
  /** What the table says when it has no rows, and where the first row is added (if anywhere). */
  empty: { text: string; addHref?: string };
  describedBy?: string;
  /** Attributes of the scrolling frame (the grid marks its own: data-grid). */
  frameProps?: HTMLAttributes<HTMLDivElement> & DataAttributes;
}) {
  const stuck = stickyCount(columns);
  return (
    // The frame scrolls sideways on a narrow screen: a named group in the tab order, so a keyboard
    // reaches and scrolls it (WCAG 2.1.1; axe's scrollable-region-focusable). A group, not a region:
    // the table often sits in a section of the same name.
    <div role="group" aria-label={label} tabIndex={0} {...frameProps} className={`${ui.tableWrap} ${s.frame}`}>
      <table className={`${ui.table} ${s.table}`} aria-label={label} aria-describedby={describedBy}>
        <thead>
          <tr>
            {columns.map((c, ci) => (
              <th
                key={c.key}
                scope="col"
                className={classes(s.head, ci < stuck && s.sticky, c.numeric && s.number, c.className)}
                aria-sort={c.sort?.dir ? (c.sort.dir === "asc" ? "ascending" : "descending") : undefined}
              >
                {c.sort ? (
                  <Link to={c.sort.href} title={typeof c.header === "string" ? `Sort by ${c.header}` : undefined}>
                    {c.header}
                    {c.sort.dir ? (c.sort.dir === "asc" ? " ▲" : " ▼") : ""}
                  </Link>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr data-empty-row="">
              <td colSpan={Math.max(1, columns.length)} className={s.empty}>
                <span className={ui.muted}>{empty.text}</span>
                {empty.addHref ? (
                  <>
                    {" "}
                    <Link to={empty.addHref} preventScrollReset>
                      Add the first row
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ) : null}
          {rows.map((r, ri) => (
            <tr key={rowKey(r)} {...rowProps?.(r)}>
              {columns.map((c, ci) => {
                const more = c.td?.(r, ri);
                return (
                  <td key={c.key} {...more} className={classes(ci < stuck && s.sticky, c.numeric && s.number, c.className, more?.className)}>
                    {c.cell(r, ri)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A header only screen readers hear (a column of boxes or actions). */
const hidden = (label: string) => <span className="visually-hidden">{label}</span>;

/** A selection box at the start of each row, in the page's form `form` (its "Delete selected…"). */
export function selectColumn<R>(o: { form: string; value: (row: R) => number; label: (row: R) => string; checked: (row: R) => boolean }): DataColumn<R> {
  return {
    key: "select",
    header: hidden("Select"),
    className: s.select,
    cell: (r) => <input type="checkbox" name="select" value={o.value(r)} form={o.form} aria-label={o.label(r)} defaultChecked={o.checked(r)} />,
  };
}

/** A column of row actions (Edit, Delete…), named `label` for screen readers. */
export function actionsColumn<R>(label: string, cell: (row: R) => ReactNode): DataColumn<R> {
  return { key: `actions-${label}`, header: hidden(label), cell, className: s.actions };
}
