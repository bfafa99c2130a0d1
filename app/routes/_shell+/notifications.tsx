// /notifications: every notification of the signed-in user (the top bar menu shows the latest), and
// the "mark as read" form the menu posts to. The page is server markup (__notifications-page.server.tsx,
// ADR 063): the browser downloads none of its components.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import * as user from "~/models/user.server";
import { markupJson } from "~/utils/page-markup.server";
import { NotificationsPage } from "./__notifications-page.server";

export const meta: MetaFunction = () => [{ title: "Notifications · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const data = await user.listNotifications(api);
  return markupJson({ context }, "page-notifications", <NotificationsPage {...data} />);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/notifications");
  const id = Number(form.get("id"));
  const answer = await user.markNotificationsRead(api, form.get("intent") === "read" && Number.isSafeInteger(id) && id > 0 ? [id] : undefined);
  if (!answer.ok) return redirectWithToast(back, { type: "error", description: answer.error });
  return redirectWithToast(back, { type: "success", description: answer.message ?? "Notifications marked as read." });
}

export default function NotificationsRoute() {
  return <PageMarkup id="page-notifications" />;
}

export const ErrorBoundary = PageErrorBoundary;
