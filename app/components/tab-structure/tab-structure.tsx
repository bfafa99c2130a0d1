// A tab's structure dialogs (issue 13 item 3, issue 14 item 4): the columns (rename, retype, reorder
// by position, add one, delete links), a new tab, and a confirmation for what cannot be undone. Used
// by the template editor and, for Super Users, by the aircraft tab page. Plain forms: no JavaScript.
import { Form, Link } from "@remix-run/react";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import { COLUMN_TYPES } from "~/models/ops-rules";

export function ProblemAlert({ problem }: { problem: { error: string } | null }) {
  return problem ? (
    <p className={ui.alert.error} role="alert">
      {problem.error}
    </p>
  ) : null;
}

/** The add-a-tab form (with a manufacturer field when it starts a new manufacturer). */
export function CreateTabForm({ newManufacturer = false, problem, bare = false }: { newManufacturer?: boolean; problem: { error: string; values: Record<string, string> } | null; bare?: boolean }) {
  const p = problem;
  const v = p?.values ?? {};
  return (
    <Form method="post" className={bare ? undefined : ui.card} aria-label={newManufacturer ? "New manufacturer" : "Add a tab"}>
      {bare ? null : <h2 className={ui.cardTitle}>{newManufacturer ? "New manufacturer" : "Add a tab"}</h2>}
      <input type="hidden" name="intent" value="create-tab" />
      <ProblemAlert problem={p} />
      {newManufacturer ? (
        <div className={ui.field}>
          <label className={ui.label} htmlFor="t-manufacturer">
            Manufacturer
          </label>
          <input id="t-manufacturer" name="manufacturer" className={ui.input} required maxLength={100} defaultValue={v.manufacturer} />
        </div>
      ) : null}
      <div className={ui.field}>
        <label className={ui.label} htmlFor="t-name">
          {newManufacturer ? "First tab" : "Tab name"}
        </label>
        <input id="t-name" name="tab_name" className={ui.input} required maxLength={100} defaultValue={v.tab_name} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="t-group">
          Group <span className={ui.hint}>optional, e.g. Airworthiness</span>
        </label>
        <input id="t-group" name="group_name" className={ui.input} maxLength={100} defaultValue={v.group_name} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="t-columns">
          Columns <span className={ui.hint}>one per line: a name, or "Name: type" (text, number, date, select)</span>
        </label>
        <textarea id="t-columns" name="columns" className={ui.textarea} rows={5} defaultValue={v.columns} placeholder={"Description\nPart No\nInstalled: date\nLimit Months: number"} />
      </div>
      <button type="submit" className={ui.button.primary}>
        {newManufacturer ? "Create the manufacturer" : "Add the tab"}
      </button>
    </Form>
  );
}

export function ConfirmDialog({ title, intent, closeHref, button, fields = {}, children }: { title: string; intent: string; closeHref: string; button: string; fields?: Record<string, string>; children: React.ReactNode }) {
  return (
    <ModalDialog title={title} subtitle="This cannot be undone." closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <ModalBody>{children}</ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.danger}>
            {button}
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}

/** The columns: name, type, position (the order) and whether clients may edit it; one new column; delete links. */
export function ColumnsDialog({
  tabName,
  columns,
  closeHref,
  deleteHref,
  problem,
}: {
  tabName: string;
  columns: { id: number; name: string; type: string; editable: boolean }[];
  closeHref: string;
  deleteHref: (id: number) => string;
  problem: { error: string; values: Record<string, string> } | null;
}) {
  const v = problem?.values ?? {};
  const val = (k: string, dflt: string) => (k in v ? v[k]! : dflt);
  return (
    <ModalDialog title={`Columns of ${tabName}`} subtitle="Rename, retype or reorder (by position), add one; a type change converts the values or is refused." closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="save-columns" />
        <ModalBody>
          <ProblemAlert problem={problem} />
          {columns.map((c, i) => (
            <fieldset key={c.id} className={ui.row} style={{ border: 0, borderBottom: "1px solid #d5dde7", padding: "0 0 8px", margin: "0 0 8px", alignItems: "end", flexWrap: "wrap" }}>
              <legend className="visually-hidden">Column {i + 1}</legend>
              <input type="hidden" name={`col.${i}.id`} value={c.id} />
              <div className={ui.field} style={{ flex: "2 1 160px" }}>
                <label className={ui.label} htmlFor={`col-${i}-name`}>
                  Name
                </label>
                <input id={`col-${i}-name`} name={`col.${i}.name`} className={ui.input} defaultValue={val(`col.${i}.name`, c.name)} required maxLength={100} />
              </div>
              <div className={ui.field} style={{ flex: "1 1 100px" }}>
                <label className={ui.label} htmlFor={`col-${i}-type`}>
                  Type
                </label>
                <select id={`col-${i}-type`} name={`col.${i}.type`} className={ui.input} defaultValue={val(`col.${i}.type`, c.type)}>
                  {COLUMN_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </div>
              <div className={ui.field} style={{ flex: "0 1 80px" }}>
                <label className={ui.label} htmlFor={`col-${i}-pos`}>
                  Position
                </label>
                <input id={`col-${i}-pos`} name={`col.${i}.position`} className={ui.input} inputMode="numeric" defaultValue={val(`col.${i}.position`, String(i + 1))} />
              </div>
              <label className={ui.choice}>
                <input type="checkbox" name={`col.${i}.editable`} defaultChecked={problem ? v[`col.${i}.editable`] === "on" : c.editable} /> Editable
              </label>
              <Link to={deleteHref(c.id)} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete the column ${c.name}`}>
                Delete…
              </Link>
            </fieldset>
          ))}
          <fieldset className={ui.row} style={{ border: 0, padding: 0, margin: "12px 0 0", alignItems: "end", flexWrap: "wrap" }}>
            <legend className={ui.label}>Add a column</legend>
            <div className={ui.field} style={{ flex: "2 1 160px" }}>
              <label className={ui.label} htmlFor="new-name">
                New column name
              </label>
              <input id="new-name" name="new.name" className={ui.input} defaultValue={val("new.name", "")} maxLength={100} />
            </div>
            <div className={ui.field} style={{ flex: "1 1 100px" }}>
              <label className={ui.label} htmlFor="new-type">
                New column type
              </label>
              <select id="new-type" name="new.type" className={ui.input} defaultValue={val("new.type", "text")}>
                {COLUMN_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.primary}>
            Save the columns
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}


/** What an aircraft tab page knows of its structure controls (tab-structure.server.ts `structureView`). */
export interface StructureView {
  columnsOpen: boolean;
  newTabOpen: boolean;
  deletable: boolean;
  confirmTab: boolean;
  confirmColumn: { id: number; name: string } | null;
  columnsEditable: boolean;
}
type StructureProblemView =
  | { intent: "create-tab" | "save-columns"; error: string; values: Record<string, string> }
  | { intent: "delete-tab" | "delete-column"; error: string }
  | { intent: string; error: string };

/** A Super User's links on an aircraft's tab page (AeroOPS and AeroOIL): Columns…, New tab…, Delete this tab…. */
export function StructureControls({ structure, hrefWith }: { structure: StructureView; hrefWith: (changes: Record<string, string | null>) => string }) {
  return (
    <div className={ui.row} style={{ marginBottom: 12 }} aria-label="Tab structure" role="group">
      {structure.columnsEditable ? (
        <Link to={hrefWith({ columns: "edit" })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`}>
          Columns…
        </Link>
      ) : null}
      <Link to={hrefWith({ dialog: "new-tab" })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`}>
        New tab…
      </Link>
      {structure.deletable ? (
        <Link to={hrefWith({ confirm: "delete-tab" })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`}>
          Delete this tab…
        </Link>
      ) : null}
    </div>
  );
}

/** The structure dialog the URL opens on an aircraft's tab page, if any (with the refusal of its last post). */
export function StructureDialogs({
  structure,
  tab,
  columns,
  rowCount,
  msn,
  productLabel,
  hrefWith,
  problem,
}: {
  structure: StructureView;
  tab: { tab_id: string; tab_name: string };
  columns: { id: number; name: string; type: string; editable: boolean }[];
  rowCount: number;
  msn: string;
  productLabel: "AeroOPS" | "AeroOIL";
  hrefWith: (changes: Record<string, string | null>) => string;
  problem: StructureProblemView | null;
}) {
  const mine = <I extends string>(intent: I) => (problem && problem.intent === intent ? problem : null);
  return (
    <>
      {structure.columnsOpen ? (
        <ColumnsDialog
          tabName={tab.tab_name}
          columns={columns}
          closeHref={hrefWith({ columns: null })}
          deleteHref={(id) => hrefWith({ columns: null, confirm: "delete-column", column: String(id) })}
          problem={(mine("save-columns") as { error: string; values: Record<string, string> } | null) ?? null}
        />
      ) : null}
      {structure.confirmColumn ? (
        <ConfirmDialog title={`Delete the column ${structure.confirmColumn.name}?`} intent="delete-column" closeHref={hrefWith({ confirm: null, column: null })} button="Delete the column" fields={{ column_id: String(structure.confirmColumn.id) }}>
          <ProblemAlert problem={mine("delete-column")} />
          <p>Its value is removed from every row of {tab.tab_name}.</p>
        </ConfirmDialog>
      ) : null}
      {structure.confirmTab ? (
        <ConfirmDialog title={`Delete the tab ${tab.tab_name}?`} intent="delete-tab" closeHref={hrefWith({ confirm: null })} button="Delete the tab" fields={{ tab_id: tab.tab_id }}>
          <ProblemAlert problem={mine("delete-tab")} />
          <p>
            Its {rowCount} {rowCount === 1 ? "row" : "rows"} and its columns go with it, for MSN {msn}.
          </p>
        </ConfirmDialog>
      ) : null}
      {structure.newTabOpen ? (
        <ModalDialog title="New tab" subtitle={`A tab of MSN ${msn} in ${productLabel}`} closeHref={hrefWith({ dialog: null })}>
          <ModalBody>
            <CreateTabForm bare problem={(mine("create-tab") as { error: string; values: Record<string, string> } | null) ?? null} />
          </ModalBody>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** Whether a structure refusal is shown by the dialog it came from (else the page shows it on top). */
export function structureProblemShown(intent: string, structure: StructureView | null): boolean | null {
  if (intent === "save-columns") return Boolean(structure?.columnsOpen);
  if (intent === "delete-column") return Boolean(structure?.confirmColumn);
  if (intent === "delete-tab") return Boolean(structure?.confirmTab);
  if (intent === "create-tab") return Boolean(structure?.newTabOpen);
  return null;
}
