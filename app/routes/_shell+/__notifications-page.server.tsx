// /notifications as server markup (issue 12, ADR 063): every notification of the signed-in user, with
// the "mark as read" forms (plain posts answered by a redirect with a toast).
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { BellIcon } from "~/components/icons/bell";
import { MarkupForm } from "~/components/server-markup/markup-elements";
import { EMPTY_NOTIFICATIONS } from "~/components/shell/notifications-menu";
import * as ui from "~/components/ui/ui.css";
import type { listNotifications } from "~/models/user.server";
import { dateTimeUtc } from "~/utils/dates";

type Data = Awaited<ReturnType<typeof listNotifications>>;

const TYPE_LABEL: Record<string, string> = { order: "Order", user: "User", project: "Project", feature: "Feature" };

export function NotificationsPage({ notifications, unread }: Data) {
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Notifications</h1>
          <p className={ui.pageLead}>{unread ? `${unread} unread` : "All caught up."}</p>
        </div>
        {unread ? (
          <MarkupForm action="/notifications">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className={ui.button.secondary}>
              Mark all as read
            </button>
          </MarkupForm>
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
                  <MarkupForm action="/notifications">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                      Mark as read
                    </button>
                  </MarkupForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </>
  );
}
