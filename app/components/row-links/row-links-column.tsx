// The AeroOPS / AeroOIL column of a tab's table (issue 15 item 5): each row linked to rows of the
// other product (same Serial No or Part No) lists them; a link opens that tab at the row.
import { Link } from "@remix-run/react";

export type RowLinksProp = Record<string, { label: string; title: string; href: string }[]> | null | undefined;

export const hasRowLinks = (links: RowLinksProp) => !!links && Object.keys(links).length > 0;

export function RowLinksHeader({ product, className }: { product: string; className?: string }) {
  return (
    <th scope="col" className={className}>
      {product}
    </th>
  );
}

export function RowLinksCell({ links, rowId, position, product, className }: { links: RowLinksProp; rowId: number; position: number; product: string; className?: string }) {
  const list = links?.[String(rowId)];
  return (
    <td className={className}>
      {list?.length ? (
        <ul aria-label={`${product} rows linked to row ${position}`} data-row-links={list.length} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {list.map((l) => (
            <li key={l.href} style={{ whiteSpace: "nowrap" }}>
              <Link to={l.href} title={`Open the ${product} row with ${l.title}`}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </td>
  );
}
