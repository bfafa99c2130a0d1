// /deactivate: deactivate and reactivate user accounts (spec 000 §2 Admin). A deactivated user's
// sessions end at once: the upstream revokes every token, and its requireAuth answers 403 for the
// account, which signs the user out of the portal on their next request.
// POST /admin/users/{id}/deactivate.json, …/activate.json, …/invite.json.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as admin from "~/models/admin.server";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page, INTENTS } from "./__deactivate-page.server";

export const meta: MetaFunction = () => [{ title: "Deactivate users · AeroRecords" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/deactivate");
  const intent = INTENTS[String(form.get("intent")) as keyof typeof INTENTS];
  const id = Number(form.get("user_id"));
  if (!intent || !Number.isSafeInteger(id) || id < 1) return redirectWithToast(back, { type: "error", description: "Choose a user." });
  const res = await admin.changeUser(api, id, intent);
  if (!res.ok) return redirectWithToast(back, { type: "error", description: res.error });
  return redirectWithToast(back, { type: "success", description: res.message ?? "Saved." });
}

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-deactivate", await load(args), () => <Page />);
}

export default function Deactivate() {
  return <PageMarkup id="page-deactivate" />;
}

export const ErrorBoundary = PageErrorBoundary;
