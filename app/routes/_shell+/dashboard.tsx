// /dashboard: the admin overview: organizations → their aircraft → the people who may open each
// (GET /admin/overview.json). Choose an organization on the left.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { StatusBadge } from "~/components/ui/status-badge";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { ACCESS_LABELS } from "~/models/admin-constants";
import { ROLE_LABEL } from "~/models/shell";
import { requireUser, STAFF } from "~/utils/auth.server";
import { dateUtc } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Dashboard · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("organization_id")) || undefined;
  const data = await admin.overview(api, id);
  return data;
}

const TONE = { read: "neutral", write: "info", su_write: "success" } as const;

export default function Dashboard() {
  const { organizations, selected } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Dashboard</h1>
          <p className={ui.pageLead}>Organizations, their aircraft and the people who may open them.</p>
        </div>
        <Link to="/admin/organization/create" className={ui.button.primary}>
          Create organization
        </Link>
      </div>
      <div className={s.split}>
        <nav aria-label="Organizations" className={ui.tableWrap}>
          <ul className={s.navList}>
            {organizations.map((o) => (
              <li key={o.id}>
                <Link className={s.navItem} to={`/dashboard?organization_id=${o.id}`} aria-current={selected?.organization.id === o.id ? "true" : undefined}>
                  <span>
                    {o.name}
                    <span className={`${ui.small} ${ui.muted}`} style={{ display: "block" }}>
                      {o.product_type}
                      {o.has_ops ? " · AeroOPS" : ""}
                      {o.has_oil ? " · AeroOIL" : ""}
                    </span>
                  </span>
                  <span className={`${ui.small} ${ui.muted}`} style={{ textAlign: "right" }}>
                    {o.counts.total} aircraft
                    <span style={{ display: "block" }}>{o.user_count} people</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {selected ? (
            <>
              <div className={ui.pageHeader} style={{ marginBottom: 16 }}>
                <div>
                  <h2 className={s.sectionTitle} style={{ margin: 0 }}>
                    {selected.organization.name}
                  </h2>
                  <p className={`${ui.small} ${ui.muted}`} style={{ margin: 0 }}>
                    {selected.aircraft_total} aircraft · {selected.people.length} people ·{" "}
                    {selected.organization.whitelist_count ? `${selected.organization.whitelist_count} IP whitelist entries` : "open from anywhere"}
                  </p>
                </div>
                <div className={ui.row}>
                  <Link to={`/admin/organization/${selected.organization.id}`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                    Manage
                  </Link>
                  <Link to={`/admin/client/create?organization_id=${selected.organization.id}`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                    Add client
                  </Link>
                </div>
              </div>
              <ListTable empty={selected.aircraft.length === 0} emptyText="No aircraft yet.">
                <thead>
                  <tr>
                    <th scope="col">Aircraft</th>
                    <th scope="col">Status</th>
                    <th scope="col">People (storage access)</th>
                  </tr>
                </thead>
                <tbody>
                  {selected.aircraft.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <Link to={`/admin/user-access-control?aircraft_id=${a.id}`}>
                          <strong>MSN {a.msn}</strong>
                        </Link>
                        <div className={`${ui.small} ${ui.muted}`}>
                          {a.name} · {a.registration}
                        </div>
                      </td>
                      <td>
                        <StatusBadge status={a.status} />
                      </td>
                      <td>
                        {a.people.length ? (
                          <span className={s.people}>
                            {a.people.map((p) => (
                              <span key={p.user_id} className={`${ui.badge} ${ui.badgeTone[TONE[p.access]]}`} title={ACCESS_LABELS[p.access]}>
                                {p.username} · {ACCESS_LABELS[p.access]}
                              </span>
                            ))}
                          </span>
                        ) : (
                          <span className={ui.muted}>No one yet</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
              {selected.aircraft.length < selected.aircraft_total ? (
                <p className={`${ui.small} ${ui.muted}`}>
                  The first {selected.aircraft.length} of {selected.aircraft_total} aircraft;{" "}
                  <Link to={`/admin/organization/${selected.organization.id}`}>see them all</Link>.
                </p>
              ) : null}
              <h3 className={s.sectionTitle} style={{ marginTop: 24 }}>
                People
              </h3>
              <ListTable empty={selected.people.length === 0} emptyText="No users to show">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Grants</th>
                    <th scope="col">Last sign-in</th>
                  </tr>
                </thead>
                <tbody>
                  {selected.people.map((u) => (
                    <tr key={u.id}>
                      <td>
                        <Link to={`/admin/user-access-control?user_id=${u.id}`}>{u.username}</Link>
                        <div className={`${ui.small} ${ui.muted}`}>
                          {u.email}
                          {u.active ? "" : " · deactivated"}
                        </div>
                      </td>
                      <td>{ROLE_LABEL[u.role]}</td>
                      <td>{u.grant_count}</td>
                      <td>{u.last_sign_in_at ? dateUtc(u.last_sign_in_at) : <span className={ui.muted}>Never</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
            </>
          ) : (
            <div className={ui.grid}>
              {organizations.map((o) => (
                <Link key={o.id} to={`/dashboard?organization_id=${o.id}`} className={`${ui.stat} ${ui.statTone.neutral}`}>
                  <span className={ui.statLabel}>{o.name}</span>
                  <span className={ui.statValue}>{o.counts.total}</span>
                  <span className={`${ui.small} ${ui.muted}`}>
                    {o.counts.operational} in operation · {o.counts.transitional} in transition · {o.counts.grounded} grounded · {o.user_count} people
                  </span>
                </Link>
              ))}
            </div>
          )}
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
