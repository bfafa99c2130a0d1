// /admin/organization: every organization, searched, sorted and paged in the URL
// (GET /admin/organizations.json). Each links to its page (edit, aircraft).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination } from "~/components/admin/list-parts";
import { ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { dateUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { OrganizationsQuery } from "~/models/schemas/admin.server";
import { PRODUCT_TYPES } from "~/models/admin-constants";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Organizations · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, OrganizationsQuery);
  const data = await admin.listOrganizations(api, params);
  return { params, ...data };
}

const yes = (v: boolean) => (v ? <span className={`${ui.badge} ${ui.badgeTone.success}`}>Yes</span> : <span className={ui.muted}>No</span>);

export default function Organizations() {
  const { params, organizations, total, page, per_page } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Organizations</h1>
          <p className={ui.pageLead}>Lessors and operators, their products and modules.</p>
        </div>
        <Link to="/admin/organization/create" className={ui.button.primary}>
          Create organization
        </Link>
      </div>
      <ListSearch q={params.q} label="Find an organization" placeholder="Name or short name" keep={{ sort: params.sort, dir: params.dir }}>
        <label>
          Product type
          <select name="product_type" defaultValue={params.product_type ?? ""} className={ui.input}>
            <option value="">Any</option>
            {PRODUCT_TYPES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </ListSearch>
      <ListTable empty={organizations.length === 0} emptyText="No organizations match.">
        <thead>
          <tr>
            <SortHeader label="Organization" sortKey="name" current={params} />
            <SortHeader label="Short name" sortKey="slug" current={params} />
            <SortHeader label="Product type" sortKey="product_type" current={params} />
            <th scope="col">Search all</th>
            <th scope="col">AeroOPS</th>
            <th scope="col">AeroOIL</th>
            <SortHeader label="Aircraft" sortKey="aircraft_count" current={params} />
            <SortHeader label="Users" sortKey="user_count" current={params} />
            <th scope="col">IP whitelist</th>
            <SortHeader label="Created" sortKey="created_at" current={params} />
          </tr>
        </thead>
        <tbody>
          {organizations.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/admin/organization/${o.id}`}>
                  <strong>{o.name}</strong>
                </Link>
              </td>
              <td className={ui.mono}>{o.slug}</td>
              <td>{o.product_type}</td>
              <td>{yes(o.search_all)}</td>
              <td>{yes(o.has_ops)}</td>
              <td>{yes(o.has_oil)}</td>
              <td>{o.aircraft_count}</td>
              <td>
                <Link to={`/admin/client/dashboard?organization_id=${o.id}`}>{o.user_count}</Link>
              </td>
              <td>
                {o.whitelist_count ? (
                  <Link to={`/admin/ip-whitelist?organization_id=${o.id}`}>{o.whitelist_count} entries</Link>
                ) : (
                  <span className={ui.muted}>Open</span>
                )}
              </td>
              <td>{dateUtc(o.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="organizations" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
