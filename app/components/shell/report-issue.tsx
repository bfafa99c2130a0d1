// Report Issue: a form that sends a description with the page's address to the admins (kept
// upstream, mailed through the outbox). In the top bar it is a disclosure (ReportIssueMenu, fetched
// by report-issue-menu.tsx when the user comes near it); it posts to the UI route /report-issue, which redirects
// back with a toast, so it works without JavaScript. With JavaScript it posts through a fetcher and
// shows errors in place.
import { getFormProps, getTextareaProps, formFields as useForm, type SubmissionResult } from "~/components/ui/form-fields";
import { useFetcher } from "@remix-run/react";
import { BugIcon } from "~/components/icons/bug";
import { ErrorList, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import type { action as reportAction } from "~/routes/_shell+/report-issue";
import * as s from "./shell.css";
import { ReportIssueInputConstraints } from "~/models/form-constraints/ReportIssueInput";

export const REPORT_ISSUE_ACTION = "/report-issue";

export function ReportIssueForm({
  url,
  id = "report-issue",
  lastResult,
}: {
  url: string;
  id?: string;
  /** The action's answer when the form was posted without JavaScript (the /report-issue page). */
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<typeof reportAction>({ key: id });
  const [form, fields] = useForm({
    id,
    constraint: ReportIssueInputConstraints,
    lastResult: fetcher.state === "idle" ? (fetcher.data?.result ?? lastResult) : undefined,
  });
  const { key, ...textarea } = getTextareaProps(fields.description, { ariaAttributes: true });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={REPORT_ISSUE_ACTION} {...getFormProps(form)}>
      <input type="hidden" name="url" value={url} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className={ui.field}>
        <label className={ui.label} htmlFor={fields.description.id}>
          What went wrong?
        </label>
        <textarea
          key={key}
          {...textarea}
          className={ui.textarea}
          rows={5}
          maxLength={ReportIssueInputConstraints.description.maxLength}
          placeholder="Describe what you did and what you expected to happen."
        />
        <span className={ui.hint}>The address of this page and your account are sent with the report.</span>
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`} disabled={busy}>
        {busy ? "Sending…" : "Send the report"}
      </button>
    </fetcher.Form>
  );
}

/** The top bar's Report Issue menu: a disclosure with the form (report-issue-menu.tsx fetches it). */
export function ReportIssueMenu({ url }: { url: string }) {
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuSummary} aria-label="Report Issue" title="Report Issue">
        <BugIcon />
      </summary>
      <div className={s.menuPanel}>
        <div className={s.menuHead}>Report Issue</div>
        <div className={s.menuBody}>
          <ReportIssueForm url={url} />
        </div>
      </div>
    </details>
  );
}
