// /nextcloud/user: accounts of the file server behind the storage product (GET /admin/fs/users.json),
// searched, sorted and paged in the URL; enable or disable one (POST /admin/fs/users/{id}.json).
// The file server is the embedded registry (docs/decisions/, the file-server ADR).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as admin from "~/models/admin.server";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__user-index-page.server";

export const meta: MetaFunction = () => [{ title: "File-server users · AeroRecords" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/nextcloud/user");
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  if ((intent !== "enable" && intent !== "disable") || !Number.isSafeInteger(id) || id < 1)
    return redirectWithToast(back, { type: "error", description: "Choose a user." });
  const res = await admin.setFsUserEnabled(api, id, intent === "enable");
  return redirectWithToast(back, res.ok ? { type: "success", description: res.message ?? "Saved." } : { type: "error", description: res.error });
}

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-nextcloud-users", await load(args), () => <Page />, { index: true });
}

export default function FileServerUsers() {
  return <PageMarkup id="page-nextcloud-users" />;
}

export const ErrorBoundary = PageErrorBoundary;
