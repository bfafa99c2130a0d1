// Pieces of the server-driven lists: the table (or its empty message), a sortable column header (a
// link, so it works without JavaScript; the loader whitelists the keys), the actions column (its
// header named for screen readers only, its right-aligned cells) and the search bar (a GET form that
// keeps the other parameters of the list).
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SearchIcon } from "~/components/icons/search";
import * as ui from "~/components/ui/ui.css";
import * as s from "./data-table-simple.css";
import { sortHref } from "./list-url";

export function SortHeader({ label, sortKey, current }: { label: string; sortKey: string; current: { sort: string; dir: "asc" | "desc" } }) {
  const location = useLocation();
  const active = current.sort === sortKey;
  return (
    <th scope="col" aria-sort={active ? (current.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link className={s.sortLink} to={sortHref(location.pathname, location.search, sortKey, current)} preventScrollReset>
        {label}
        {active ? (
          <span className={s.arrow} aria-hidden="true">
            {current.dir === "asc" ? "▲" : "▼"}
          </span>
        ) : null}
        {active ? <span className="visually-hidden">{current.dir === "asc" ? " (ascending)" : " (descending)"}</span> : null}
      </Link>
    </th>
  );
}

/**
 * A GET form: `q` plus any filters given as children; the current sort is kept, the page resets.
 * `keep` lists other parameters to carry over as hidden fields.
 */
export function ListSearch({
  q,
  label = "Search",
  placeholder,
  keep = {},
  children,
}: {
  q: string;
  label?: string;
  placeholder?: string;
  keep?: Record<string, string | number | undefined | null>;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className={s.toolbar} role="search">
      {Object.entries(keep).map(([k, v]) => (v === undefined || v === null || v === "" ? null : <input key={k} type="hidden" name={k} value={String(v)} />))}
      <label className={s.grow}>
        {label}
        <input name="q" type="search" defaultValue={q} className={ui.input} maxLength={200} placeholder={placeholder} />
      </label>
      {children}
      <button type="submit" className={ui.button.secondary}>
        <SearchIcon /> Search
      </button>
    </Form>
  );
}

/**
 * A list's hand-written table in its bordered frame. With no rows, `emptyText` takes the table's
 * place: inside the frame, or on its own (`bareEmpty`) where a page shows it without one. (A table
 * with sortable columns, row actions or a header that stays in sight: DataTable, components/data-table.)
 */
export function ListTable({
  empty = false,
  emptyText,
  bareEmpty = false,
  label,
  children,
}: {
  empty?: boolean;
  emptyText?: ReactNode;
  bareEmpty?: boolean;
  /** The table's accessible name, when the page has no heading for it. */
  label?: string;
  children: ReactNode;
}) {
  if (empty && bareEmpty) return <p className={ui.empty}>{emptyText}</p>;
  return (
    <div className={ui.tableWrap}>
      {empty ? (
        <p className={ui.empty}>{emptyText}</p>
      ) : (
        <table className={ui.table} aria-label={label}>
          {children}
        </table>
      )}
    </div>
  );
}

/** The header of a column of row actions (or links): named for screen readers only. */
export function ActionsHeader({ label = "Actions", className }: { label?: string; className?: string }) {
  return (
    <th scope="col" className={className}>
      <span className="visually-hidden">{label}</span>
    </th>
  );
}

/** The last cell of a row: its actions, right-aligned on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{children}</td>;
}
