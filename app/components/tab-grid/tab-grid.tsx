// The tab data grid, the module's island (issue 13 item 3), on @tanstack/react-table: the same table
// as the server's (sort links, selection, Edit links) plus editing in place. A cell is focused with
// a click or the arrow keys; Enter or a double click opens its editor (typed: number, date, a choice
// list for select columns); Enter saves, Escape cancels, Tab saves and moves to the next cell. A save
// posts the tab page's own action (intent save-row, `id`, `cell:<column>`: the contract of ADR 035),
// so the ops API checks the value and the access; a refusal shows under the cell and keeps the editor.
// Sorting, filtering and paging stay on the server, in the URL. The header row stays in sight, also
// when the tab (or the filter) has no rows.
import { Link, useFetcher } from "@remix-run/react";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import * as ui from "~/components/ui/ui.css";
import { dayMonthYear } from "~/utils/dates";
import * as s from "./tab-grid.css";
import { DocsCell, DocsHeader, hasDocs } from "~/components/linked-documents/docs-column";
import { RowLinksCell, RowLinksHeader, hasRowLinks } from "~/components/row-links/row-links-column";
import * as rl from "~/components/row-links/row-links.css";
import { cellText, columnCount, type GridColumnProps, type GridRowProps, type TabGridProps } from "./tab-grid-types";
import { EmptyRow } from "~/components/data-table-simple/empty-row";

type Problem = { intent?: string; id?: number | null; error?: string; errors?: Record<string, string[]> };
type Pos = { row: number; col: number };

const helper = createColumnHelper<GridRowProps>();

export function TabGrid(p: TabGridProps) {
  const fetcher = useFetcher<Problem>();
  const hintId = useId();
  // The roving tab stop (the one cell with tabIndex 0) lives in a ref and moves in the DOM: a focus
  // move renders nothing (a state here re-rendered every cell of a 500-row page per arrow key; ADR 051).
  const focus = useRef<Pos>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<(Pos & { value: string }) | null>(null);
  const [failed, setFailed] = useState<{ rowId: number; column: string; message: string } | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const selected = useMemo(() => new Set(p.selected), [p.selected]);
  const docs = hasDocs(p);
  const links = hasRowLinks(p.links);
  const editable = (c: GridColumnProps) => p.canEdit && (c.editable || p.canEditLocked);

  const columns = useMemo(
    () =>
      p.columns.map((c) =>
        helper.accessor((r) => r.data[c.name] ?? null, {
          id: c.name,
          header: c.name,
          meta: c,
          cell: (info) => cellText(info.getValue(), c.type, dayMonthYear),
        }),
      ),
    [p.columns],
  );
  const table = useReactTable({ data: p.rows, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, getRowId: (r) => String(r.id) });
  const rows = table.getRowModel().rows;

  // A save's answer: a refusal keeps the editor open with the message; success (the page reloads its
  // data through the redirect) closes it.
  const pending = useRef<{ rowId: number; column: string } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    const d = fetcher.data;
    if (d && d.error) {
      setFailed({ ...pending.current, message: d.errors?.[pending.current.column]?.join(" ") || d.error });
    } else {
      setFailed(null);
      setEditing(null);
    }
    pending.current = null;
  }, [fetcher.state, fetcher.data]);

  const cellKey = (row: number, col: number) => `${row}:${col}`;
  const moveTabStop = (row: number, col: number) => {
    const before = cells.current.get(cellKey(focus.current.row, focus.current.col));
    if (before) before.tabIndex = -1;
    focus.current = { row, col };
    const now = cells.current.get(cellKey(row, col));
    if (now) now.tabIndex = 0;
  };
  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(p.columns.length - 1, col));
    moveTabStop(r, c);
    cells.current.get(cellKey(r, c))?.focus();
  };
  const open = (row: number, col: number) => {
    const column = p.columns[col]!;
    if (!editable(column)) return;
    const v = rows[row]?.original.data[column.name];
    setFailed(null);
    setEditing({ row, col, value: v === null || v === undefined ? "" : String(v) });
  };
  const save = (value: string) => {
    if (!editing) return;
    const row = rows[editing.row]!.original;
    const column = p.columns[editing.col]!;
    const before = row.data[column.name];
    if ((before === null || before === undefined ? "" : String(before)) === value) {
      setEditing(null);
      return;
    }
    pending.current = { rowId: row.id, column: column.name };
    fetcher.submit({ intent: "save-row", id: String(row.id), [`cell:${column.name}`]: value }, { method: "post", preventScrollReset: true });
  };

  const onCellKey = (e: KeyboardEvent<HTMLTableCellElement>, row: number, col: number) => {
    if (editing) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      focusCell(row + m[0], col + m[1]);
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      open(row, col);
    }
  };
  const onEditorKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!editing) return;
    if (e.key === "Escape") {
      e.preventDefault();
      const { row, col } = editing;
      setEditing(null);
      setFailed(null);
      requestAnimationFrame(() => focusCell(row, col));
    } else if (e.key === "Enter") {
      e.preventDefault();
      save(e.currentTarget.value);
    } else if (e.key === "Tab") {
      e.preventDefault();
      const { row, col } = editing;
      save(e.currentTarget.value);
      const next = col + (e.shiftKey ? -1 : 1);
      requestAnimationFrame(() => focusCell(next < 0 ? row - 1 : next >= p.columns.length ? row + 1 : row, (next + p.columns.length) % p.columns.length));
    }
  };

  return (
    <>
      {p.canEdit ? (
        <p id={hintId} className={s.hint}>
          Arrow keys move between cells; Enter or a double click edits one, Enter saves, Escape cancels.
        </p>
      ) : null}
      <div className={s.scroller} data-grid="">
        <table className={s.table} aria-label={p.label} aria-describedby={p.canEdit ? hintId : undefined}>
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {p.canEdit ? (
                  <th scope="col" className={s.th}>
                    <span className="visually-hidden">Select</span>
                  </th>
                ) : null}
                {g.headers.map((h) => (
                  <th key={h.id} scope="col" className={s.th} aria-sort={p.sortColumn === h.id ? (p.sortOrder === "asc" ? "ascending" : "descending") : undefined}>
                    <Link to={p.sortHrefs[h.id]!} title={`Sort by ${h.id}`}>
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      {p.sortColumn === h.id ? (p.sortOrder === "asc" ? " ▲" : " ▼") : ""}
                    </Link>
                  </th>
                ))}
                {docs ? <DocsHeader className={s.th} /> : null}
                {links ? <RowLinksHeader product={p.linksProduct ?? ""} className={s.th} /> : null}
                {p.canEdit ? (
                  <th scope="col" className={s.th}>
                    <span className="visually-hidden">Edit</span>
                  </th>
                ) : null}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyRow text={p.emptyText} span={columnCount(p, docs, links)} addHref={p.canEdit ? p.addHref : undefined} className={s.td} /> : null}
            {rows.map((r, ri) => (
              <tr key={r.id} id={`row-${r.original.id}`} className={rl.targetRow}>
                {p.canEdit ? (
                  <td className={s.td}>
                    <input type="checkbox" name="select" value={r.original.id} form="select-rows" aria-label={`Select row ${r.original.position}`} defaultChecked={selected.has(r.original.id)} />
                  </td>
                ) : null}
                {r.getVisibleCells().map((cell, ci) => {
                  const column = p.columns[ci]!;
                  const isEditing = editing && editing.row === ri && editing.col === ci;
                  const err = failed && failed.rowId === r.original.id && failed.column === column.name ? failed.message : null;
                  return (
                    <td
                      key={cell.id}
                      ref={(el) => {
                        if (el) cells.current.set(cellKey(ri, ci), el);
                        else cells.current.delete(cellKey(ri, ci));
                      }}
                      className={column.type === "number" ? `${s.td} ${s.number}` : s.td}
                      tabIndex={focus.current.row === ri && focus.current.col === ci ? 0 : -1}
                      data-editable={editable(column) ? "true" : undefined}
                      data-cell={`${r.original.position}:${column.name}`}
                      onFocus={() => moveTabStop(ri, ci)}
                      onKeyDown={(e) => onCellKey(e, ri, ci)}
                      onDoubleClick={() => open(ri, ci)}
                    >
                      {isEditing ? (
                        <>
                          <input
                            className={s.editor}
                            autoFocus
                            aria-label={`${column.name}, row ${r.original.position}`}
                            aria-invalid={err ? true : undefined}
                            defaultValue={editing.value}
                            type={column.type === "date" ? "date" : "text"}
                            inputMode={column.type === "number" ? "decimal" : undefined}
                            list={column.type === "select" && p.choices[column.name]?.length ? `grid-choices-${column.id}` : undefined}
                            maxLength={10000}
                            disabled={fetcher.state !== "idle"}
                            onKeyDown={onEditorKey}
                          />
                          {column.type === "select" && p.choices[column.name]?.length ? (
                            <datalist id={`grid-choices-${column.id}`}>
                              {p.choices[column.name]!.map((v) => (
                                <option key={v} value={v} />
                              ))}
                            </datalist>
                          ) : null}
                          {err ? (
                            <p className={s.error} role="alert">
                              {err}
                            </p>
                          ) : null}
                        </>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </td>
                  );
                })}
                {docs ? <DocsCell p={p} rowId={r.original.id} position={r.original.position} className={s.td} /> : null}
                {links ? <RowLinksCell links={p.links} rowId={r.original.id} position={r.original.position} product={p.linksProduct ?? ""} className={s.td} /> : null}
                {p.canEdit ? (
                  <td className={s.td}>
                    <Link to={p.editHrefs[String(r.original.id)]!} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit row ${r.original.position}`}>
                      Edit
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
