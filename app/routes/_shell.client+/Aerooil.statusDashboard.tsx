// /client/Aerooil/statusDashboard: an aircraft's oil status page (spec 001 §2 "Status pages"; issue 15
// items 1 and 2): titled Status Overview before 2024-08-19 and Status Dashboard from then on (the
// aircraft's OIL issue date rules, else today; ADR 037), the counts of the user's oil fleet (total,
// grounded, operational, transitional), the status of each unit and the watched rows of the
// aircraft's oil tabs, each leading to its tab (watched rows only), the rows above an alert limit
// (ADR 048) and a chart of both per tab (server-rendered SVG). The top bar offers the dashboard as a
// PNG drawn on the server (/resources/oil-dashboard-png) and Share, which mails a link to the page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { DashboardActions } from "~/components/oil-dashboard/dashboard-actions";
import { DashboardChart } from "~/components/oil-dashboard/dashboard-chart";
import { oilHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { OpsTabBar } from "~/components/ops-tab-bar/ops-tab-bar";
import * as ui from "~/components/ui/ui.css";
import { oilContextQuery, requireOilAircraftRef, requireOilUser, shareDashboardAction, statusDashboard, type ShareDashboardProblem } from "~/models/oil-pages.server";
import { OIL_STATUS_TAB } from "~/models/oil-rules";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { ShareDialog } from "~/components/share-dialog/share-dialog";

/** The top bar: the OIL issue date, and the dashboard's PNG download and Share. */
export const handle = withActions<{ q: string }>(oilHandle, (d) => <DashboardActions q={d.q} place="top" />);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.title} · MSN ${data.header.msn}` : "Status Dashboard"} · AeroOIL · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  const url = new URL(request.url);
  const ref = requireOilAircraftRef(url);
  const d = await statusDashboard(api, ref);
  const q = oilContextQuery(url);
  const tabHrefs = d.byTab.map((t) => `/client/Aerooil/${encodeURIComponent(t.tab_id)}${q}`);
  return {
    ...d,
    q,
    dialog: url.searchParams.get("dialog") === "share" ? ("share" as const) : null,
    tabHrefs,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  return shareDashboardAction(request, api, requireOilAircraftRef(new URL(request.url)));
}

function cellText(value: unknown, type: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (type === "date" && typeof value === "string") return dayMonthYear(value) || value;
  if (type === "number" && typeof value === "number") return value.toLocaleString("en-US");
  return String(value);
}

const RESULT_TONE: Record<string, string> = { Alert: ui.badgeTone.danger, Monitor: ui.badgeTone.warning, Normal: ui.badgeTone.success };

export default function StatusDashboard() {
  const d = useLoaderData<typeof loader>();
  const shareProblem = (useActionData<typeof action>() ?? null) as ShareDashboardProblem | null;
  const overTotal = d.crossings.reduce((n, t) => n + t.rows, 0);
  const tabHref = (id: string, extra = "") => (id === OIL_STATUS_TAB ? `/client/Aerooil/statusDashboard${d.q}` : `/client/Aerooil/${encodeURIComponent(id)}${d.q}${extra}`);
  const watchedTotal = d.attention.reduce((n, t) => n + t.total, 0);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.title}</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · OIL issue date {dayMonthYear(d.header.oil_issue_date) || "—"} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <div className={ui.row}>
          <DashboardActions q={d.q} place="page" />
          <Link to="/Aerooil/org" className={ui.button.ghost}>
            AeroOIL Home
          </Link>
        </div>
      </div>

      <h2 className={ui.cardTitle}>Your AeroOIL fleet</h2>
      <StatusCounts counts={d.counts} hrefFor={(s) => (s ? `/Aerooil/org?status=${encodeURIComponent(s)}` : "/Aerooil/org")} />

      {d.units ? (
        <section aria-labelledby="units-title" style={{ marginBottom: 24 }}>
          <h2 id="units-title" className={ui.cardTitle}>
            Status by unit
          </h2>
          <ListTable empty={d.units.rows.length === 0} emptyText="No units are listed for this aircraft yet.">
            <thead>
              <tr>
                {d.units.columns.map((c) => (
                  <th key={c.name} scope="col">
                    {c.name}
                  </th>
                ))}
                <th scope="col">Watch</th>
              </tr>
            </thead>
            <tbody>
              {d.units.rows.map((r) => (
                <tr key={r.id}>
                  {d.units!.columns.map((c) => (
                    <td key={c.name}>
                      {c.name === "Status" && typeof r.data[c.name] === "string" ? (
                        <span className={`${ui.badge} ${RESULT_TONE[String(r.data[c.name])] ?? ui.badgeTone.neutral}`}>{String(r.data[c.name])}</span>
                      ) : (
                        cellText(r.data[c.name], c.type)
                      )}
                    </td>
                  ))}
                  <td>{r.watched ? "Watched" : "Unwatched"}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        </section>
      ) : null}

      <section aria-labelledby="limits-title" style={{ marginBottom: 24 }}>
        <h2 id="limits-title" className={ui.cardTitle}>
          Alert limits
        </h2>
        <p className={ui.pageLead} style={{ marginTop: 0, marginBottom: 12 }} data-crossings={overTotal}>
          {d.crossings.length === 0
            ? "No alert limit is set on this aircraft's oil tabs. A Super User sets them on a tab's Alert limits."
            : overTotal === 0
            ? "No row is above an alert limit."
            : `${overTotal} ${overTotal === 1 ? "row is" : "rows are"} above an alert limit in ${d.crossings.filter((t) => t.rows > 0).length} ${
                d.crossings.filter((t) => t.rows > 0).length === 1 ? "tab" : "tabs"
              }.`}
        </p>
        {d.crossings.length ? (
          <ListTable label="Rows above alert limits">
            <thead>
              <tr>
                <th scope="col">Tab</th>
                <th scope="col">Alert limits</th>
                <th scope="col">Rows above</th>
              </tr>
            </thead>
            <tbody>
              {d.crossings.map((t) => (
                <tr key={t.tab_id} data-tab={t.tab_id} data-crossings={t.rows}>
                  <td>
                    <Link to={`${tabHref(t.tab_id)}#limits`}>{t.tab_name}</Link>
                  </td>
                  <td>{t.limits.map((l) => `${l.column} ${l.limit.toLocaleString("en-US")}`).join(" · ")}</td>
                  <td>
                    {t.rows > 0 ? (
                      <span className={`${ui.badge} ${ui.badgeTone.danger}`}>
                        {t.rows} {t.rows === 1 ? "row" : "rows"}
                        {t.limits.length > 1
                          ? ` (${Object.entries(t.by_column)
                              .filter(([, n]) => n > 0)
                              .map(([c, n]) => `${c} ${n}`)
                              .join(", ")})`
                          : ""}
                      </span>
                    ) : (
                      "0"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        ) : null}
      </section>

      {d.byTab.length ? (
        <section aria-label="Chart" style={{ marginBottom: 24, maxWidth: 760 }}>
          <DashboardChart byTab={d.byTab} hrefs={d.tabHrefs} />
        </section>
      ) : null}

      <section aria-labelledby="attention-title" style={{ marginBottom: 24 }}>
        <h2 id="attention-title" className={ui.cardTitle}>
          Needs attention
        </h2>
        <p className={ui.pageLead} style={{ marginTop: 0, marginBottom: 12 }}>
          {watchedTotal
            ? `${watchedTotal} watched ${watchedTotal === 1 ? "row" : "rows"} in ${d.attention.length} ${d.attention.length === 1 ? "tab" : "tabs"}.`
            : "No row of this aircraft's oil tabs is watched. Watch a row on its tab to follow it here."}
        </p>
        <div className={ui.stack}>
          {d.attention.map((t) => (
            <div key={t.tab_id} className={ui.card} data-tab={t.tab_id}>
              <div className={ui.row} style={{ justifyContent: "space-between", marginBottom: 8 }}>
                <h3 style={{ margin: 0 }}>
                  <Link to={tabHref(t.tab_id, "&watched_only=1")}>{t.tab_name}</Link>
                </h3>
                <span className={`${ui.badge} ${ui.badgeTone.warning}`}>
                  {t.total} watched {t.total === 1 ? "row" : "rows"}
                </span>
              </div>
              {t.error ? (
                <p className={ui.alert.error} role="alert">
                  {t.error}
                </p>
              ) : (
                <ListTable label={`Watched rows of ${t.tab_name}`}>
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      {t.columns.map((c) => (
                        <th key={c.name} scope="col">
                          {c.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {t.rows.map((r) => (
                      <tr key={r.id}>
                        <td>{r.position}</td>
                        {r.cells.map((v, i) => (
                          <td key={i}>{cellText(v, t.columns[i]!.type)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </ListTable>
              )}
              {t.total > t.rows.length ? (
                <p className={ui.small} style={{ marginBottom: 0 }}>
                  <Link to={tabHref(t.tab_id, "&watched_only=1")}>All {t.total} watched rows of {t.tab_name}</Link>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </section>

      <OpsTabBar tabs={d.bar} current={OIL_STATUS_TAB} hrefFor={(id) => tabHref(id)} />
      {d.dialog === "share" ? <ShareDialog
          closeHref={`/client/Aerooil/statusDashboard${d.q}`}
          problem={shareProblem}
          msn={d.header.msn}
          title={`Share the ${d.title}`}
          subtitle={`A link to the AeroOIL ${d.title.toLowerCase()} of MSN ${d.header.msn}; recipients sign in to open it.`}
        /> : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

