// The Documents column of a tab's table (issue 17 item 5): each row with linked documents opens
// them on the Linked Documents page. Shown when at least one row of the tab has a document.
import { Link } from "@remix-run/react";
import type { TabGridProps } from "~/components/tab-grid/tab-grid-types";

export const hasDocs = (p: Pick<TabGridProps, "docs">) => !!p.docs && Object.keys(p.docs).length > 0;

export function DocsHeader({ className }: { className?: string }) {
  return (
    <th scope="col" className={className}>
      Documents
    </th>
  );
}

export function DocsCell({ p, rowId, position, className }: { p: Pick<TabGridProps, "docs">; rowId: number; position: number; className?: string }) {
  const d = p.docs?.[String(rowId)];
  return (
    <td className={className}>
      {d ? (
        <Link to={d.href} aria-label={`${d.count} ${d.count === 1 ? "document" : "documents"} linked to row ${position}`} data-row-docs={d.count}>
          {d.count} {d.count === 1 ? "document" : "documents"}
        </Link>
      ) : null}
    </td>
  );
}
