// /nextcloud/user: accounts of the file server behind the storage product (GET /admin/fs/users.json),
// searched, sorted and paged in the URL; enable or disable one (POST /admin/fs/users/{id}.json).
// The file server is the embedded registry (docs/decisions/, the file-server ADR).
import type { LoaderFunctionArgs, ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ListPagination, RowActionButton, RowActionForm } from "~/components/admin/list-parts";
import { FileServerTabs } from "~/components/admin/fs-tabs";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { dateUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { FsUsersQuery } from "~/models/schemas/admin.server";
import { formatBytes } from "~/models/size";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "File-server users · AeroRecords" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/nextcloud/user");
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  if ((intent !== "enable" && intent !== "disable") || !Number.isSafeInteger(id) || id < 1)
    return redirectWithToast(back, { type: "error", description: "Choose a user." });
  const res = await admin.setFsUserEnabled(api, id, intent === "enable");
  return redirectWithToast(back, res.ok ? { type: "success", description: res.message ?? "Saved." } : { type: "error", description: res.error });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, FsUsersQuery);
  const data = await admin.listFsUsers(api, params);
  return { params, ...data };
}

export default function FileServerUsers() {
  const { params, users, total, page, per_page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>File server</h1>
          <p className={ui.pageLead}>Accounts of the file server behind the storage product, and the groups that map them to organizations.</p>
        </div>
        <Link to="/nextcloud/user/create" className={ui.button.primary}>
          Create user
        </Link>
      </div>
      <FileServerTabs />
      <ListSearch q={params.q} label="Find a user" placeholder="User name, display name or e-mail" keep={{ sort: params.sort, dir: params.dir }} />
      <ListTable empty={users.length === 0} emptyText="No users to show">
        <thead>
          <tr>
            <SortHeader label="User name" sortKey="username" current={params} />
            <SortHeader label="Display name" sortKey="display_name" current={params} />
            <SortHeader label="E-mail" sortKey="email" current={params} />
            <th scope="col">Groups</th>
            <th scope="col">Quota</th>
            <SortHeader label="Created" sortKey="created_at" current={params} />
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td className={ui.mono}>
                {u.username} {u.enabled ? null : <span className={`${ui.badge} ${ui.badgeTone.danger}`}>Disabled</span>}
              </td>
              <td>{u.display_name}</td>
              <td>{u.email || <span className={ui.muted}>—</span>}</td>
              <td>{u.groups.length ? u.groups.map((g) => g.name).join(", ") : <span className={ui.muted}>None</span>}</td>
              <td>{u.quota_bytes == null ? "Unlimited" : formatBytes(u.quota_bytes)}</td>
              <td>{dateUtc(u.created_at)}</td>
              <ActionsCell>
                <RowActionForm fields={{ id: u.id }} redirectTo={here}>
                  <RowActionButton intent={u.enabled ? "disable" : "enable"} label={`${u.enabled ? "Disable" : "Enable"} ${u.username}`}>
                    {u.enabled ? "Disable" : "Enable"}
                  </RowActionButton>
                </RowActionForm>
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
