// The AeroOPS / AeroOIL column of a tab's table (issue 15 item 5): each row linked to rows of the
// other product (same Serial No or Part No) lists them; a link opens that tab at the row.
import { Link } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/data-table";

export type RowLinksProp = Record<string, { label: string; title: string; href: string }[]> | null | undefined;

export const hasRowLinks = (links: RowLinksProp) => !!links && Object.keys(links).length > 0;

/** The column of `product`'s rows linked to each row (its header: the product's name). */
export function rowLinksColumn<R extends { id: number; position: number }>(links: RowLinksProp, product: string): DataColumn<R> {
  return {
    key: "row-links",
    header: product,
    cell: (r) => {
      const list = links?.[String(r.id)];
      return list?.length ? (
        <ul aria-label={`${product} rows linked to row ${r.position}`} data-row-links={list.length} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {list.map((l) => (
            <li key={l.href} style={{ whiteSpace: "nowrap" }}>
              <Link to={l.href} title={`Open the ${product} row with ${l.title}`}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null;
    },
  };
}
