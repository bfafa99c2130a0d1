// /nextcloud/group: file-server groups and the organization each maps to (GET /admin/fs/groups.json),
// searched, sorted and paged in the URL.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FileServerTabs } from "~/components/admin/fs-tabs";
import { ListPagination } from "~/components/admin/list-parts";
import { ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { dateUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { FsGroupsQuery } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { PageErrorBoundary } from "~/components/error-page/boundary";

export const meta: MetaFunction = () => [{ title: "File-server groups · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, FsGroupsQuery);
  const data = await admin.listFsGroups(api, params);
  return { params, ...data };
}

export default function FileServerGroups() {
  const { params, groups, total, page, per_page } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>File server</h1>
          <p className={ui.pageLead}>Groups map file-server accounts to an organization's records.</p>
        </div>
        <Link to="/nextcloud/group/create" className={ui.button.primary}>
          Create group
        </Link>
      </div>
      <FileServerTabs />
      <ListSearch q={params.q} label="Find a group" placeholder="Group or organization" keep={{ sort: params.sort, dir: params.dir }} />
      <ListTable empty={groups.length === 0} emptyText="No groups yet.">
        <thead>
          <tr>
            <SortHeader label="Group" sortKey="name" current={params} />
            <SortHeader label="Organization" sortKey="organization" current={params} />
            <SortHeader label="Members" sortKey="member_count" current={params} />
            <SortHeader label="Created" sortKey="created_at" current={params} />
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.id}>
              <td>
                <strong>{g.name}</strong>
              </td>
              <td>
                {g.organization ? (
                  <Link to={`/admin/organization/${g.organization.id}`}>{g.organization.name}</Link>
                ) : (
                  <span className={ui.muted}>None</span>
                )}
              </td>
              <td>{g.member_count}</td>
              <td>{dateUtc(g.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="groups" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
