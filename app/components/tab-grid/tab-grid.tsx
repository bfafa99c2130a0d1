// The tab data grid, the AeroOPS tab page's island (issue 13 item 3): the server's table (TabTable:
// the same data table, sort links, selection, Edit links) with cells that edit in place. A cell is
// focused with a click or the arrow keys; Enter or a double click opens its editor (typed: number,
// date, a choice list for select columns); Enter saves, Escape cancels, Tab saves and moves to the next cell. A save
// posts the tab page's own action (intent save-row, `id`, `cell:<column>`: the contract of ADR 035),
// so the ops API checks the value and the access; a refusal shows under the cell and keeps the editor.
// Sorting, filtering and paging stay on the server, in the URL.
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { dayMonthYear } from "~/utils/dates";
import * as s from "./tab-grid.css";
import { cellText, type GridColumnProps, type TabGridProps } from "./tab-grid-types";
import { TabTable, type TabTableExtras } from "./tab-table";

type Problem = { intent?: string; id?: number | null; error?: string; errors?: Record<string, string[]> };
type Pos = { row: number; col: number };

export function TabGrid(p: TabGridProps) {
  const fetcher = useFetcher<Problem>();
  const hintId = useId();
  // The roving tab stop (the one cell with tabIndex 0) lives in a ref and moves in the DOM: a focus
  // move renders nothing (a state here re-rendered every cell of a 500-row page per arrow key; ADR 051).
  const focus = useRef<Pos>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<(Pos & { value: string }) | null>(null);
  const [failed, setFailed] = useState<{ rowId: number; column: string; message: string } | null>(null);
  const cellEls = useRef(new Map<string, HTMLTableCellElement>());
  const editable = (c: GridColumnProps) => p.canEdit && (c.editable || p.canEditLocked);
  const rows = p.rows;

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
    const before = cellEls.current.get(cellKey(focus.current.row, focus.current.col));
    if (before) before.tabIndex = -1;
    focus.current = { row, col };
    const now = cellEls.current.get(cellKey(row, col));
    if (now) now.tabIndex = 0;
  };
  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(p.columns.length - 1, col));
    moveTabStop(r, c);
    cellEls.current.get(cellKey(r, c))?.focus();
  };
  const open = (row: number, col: number) => {
    const column = p.columns[col]!;
    if (!editable(column)) return;
    const v = rows[row]?.data[column.name];
    setFailed(null);
    setEditing({ row, col, value: v === null || v === undefined ? "" : String(v) });
  };
  const save = (value: string) => {
    if (!editing) return;
    const row = rows[editing.row]!;
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

  // The tab's own cells: focusable (one tab stop, moved by the arrow keys), and an editor in place.
  const cells: TabTableExtras["cells"] = (column, ci) => ({
    td: (r, ri) => ({
      ref: (el: HTMLTableCellElement | null) => {
        if (el) cellEls.current.set(cellKey(ri, ci), el);
        else cellEls.current.delete(cellKey(ri, ci));
      },
      className: s.cell,
      tabIndex: focus.current.row === ri && focus.current.col === ci ? 0 : -1,
      "data-editable": editable(column) ? "true" : undefined,
      "data-cell": `${r.position}:${column.name}`,
      onFocus: () => moveTabStop(ri, ci),
      onKeyDown: (e: KeyboardEvent<HTMLTableCellElement>) => onCellKey(e, ri, ci),
      onDoubleClick: () => open(ri, ci),
    }),
    cell: (r, ri) => {
      if (!editing || editing.row !== ri || editing.col !== ci) return cellText(r.data[column.name], column.type, dayMonthYear);
      const err = failed && failed.rowId === r.id && failed.column === column.name ? failed.message : null;
      const list = column.type === "select" && p.choices[column.name]?.length ? `grid-choices-${column.id}` : undefined;
      return (
        <>
          <input
            className={s.editor}
            autoFocus
            aria-label={`${column.name}, row ${r.position}`}
            aria-invalid={err ? true : undefined}
            defaultValue={editing.value}
            type={column.type === "date" ? "date" : "text"}
            inputMode={column.type === "number" ? "decimal" : undefined}
            list={list}
            maxLength={10000}
            disabled={fetcher.state !== "idle"}
            onKeyDown={onEditorKey}
          />
          {list ? (
            <datalist id={list}>
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
      );
    },
  });

  return (
    <>
      {p.canEdit ? (
        <p id={hintId} className={s.hint}>
          Arrow keys move between cells; Enter or a double click edits one, Enter saves, Escape cancels.
        </p>
      ) : null}
      <TabTable {...p} cells={cells} frameProps={{ "data-grid": "" }} describedBy={p.canEdit ? hintId : undefined} />
    </>
  );
}
