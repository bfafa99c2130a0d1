// /admin/audit: the audit log (who, what, when and from where), filtered by user, organization,
// action and date with a GET form, newest first, paged (GET /admin/audit.json). Above it, the hash
// chain's state as the upstream verified it for this page (GET /admin/audit/chain.json, ADR 044) and,
// for admins, the export of a period (a plain form post to /resources/audit-export: a JSON download),
// both with the page's title in components/admin/audit-integrity.tsx.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination, OrganizationFilter } from "~/components/admin/list-parts";
import * as s from "~/components/admin/admin.css";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { listHref } from "~/components/data-table-simple/list-url";
import { AuditHead } from "~/components/admin/audit-integrity";
import { SearchIcon } from "~/components/icons/search";
import { dateTimeUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { AuditQuery } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Audit log · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, AuditQuery);
  const [data, organizations, chain] = await Promise.all([
    admin.listAudit(api, params),
    admin.organizationOptions(api),
    admin.auditChain(api),
  ]);
  // The chain's state and the export form head the page.
  return { params, ...data, organizations, integrity: { chain, canExport: user.role === "admin", from: params.from, to: params.to } };
}

const ACTION_GROUPS = [
  { value: "", label: "Any" },
  { value: "admin.", label: "Admin changes" },
  { value: "access.", label: "Access grants and revokes" },
  { value: "auth.", label: "Sign-ins and account security" },
  { value: "storage.", label: "Records (storage)" },
  { value: "ops.", label: "AeroOPS" },
  { value: "oil.", label: "AeroOIL" },
  { value: "consultant.", label: "Consultants" },
  { value: "refused.", label: "Refused requests (role, access level, other organizations)" },
] as const;

function detailText(detail: unknown) {
  if (detail == null || (typeof detail === "object" && Object.keys(detail as object).length === 0)) return "";
  return JSON.stringify(detail, null, 1);
}

export default function Audit() {
  const { params, entries, total, page, per_page, next_cursor, prev_cursor, organizations, integrity } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <AuditHead {...integrity} />
      <Form method="get" className={ui.filterBar} role="search">
        <label className={ui.field} style={{ flex: "1 1 200px" }}>
          <span className={ui.label}>User</span>
          <input name="user" type="search" defaultValue={params.user} className={ui.input} placeholder="E-mail, name or id" maxLength={254} />
        </label>
        <OrganizationFilter organizations={organizations} value={params.organization_id} field />
        <label className={ui.field}>
          <span className={ui.label}>Action</span>
          <select name="action" defaultValue={params.action} className={ui.input}>
            {ACTION_GROUPS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
            {ACTION_GROUPS.some((g) => g.value === params.action) ? null : <option value={params.action}>{params.action}</option>}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.label}>From</span>
          <input name="from" type="date" defaultValue={params.from ?? ""} className={ui.input} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>To</span>
          <input name="to" type="date" defaultValue={params.to ?? ""} className={ui.input} />
        </label>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
        <Link to="/admin/audit" className={ui.button.ghost}>
          Clear
        </Link>
      </Form>
      <ListTable empty={entries.length === 0} emptyText="Nothing in the log matches.">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Organization</th>
            <th scope="col">From</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const detail = detailText(e.detail);
            return (
              <tr key={e.id}>
                <td style={{ whiteSpace: "nowrap" }}>{dateTimeUtc(e.created_at)}</td>
                <td>
                  {e.user ? (
                    <Link to={listHref(location.pathname, location.search, { user: e.user.email })}>{e.user.username || e.user.email}</Link>
                  ) : (
                    <span className={ui.muted}>System</span>
                  )}
                  {e.user ? <div className={`${ui.small} ${ui.muted}`}>{e.user.email}</div> : null}
                </td>
                <td>
                  <code className={ui.mono}>{e.action}</code>
                  <div className={`${ui.small} ${ui.muted}`}>
                    {e.entity}
                    {e.entity_id ? ` #${e.entity_id}` : ""}
                  </div>
                </td>
                <td>
                  {e.organization ? (
                    <Link to={listHref(location.pathname, location.search, { organization_id: e.organization.id })}>{e.organization.name}</Link>
                  ) : (
                    <span className={ui.muted}>—</span>
                  )}
                </td>
                <td className={ui.mono}>{e.ip ?? <span className={ui.muted}>—</span>}</td>
                <td>
                  {detail ? (
                    <details>
                      <summary className={ui.small}>Show</summary>
                      <pre className={s.pre}>{detail}</pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="entries" prevCursor={prev_cursor} nextCursor={next_cursor} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
