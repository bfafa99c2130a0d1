// /client/template/{tabId?}?typeOfManufacturer=… (spec 001 §2, issue 14 item 4): the AeroOPS template
// editor of ops_template, admin and member. Without a manufacturer: the manufacturers, and a new one
// with its first tab. With one: its template tabs (add, delete after a confirmation), and its versions
// (save one with a note, list them, view one by ?version=). With a tab: its rows (sorted, filtered,
// paged by the URL; add / edit in the row dialog, delete a selection or all after a confirmation) and
// its columns (rename, retype, reorder, add, delete). Every form works without JavaScript; the ops
// API refuses other roles and bad values, and the page shows its message. A new aircraft of the
// manufacturer starts with these tabs (the upstream copies them when the MSN is registered).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { COLUMN_TYPES } from "~/models/ops-rules";
import { openManufacturer, requireTemplateUser, templateAction, type TemplateProblem } from "~/models/template-editor.server";
import { pageAfterWrite } from "~/models/ops-tab.server";
import * as templates from "~/models/templates.server";
import { dateUtc } from "~/utils/dates";
import { ColumnsDialog, ConfirmDialog, CreateTabForm, ProblemAlert } from "~/components/tab-structure/tab-structure";
import { DeleteRowsDialog, RowDialog, type Problem } from "./__ops-tab-parts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view === "tab" ? `${data.tab.tab_name} · ` : ""}${data && "manufacturer" in data ? `${data.manufacturer.name} template` : "Template editor"} · AeroRecords` },
];

const PER_PAGE = 50;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const url = new URL(request.url);
  const { manufacturers, manufacturer } = await openManufacturer(api, url);
  if (!manufacturer) return json({ view: "manufacturers" as const, manufacturers });
  const [tabsRes, versionsRes] = await Promise.all([templates.listTemplateTabs(api, manufacturer.name), templates.listTemplateVersions(api, manufacturer.name)]);
  if (!tabsRes.ok) throw new Response(tabsRes.error, { status: tabsRes.status });
  const tabs = [...tabsRes.data.tabs].sort((a, b) => a.tab_position - b.tab_position);
  const versionList = versionsRes.ok ? versionsRes.data.versions : [];
  const currentVersion = versionsRes.ok ? versionsRes.data.current_version : null;
  if (!params.tabId) {
    const confirmTab = url.searchParams.get("confirm") === "delete-tab" ? tabs.find((t) => t.tab_id === url.searchParams.get("tab")) ?? null : null;
    const shown = Number(url.searchParams.get("version")) || null;
    return json({
      view: "library" as const,
      manufacturer,
      tabs: tabs.map((t) => ({ tab_id: t.tab_id, tab_name: t.tab_name, group_name: t.group_name, tab_position: t.tab_position, columns: t.columns.map((c) => `${c.name} (${c.type})`) })),
      versions: versionList,
      currentVersion,
      shownVersion: versionList.find((v) => v.version === shown) ?? null,
      confirmTab: confirmTab ? { tab_id: confirmTab.tab_id, tab_name: confirmTab.tab_name } : null,
    });
  }
  const tab = tabs.find((t) => t.tab_id.toLowerCase() === params.tabId!.toLowerCase());
  if (!tab) throw new Response(`The ${manufacturer.name} template has no such tab.`, { status: 404 });
  const names = tab.columns.map((c) => c.name);
  const sortParam = url.searchParams.get("sort_column");
  const sort_column = sortParam && names.includes(sortParam) ? sortParam : undefined;
  const sort_order = url.searchParams.get("sort_order") === "desc" ? ("desc" as const) : ("asc" as const);
  const filter = (url.searchParams.get("filter") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const data = await templates.templateRows(api, manufacturer.name, { tab_id: tab.tab_id, page, per_page: PER_PAGE, sort_column, sort_order, filter: filter || undefined });
  if (!data.ok) throw new Response(data.error, { status: data.status });
  const editParam = url.searchParams.get("edit");
  const editRow = editParam && editParam !== "new" ? data.data.rows.find((r) => String(r.id) === editParam) ?? null : null;
  const selected = [...new Set(url.searchParams.getAll("select"))].filter((v) => /^\d{1,12}$/.test(v)).map(Number).slice(0, 5000);
  const confirm = url.searchParams.get("confirm");
  const column = confirm === "delete-column" ? data.data.columns.find((c) => String(c.id) === url.searchParams.get("column")) ?? null : null;
  return json({
    view: "tab" as const,
    manufacturer,
    tab: { tab_id: tab.tab_id, tab_name: tab.tab_name, group_name: tab.group_name },
    bar: tabs.map((t) => ({ id: t.tab_id, name: t.tab_name })),
    columns: data.data.columns,
    rows: data.data.rows,
    total: data.data.total,
    page: data.data.page,
    sort_column: sort_column ?? null,
    sort_order,
    filter,
    editing: editParam ? { row: editRow, missing: editParam !== "new" && !editRow } : null,
    confirm: confirm === "delete" && selected.length ? { kind: "rows" as const, ids: selected } : confirm === "delete-all" ? { kind: "all" as const } : column ? { kind: "column" as const, column } : null,
    selectFirst: confirm === "delete" && selected.length === 0,
    columnsOpen: url.searchParams.get("columns") === "edit",
    back: pageAfterWrite(url),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  return templateAction({ request, api, tabId: params.tabId });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type AnyProblem = (TemplateProblem | Problem) & { intent: string };

export default function TemplateEditor() {
  const d = useLoaderData<typeof loader>();
  const problem = (useActionData<typeof action>() ?? null) as AnyProblem | null;
  if (d.view === "manufacturers") return <Manufacturers d={d} problem={problem} />;
  if (d.view === "library") return <Library d={d} problem={problem} />;
  return <TemplateTab d={d} problem={problem} />;
}

const lib = (name: string) => `/client/template?typeOfManufacturer=${encodeURIComponent(name)}`;
const tabAt = (name: string, id: string) => `/client/template/${encodeURIComponent(id)}?typeOfManufacturer=${encodeURIComponent(name)}`;
const pick = (p: AnyProblem | null, intent: string) => (p && p.intent === intent ? p : null);

function Manufacturers({ d, problem }: { d: Extract<Data, { view: "manufacturers" }>; problem: AnyProblem | null }) {
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Template editor</h1>
          <p className={ui.pageLead}>The AeroOPS tabs each manufacturer's aircraft start with when their MSN is registered.</p>
        </div>
      </div>
      <ListTable empty={d.manufacturers.length === 0} emptyText="No manufacturers yet: create the first below." label="Manufacturers">
        <thead>
          <tr>
            <th scope="col">Manufacturer</th>
            <th scope="col">Template tabs</th>
          </tr>
        </thead>
        <tbody>
          {d.manufacturers.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={lib(m.name)}>{m.name}</Link>
              </td>
              <td>{m.tab_count}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <div style={{ marginTop: 24, maxWidth: 640 }}>
        <CreateTabForm newManufacturer problem={pick(problem, "create-tab") as Extract<TemplateProblem, { intent: "create-tab" }> | null} />
      </div>
    </>
  );
}

function Library({ d, problem }: { d: Extract<Data, { view: "library" }>; problem: AnyProblem | null }) {
  const name = d.manufacturer.name;
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
        <Link to="/client/template" className={ui.button.ghost}>
          All manufacturers
        </Link>
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
                <Link to={tabAt(name, t.tab_id)}>{t.tab_name}</Link>
              </td>
              <td>{t.group_name || <span className={ui.muted}>—</span>}</td>
              <td className={ui.small}>{t.columns.join(", ")}</td>
              <td>
                <Link to={`${lib(name)}&confirm=delete-tab&tab=${encodeURIComponent(t.tab_id)}`} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete the tab ${t.tab_name}`} preventScrollReset>
                  Delete…
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>

      <div className={ui.grid} style={{ marginTop: 24 }}>
        <CreateTabForm newManufacturer={false} problem={pick(problem, "create-tab") as Extract<TemplateProblem, { intent: "create-tab" }> | null} />
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
          {d.shownVersion ? (
            <dl className={ui.dl} aria-label={`Version ${d.shownVersion.version}`} style={{ marginTop: 16 }}>
              <dt>Version</dt>
              <dd>{d.shownVersion.version}</dd>
              <dt>Note</dt>
              <dd>{d.shownVersion.note || "—"}</dd>
              <dt>Tabs</dt>
              <dd>{d.shownVersion.tab_count}</dd>
              <dt>Saved</dt>
              <dd>
                {dateUtc(d.shownVersion.created_at)}
                {d.shownVersion.created_by ? ` by ${d.shownVersion.created_by}` : ""}
              </dd>
            </dl>
          ) : null}
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
                <tr key={v.version} aria-current={d.shownVersion?.version === v.version ? "true" : undefined}>
                  <td>
                    <Link to={`${lib(name)}&version=${v.version}`} preventScrollReset>
                      Version {v.version}
                    </Link>
                  </td>
                  <td>{v.note || <span className={ui.muted}>—</span>}</td>
                  <td className={ui.small}>{dateUtc(v.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        </section>
      </div>

      {d.confirmTab ? (
        <ModalDialog title={`Delete the tab ${d.confirmTab.tab_name}?`} subtitle="Its columns and rows go with it; aircraft already registered keep their copy." closeHref={lib(name)}>
          <Form method="post">
            <input type="hidden" name="intent" value="delete-tab" />
            <input type="hidden" name="tab_id" value={d.confirmTab.tab_id} />
            <ModalBody>
              <p>The tab is removed from the {name} template. New aircraft will no longer get it.</p>
            </ModalBody>
            <ModalFooter>
              <Link to={lib(name)} className={ui.button.ghost}>
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

function TemplateTab({ d, problem }: { d: Extract<Data, { view: "tab" }>; problem: AnyProblem | null }) {
  const location = useLocation();
  const name = d.manufacturer.name;
  const hrefWith = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    return `${location.pathname}?${p.toString()}`;
  };
  const selectedIds = new Set(d.confirm?.kind === "rows" ? d.confirm.ids : []);
  const sortHref = (c: string) => hrefWith({ sort_column: c, sort_order: d.sort_column === c && d.sort_order === "asc" ? "desc" : "asc", page: null });
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
          <Link to={lib(name)} className={ui.button.ghost}>
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

      <Form method="get" className={ui.filterBar} role="search">
        <input type="hidden" name="typeOfManufacturer" value={name} />
        {d.sort_column ? <input type="hidden" name="sort_column" value={d.sort_column} /> : null}
        {d.sort_column ? <input type="hidden" name="sort_order" value={d.sort_order} /> : null}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="tpl-filter">
            Filter rows
          </label>
          <input id="tpl-filter" name="filter" type="search" defaultValue={d.filter} className={ui.input} placeholder="Any cell containing…" maxLength={200} />
        </div>
        <button type="submit" className={ui.button.secondary}>
          Filter
        </button>
      </Form>

      <ListTable empty={d.rows.length === 0} emptyText={d.filter ? "No rows match the filter." : "This template tab has no rows yet."} label={d.tab.tab_name}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            {d.columns.map((c) => (
              <th key={c.id} scope="col" className={ui.nowrap} aria-sort={d.sort_column === c.name ? (d.sort_order === "asc" ? "ascending" : "descending") : undefined}>
                <Link to={sortHref(c.name)} title={`Sort by ${c.name}`}>
                  {c.name}
                  {d.sort_column === c.name ? (d.sort_order === "asc" ? " ▲" : " ▼") : ""}
                </Link>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r) => (
            <tr key={r.id}>
              <td>
                <input type="checkbox" name="select" value={r.id} form="select-rows" aria-label={`Select row ${r.position}`} defaultChecked={selectedIds.has(r.id)} />
              </td>
              {d.columns.map((c) => (
                <td key={c.id} style={c.type === "number" ? { textAlign: "right" } : undefined}>
                  {r.data[c.name] === null || r.data[c.name] === undefined ? "" : String(r.data[c.name])}
                </td>
              ))}
              <td>
                <Link to={hrefWith({ edit: String(r.id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit row ${r.position}`}>
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      {d.selectFirst ? (
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
        <Link to={hrefWith({ edit: "new" })} preventScrollReset className={ui.button.secondary}>
          Add row
        </Link>
        {d.rows.length ? (
          <>
            <button type="submit" className={ui.button.ghost}>
              Delete selected…
            </button>
            <Link to={hrefWith({ confirm: "delete-all" })} preventScrollReset className={ui.button.ghost}>
              Delete all rows…
            </Link>
          </>
        ) : null}
      </Form>
      <Pagination page={d.page} total={d.total} perPage={PER_PAGE} hrefFor={(p) => hrefWith({ page: String(p) })} noun="rows" />

      <nav aria-label="Template tabs" className={ui.row} style={{ marginTop: 16, flexWrap: "wrap" }}>
        {d.bar.map((t) => (
          <Link key={t.id} to={tabAt(name, t.id)} aria-current={t.id === d.tab.tab_id ? "page" : undefined} className={`${t.id === d.tab.tab_id ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}>
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
      {d.columnsOpen ? <ColumnsDialog tabName={d.tab.tab_name} columns={d.columns} closeHref={hrefWith({ columns: null })} deleteHref={(id) => hrefWith({ columns: null, confirm: "delete-column", column: String(id) })} problem={pick(problem, "save-columns") as Extract<TemplateProblem, { intent: "save-columns" }> | null} /> : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
