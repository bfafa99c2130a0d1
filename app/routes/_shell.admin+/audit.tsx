// /admin/audit: the audit log (who, what, when and from where), filtered by user, organization,
// action and date with a GET form, newest first, paged (GET /admin/audit.json). Above it, the hash
// chain's state as the upstream verified it for this page (GET /admin/audit/chain.json, ADR 044) and,
// for admins, the export of a period (a plain form post to /resources/audit-export: a JSON download).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { ListPagination, OrganizationFilter } from "~/components/admin/list-parts";
import * as s from "~/components/admin/admin.css";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { listHref } from "~/components/data-table-simple/list-url";
import { PageErrorBoundary } from "~/components/error-page/boundary";
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
  return json({ params, ...data, organizations, chain, canExport: user.role === "admin" });
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

type Chain = ReturnType<typeof useLoaderData<typeof loader>>["chain"];

const entriesText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "entry" : "entries"}`;

/** When it was checked; a large log is read whole at most every 10 minutes, new entries on every view. */
function checked(chain: Chain) {
  const now = dateTimeUtc(chain.verified_at);
  const whole = dateTimeUtc(chain.full_verified_at);
  return Date.parse(chain.verified_at) - Date.parse(chain.full_verified_at) > 60_000 ? `New entries checked ${now}; the whole log read ${whole}.` : `Checked ${now}.`;
}

/** The hash chain's state: verified with its head, or the first entry where it breaks. */
function ChainState({ chain }: { chain: Chain }) {
  const head = chain.head ? (
    <>
      Chain head <code className={ui.mono}>{chain.head.hash}</code> (entry #{chain.head.id}).
    </>
  ) : (
    "The log is empty."
  );
  if (chain.ok) {
    return (
      <div className={ui.alert.success} data-chain="verified">
        <div>
          <strong>Chain verified: {entriesText(chain.count)}, none altered, removed or reordered.</strong>
          <br />
          {head} {checked(chain)}
        </div>
      </div>
    );
  }
  return (
    <div className={ui.alert.error} data-chain="broken" role="alert">
      <div>
        <strong>Chain broken at entry #{chain.problem?.id}.</strong> {chain.problem?.message}
        <br />
        {entriesText(chain.count)} read. {head} {checked(chain)} Compare with a backup or an earlier export
        before trusting entries from #{chain.problem?.id} on; <code className={ui.mono}>npm run audit:verify</code> on the server says the same.
      </div>
    </div>
  );
}

/** A period of the log as a JSON file an auditor can verify alone (docs/operations.md). */
function ExportForm({ from, to }: { from?: string; to?: string }) {
  return (
    <form method="post" action="/resources/audit-export" className={ui.row} style={{ alignItems: "flex-end" }} aria-label="Export the audit log">
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span className={ui.label}>Export from</span>
        <input name="from" type="date" defaultValue={from ?? ""} className={ui.input} />
      </label>
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span className={ui.label}>Export to</span>
        <input name="to" type="date" defaultValue={to ?? ""} className={ui.input} />
      </label>
      <button type="submit" className={ui.button.secondary}>
        Download export (JSON)
      </button>
      <p className={`${ui.small} ${ui.muted}`} style={{ flex: "1 1 260px", margin: 0 }}>
        The entries of the period with the hash before it and the chain head, so an auditor can verify them on their own (blank dates: from
        the start, to today).
      </p>
    </form>
  );
}

/** The log's integrity: the chain's state and, for admins, the export. */
function Integrity({ chain, canExport, from, to }: { chain: Chain; canExport: boolean; from?: string; to?: string }) {
  return (
    <section className={ui.card} style={{ marginBottom: 24 }} aria-labelledby="audit-integrity">
      <h2 id="audit-integrity" className={ui.cardTitle}>
        Tamper-evidence
      </h2>
      <ChainState chain={chain} />
      {canExport ? <ExportForm from={from} to={to} /> : null}
    </section>
  );
}

export default function Audit() {
  const { params, entries, total, page, per_page, organizations, chain, canExport } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Audit log</h1>
          <p className={ui.pageLead}>Every change: who made it, what it was, when (UTC) and from which address.</p>
        </div>
      </div>
      <Integrity chain={chain} canExport={canExport} from={params.from} to={params.to} />
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
      <ListPagination page={page} total={total} perPage={per_page} noun="entries" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
