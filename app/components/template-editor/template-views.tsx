// The views of a manufacturer's AeroOPS template (issue 14 item 4; ADR 038 and 052), shown by the
// template editor (/client/template) and by the admin library (/admin/aeroops/template/manufacturers):
// the library (its template tabs: add, delete after a confirmation; its versions: save with a note,
// list), a template tab (rows: add / edit in the row dialog, delete a selection or all after a
// confirmation; columns: rename, retype, reorder, add, delete) and a saved version (what it held,
// read-only, and what differs now). Plain server-rendered forms and URL dialogs: no JavaScript needed.
// `place` says which page they are on (its links); the loaders are loadTemplateView's.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { DataTable } from "~/components/data-table/data-table";
import { useHrefWith } from "~/utils/use-href-with";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { Pagination } from "~/components/pagination/pagination";
import { cellText } from "~/components/tab-grid/tab-grid-types";
import { TabTable, tabTableLinks } from "~/components/tab-grid/tab-table";
import { ColumnsDialog, ConfirmDialog, CreateTabForm, ProblemAlert } from "~/components/tab-structure/tab-structure";
import * as ui from "~/components/ui/ui.css";
import { libraryHref, placeParams, tabHref, versionHref, type TemplatePlace } from "~/models/template-hrefs";
import { DeleteRowsDialog, FilterRowsForm, RowDialog, SelectRowsForm, type GridColumn, type GridRow, type Problem } from "~/routes/_shell.client+/__ops-tab-parts";
import { dateUtc, dayMonthYear } from "~/utils/dates";

const PER_PAGE = 50;

type Cell = string | number | boolean | null;
type Version = { version: number; note: string; tab_count: number; created_at: string; created_by: string | null };
type Manufacturer = { id: number; name: string; tab_count: number; aircraft_count: number };
export type LibraryData = {
  view: "library";
  manufacturer: Manufacturer;
  tabs: { tab_id: string; tab_name: string; group_name: string; tab_position: number; columns: string[] }[];
  versions: Version[];
  currentVersion: number | null;
  confirmTab: { tab_id: string; tab_name: string } | null;
};
export type TabData = {
  view: "tab";
  manufacturer: Manufacturer;
  tab: { tab_id: string; tab_name: string; group_name: string };
  bar: { id: string; name: string }[];
  columns: GridColumn[];
  rows: GridRow[];
  total: number;
  page: number;
  sort_column: string | null;
  sort_order: "asc" | "desc";
  filter: string;
  editing: { row: GridRow | null; missing: boolean } | null;
  confirm: { kind: "rows"; ids: number[] } | { kind: "all" } | { kind: "column"; column: GridColumn } | null;
  selectFirst: boolean;
  columnsOpen: boolean;
  back: string;
};
export type VersionData = {
  view: "version";
  manufacturer: Manufacturer;
  version: Version;
  tabs: { tab_id: string; tab_name: string; tab_position: number; group_name: string; columns: { name: string; type: string; position: number; editable: boolean }[]; rows: { position: number; data: Record<string, Cell> }[]; rowCount: number }[];
  changes: string[];
};
type TemplateProblemLike = { intent: string; error: string; values?: Record<string, string> };
export type AnyProblem = (TemplateProblemLike | Problem) & { intent: string };
const pick = (p: AnyProblem | null, intent: string) => (p && p.intent === intent ? p : null);
type WithValues = { error: string; values: Record<string, string> } | null;

export function TemplateLibrary({ d, problem, place, actions }: { d: LibraryData; problem: AnyProblem | null; place: TemplatePlace; actions?: ReactNode }) {
  const name = d.manufacturer.name;
  const lib = (extra: Record<string, string> = {}) => libraryHref(place, extra);
  const versionProblem = pick(problem, "save-version");
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{name} template</h1>
          <p className={ui.pageLead}>
            {d.tabs.length} template {d.tabs.length === 1 ? "tab" : "tabs"} · {d.currentVersion != null ? `version ${d.currentVersion} saved` : "no version saved yet"} · a new {name} aircraft starts with these tabs
          </p>
        </div>
        {actions}
      </div>
      <ProblemAlert problem={pick(problem, "delete-tab")} />
      <ListTable empty={d.tabs.length === 0} emptyText="No template tabs yet: add the first below." label={`${name} template tabs`}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Tab</th>
            <th scope="col">Group</th>
            <th scope="col">Columns</th>
            <th scope="col">
              <span className="visually-hidden">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {d.tabs.map((t) => (
            <tr key={t.tab_id}>
              <td>{t.tab_position}</td>
              <td>
                <Link to={tabHref(place, t.tab_id)}>{t.tab_name}</Link>
              </td>
              <td>{t.group_name || <span className={ui.muted}>—</span>}</td>
              <td className={ui.small}>{t.columns.join(", ")}</td>
              <td>
                <Link to={lib({ confirm: "delete-tab", tab: t.tab_id })} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete the tab ${t.tab_name}`} preventScrollReset>
                  Delete…
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>

      <div className={ui.grid} style={{ marginTop: 24 }}>
        <CreateTabForm newManufacturer={false} problem={pick(problem, "create-tab") as WithValues} />
        <section className={ui.card} aria-labelledby="versions-title">
          <h2 id="versions-title" className={ui.cardTitle}>
            Versions
          </h2>
          <Form method="post" className={ui.stack}>
            <input type="hidden" name="intent" value="save-version" />
            <ProblemAlert problem={versionProblem} />
            <div className={ui.field}>
              <label className={ui.label} htmlFor="v-note">
                Note <span className={ui.hint}>what changed, up to 500 characters</span>
              </label>
              <input id="v-note" name="note" className={ui.input} maxLength={500} />
            </div>
            <button type="submit" className={ui.button.secondary}>
              Save a version
            </button>
          </Form>
          <ListTable empty={d.versions.length === 0} emptyText="No version saved yet." label="Versions">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Note</th>
                <th scope="col">Saved</th>
              </tr>
            </thead>
            <tbody>
              {d.versions.map((v) => (
                <tr key={v.version}>
                  <td>
                    <Link to={versionHref(place, v.version)}>
                      Version {v.version}
                    </Link>
                  </td>
                  <td>{v.note || <span className={ui.muted}>—</span>}</td>
                  <td className={ui.small}>
                    {dateUtc(v.created_at)}
                    {v.created_by ? <div className={ui.muted}>{v.created_by}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        </section>
      </div>

      {d.confirmTab ? (
        <ModalDialog title={`Delete the tab ${d.confirmTab.tab_name}?`} subtitle="Its columns and rows go with it; aircraft already registered keep their copy." closeHref={lib()}>
          <Form method="post">
            <input type="hidden" name="intent" value="delete-tab" />
            <input type="hidden" name="tab_id" value={d.confirmTab.tab_id} />
            <ModalBody>
              <p>The tab is removed from the {name} template. New aircraft will no longer get it.</p>
            </ModalBody>
            <ModalFooter>
              <Link to={lib()} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.danger}>
                Delete the tab
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
    </>
  );
}

export function TemplateTabView({ d, problem, place }: { d: TabData; problem: AnyProblem | null; place: TemplatePlace }) {
  const hrefWith = useHrefWith();
  const name = d.manufacturer.name;
  const rowProblem = pick(problem, "save-row") as Extract<Problem, { intent: "save-row" }> | null;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.tab.tab_name}</h1>
          <p className={ui.pageLead}>
            {name} template{d.tab.group_name ? ` · ${d.tab.group_name}` : ""} · {d.total} {d.total === 1 ? "row" : "rows"}
          </p>
          <p className={`${ui.small} ${ui.muted}`} data-testid="template-columns">
            Columns: {d.columns.length ? d.columns.map((c) => `${c.name} (${c.type})`).join(", ") : "none yet"}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={libraryHref(place)} className={ui.button.ghost}>
            {name} template
          </Link>
          <Link to={hrefWith({ columns: "edit" })} className={ui.button.secondary} preventScrollReset>
            Columns
          </Link>
        </div>
      </div>
      {["delete-all", "delete-column", "delete-rows"].map((i) => (
        <ProblemAlert key={i} problem={pick(problem, i)} />
      ))}

      <FilterRowsForm
        keep={[...Object.entries(placeParams(place, d.tab.tab_id)), ...(d.sort_column ? [["sort_column", d.sort_column] as [string, string], ["sort_order", d.sort_order] as [string, string]] : [])]}
        filter={d.filter}
      />

      <TabTable
        label={d.tab.tab_name}
        columns={d.columns}
        rows={d.rows}
        canEdit
        canEditLocked
        {...tabTableLinks(d, hrefWith)}
        selected={d.confirm?.kind === "rows" ? d.confirm.ids : []}
        emptyText={d.filter ? "No rows match the filter." : "This template tab has no rows yet."}
        addHref={d.filter ? undefined : hrefWith({ edit: "new" })}
        choices={{}}
      />
      <SelectRowsForm
        addHref={hrefWith({ edit: "new" })}
        hasRows={d.rows.length > 0}
        selectFirst={d.selectFirst}
        more={
          <Link to={hrefWith({ confirm: "delete-all" })} preventScrollReset className={ui.button.ghost}>
            Delete all rows…
          </Link>
        }
      />
      <Pagination page={d.page} total={d.total} perPage={PER_PAGE} hrefFor={(p) => hrefWith({ page: String(p) })} noun="rows" />

      <nav aria-label="Template tabs" className={ui.row} style={{ marginTop: 16, flexWrap: "wrap" }}>
        {d.bar.map((t) => (
          <Link key={t.id} to={tabHref(place, t.id)} aria-current={t.id === d.tab.tab_id ? "page" : undefined} className={`${t.id === d.tab.tab_id ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}>
            {t.name}
          </Link>
        ))}
      </nav>

      {d.editing ? (
        d.editing.missing ? (
          <ModalDialog title="That row is not on this page" closeHref={hrefWith({ edit: null })}>
            <ModalBody>
              <p>It may have been deleted, or the page changed. Close this and find the row again.</p>
            </ModalBody>
          </ModalDialog>
        ) : (
          <RowDialog row={d.editing.row} columns={d.columns} canEditLocked closeHref={hrefWith({ edit: null })} problem={rowProblem} choices={{}} />
        )
      ) : null}
      {d.confirm?.kind === "rows" ? (
        <DeleteRowsDialog ids={d.confirm.ids} closeHref={hrefWith({ confirm: null, select: null })} problem={pick(problem, "delete-rows")?.error ?? null} />
      ) : null}
      {d.confirm?.kind === "all" ? (
        <ConfirmDialog title={`Delete all ${d.total} rows of ${d.tab.tab_name}?`} intent="delete-all" closeHref={hrefWith({ confirm: null })} button="Delete all rows">
          <p>Every row of this template tab is removed. Aircraft already registered keep their copy.</p>
        </ConfirmDialog>
      ) : null}
      {d.confirm?.kind === "column" ? (
        <ConfirmDialog title={`Delete the column ${d.confirm.column.name}?`} intent="delete-column" closeHref={hrefWith({ confirm: null, column: null })} button="Delete the column" fields={{ column_id: String(d.confirm.column.id) }}>
          <p>The column and its value in every row of this template tab are removed.</p>
        </ConfirmDialog>
      ) : null}
      {d.columnsOpen ? <ColumnsDialog tabName={d.tab.tab_name} columns={d.columns} closeHref={hrefWith({ columns: null })} deleteHref={(id) => hrefWith({ columns: null, confirm: "delete-column", column: String(id) })} problem={pick(problem, "save-columns") as WithValues} /> : null}
    </>
  );
}


/** A saved version: who saved it, when and why, and what it held (its tabs, columns and rows), read-only. */
export function TemplateVersionView({ d, place, actions }: { d: VersionData; place: TemplatePlace; actions?: ReactNode }) {
  const name = d.manufacturer.name;
  const v = d.version;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>
            {name} template, version {v.version}
          </h1>
          <p className={ui.pageLead}>What this version held when it was saved (read-only).</p>
        </div>
        <div className={ui.row}>
          {actions}
          <Link to={libraryHref(place)} className={ui.button.ghost}>
            {name} template now
          </Link>
        </div>
      </div>
      <section className={ui.card} aria-label={`Version ${v.version}`}>
        <dl className={ui.dl}>
          <dt>Version</dt>
          <dd>{v.version}</dd>
          <dt>Note</dt>
          <dd>{v.note || <span className={ui.muted}>no note</span>}</dd>
          <dt>Saved</dt>
          <dd>{dateUtc(v.created_at)}</dd>
          <dt>By</dt>
          <dd>{v.created_by ?? <span className={ui.muted}>unknown</span>}</dd>
          <dt>Tabs</dt>
          <dd>{d.tabs.length ? d.tabs.map((t) => t.tab_name).join(", ") : "none"}</dd>
        </dl>
      </section>
      <section aria-labelledby="since-title" style={{ marginTop: 16 }}>
        <h2 id="since-title" className={ui.cardTitle}>
          Compared with the template now
        </h2>
        {d.changes.length ? (
          <ul className={ui.small} data-testid="version-changes">
            {d.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        ) : (
          <p className={ui.muted} data-testid="version-changes">
            The tabs and columns are the same now (rows are not compared).
          </p>
        )}
      </section>
      {d.tabs.length === 0 ? <p className={ui.empty}>This version held no template tabs.</p> : null}
      {d.tabs.map((t) => {
        const columns = t.columns.slice().sort((a, b) => a.position - b.position);
        return (
          <section key={t.tab_id} aria-labelledby={`vt-${t.tab_id}`} style={{ marginTop: 24 }}>
            <h2 id={`vt-${t.tab_id}`} className={ui.cardTitle}>
              {t.tab_name}{" "}
              <span className={`${ui.small} ${ui.muted}`}>
                {t.group_name ? `${t.group_name} · ` : ""}
                {t.rowCount} {t.rowCount === 1 ? "row" : "rows"}
              </span>
            </h2>
            {columns.length === 0 ? (
              <p className={ui.muted}>No columns.</p>
            ) : (
              <DataTable
                label={`${t.tab_name} at version ${v.version}`}
                rows={t.rows}
                rowKey={(r) => r.position}
                columns={[
                  { key: "#", header: "#", cell: (r) => r.position },
                  ...columns.map((c) => ({
                    key: c.name,
                    header: (
                      <>
                        {c.name} <span className={`${ui.small} ${ui.muted}`}>({c.type})</span>
                      </>
                    ),
                    numeric: c.type === "number",
                    cell: (r: (typeof t.rows)[number]) => cellText(r.data[c.name], c.type, dayMonthYear),
                  })),
                ]}
                empty={{ text: "No rows in this tab at this version." }}
              />
            )}
            {t.rowCount > t.rows.length ? (
              <p className={`${ui.small} ${ui.muted}`}>
                The first {t.rows.length} of {t.rowCount} rows.
              </p>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
