// /admin/user-access-control: grant, change and revoke Read Access / Edit Access / Super User per
// user, aircraft and product (storage, AeroOPS, AeroOIL), and in bulk for a whole organization.
//   ?user_id=     one person's access to every aircraft of their organization (a row per aircraft)
//   ?aircraft_id= one aircraft's people (a row per person); the same view Super Users get at
//                 /aircraft-access/{id}
//   otherwise     pick a person or an aircraft (optionally within ?organization_id=)
// Every change goes through POST /admin/access/grant.json or revoke.json and holds from the next
// request on (the USERS list and every access check read the grants directly).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { AccessCells, AccessTableHead, RowForm } from "~/components/admin/access-table";
import { AircraftAccessView } from "~/components/admin/aircraft-access-view";
import * as s from "~/components/admin/admin.css";
import { ListPagination } from "~/components/admin/list-parts";
import { ListSearch, ListTable } from "~/components/data-table-simple/data-table-simple";
import { StatusBadge } from "~/components/ui/status-badge";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { accessToast, changeAccess, getAircraftAccess, saveAccessRow, userAccess } from "~/models/access.server";
import { safeRedirect } from "~/models/roles";
import { ROLE_LABEL } from "~/models/shell";
import { AccessGrantInput, AccessRevokeInput, UserAccessParams } from "~/models/schemas/admin.server";
import { ACCESS_LABELS, ACCESS_LEVELS, PRODUCT_LABEL, PRODUCTS } from "~/models/admin-constants";
import { requireUser, STAFF } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "User access control · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  const p = UserAccessParams.parse(Object.fromEntries(url.searchParams));
  if (p.aircraft_id) {
    const data = await getAircraftAccess(api, p.aircraft_id);
    return { mode: "aircraft" as const, p, aircraftView: data, userView: null, pick: null };
  }
  if (p.user_id) {
    const data = await userAccess(api, p.user_id, { q: p.q, page: p.page, per_page: 50, organization_id: p.organization_id });
    const organizations = data.user.organization ? [] : await admin.organizationOptions(api);
    return { mode: "user" as const, p, userView: { ...data, organizations }, aircraftView: null, pick: null };
  }
  const [organizations, people, fleet] = await Promise.all([
    admin.organizationOptions(api),
    admin.listUsers(api, { q: p.q, page: p.page, per_page: 25, organization_id: p.organization_id, active: "1", sort: "name" }),
    p.organization_id
      ? admin.listOrganizationAircraft(api, p.organization_id, { per_page: 100 })
      : Promise.resolve(null),
  ]);
  return { mode: "pick" as const, p, pick: { organizations, people, fleet }, userView: null, aircraftView: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/admin/user-access-control");
  const intent = String(form.get("intent"));
  if (intent === "row") return redirectWithToast(back, accessToast(await saveAccessRow(api, form)));
  if (intent === "grant" || intent === "revoke") {
    const raw = {
      user_id: form.get("user_id"),
      organization_id: form.get("organization_id") || undefined,
      aircraft_ids: form.getAll("aircraft_ids"),
      products: form.getAll("products"),
      access: form.get("access") ?? undefined,
    };
    const parsed = intent === "grant" ? AccessGrantInput.safeParse(raw) : AccessRevokeInput.safeParse(raw);
    if (!parsed.success) return redirectWithToast(back, { type: "error", description: parsed.error.issues.map((i) => i.message).join("\n") });
    const res = await changeAccess(api, parsed.data);
    return redirectWithToast(back, res.ok ? { type: "success", description: res.message ?? "Saved." } : { type: "error", description: res.error });
  }
  throw redirect(back);
}

function UserAccess() {
  const { userView: v, p } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!v) return null;
  const here = location.pathname + location.search;
  const u = v.user;
  const org = u.organization;
  const all = { storage: true, ops: true, oil: true };
  const orgId = org?.id ?? p.organization_id ?? null;
  const orgName = org?.name ?? v.organizations.find((o) => o.id === p.organization_id)?.name ?? null;
  return (
    <>
      <section aria-labelledby="who">
        <h2 id="who" className={s.sectionTitle}>
          {u.username} <span className={`${ui.small} ${ui.muted}`}>({u.email})</span>
        </h2>
        <p className={ui.muted}>
          {ROLE_LABEL[u.role]}
          {org ? ` of ${org.name}` : ""} · {u.grant_count} grants {u.active ? "" : "· deactivated"}
        </p>
        {u.role === "admin" || u.role === "member" ? (
          <p className={ui.alert.info}>{u.username} is staff and already has full access to every aircraft.</p>
        ) : null}
        {!org ? (
          <Form method="get" className={ui.filterBar}>
            <input type="hidden" name="user_id" value={u.id} />
            <label className={ui.field}>
              <span className={ui.label}>Organization</span>
              <select name="organization_id" defaultValue={p.organization_id ? String(p.organization_id) : ""} className={ui.input}>
                <option value="">Every organization</option>
                {v.organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={ui.button.secondary}>
              Show
            </button>
          </Form>
        ) : null}
      </section>

      <section className={s.section} aria-labelledby="per-aircraft">
        <h2 id="per-aircraft" className={s.sectionTitle}>
          Per aircraft
        </h2>
        <ListSearch q={p.q} label="Find an aircraft" placeholder="MSN, name or registration" keep={{ user_id: u.id, organization_id: p.organization_id }} />
        <ListTable empty={v.aircraft.length === 0} emptyText="No aircraft to show.">
          <AccessTableHead columns={["MSN", "Aircraft", "Status"]} />
          <tbody>
            {v.aircraft.map((a) => {
              const formId = `row-${a.id}`;
              return (
                <tr key={a.id}>
                  <td className={dt.code}>{a.msn}</td>
                  <td className={dt.nameCell}>
                    <Link to={`/admin/user-access-control?aircraft_id=${a.id}`}>{a.name}</Link>
                    <div className={`${ui.small} ${ui.muted}`}>
                      {a.registration}
                      {org ? "" : ` · ${a.organization.name}`}
                    </div>
                  </td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                  <AccessCells formId={formId} access={a.access} what={`of ${u.username} to MSN ${a.msn}`} canManage={all} />
                  <RowForm formId={formId} userId={u.id} aircraftId={a.id} redirectTo={here} label={`Save access of ${u.username} to MSN ${a.msn}`} />
                </tr>
              );
            })}
          </tbody>
        </ListTable>
        <ListPagination page={v.page} total={v.total} perPage={v.per_page} noun="aircraft" />
      </section>

      {orgId ? (
        <section className={s.section} aria-labelledby="bulk">
          <h2 id="bulk" className={s.sectionTitle}>
            Every aircraft of {orgName}
          </h2>
          <Form method="post" className={s.formCard}>
            <input type="hidden" name="user_id" value={u.id} />
            <input type="hidden" name="organization_id" value={orgId} />
            <input type="hidden" name="redirectTo" value={here} />
            <fieldset className={s.fieldset}>
              <legend className={ui.label}>Products</legend>
              <div className={ui.choiceRow}>
                {PRODUCTS.map((pr) => (
                  <label key={pr} className={`${ui.choice} ${s.choiceCompact}`}>
                    <input type="checkbox" name="products" value={pr} defaultChecked={pr === "storage"} /> {PRODUCT_LABEL[pr]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={s.fieldset}>
              <legend className={ui.label}>Access (for Grant)</legend>
              <div className={ui.choiceRow}>
                {ACCESS_LEVELS.map((l) => (
                  <label key={l} className={`${ui.choice} ${s.choiceCompact}`}>
                    <input type="radio" name="access" value={l} defaultChecked={l === "read"} /> {ACCESS_LABELS[l]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className={s.actions}>
              <button type="submit" name="intent" value="grant" className={ui.button.primary}>
                Grant on every aircraft
              </button>
              <button type="submit" name="intent" value="revoke" className={ui.button.danger}>
                Revoke on every aircraft
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </>
  );
}

function Picker() {
  const { pick, p } = useLoaderData<typeof loader>();
  if (!pick) return null;
  return (
    <>
      <Form method="get" className={ui.filterBar} role="search">
        <label className={ui.field} style={{ flex: "1 1 240px" }}>
          <span className={ui.label}>Find a person</span>
          <input name="q" type="search" defaultValue={p.q} className={ui.input} placeholder="Name or e-mail" maxLength={200} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Organization</span>
          <select name="organization_id" defaultValue={p.organization_id ? String(p.organization_id) : ""} className={ui.input}>
            <option value="">Every organization</option>
            {pick.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ui.button.secondary}>
          Search
        </button>
      </Form>
      <div className={s.split}>
        <section aria-labelledby="people-title">
          <h2 id="people-title" className={s.sectionTitle}>
            People
          </h2>
          <div className={ui.tableWrap}>
            {pick.people.users.length === 0 ? (
              <p className={ui.empty}>No users to show</p>
            ) : (
              <ul className={s.navList}>
                {pick.people.users.map((u) => (
                  <li key={u.id}>
                    <Link className={s.navItem} to={`/admin/user-access-control?user_id=${u.id}`}>
                      <span>
                        <strong>{u.username}</strong>
                        <span className={`${ui.small} ${ui.muted}`} style={{ display: "block" }}>
                          {u.email}
                        </span>
                      </span>
                      <span className={`${ui.small} ${ui.muted}`}>
                        {ROLE_LABEL[u.role]}
                        {u.organization ? ` · ${u.organization.name}` : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ListPagination page={pick.people.page} total={pick.people.total} perPage={pick.people.per_page} noun="people" />
        </section>
        <section aria-labelledby="access-fleet-title">
          <h2 id="access-fleet-title" className={s.sectionTitle}>
            Aircraft
          </h2>
          {pick.fleet ? (
            <div className={ui.tableWrap}>
              {pick.fleet.aircraft.length === 0 ? (
                <p className={ui.empty}>This organization has no aircraft yet.</p>
              ) : (
                <ul className={s.navList}>
                  {pick.fleet.aircraft.map((a) => (
                    <li key={a.id}>
                      <Link className={s.navItem} to={`/admin/user-access-control?aircraft_id=${a.id}`}>
                        <span>
                          <strong>MSN {a.msn}</strong> {a.name}
                        </span>
                        <span className={`${ui.small} ${ui.muted}`}>{a.user_count} people</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p className={ui.muted}>Choose an organization to list its aircraft.</p>
          )}
        </section>
      </div>
    </>
  );
}

export default function UserAccessControl() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>User access control</h1>
          <p className={ui.pageLead}>
            {ACCESS_LABELS.read}, {ACCESS_LABELS.write} or {ACCESS_LABELS.su_write} per person, aircraft and product. Changes apply from the person's next page.
          </p>
        </div>
        {data.mode !== "pick" ? (
          <Link to="/admin/user-access-control" className={ui.button.secondary}>
            Choose someone else
          </Link>
        ) : null}
      </div>
      {data.mode === "aircraft" && data.aircraftView ? (
        <AircraftAccessView view={data.aircraftView} userHref={(id) => `/admin/user-access-control?user_id=${id}`} />
      ) : null}
      {data.mode === "user" && data.userView ? <UserAccess /> : null}
      {data.mode === "pick" && data.pick ? <Picker /> : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
