// The server side the AeroOPS and AeroOIL tab pages share (/client/Aeroops/{tab}, /client/Aerooil/{tab};
// the page itself: __tab-page.tsx): what a tab page reads from its URL (sort, filter, page, the
// dialogs it opens) and what it makes of a page of rows. Each route's loader keeps its own upstream
// calls (which API, which extras) and adds what only its product shows.
import { linkedDocumentsHref } from "~/models/links.server";
import type * as ops from "~/models/ops.server";
import { pageAfterWrite } from "~/models/ops-tab.server";
import { canWrite } from "~/models/roles";
import type { OpsHeaderData, TabColumn, TabDataAnswer } from "~/models/schemas/ops";
import { structureView } from "~/models/tab-structure.server";

/** The sort, filter and page a tab page's URL asks for: sortable only by `sortable` (the tab's own columns). */
export function tabQuery(url: URL, sortable: { name: string }[] | null, perPageChoices: readonly number[]) {
  const sortParam = url.searchParams.get("sort_column")?.slice(0, 100);
  // null: the columns are not known yet; the upstream ignores a column the tab does not have (get_tab_page).
  const sort_column = sortParam && (sortable === null || sortable.some((c) => c.name === sortParam)) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? ("desc" as const) : ("asc" as const);
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const perPage = perPageChoices.find((n) => String(n) === url.searchParams.get("per_page")) ?? perPageChoices[0]!;
  // The cursor of a Next or Previous link (keyset paging, ADR 081); ?page=N alone still works.
  const cursor = (name: string) => url.searchParams.get(name)?.slice(0, 2000) || undefined;
  return {
    sort_column,
    sort_order,
    filter,
    /** The tab data call's paging, sort and filter. */
    request: { page, per_page: perPage, sort_column, sort_order, filter: filter || undefined, after: cursor("after"), before: cursor("before") },
  };
}

/** The validation workbook a tab page's URL names (?validation=<id>, after a Validate), if it looks like one. */
export function validationParam(url: URL): string | undefined {
  const id = url.searchParams.get("validation");
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The aircraft fields of the page's forms (as its URL names the aircraft). */
export function aircraftFields(ref: ops.AircraftRef): Record<string, string> {
  return "org_msn_id" in ref ? { org_msn_id: String(ref.org_msn_id) } : { organization: ref.organization, msn_id: ref.msn_id };
}

/**
 * What every tab page shows of a page of rows: the rows and their columns (`columns`: the tab's own),
 * who may change them, and the dialogs and panels the URL opens: ?edit=<row id>|new the row dialog,
 * ?confirm=delete&select=… the delete confirmation, ?dialog=share, ?validation=<id> the Excel round
 * trip's answer (the workbook the ops API keeps, read with the rows: `data.validation`), the Super
 * Users' structure dialogs (ADR 050).
 */
export function tabPageView<P extends "ops" | "oil">(o: {
  product: P;
  url: URL;
  user: { role: string };
  header: OpsHeaderData;
  tab: { tab_id: string; tab_name: string; group_name: string };
  query: ReturnType<typeof tabQuery>;
  data: TabDataAnswer;
  columns: TabColumn[];
  docCounts: Record<string, number> | null;
}) {
  const { url, header, data, columns } = o;
  const canEdit = canWrite(header.access_type);
  const editParam = url.searchParams.get("edit");
  const editing = !canEdit || !editParam ? null : editParam === "new" ? { row: null } : { row: data.rows.find((r) => String(r.id) === editParam) ?? null };
  const selected = [...new Set(url.searchParams.getAll("select"))].filter((v) => /^\d{1,12}$/.test(v)).map(Number).slice(0, 5000);
  // The choices a select column offers: the values it already has on this page.
  const choices: Record<string, string[]> = {};
  for (const c of columns) {
    if (c.type !== "select") continue;
    choices[c.name] = [...new Set(data.rows.map((r) => r.data[c.name]).filter((v): v is string => typeof v === "string" && v !== ""))].sort().slice(0, 100);
  }
  return {
    product: o.product,
    header,
    tab: { tab_id: o.tab.tab_id, tab_name: o.tab.tab_name, group_name: o.tab.group_name },
    columns,
    rows: data.rows,
    total: data.total,
    /** The filter matched more than `total` rows (the count stops there). */
    totalCapped: data.total_capped ?? false,
    next: data.next ?? null,
    prev: data.prev ?? null,
    page: data.page,
    per_page: data.per_page,
    sort_column: o.query.sort_column ?? null,
    sort_order: o.query.sort_order,
    filter: o.query.filter,
    canEdit,
    // Super Users (and staff): Columns…, New tab…, Delete this tab… and their dialogs (ADR 050, 051).
    structure: structureView(url, header.access_type, o.tab.tab_id, columns),
    canEditLocked: o.user.role === "admin" || o.user.role === "member",
    editing: editing ? { row: editing.row, missing: editParam !== "new" && !editing.row } : null,
    confirmDelete: canEdit && url.searchParams.get("confirm") === "delete" && selected.length ? selected : null,
    selectFirst: canEdit && url.searchParams.get("confirm") === "delete" && selected.length === 0,
    dialog: url.searchParams.get("dialog") === "share" ? ("share" as const) : null,
    // Asked for with the rows (get_tab_data's `binder`).
    binder: { current: data.binder?.current ?? false, full: data.binder?.full ?? false },
    validation: data.validation ? { id: data.validation.id, errors: data.validation.errors, source: data.validation.source, filename: data.validation.filename } : null,
    choices,
    // Rows with linked documents (null when the user may not read the aircraft's records).
    docs: o.docCounts ? Object.fromEntries(Object.entries(o.docCounts).map(([rowId, count]) => [rowId, { count, href: linkedDocumentsHref(header.org_msn_id, { row: Number(rowId) }) }])) : null,
    back: pageAfterWrite(url),
  };
}
