// POST /resources/error-report: the browser's error boundary reports an uncaught render error here;
// the portal forwards it to POST /error/send_fe_error.json with the signed-in user's e-mail (spec 000
// §4, §7). Open to signed-out visitors too (a public page can fail as well), so it uses getUser rather
// than requireUser; the upstream endpoint is rate-limited and cuts every field.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ERROR_REPORT_FIELD_MAX } from "~/models/schemas/auth";
import { apiFor, getUser } from "~/utils/auth.server";

const field = (v: FormDataEntryValue | null, max = ERROR_REPORT_FIELD_MAX) => (typeof v === "string" ? v.slice(0, max) : "");

export async function loader() {
  return json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > 64 * 1024) return json({ result: false }, { status: 413 });
  const form = await request.formData().catch(() => null);
  if (!form) return json({ result: false }, { status: 400 });
  const user = await getUser(request);
  const api = await apiFor(request, context);
  const answer = await api.post("main", "/error/send_fe_error.json", {
    json: {
      error: field(form.get("error")) || "(no message)",
      errorInfo: field(form.get("errorInfo")),
      errorUrl: field(form.get("errorUrl"), 2000),
      email: user?.email ?? "",
    },
    passthrough: true,
  });
  return json({ result: answer.ok }, { status: answer.ok ? 200 : 502 });
}
