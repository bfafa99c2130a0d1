// The tab's table as the server renders it (and as readers and pages without JavaScript keep it):
// sort links in the header, selection boxes (form "select-rows") and an Edit link per row for users
// with Edit Access. An empty tab shows its header row and an empty-state row. The live grid
// (tab-grid.tsx) takes its place once its code has come.
import { Link } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import * as ui from "~/components/ui/ui.css";
import { dayMonthYear } from "~/utils/dates";
import { DocsCell, DocsHeader, hasDocs } from "~/components/linked-documents/docs-column";
import { RowLinksCell, RowLinksHeader, hasRowLinks } from "~/components/row-links/row-links-column";
import * as rl from "~/components/row-links/row-links.css";
import { cellText, columnCount, type TabGridProps } from "./tab-grid-types";
import { EmptyRow } from "~/components/data-table-simple/empty-row";

export function TabTable(p: TabGridProps) {
  const selected = new Set(p.selected);
  const docs = hasDocs(p);
  const links = hasRowLinks(p.links);
  return (
    // An empty tab keeps its header row (its columns) and says so in one row below it (ADR 051).
    <ListTable label={p.label}>
      <thead>
        <tr>
          {p.canEdit ? (
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
          ) : null}
          {p.columns.map((c) => (
            <th key={c.id} scope="col" className={ui.nowrap} aria-sort={p.sortColumn === c.name ? (p.sortOrder === "asc" ? "ascending" : "descending") : undefined}>
              <Link to={p.sortHrefs[c.name]!} title={`Sort by ${c.name}`}>
                {c.name}
                {p.sortColumn === c.name ? (p.sortOrder === "asc" ? " ▲" : " ▼") : ""}
              </Link>
            </th>
          ))}
          {docs ? <DocsHeader /> : null}
          {links ? <RowLinksHeader product={p.linksProduct ?? ""} /> : null}
          {p.canEdit ? (
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {p.rows.length === 0 ? <EmptyRow text={p.emptyText} span={columnCount(p, docs, links)} addHref={p.canEdit ? p.addHref : undefined} /> : null}
        {p.rows.map((r) => (
          <tr key={r.id} id={`row-${r.id}`} className={rl.targetRow}>
            {p.canEdit ? (
              <td>
                <input type="checkbox" name="select" value={r.id} form="select-rows" aria-label={`Select row ${r.position}`} defaultChecked={selected.has(r.id)} />
              </td>
            ) : null}
            {p.columns.map((c) => (
              <td key={c.id} style={c.type === "number" ? { textAlign: "right" } : undefined}>
                {cellText(r.data[c.name], c.type, dayMonthYear)}
              </td>
            ))}
            {docs ? <DocsCell p={p} rowId={r.id} position={r.position} /> : null}
            {links ? <RowLinksCell links={p.links} rowId={r.id} position={r.position} product={p.linksProduct ?? ""} /> : null}
            {p.canEdit ? (
              <td>
                <Link to={p.editHrefs[String(r.id)]!} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit row ${r.position}`}>
                  Edit
                </Link>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
