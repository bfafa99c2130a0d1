// Pieces the admin list pages share: a filter <select> with an "Any" choice (and the Active /
// Deactivated status filter), the table or its empty message, the hidden "Actions" column header,
// and the pager whose links keep the rest of the URL.
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { listHref } from "~/components/data-table-simple/list-url";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";

/**
 * A labelled filter select whose first choice, "Any" (value ""), drops the filter. `field` uses the
 * form-field layout (a label above the control) instead of the inline label of ListSearch filters.
 */
export function FilterSelect({
  label,
  name,
  value,
  options,
  field = false,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string | number; label: string }[];
  field?: boolean;
}) {
  const select = (
    <select name={name} defaultValue={value} className={ui.input}>
      <option value="">Any</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return field ? (
    <label className={ui.field}>
      <span className={ui.label}>{label}</span>
      {select}
    </label>
  ) : (
    <label>
      {label}
      {select}
    </label>
  );
}

/** The organization filter (organization_id). */
export function OrganizationFilter({
  organizations,
  value,
  field,
}: {
  organizations: readonly { id: number; name: string }[];
  value: number | string | null | undefined;
  field?: boolean;
}) {
  return (
    <FilterSelect
      label="Organization"
      name="organization_id"
      value={value ? String(value) : ""}
      options={organizations.map((o) => ({ value: o.id, label: o.name }))}
      field={field}
    />
  );
}

const STATUS_OPTIONS = [
  { value: "1", label: "Active" },
  { value: "0", label: "Deactivated" },
] as const;

/** The account status filter (active=1 or 0). */
export function StatusFilter({ value }: { value: string | null | undefined }) {
  return <FilterSelect label="Status" name="active" value={value ?? ""} options={STATUS_OPTIONS} />;
}

/** The list's table, or `emptyText` when there are no rows. */
export function ListTable({ empty, emptyText, children }: { empty: boolean; emptyText: string; children: ReactNode }) {
  return <div className={ui.tableWrap}>{empty ? <p className={ui.empty}>{emptyText}</p> : <table className={ui.table}>{children}</table>}</div>;
}

/** The header of the row-actions column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** The pager of a list whose page is in the URL: each link keeps the other parameters. */
export function ListPagination({ page, total, perPage, noun }: { page: number; total: number; perPage: number; noun: string }) {
  const location = useLocation();
  return <Pagination page={page} total={total} perPage={perPage} noun={noun} hrefFor={(p) => listHref(location.pathname, location.search, { page: p })} />;
}
