// /deactivate: deactivate and reactivate user accounts (spec 000 §2 Admin). A deactivated user's
// sessions end at once: the upstream revokes every token, and its requireAuth answers 403 for the
// account, which signs the user out of the portal on their next request.
// POST /admin/users/{id}/deactivate.json, …/activate.json, …/invite.json.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { FilterSelect, ListPagination, StatusFilter } from "~/components/admin/list-parts";
import { ActiveToggle, InviteButton } from "~/components/admin/user-actions";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { USER_ROLES } from "~/models/admin-constants";
import { listParams } from "~/models/forms.server";
import { UsersQuery } from "~/models/schemas/admin.server";
import { ROLE_LABEL } from "~/models/shell";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { dateUtc } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { ACCOUNT_STATUS_LABEL } from "~/models/status-labels";

export const meta: MetaFunction = () => [{ title: "Deactivate users · AeroRecords" }];

const INTENTS = { deactivate: "deactivate", activate: "activate", invite: "invite" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, UsersQuery);
  const data = await admin.listUsers(api, params);
  return { params, ...data, me: user.id, myRole: user.role };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/deactivate");
  const intent = INTENTS[String(form.get("intent")) as keyof typeof INTENTS];
  const id = Number(form.get("user_id"));
  if (!intent || !Number.isSafeInteger(id) || id < 1) return redirectWithToast(back, { type: "error", description: "Choose a user." });
  const res = await admin.changeUser(api, id, intent);
  if (!res.ok) return redirectWithToast(back, { type: "error", description: res.error });
  return redirectWithToast(back, { type: "success", description: res.message ?? "Saved." });
}

export default function Deactivate() {
  const { params, users, total, page, per_page, me, myRole } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Deactivate users</h1>
          <p className={ui.pageLead}>A deactivated user is signed out everywhere at once and cannot sign in until reactivated.</p>
        </div>
      </div>
      <ListSearch q={params.q} label="Find a user" placeholder="Name or e-mail" keep={{ sort: params.sort, dir: params.dir }}>
        <FilterSelect label="Role" name="role" value={params.role ?? ""} options={USER_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }))} />
        <StatusFilter value={params.active} />
      </ListSearch>
      <ListTable empty={users.length === 0} emptyText="No users to show">
        <thead>
          <tr>
            <SortHeader label="Name" sortKey="name" current={params} />
            <SortHeader label="Role" sortKey="role" current={params} />
            <SortHeader label="Organization" sortKey="organization" current={params} />
            <SortHeader label="Last sign-in" sortKey="last_sign_in" current={params} />
            <th scope="col">Status</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <strong>{u.username}</strong>
                <div className={`${ui.small} ${ui.muted}`}>{u.email}</div>
              </td>
              <td>{ROLE_LABEL[u.role]}</td>
              <td>
                {u.organization ? <Link to={`/admin/organization/${u.organization.id}`}>{u.organization.name}</Link> : <span className={ui.muted}>—</span>}
              </td>
              <td className={dt.nowrap}>{u.last_sign_in_at ? dateUtc(u.last_sign_in_at) : <span className={ui.muted}>Never</span>}</td>
              <td>
                {u.active ? (
                  <span className={`${ui.badge} ${ui.badgeTone.success}`}>{ACCOUNT_STATUS_LABEL.active}</span>
                ) : (
                  <span className={`${ui.badge} ${ui.badgeTone.danger}`}>{ACCOUNT_STATUS_LABEL.deactivated}</span>
                )}
              </td>
              <ActionsCell>
                {u.id === me ? (
                  <span className={`${ui.small} ${ui.muted}`}>You</span>
                ) : (
                  <>
                    {u.active && !u.last_sign_in_at ? <InviteButton userId={u.id} name={u.username} redirectTo={here} /> : null}
                    <ActiveToggle userId={u.id} name={u.username} active={u.active} redirectTo={here} disabled={u.role === "admin" && myRole !== "admin"} />
                  </>
                )}
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="users" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
