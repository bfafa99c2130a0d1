// /admin/aeroops/template/manufacturers/{id?}: the manufacturers with AeroOPS template tabs
// (POST /v1/ops_tab_info/get_template_manufacturer) and, for the chosen one, its template tabs and
// columns (template_list_tabs) and versions (get_template_version). ops_template, admin and member.
// Editing (tabs, columns, rows, versions) is the template editor's, /client/template, linked here.
import * as templates from "~/models/templates.server";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { dateUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.selected?.name ?? "Templates and manufacturers"} · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["admin", "member", "ops_template"] });
  const res = await templates.listManufacturers(api);
  if (!res.ok) throw new Response(res.error, { status: res.status });
  const manufacturers = res.data.manufacturers;
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id)) throw new Response("Not found", { status: 404 });
  const selected = params.id ? manufacturers.find((m) => m.id === Number(params.id)) ?? null : null;
  if (params.id && !selected) throw new Response("That manufacturer was not found.", { status: 404 });
  if (!selected) return json({ manufacturers, selected: null, tabs: [], versions: null });
  const [tabs, versions] = await Promise.all([
    templates.listTemplateTabs(api, selected.name),
    templates.listTemplateVersions(api, selected.name),
  ]);
  return json({
    manufacturers,
    selected,
    tabs: tabs.ok ? [...tabs.data.tabs].sort((a, b) => a.tab_position - b.tab_position) : [],
    versions: versions.ok ? versions.data : null,
  });
}

export default function TemplateManufacturers() {
  const { manufacturers, selected, tabs, versions } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Templates and manufacturers</h1>
          <p className={ui.pageLead}>The AeroOPS tabs each manufacturer's aircraft start with when they are registered.</p>
        </div>
        <Link to={selected ? `/client/template?typeOfManufacturer=${encodeURIComponent(selected.name)}` : "/client/template"} className={ui.button.primary}>
          {selected ? `Edit the ${selected.name} template` : "Open the template editor"}
        </Link>
      </div>
      <div className={s.split}>
        <nav aria-label="Manufacturers" className={ui.tableWrap}>
          {manufacturers.length === 0 ? (
            <p className={ui.empty}>No manufacturers yet.</p>
          ) : (
            <ul className={s.navList}>
              {manufacturers.map((m) => (
                <li key={m.id}>
                  <Link className={s.navItem} to={`/admin/aeroops/template/manufacturers/${m.id}`} aria-current={selected?.id === m.id ? "true" : undefined}>
                    <span>{m.name}</span>
                    <span className={`${ui.small} ${ui.muted}`}>{m.tab_count} tabs</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div>
          {selected ? (
            <>
              <h2 className={s.sectionTitle}>
                {selected.name}{" "}
                <span className={`${ui.small} ${ui.muted}`}>
                  {versions?.current_version != null ? `version ${versions.current_version}` : "no saved version"} · {tabs.length} template tabs
                </span>
              </h2>
              <ListTable empty={tabs.length === 0} emptyText="No template tabs for this manufacturer.">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Tab</th>
                    <th scope="col">Group</th>
                    <th scope="col">Columns</th>
                  </tr>
                </thead>
                <tbody>
                  {tabs.map((t) => (
                    <tr key={t.tab_id}>
                      <td>{t.tab_position}</td>
                      <td>
                        <strong>{t.tab_name}</strong>
                        <div className={`${ui.small} ${ui.muted} ${ui.mono}`}>{t.tab_id}</div>
                      </td>
                      <td>{t.group_name || <span className={ui.muted}>—</span>}</td>
                      <td className={ui.small}>
                        {t.columns
                          .slice()
                          .sort((a, b) => a.position - b.position)
                          .map((c) => c.name)
                          .join(", ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
              {versions && versions.versions.length ? (
                <>
                  <h3 className={s.sectionTitle} style={{ marginTop: 24 }}>
                    Versions
                  </h3>
                  <ListTable>
                    <thead>
                      <tr>
                        <th scope="col">Version</th>
                        <th scope="col">Note</th>
                        <th scope="col">Tabs</th>
                        <th scope="col">Saved</th>
                      </tr>
                    </thead>
                    <tbody>
                      {versions.versions.map((v) => (
                        <tr key={v.version}>
                          <td>{v.version}</td>
                          <td>{v.note || <span className={ui.muted}>—</span>}</td>
                          <td>{v.tab_count}</td>
                          <td>
                            {dateUtc(v.created_at)}
                            {v.created_by ? <span className={`${ui.small} ${ui.muted}`}> by {v.created_by}</span> : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </ListTable>
                </>
              ) : null}
            </>
          ) : (
            <p className={ui.muted}>Choose a manufacturer to see its template tabs.</p>
          )}
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
