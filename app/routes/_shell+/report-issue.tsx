// /report-issue: where the top bar's Report Issue form posts (spec 001 §1). The description goes to
// POST /user/report_issue.json with the page's address; the admins get it in the issue reports and
// by mail. Success redirects back to the page with a toast; a refused report (400) shows this page
// with the form, the errors and what was typed.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { REPORT_ISSUE_ACTION, ReportIssueFields } from "~/components/shell/report-issue";
import { ErrorList, FormError } from "~/components/ui/form";
import { formFields, getFormProps, getTextareaProps, type SubmissionResult } from "~/components/ui/form-fields";
import * as ui from "~/components/ui/ui.css";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { ReportIssueInputConstraints } from "~/models/form-constraints/ReportIssueInput";
import { roleLanding, safeRedirect } from "~/models/roles";
import { ReportIssueInput } from "~/models/schemas/auth.server";
import { reportIssue } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Report Issue · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const from = new URL(request.url).searchParams.get("url");
  return { url: safeRedirect(from, roleLanding(user.role)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ReportIssueInput });
  const back = safeRedirect(submission.payload.url as string | undefined, roleLanding(user.role));
  if (submission.status !== "success") return data({ result: submission.reply(), url: back }, { status: 400 });
  const answer = await reportIssue(api, { description: submission.value.description, url: new URL(back, request.url).href });
  if (!answer.ok) return data({ result: submission.reply({ formErrors: [answer.error] }), url: back }, { status: 400 });
  return redirectWithToast(back, { type: "success", description: answer.message ?? AUTH_MESSAGES.issueReported });
}

export default function ReportIssuePage() {
  const { url } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = actionData?.url ?? url;
  return (
    <div style={{ maxWidth: 640 }}>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Report Issue</h1>
          <p className={ui.pageLead}>Tell the team what went wrong. The address of the page and your account are sent with the report.</p>
        </div>
      </div>
      <div className={ui.card}>
        <ReportIssueForm url={back} lastResult={actionData?.result ?? null} />
      </div>
      <p>
        <Link to={back}>Back to the page</Link>
      </p>
    </div>
  );
}

/** The form with a refused report's errors and what was typed. */
function ReportIssueForm({ url, lastResult }: { url: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = formFields({ id: "report-issue-page", constraint: ReportIssueInputConstraints, lastResult });
  const { key, ...textarea } = getTextareaProps(fields.description, { ariaAttributes: true });
  return (
    <Form method="post" action={REPORT_ISSUE_ACTION} {...getFormProps(form)}>
      <input type="hidden" name="url" value={url} />
      <FormError id={form.errorId} errors={form.errors} />
      <ReportIssueFields key={key} textarea={textarea} errors={<ErrorList id={fields.description.errorId} errors={fields.description.errors} />} />
    </Form>
  );
}

export const ErrorBoundary = PageErrorBoundary;
