// Report Issue: a form that sends a description with the page's address to the admins (kept
// upstream, mailed through the outbox). In the top bar it is a disclosure (ReportIssueMenu) with a
// plain form: it posts to the UI route /report-issue, which redirects back with a toast, or shows its
// own page with the form and the errors (routes/_shell+/report-issue.tsx). HTML only: the browser
// checks the constraints, and the page script gives the form the portal's pending idiom.
import { Form } from "@remix-run/react";
import { BugIcon } from "~/components/icons/bug";
import * as ui from "~/components/ui/ui.css";
import { ReportIssueInputConstraints } from "~/models/form-constraints/ReportIssueInput";
import * as s from "./shell.css";

export const REPORT_ISSUE_ACTION = "/report-issue";

/** The description and the send button, for the menu's form and the page's. */
export function ReportIssueFields({ textarea, errors }: { textarea: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }; errors?: React.ReactNode }) {
  return (
    <>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={textarea.id}>
          What went wrong?
        </label>
        <textarea
          {...textarea}
          className={ui.textarea}
          rows={5}
          maxLength={ReportIssueInputConstraints.description.maxLength}
          placeholder="Describe what you did and what you expected to happen."
        />
        <span className={ui.hint}>The address of this page and your account are sent with the report.</span>
        {errors}
      </div>
      <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`}>
        Send the report
      </button>
    </>
  );
}

/** The top bar's Report Issue menu: a disclosure with the form (a refused report shows on the /report-issue page). */
export function ReportIssueMenu({ url }: { url: string }) {
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuSummary} aria-label="Report Issue" title="Report Issue">
        <BugIcon />
      </summary>
      <div className={s.menuPanel}>
        <div className={s.menuHead}>Report Issue</div>
        <div className={s.menuBody}>
          <Form method="post" action={REPORT_ISSUE_ACTION} id="report-issue">
            <input type="hidden" name="url" value={url} />
            <ReportIssueFields textarea={{ id: "report-issue-description", name: "description", required: ReportIssueInputConstraints.description.required }} />
          </Form>
        </div>
      </div>
    </details>
  );
}
