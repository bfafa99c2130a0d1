// /admin/issue-reports: what users sent with Report Issue (GET /admin/issue_reports.json), open
// first by default; admins and members close them (POST /admin/issue_reports/{id}/close.json).
import * as admin from "~/models/admin.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination, RowActionButton, RowActionForm } from "~/components/admin/list-parts";
import { ActionsCell, ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { dateTimeUtc } from "~/utils/dates";
import * as ui from "~/components/ui/ui.css";
import { safeRedirect } from "~/models/roles";
import { requireUser, STAFF } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ISSUE_STATUS_LABEL } from "~/models/status-labels";

export const meta: MetaFunction = () => [{ title: "Issue reports · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  const status = FILTERS.find((f) => f.value === url.searchParams.get("status"))?.value ?? "open";
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const data = await admin.listIssueReports(api, { status: status === "all" ? undefined : status, page, per_page: PER_PAGE });
  return { status, ...data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/admin/issue-reports");
  const id = Number(form.get("id"));
  if (form.get("intent") !== "close" || !Number.isSafeInteger(id) || id < 1) {
    return redirectWithToast(back, { type: "error", description: "Choose a report to close." });
  }
  const answer = await admin.closeIssueReport(api, id);
  if (!answer.ok) return redirectWithToast(back, { type: "error", description: answer.error });
  return redirectWithToast(back, { type: "success", description: answer.message ?? `Issue report #${id} closed.` });
}

const PER_PAGE = 20;

const FILTERS = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
] as const;

export default function IssueReports() {
  const { status, reports, total, page, per_page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const here = location.pathname + location.search;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Issue reports</h1>
          <p className={ui.pageLead}>What users reported with Report Issue, with the page they were on.</p>
        </div>
      </div>
      <nav className={ui.row} aria-label="Filter" style={{ marginBottom: 16 }}>
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`?status=${f.value}`}
            className={`${f.value === status ? ui.button.primary : ui.button.secondary} ${ui.buttonSmall}`}
            aria-current={f.value === status ? "page" : undefined}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <ListTable empty={reports.length === 0} emptyText={status === "open" ? "No open issue reports." : "No issue reports."}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Report</th>
            <th scope="col">From</th>
            <th scope="col">Received</th>
            <th scope="col">Status</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => {
            const closing = navigation.formData?.get("id") === String(r.id);
            return (
              <tr key={r.id} data-report-id={r.id}>
                <td className={ui.muted}>{r.id}</td>
                <td style={{ maxWidth: 520 }}>
                  <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{r.description}</div>
                  {r.url ? (
                    <a href={r.url} className={ui.small} style={{ wordBreak: "break-all" }}>
                      {r.url}
                    </a>
                  ) : null}
                </td>
                <td>
                  {r.user.username}
                  <div className={`${ui.small} ${ui.muted}`}>{r.user.email}</div>
                </td>
                <td className={ui.muted}>{dateTimeUtc(r.created_at)}</td>
                <td>
                  {r.status === "open" ? (
                    <span className={`${ui.badge} ${ui.badgeTone.warning}`}>{ISSUE_STATUS_LABEL.open}</span>
                  ) : (
                    <span className={`${ui.badge} ${ui.badgeTone.neutral}`} title={r.closed_at ? `Closed ${dateTimeUtc(r.closed_at)}` : undefined}>
                      {ISSUE_STATUS_LABEL.closed}
                    </span>
                  )}
                </td>
                <ActionsCell>
                  {r.status === "open" ? (
                    <RowActionForm fields={{ intent: "close", id: r.id }} redirectTo={here}>
                      <RowActionButton disabled={closing} label={`Close report #${r.id}`}>
                        {closing ? "Closing…" : "Close"}
                      </RowActionButton>
                    </RowActionForm>
                  ) : null}
                </ActionsCell>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="reports" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
