// /admin/consultant/dashboard: every consultant (active or not, onboarded or not), by approval status,
// searched, sorted and paged in the URL (GET /admin/consultants.json). Approve and disapprove from
// the list (GET /consultant/{id}/approve_consultant.json, disapprove_consultant.json); the profile
// opens at /consultant/profile/{id}/overview.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as admin from "~/models/admin.server";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page, DECISIONS } from "./__consultant-dashboard-page.server";

export const meta: MetaFunction = () => [{ title: "Consultants · AeroRecords" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/admin/consultant/dashboard");
  const approve = DECISIONS[String(form.get("intent")) as keyof typeof DECISIONS];
  const id = Number(form.get("id"));
  if (approve === undefined || !Number.isSafeInteger(id) || id < 1) return redirectWithToast(back, { type: "error", description: "Choose a consultant." });
  const res = await admin.decideConsultant(api, id, approve);
  if (!res.ok) return redirectWithToast(back, { type: "error", description: res.error });
  return redirectWithToast(back, { type: "success", description: res.message ?? "Saved." });
}

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-consultants", await load(args), () => <Page />);
}

export default function Consultants() {
  return <PageMarkup id="page-admin-consultants" />;
}

export const ErrorBoundary = PageErrorBoundary;
