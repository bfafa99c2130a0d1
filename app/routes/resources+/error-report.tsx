// POST /resources/error-report: the browser's error boundary reports an uncaught render error here;
// the portal forwards it to POST /error/send_fe_error.json with the signed-in user's e-mail (spec 000
// §4, §7). Open to signed-out visitors too (a public page can fail as well), so it uses getUser rather
// than requireUser; the upstream endpoint is rate-limited and cuts every field.
import type { ActionFunctionArgs } from "@remix-run/node";
import { ERROR_REPORT_FIELD_MAX } from "~/models/auth-constants";
import { reportFrontEndError } from "~/models/error-report.server";
import { apiFor, getUser } from "~/utils/auth.server";

const hasNul = (s: string) => s.includes("\u0000");

/** The report's fields, or null when the body is not a usable report (nothing is stored then). */
export function readReport(form: FormData | null): { error: string; errorInfo: string; errorUrl: string } | null {
  if (!form) return null;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : null;
  };
  const error = text("error")?.trim() ?? "";
  const errorInfo = text("errorInfo") ?? "";
  const errorUrl = text("errorUrl") ?? "";
  if (!error || [error, errorInfo, errorUrl].some(hasNul)) return null;
  return { error: error.slice(0, ERROR_REPORT_FIELD_MAX), errorInfo: errorInfo.slice(0, ERROR_REPORT_FIELD_MAX), errorUrl: errorUrl.slice(0, 2000) };
}

export async function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > 64 * 1024) return Response.json({ result: false }, { status: 413 });
  // An empty, malformed or NUL-containing body is the sender's mistake: 400, and nothing is stored.
  const report = readReport(await request.formData().catch(() => null));
  if (!report) return Response.json({ result: false, error: "An error report needs a non-empty error field, sent as a form." }, { status: 400 });
  const user = await getUser(request);
  const api = await apiFor(request, context);
  const answer = await reportFrontEndError(api, { ...report, email: user?.email ?? "" });
  if (answer.ok) return Response.json({ result: true });
  const status = answer.status === 422 ? 400 : answer.status === 429 || answer.status === 413 ? answer.status : 502;
  return Response.json({ result: false }, { status });
}
