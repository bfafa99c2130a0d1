// What a tab's table shows (issue 13 item 3): the same props for the server's table (TabTable,
// tab-table.tsx) and the live grid (tab-grid.tsx), so one becomes the other in place.
import type { DocsByRow } from "~/components/linked-documents/docs-column";
import type { RowLinksProp } from "~/components/row-links/row-links-column";

export interface GridColumnProps {
  id: number;
  name: string;
  type: string;
  editable: boolean;
}
export interface GridRowProps {
  id: number;
  position: number;
  data: Record<string, string | number | boolean | null>;
  /** AeroOIL: the row is watched. */
  watched?: boolean;
}
export interface TabGridProps {
  /** The table's accessible name (the tab's name). */
  label: string;
  columns: GridColumnProps[];
  rows: GridRowProps[];
  /** Edit Access: selection boxes, the Edit links, and (live) editing in place. */
  canEdit: boolean;
  /** Admins and members may change locked (not editable) columns too. */
  canEditLocked: boolean;
  sortColumn: string | null;
  sortOrder: "asc" | "desc";
  /** The URL that sorts by each column (the server's sort, kept in the URL). */
  sortHrefs: Record<string, string>;
  /** The URL of each row's edit dialog (by row id). */
  editHrefs: Record<string, string>;
  /** Rows already chosen for deletion (kept checked). */
  selected: number[];
  emptyText: string;
  /** Where "Add the first row" leads in an empty tab (users with Edit Access; the row dialog). */
  addHref?: string;
  /** The values a select column offers. */
  choices: Record<string, string[]>;
  /** Rows with linked documents: how many and where they open (by row id); null without access to the records. */
  docs?: DocsByRow;
  /** Rows linked to rows of the other product (AeroOPS ↔ AeroOIL) by row id; null without access to it. */
  links?: RowLinksProp;
  /** The other product's name: the links column's header. */
  linksProduct?: string;
}

/** One number formatter for every cell (toLocaleString builds one per call). */
const EN_US = new Intl.NumberFormat("en-US");

/** How a cell reads: dates as "1 Oct 2026", numbers grouped, booleans Yes / No. */
export function cellText(value: unknown, type: string, dayMonthYear: (iso: string) => string): string {
  if (value === null || value === undefined || value === "") return "";
  if (type === "date" && typeof value === "string") return dayMonthYear(value) || value;
  if (type === "number" && typeof value === "number") return EN_US.format(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}
