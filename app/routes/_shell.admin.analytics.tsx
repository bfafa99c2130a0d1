// /admin/analytics: the admin and member landing (spec 000 §2, §6). For now the figures the APIs
// give: the fleet by status and by organization, organizations, client users, consultants by
// approval, open issue reports and mails in the outbox. (The SVG charts come with the admin issue.)
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import type { Api } from "~/models/api.server";
import { IssueReportsAnswer, MailOutboxAnswer } from "~/models/schemas/auth";
import { MarketplaceAnswer } from "~/models/schemas/consultant";
import { AircraftListAnswer, ClientsAnswer, OrganizationsAnswer } from "~/models/schemas/storage";
import { vars } from "~/styles/theme.css";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Analytics · AeroRecords" }];

/** A figure that may be missing: the page still shows when one of the side calls fails. */
async function figure<S extends z.ZodTypeAny>(api: Api, path: string, query: Record<string, string | number>, schema: S): Promise<z.infer<S> | null> {
  const res = await api.call("main", "GET", path, { query, passthrough: true });
  if (!res.ok) {
    console.warn(`[analytics] ${path}: ${res.error}`);
    return null;
  }
  const parsed = schema.safeParse(res.data);
  return parsed.success ? parsed.data : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const [fleet, orgs, clients, verified, disapproved, undecided, issues, outbox] = await Promise.all([
    api.get("main", "/storage/v2/aircraft.json", { query: { per_page: 1000 }, schema: AircraftListAnswer }),
    figure(api, "/storage/organizations.json", {}, OrganizationsAnswer),
    figure(api, "/storage/clients.json", { per_page: 1 }, ClientsAnswer),
    figure(api, "/consultant/list.json", { approval: "verified", per_page: 1 }, MarketplaceAnswer),
    figure(api, "/consultant/list.json", { approval: "disapproved", per_page: 1 }, MarketplaceAnswer),
    figure(api, "/consultant/list.json", { approval: "undecided", per_page: 1 }, MarketplaceAnswer),
    figure(api, "/admin/issue_reports.json", { status: "open", per_page: 1 }, IssueReportsAnswer),
    figure(api, "/admin/mail_outbox.json", { per_page: 1 }, MailOutboxAnswer),
  ]);

  const byOrg = new Map<string, { name: string; total: number; grounded: number; operational: number; transitional: number; helicopters: number }>();
  for (const a of fleet.aircrafts) {
    const row = byOrg.get(a.organization.slug) ?? { name: a.organization.name, total: 0, grounded: 0, operational: 0, transitional: 0, helicopters: 0 };
    row.total += 1;
    if (a.status === "GROUNDED") row.grounded += 1;
    else if (a.status === "IN OPERATION") row.operational += 1;
    else row.transitional += 1;
    if (a.kind === "helicopter") row.helicopters += 1;
    byOrg.set(a.organization.slug, row);
  }
  const productTypes = new Map<string, number>();
  for (const o of orgs?.organizations ?? []) productTypes.set(o.product_type, (productTypes.get(o.product_type) ?? 0) + 1);

  return json({
    counts: fleet.counts,
    listed: fleet.aircrafts.length,
    helicopters: fleet.aircrafts.filter((a) => a.kind === "helicopter").length,
    organizations: [...byOrg.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
    organizationCount: orgs?.organizations.length ?? null,
    productTypes: [...productTypes.entries()].sort(),
    clients: clients?.total ?? null,
    consultants: verified && disapproved && undecided ? { verified: verified.total, disapproved: disapproved.total, undecided: undecided.total } : null,
    openIssues: issues?.total ?? null,
    mails: outbox?.total ?? null,
  });
}

const fmt = (n: number | null) => (n == null ? "—" : n.toLocaleString("en-US"));

function Bar({ parts }: { parts: { value: number; color: string; label: string }[] }) {
  const total = parts.reduce((s, p) => s + p.value, 0) || 1;
  return (
    <div style={{ display: "flex", height: 10, borderRadius: 5, overflow: "hidden", background: vars.color.surfaceAlt, minWidth: 120 }} aria-hidden="true">
      {parts.map((p) => (p.value ? <span key={p.label} title={`${p.label}: ${p.value}`} style={{ width: `${(p.value / total) * 100}%`, background: p.color }} /> : null))}
    </div>
  );
}

export default function Analytics() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Analytics</h1>
          <p className={ui.pageLead}>The fleet and the portal at a glance.</p>
        </div>
      </div>

      <h2 style={{ fontSize: 16 }}>Fleet by status</h2>
      <StatusCounts counts={d.counts} hrefFor={(s) => (s ? `/storage/overview?status=${encodeURIComponent(s)}` : "/storage/overview")} />

      <h2 style={{ fontSize: 16 }}>Portal</h2>
      <div className={ui.stats}>
        <div className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Organizations</span>
          <span className={ui.statValue}>{fmt(d.organizationCount)}</span>
          {d.productTypes.length ? <span className={`${ui.small} ${ui.muted}`}>{d.productTypes.map(([t, n]) => `${n} ${t}`).join(" · ")}</span> : null}
        </div>
        <div className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Client users</span>
          <span className={ui.statValue}>{fmt(d.clients)}</span>
        </div>
        <div className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Consultants</span>
          <span className={ui.statValue}>{d.consultants ? fmt(d.consultants.verified + d.consultants.disapproved + d.consultants.undecided) : "—"}</span>
          {d.consultants ? (
            <span className={`${ui.small} ${ui.muted}`}>
              {d.consultants.verified} verified · {d.consultants.undecided} undecided · {d.consultants.disapproved} disapproved
            </span>
          ) : null}
        </div>
        <Link to="/admin/issue-reports" className={`${ui.stat} ${ui.statTone.grounded}`}>
          <span className={ui.statLabel}>Open issue reports</span>
          <span className={ui.statValue}>{fmt(d.openIssues)}</span>
        </Link>
        <Link to="/admin/outbox" className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Mails in the outbox</span>
          <span className={ui.statValue}>{fmt(d.mails)}</span>
        </Link>
      </div>

      <h2 style={{ fontSize: 16 }}>Aircraft by organization</h2>
      <div className={ui.tableWrap}>
        {d.organizations.length === 0 ? (
          <p className={ui.empty}>No aircraft yet.</p>
        ) : (
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">Aircraft</th>
                <th scope="col">Helicopters</th>
                <th scope="col">Grounded</th>
                <th scope="col">In operation</th>
                <th scope="col">In transition</th>
                <th scope="col" style={{ width: "30%" }}>
                  Status mix
                </th>
              </tr>
            </thead>
            <tbody>
              {d.organizations.map((o) => (
                <tr key={o.name}>
                  <td>
                    <strong>{o.name}</strong>
                  </td>
                  <td>{o.total}</td>
                  <td>{o.helicopters}</td>
                  <td>{o.grounded}</td>
                  <td>{o.operational}</td>
                  <td>{o.transitional}</td>
                  <td>
                    <Bar
                      parts={[
                        { label: "In operation", value: o.operational, color: vars.color.operation },
                        { label: "In transition", value: o.transitional, color: vars.color.transition },
                        { label: "Grounded", value: o.grounded, color: vars.color.grounded },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {d.listed < d.counts.total ? (
        <p className={`${ui.small} ${ui.muted}`}>
          The table covers the first {d.listed} of {d.counts.total} aircraft.
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
