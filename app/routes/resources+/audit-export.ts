// POST /resources/audit-export (from, to: YYYY-MM-DD, either may be blank): a period of the audit log
// as a JSON attachment with its previous hash and chain head, for an auditor to verify on their own
// (issue 19 item 5, ADR 044). Admins only (the upstream checks it too). A refusal (a start after the
// end, a member) comes back as an error toast on the audit page, the period kept in its URL.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as admin from "~/models/admin.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const loader = () => redirect("/admin/audit");

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["admin"] });
  const form = await request.formData();
  const field = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" && DATE.test(v.trim()) ? v.trim() : undefined;
  };
  const period = { from: field("from"), to: field("to") };
  const back = `/admin/audit?${new URLSearchParams(Object.entries(period).filter((e): e is [string, string] => !!e[1])).toString()}`;
  const res = await admin.auditExport(api, period);
  if (!res.ok) return redirectWithToast(back, { type: "error", description: res.error, duration: 15_000 });
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const v = res.response.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.response.body, { status: 200, headers });
}
