// Parts of the tab pages (AeroOPS and AeroOIL: __tab-page.tsx; a template's tab: template-views.tsx;
// issue 13 items 3-5), each a plain server-rendered form that works without JavaScript: the row
// dialog (?edit=<row id>|new), the rows' selection form and its delete confirmation
// (?confirm=delete&select=…) and the Excel round trip (data file, validate, import). The exports and
// share sit in the top bar (components/export-actions, ADR 051).
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ExportBar, ExportButton } from "~/components/export-actions/export-actions";
import { SearchIcon } from "~/components/icons/search";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS } from "~/models/ops-rules";

export type GridColumn = { id: number; name: string; type: string; editable: boolean };
export type GridRow = { id: number; position: number; data: Record<string, string | number | boolean | null> };
export type Problem =
  | { intent: "save-row"; id: number | null; error: string; errors?: Record<string, string[]>; values: Record<string, string> }
  | { intent: "delete-rows"; error: string }
  | { intent: "share"; error: string; value: string }
  | { intent: "watch"; id: number | null; error: string }
  | { intent: "validate" | "import"; error: string; rowErrors: { row: number; column: string | null; error: string }[] }
  | { intent: "create-tab" | "save-columns"; error: string; values: Record<string, string> }
  | { intent: "delete-tab" | "delete-column"; error: string };

/** The aircraft fields every form of the page carries (the page's own query names the aircraft). */
export function AircraftFields({ aircraft }: { aircraft: Record<string, string> }) {
  return (
    <>
      {Object.entries(aircraft).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

const inputValue = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The row dialog: one field per column, typed; locked columns read-only unless the user may change them. */
export function RowDialog({
  row,
  columns,
  canEditLocked,
  closeHref,
  problem,
  choices,
}: {
  row: GridRow | null;
  columns: GridColumn[];
  canEditLocked: boolean;
  closeHref: string;
  problem: Extract<Problem, { intent: "save-row" }> | null;
  choices: Record<string, string[]>;
}) {
  const values = problem?.values ?? null;
  return (
    <ModalDialog title={row ? `Edit row ${row.position}` : "Add a row"} subtitle={row ? "Change the cells and save." : "Fill in the cells of the new row."} closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="save-row" />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        <ModalBody>
          {problem ? (
            <p className={ui.alert.error} role="alert">
              {problem.error}
            </p>
          ) : null}
          {columns.map((c) => {
            const id = `cell-${c.id}`;
            const locked = !c.editable && !canEditLocked;
            const current = values && c.name in values ? values[c.name] : inputValue(row?.data[c.name]);
            const errors = problem?.errors?.[c.name];
            if (locked)
              return (
                <div key={c.id} className={ui.field}>
                  <span className={ui.label}>{c.name}</span>
                  <span className={ui.muted}>{current || "—"} (locked)</span>
                </div>
              );
            return (
              <div key={c.id} className={ui.field}>
                <label className={ui.label} htmlFor={id}>
                  {c.name} <span className={ui.hint}>{c.type === "date" ? "date" : c.type === "number" ? "number" : c.type === "select" ? "choice" : "text"}</span>
                </label>
                <input
                  id={id}
                  name={`cell:${c.name}`}
                  className={ui.input}
                  defaultValue={current}
                  type={c.type === "date" ? "date" : "text"}
                  inputMode={c.type === "number" ? "decimal" : undefined}
                  list={c.type === "select" && choices[c.name]?.length ? `${id}-choices` : undefined}
                  maxLength={10000}
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={errors ? `${id}-error` : undefined}
                />
                {c.type === "select" && choices[c.name]?.length ? (
                  <datalist id={`${id}-choices`}>
                    {choices[c.name]!.map((v) => (
                      <option key={v} value={v} />
                    ))}
                  </datalist>
                ) : null}
                {errors ? (
                  <p id={`${id}-error`} className={ui.errorText}>
                    {errors.join(" ")}
                  </p>
                ) : null}
              </div>
            );
          })}
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.primary}>
            {row ? "Save row" : "Add row"}
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}

/**
 * The filter above a tab's table: a GET form with the page's other parameters (`keep`), "Filter rows"
 * (any cell containing it), the page's own fields (`children`), and Clear where the page is filtered
 * or sorted.
 */
export function FilterRowsForm({ keep, filter, clearHref, children }: { keep: [string, string][]; filter: string; clearHref?: string | null; children?: ReactNode }) {
  return (
    <Form method="get" className={ui.filterBar} role="search">
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <div className={ui.field} style={{ flex: "1 1 260px" }}>
        <label className={ui.label} htmlFor="tab-filter">
          Filter rows
        </label>
        <input id="tab-filter" name="filter" type="search" defaultValue={filter} className={ui.input} placeholder="Any cell containing…" maxLength={200} />
      </div>
      {children}
      <button type="submit" className={ui.button.secondary}>
        <SearchIcon /> Filter
      </button>
      {clearHref ? (
        <Link to={clearHref} className={ui.button.ghost}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * Under a tab's table, for users with Edit Access: "Add row" (the row dialog) and "Delete selected…",
 * the GET form the rows' boxes belong to (form="select-rows"): it opens the delete confirmation
 * (?confirm=delete&select=…) and keeps the page's other parameters. `more`: the page's other actions
 * on its rows.
 */
export function SelectRowsForm({ addHref, hasRows, selectFirst, more }: { addHref: string; hasRows: boolean; selectFirst: boolean; more?: ReactNode }) {
  const location = useLocation();
  return (
    <>
      {selectFirst ? (
        <p className={ui.alert.warning} role="alert" style={{ marginTop: 12 }}>
          Select the rows to delete first (the boxes at the start of each row).
        </p>
      ) : null}
      <Form method="get" id="select-rows" className={ui.row} style={{ marginTop: 12 }} preventScrollReset>
        {[...new URLSearchParams(location.search)]
          .filter(([k]) => !["select", "confirm", "edit", "columns", "column"].includes(k))
          .map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
        <input type="hidden" name="confirm" value="delete" />
        <Link to={addHref} preventScrollReset className={ui.button.secondary}>
          Add row
        </Link>
        {hasRows ? (
          <>
            <button type="submit" className={ui.button.ghost}>
              Delete selected…
            </button>
            {more}
          </>
        ) : null}
      </Form>
    </>
  );
}

/** The server-rendered confirmation before rows are deleted. */
export function DeleteRowsDialog({ ids, closeHref, problem }: { ids: number[]; closeHref: string; problem: string | null }) {
  const n = ids.length;
  return (
    <ModalDialog title={`Delete ${n} ${n === 1 ? "row" : "rows"}?`} subtitle="Deleted rows cannot be restored." closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete-rows" />
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <ModalBody>
          {problem ? (
            <p className={ui.alert.error} role="alert">
              {problem}
            </p>
          ) : null}
          <p>
            The selected {n === 1 ? "row is" : `${n} rows are`} removed from this tab for everyone with access to the aircraft.
          </p>
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.danger}>
            Delete {n === 1 ? "row" : `${n} rows`}
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}


/** The Excel round trip: the tab's data file, then a filled workbook validated or imported. */
export function ImportPanel({
  open,
  hasRows,
  validation,
  problem,
  canEdit,
  dataFile,
}: {
  open: boolean;
  hasRows: boolean;
  /** The fields of the data file's export form (the tab's DFP), shown once the tab has rows. */
  dataFile?: { fields: Record<string, string>; back: string };
  validation: { id: string; errors: number; source: string; filename: string } | null;
  problem: Extract<Problem, { intent: "validate" | "import" }> | null;
  canEdit: boolean;
}) {
  return (
    <details className={ui.card} open={open} style={{ marginBottom: 16 }}>
      <summary style={{ cursor: "pointer", fontWeight: 600 }}>Excel import{canEdit ? "" : " (validation only: you have Read Access)"}</summary>
      <div style={{ marginTop: 12 }}>
        <p className={ui.small}>
          {hasRows ? "Download the tab's data file (DFP), fill it in Excel, then validate it and import it." : "Download the tab's data file (DFP) once the tab has rows, or send a workbook whose first row holds the column names."}{" "}
          Import is all or nothing: any error and nothing changes.
        </p>
        {hasRows && dataFile ? (
          <div style={{ marginBottom: 12 }}>
            <ExportBar fields={dataFile.fields} back={dataFile.back}>
              <ExportButton kind="dfp">Data file (DFP)</ExportButton>
            </ExportBar>
          </div>
        ) : null}
        {validation ? (
          <div className={validation.errors ? ui.alert.error : ui.alert.success} role="status" style={{ marginBottom: 12 }}>
            {validation.errors
              ? `${validation.source}: ${validation.errors} ${validation.errors === 1 ? "row has" : "rows have"} errors. Nothing was imported.`
              : `${validation.source} has no errors: it can be imported.`}{" "}
            <a href={`/resources/ops-validation/${validation.id}`} download={validation.filename}>
              Download the validation workbook ({validation.filename})
            </a>
          </div>
        ) : null}
        {problem ? (
          <div className={ui.alert.error} role="alert" style={{ marginBottom: 12 }}>
            <p style={{ margin: 0 }}>{problem.error}</p>
            {problem.rowErrors.length ? (
              <ul className={ui.small} aria-label="Row errors">
                {problem.rowErrors.map((e, i) => (
                  <li key={i}>
                    Row {e.row}
                    {e.column ? `, ${e.column}` : ""}: {e.error}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className={ui.filterBar}>
          <div className={ui.field} style={{ flex: "1 1 260px" }}>
            <label className={ui.label} htmlFor="import-file">
              Workbook (.xlsx, .xls or .csv, at most {UPLOAD_MAX_BYTES / 1024 / 1024} MB and {UPLOAD_MAX_ROWS.toLocaleString("en-US")} rows)
            </label>
            <input id="import-file" name="file" type="file" accept=".xlsx,.xls,.csv" required className={ui.input} />
          </div>
          {canEdit ? (
            <fieldset className={ui.field} style={{ border: 0, padding: 0 }}>
              <legend className={ui.label}>When importing</legend>
              {/* A row of choices (a choice's flex basis is its width there, not its height). */}
              <div className={ui.choiceRow}>
                <label className={ui.choice}>
                  <input type="radio" name="mode" value="append" defaultChecked /> Add after the existing rows
                </label>
                <label className={ui.choice}>
                  <input type="radio" name="mode" value="replace" /> Replace every row of the tab
                </label>
              </div>
            </fieldset>
          ) : null}
          <button type="submit" name="intent" value="validate" className={ui.button.secondary}>
            Validate
          </button>
          {canEdit ? (
            <button type="submit" name="intent" value="import" className={ui.button.primary}>
              Import
            </button>
          ) : null}
        </Form>
      </div>
    </details>
  );
}
