// Pieces the admin list pages share: a filter <select> with an "Any" choice (and the Active /
// Deactivated status filter), the small POST form each row action is, and the pager whose links keep
// the rest of the URL. (The table, its actions column and cells: data-table-simple.)
import { Form, useLocation } from "@remix-run/react";
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

/**
 * One row action: a small POST form to this page's action (or `action`) with its hidden `fields` and
 * `redirectTo`, so it works without JavaScript; the action redirects back there with a toast. Its
 * buttons are RowActionButtons; `id` lets inputs elsewhere in the row join the form.
 */
export function RowActionForm({
  action,
  id,
  fields,
  redirectTo,
  children,
}: {
  action?: string;
  id?: string;
  fields: Record<string, string | number>;
  redirectTo: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} id={id} style={{ display: "inline" }}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </Form>
  );
}

/** A small submit button of a row action; `intent` is sent as the button's value when several share a form. */
export function RowActionButton({
  intent,
  tone = "secondary",
  label,
  disabled,
  children,
}: {
  intent?: string;
  tone?: "primary" | "secondary" | "ghost" | "danger";
  /** The accessible name, naming the row ("Remove 10.0.0.0/8 from Skyline"). */
  label?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={`${ui.button[tone]} ${ui.buttonSmall}`}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/** The pager of a list whose page is in the URL: each link keeps the other parameters. */
/** A list's pager; a list read by key (ADR 084) passes its answer's cursors for the previous and next links. */
export function ListPagination({
  page,
  total,
  perPage,
  noun,
  prevCursor,
  nextCursor,
}: {
  page: number;
  total: number;
  perPage: number;
  noun: string;
  prevCursor?: string | null;
  nextCursor?: string | null;
}) {
  const location = useLocation();
  const at = (p: number, cursor?: string | null) => listHref(location.pathname, location.search, { page: p, cursor });
  return (
    <Pagination
      page={page}
      total={total}
      perPage={perPage}
      noun={noun}
      hrefFor={(p) => at(p)}
      prevHref={prevCursor ? at(page - 1, prevCursor) : null}
      nextHref={nextCursor ? at(page + 1, nextCursor) : null}
    />
  );
}
