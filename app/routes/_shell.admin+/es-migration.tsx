// /admin/es-migration: rebuild the file-search index for one organization or all (the spec's "search
// engine migration"). POST /admin/search/reindex.json queues a job; an in-process worker rebuilds in
// place, batch by batch, so search keeps answering, and resumes after a restart. While a job runs the
// page refreshes itself every few seconds (a meta refresh: no JavaScript needed).
import { parseWithZod } from "@conform-to/zod";
import { REINDEX_REFRESH_SECONDS } from "~/models/admin-constants";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { dateTimeUtc } from "~/utils/dates";
import { FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { submitChange } from "~/models/forms.server";
import { ReindexInput } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { JOB_STATUS_LABEL } from "~/models/status-labels";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "ES migration · AeroRecords" },
  ...(data?.busy ? [{ httpEquiv: "refresh", content: String(REINDEX_REFRESH_SECONDS) }] : []),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const data = await admin.reindexStatus(api);
  return { ...data, busy: data.jobs.some((j) => j.status === "queued" || j.status === "running") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const submission = parseWithZod(await request.formData(), { schema: ReindexInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.startReindex(api, submission.value),
    submission,
    redirectTo: () => "/admin/es-migration",
  });
}


const STATUS = {
  queued: { label: JOB_STATUS_LABEL.queued, tone: "neutral" },
  running: { label: JOB_STATUS_LABEL.running, tone: "info" },
  done: { label: JOB_STATUS_LABEL.done, tone: "success" },
  failed: { label: JOB_STATUS_LABEL.failed, tone: "danger" },
} as const;

const n = (v: number | null) => (v == null ? "—" : v.toLocaleString("en-US"));

export default function EsMigration() {
  const { jobs, index, busy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors =
    navigation.state === "idle" && actionData?.result?.error
      ? Object.values(actionData.result.error)
          .flat()
          .filter((e): e is string => typeof e === "string")
      : null;
  const missing = index.items - index.indexed;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>ES migration</h1>
          <p className={ui.pageLead}>
            Rebuild the file-search index. Search keeps working while it runs; an interrupted rebuild resumes when the portal restarts.
          </p>
        </div>
      </div>

      <div className={ui.stats}>
        <div className={`${ui.stat} ${ui.statTone.neutral}`}>
          <span className={ui.statLabel}>Records</span>
          <span className={ui.statValue}>{n(index.items)}</span>
          <span className={`${ui.small} ${ui.muted}`}>folders and files</span>
        </div>
        <div className={`${ui.stat} ${missing === 0 ? ui.statTone.operation : ui.statTone.transition}`}>
          <span className={ui.statLabel}>In the index</span>
          <span className={ui.statValue}>{n(index.indexed)}</span>
          <span className={`${ui.small} ${ui.muted}`}>
            {missing === 0 ? "in step with the records" : `${missing > 0 ? `${n(missing)} missing` : `${n(-missing)} stale`}`}
          </span>
        </div>
      </div>

      <Form method="post" className={s.formCard} style={{ marginBottom: 24 }}>
        <FormError errors={errors} />
        <div className={ui.filterBar} style={{ marginBottom: 0 }}>
          <label className={ui.field} style={{ flex: "1 1 260px" }}>
            <span className={ui.label}>Rebuild</span>
            <select name="organization_id" className={ui.input} defaultValue="">
              <option value="">All organizations</option>
              {index.by_organization.map((o) => (
                <option key={o.organization.id} value={o.organization.id}>
                  {o.organization.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            Start rebuild
          </button>
        </div>
      </Form>

      <section aria-labelledby="jobs-title" aria-live="polite">
        <h2 id="jobs-title" className={s.sectionTitle}>
          Rebuilds {busy ? <span className={`${ui.small} ${ui.muted}`}>· this page refreshes every {REINDEX_REFRESH_SECONDS} seconds while one runs</span> : null}
        </h2>
        <ListTable empty={jobs.length === 0} emptyText="No rebuilds yet.">
          <thead>
            <tr>
              <th scope="col">Scope</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Entries before</th>
              <th scope="col">Entries after</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.id}>
                <td>{j.organization?.name ?? "All organizations"}</td>
                <td>
                  <span className={`${ui.badge} ${ui.badgeTone[STATUS[j.status].tone]}`}>{STATUS[j.status].label}</span>
                </td>
                <td style={{ minWidth: 180 }}>
                  <progress className={s.progress} max={100} value={j.percent} aria-label={`Rebuild ${j.id} progress`}>
                    {j.percent}%
                  </progress>
                  <div className={`${ui.small} ${ui.muted}`}>
                    {n(j.done)} of {n(j.total)} ({j.percent}%)
                  </div>
                </td>
                <td>{n(j.count_before)}</td>
                <td>{n(j.count_after)}</td>
                <td>
                  {dateTimeUtc(j.created_at)}
                  {j.created_by ? <div className={`${ui.small} ${ui.muted}`}>by {j.created_by}</div> : null}
                </td>
                <td>{j.finished_at ? dateTimeUtc(j.finished_at) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      </section>

      <section className={s.section} aria-labelledby="orgs-title">
        <h2 id="orgs-title" className={s.sectionTitle}>
          By organization
        </h2>
        <ListTable>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Records</th>
              <th scope="col">In the index</th>
            </tr>
          </thead>
          <tbody>
            {index.by_organization.map((o) => (
              <tr key={o.organization.id}>
                <td>{o.organization.name}</td>
                <td>{n(o.items)}</td>
                <td>
                  {n(o.indexed)} {o.indexed !== o.items ? <span className={`${ui.badge} ${ui.badgeTone.warning}`}>differs</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
