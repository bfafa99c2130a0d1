// /admin/analytics: the admin and member landing (spec 000 §2, §6): the fleet and the portal at a
// glance, as SVG charts rendered on the server (no JavaScript needed), each with a data table.
// One call answers every aggregate: GET /admin/analytics.json (docs/api/admin.md).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { HBarChart, LineChart, VBarChart } from "~/components/svg-chart/svg-chart";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { AnalyticsQuery } from "~/models/schemas/admin.server";
import { formatBytes, SIZE_UNITS } from "~/models/size";
import { vars } from "~/styles/theme.css";
import { requireUser, STAFF } from "~/utils/auth.server";
import { dateTimeUtc, dayMonth } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Analytics · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const { weeks } = listParams(request, AnalyticsQuery);
  const [data, openIssues, mails] = await Promise.all([
    admin.analytics(api, weeks),
    admin.openIssueCount(api),
    admin.outboxCount(api),
  ]);
  return { data, weeks, openIssues, mails };
}

const WEEK_CHOICES = [4, 8, 12, 26, 52] as const;

const people = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`;

const fmt = (n: number | null) => (n == null ? "—" : n.toLocaleString("en-US"));

const ROLE_LABEL: Record<string, string> = {
  admin: "Admins",
  member: "Members",
  ops_template: "Template managers",
  client: "Clients",
  consultant: "Consultants",
};

/** Bytes shown in one unit chosen by the largest value, so the axis reads "0, 50, 100 MB". */
function byteUnit(max: number) {
  const i = max > 0 ? Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(max) / Math.log(1024))) : 0;
  return { unit: SIZE_UNITS[i], div: 1024 ** i };
}

export default function Analytics() {
  const { data: d, weeks, openIssues, mails } = useLoaderData<typeof loader>();
  const status = [
    { key: "operational", name: "In operation", color: vars.color.operation },
    {
      key: "transitional",
      name: "In transition",
      color: vars.color.transition,
    },
    { key: "grounded", name: "Grounded", color: vars.color.grounded },
  ];
  const storageUnit = byteUnit(Math.max(0, ...d.storage.per_week.map((w) => w.cumulative_bytes)));
  const addedUnit = byteUnit(Math.max(0, ...d.storage.per_week.map((w) => w.bytes)));
  // Values are charted in the unit (so the axis gets round ticks) and written with it.
  const inUnit = (u: { unit: string }) => (n: number) => `${Number(n.toFixed(1)).toLocaleString("en-US")} ${u.unit}`;
  const roles = d.users.by_role.filter((r) => r.active + r.inactive > 0);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Analytics</h1>
          <p className={ui.pageLead}>The fleet and the portal at a glance: the last {weeks} weeks, by week starting Monday (UTC).</p>
        </div>
        <Form method="get" className={ui.row}>
          <label className={ui.row}>
            <span className={ui.label}>Period</span>
            <select name="weeks" defaultValue={String(weeks)} className={ui.input} style={{ width: "auto" }}>
              {WEEK_CHOICES.map((w) => (
                <option key={w} value={w}>
                  {w} weeks
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={ui.button.secondary}>
            Show
          </button>
        </Form>
      </div>

      <div className={ui.stats}>
        <Link to="/admin/organization" className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Organizations</span>
          <span className={ui.statValue}>{fmt(d.organizations)}</span>
        </Link>
        <Link to="/dashboard" className={`${ui.stat} ${ui.statTone.operation}`}>
          <span className={ui.statLabel}>Aircraft</span>
          <span className={ui.statValue}>{fmt(d.aircraft.counts.total)}</span>
          <span className={`${ui.small} ${ui.muted}`}>
            {d.aircraft.by_kind.aircraft} aeroplanes · {d.aircraft.by_kind.helicopter} helicopters
          </span>
        </Link>
        <Link to="/deactivate" className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Users</span>
          <span className={ui.statValue}>{fmt(d.users.total)}</span>
        </Link>
        <div className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Files stored</span>
          <span className={ui.statValue}>{fmt(d.storage.total_files)}</span>
          <span className={`${ui.small} ${ui.muted}`}>{formatBytes(d.storage.total_bytes)}</span>
        </div>
        <Link to="/admin/issue-reports" className={`${ui.stat} ${ui.statTone.grounded}`}>
          <span className={ui.statLabel}>Open issue reports</span>
          <span className={ui.statValue}>{fmt(openIssues)}</span>
        </Link>
        <Link to="/admin/outbox" className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Mails in the outbox</span>
          <span className={ui.statValue}>{fmt(mails)}</span>
        </Link>
      </div>

      <div className={s.chartGrid}>
        <HBarChart
          title="Aircraft by status and organization"
          subtitle={`${fmt(d.aircraft.counts.operational)} in operation, ${fmt(d.aircraft.counts.transitional)} in transition, ${fmt(
            d.aircraft.counts.grounded
          )} grounded.`}
          rowHeader="Organization"
          rows={d.aircraft.by_organization.map((o) => o.organization.name)}
          hrefs={d.aircraft.by_organization.map((o) => `/dashboard?organization_id=${o.organization.id}`)}
          series={status}
          values={d.aircraft.by_organization.map((o) => [o.operational, o.transitional, o.grounded])}
          emptyText="No aircraft yet."
        />
        <HBarChart
          title="Users by role"
          subtitle={`${fmt(d.users.total)} accounts; deactivated ones in grey.`}
          rowHeader="Role"
          rows={roles.map((r) => ROLE_LABEL[r.role] ?? r.role)}
          series={[
            { key: "active", name: "Active", color: vars.color.primary },
            { key: "inactive", name: "Deactivated", color: "#9aa8b8" },
          ]}
          values={roles.map((r) => [r.active, r.inactive])}
        />
        <HBarChart
          title="Consultants by approval status"
          subtitle={`${fmt(d.consultants.total)} consultant profiles.`}
          rowHeader="Approval status"
          rows={["Verified", "Undecided", "Disapproved"]}
          hrefs={["verified", "undecided", "disapproved"].map((a) => `/admin/consultant/dashboard?approval=${a}`)}
          series={[{ key: "n", name: "Consultants", color: vars.color.info }]}
          values={[[d.consultants.by_approval.verified], [d.consultants.by_approval.undecided], [d.consultants.by_approval.disapproved]]}
          emptyText="No consultants yet."
        />
        <VBarChart
          title="Files added per week"
          subtitle={`${fmt(d.storage.per_week.reduce((a, w) => a + w.files, 0))} files, ${formatBytes(
            d.storage.per_week.reduce((a, w) => a + w.bytes, 0)
          )} in ${weeks} weeks.`}
          rowHeader="Week of"
          categories={d.weeks}
          categoryLabel={dayMonth}
          series={[{ key: "bytes", name: "Data added", color: vars.color.accent }]}
          values={d.storage.per_week.map((w) => [w.bytes / addedUnit.div])}
          format={inUnit(addedUnit)}
        />
        <LineChart
          title="Storage used"
          subtitle={`${formatBytes(d.storage.total_bytes)} in ${fmt(d.storage.total_files)} files today (files since deleted are not counted).`}
          rowHeader="Week of"
          categories={d.weeks}
          categoryLabel={dayMonth}
          series={[{ key: "used", name: "Storage used", color: vars.color.primary }]}
          values={d.storage.per_week.map((w) => [w.cumulative_bytes / storageUnit.div])}
          format={inUnit(storageUnit)}
        />
        <LineChart
          title="Uploads and sign-ins per week"
          subtitle={`Files uploaded, sign-ins and changes made in the admin area; ${people(d.activity.per_week.at(-1)?.active_users ?? 0)} signed in this week.`}
          rowHeader="Week of"
          categories={d.weeks}
          categoryLabel={dayMonth}
          series={[
            {
              key: "uploads",
              name: "Files uploaded",
              color: vars.color.accent,
            },
            { key: "sign_ins", name: "Sign-ins", color: vars.color.primary },
            {
              key: "changes",
              name: "Admin changes",
              color: vars.color.grounded,
            },
          ]}
          values={d.activity.per_week.map((w) => [w.uploads, w.sign_ins, w.admin_changes])}
        />
      </div>
      <p className={`${ui.small} ${ui.muted}`}>Figures as of {dateTimeUtc(d.generated_at)}.</p>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
