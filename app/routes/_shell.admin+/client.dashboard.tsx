// /admin/client/dashboard: client users, searched, filtered by organization, sorted and paged in the
// URL (GET /admin/users.json?role=client). Each row links to its access and can be deactivated.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination, OrganizationFilter, StatusFilter } from "~/components/admin/list-parts";
import { ActiveToggle } from "~/components/admin/user-actions";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { dateUtc } from "~/utils/dates";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { UsersQuery } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Clients · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, UsersQuery);
  const [data, organizations] = await Promise.all([
    admin.listUsers(api, { ...params, role: "client" }),
    admin.organizationOptions(api),
  ]);
  return { params, ...data, organizations };
}

export default function Clients() {
  const { params, users, total, page, per_page, organizations } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Clients</h1>
          <p className={ui.pageLead}>People of lessors and operators, and the aircraft they may open.</p>
        </div>
        <Link to={`/admin/client/create${params.organization_id ? `?organization_id=${params.organization_id}` : ""}`} className={ui.button.primary}>
          Create client
        </Link>
      </div>
      <ListSearch q={params.q} label="Find a client" placeholder="Name or e-mail" keep={{ sort: params.sort, dir: params.dir }}>
        <OrganizationFilter organizations={organizations} value={params.organization_id} />
        <StatusFilter value={params.active} />
      </ListSearch>
      <ListTable empty={users.length === 0} emptyText="No users to show">
        <thead>
          <tr>
            <SortHeader label="Name" sortKey="name" current={params} />
            <SortHeader label="Organization" sortKey="organization" current={params} />
            <th scope="col">Grants</th>
            <SortHeader label="Last sign-in" sortKey="last_sign_in" current={params} />
            <SortHeader label="Created" sortKey="created_at" current={params} />
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <strong>{u.username}</strong>
                {u.active ? null : (
                  <>
                    {" "}
                    <span className={`${ui.badge} ${ui.badgeTone.danger}`}>Deactivated</span>
                  </>
                )}
                <div className={`${ui.small} ${ui.muted}`}>{u.email}</div>
              </td>
              <td>{u.organization ? <Link to={`/admin/organization/${u.organization.id}`}>{u.organization.name}</Link> : "—"}</td>
              <td>{u.grant_count}</td>
              <td className={dt.nowrap}>{u.last_sign_in_at ? dateUtc(u.last_sign_in_at) : <span className={ui.muted}>Never</span>}</td>
              <td className={dt.nowrap}>{dateUtc(u.created_at)}</td>
              <ActionsCell>
                <Link
                  to={`/admin/user-access-control?user_id=${u.id}`}
                  className={`${ui.button.secondary} ${ui.buttonSmall}`}
                  aria-label={`Access of ${u.username}`}
                >
                  Access
                </Link>{" "}
                <ActiveToggle userId={u.id} name={u.username} active={u.active} redirectTo={here} />
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="clients" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
