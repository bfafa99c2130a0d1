// The Documents column of a tab's table (issue 17 item 5): each row with linked documents opens
// them on the Linked Documents page. Shown when at least one row of the tab has a document.
import { Link } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/data-table";

/** Rows with linked documents: how many and where they open (by row id); null without access to the records. */
export type DocsByRow = Record<string, { href: string; count: number }> | null | undefined;

export const hasDocs = (docs: DocsByRow) => !!docs && Object.keys(docs).length > 0;

export function docsColumn<R extends { id: number; position: number }>(docs: DocsByRow): DataColumn<R> {
  return {
    key: "documents",
    header: "Documents",
    cell: (r) => {
      const d = docs?.[String(r.id)];
      return d ? (
        <Link to={d.href} aria-label={`${d.count} ${d.count === 1 ? "document" : "documents"} linked to row ${r.position}`} data-row-docs={d.count}>
          {d.count} {d.count === 1 ? "document" : "documents"}
        </Link>
      ) : null;
    },
  };
}
