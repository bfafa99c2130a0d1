// /notifications: every notification of the signed-in user (the top bar menu shows the latest), and
// the "mark as read" form the menu posts to.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { BellIcon } from "~/components/icons/bell";
import { EMPTY_NOTIFICATIONS } from "~/components/shell/notifications-menu";
import * as ui from "~/components/ui/ui.css";
import * as user from "~/models/user.server";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { dateTimeUtc } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Notifications · AeroRecords" }];

const TYPE_LABEL: Record<string, string> = { order: "Order", user: "User", project: "Project", feature: "Feature" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  return user.listNotifications(api);
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
  const { notifications, unread } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Notifications</h1>
          <p className={ui.pageLead}>{unread ? `${unread} unread` : "All caught up."}</p>
        </div>
        {unread ? (
          <Form method="post" action="/notifications">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className={ui.button.secondary}>
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <ListTable empty={notifications.length === 0} emptyText={EMPTY_NOTIFICATIONS}>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">Type</th>
            <th scope="col">Received</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {notifications.map((n) => (
            <tr key={n.id}>
              <td style={{ fontWeight: n.read_at ? 400 : 600 }}>
                <BellIcon size={14} /> {n.title}
              </td>
              <td>
                <span className={`${ui.badge} ${ui.badgeTone.info}`}>{TYPE_LABEL[n.type] ?? n.type}</span>
              </td>
              <td className={ui.muted}>{dateTimeUtc(n.created_at)}</td>
              <td style={{ textAlign: "right" }}>
                {n.read_at ? (
                  <span className={ui.muted}>Read</span>
                ) : (
                  <Form method="post" action="/notifications">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                      Mark as read
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
