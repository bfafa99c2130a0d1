// The notifications menu of the top bar: a <details> disclosure (opens without JavaScript), the
// latest notifications, "There's nothing here..." when empty (spec 000 §8), and "Mark all as read".
import { Form, Link, useLocation } from "@remix-run/react";
import { BellIcon, ChatIcon, FileIcon, StarIcon, UserIcon } from "~/components/icons/icons";
import * as ui from "~/components/ui/ui.css";
import type { NotificationEntry } from "~/models/shell.server";
import { dateTimeUtc } from "~/utils/dates";
import * as s from "./shell.css";

export const EMPTY_NOTIFICATIONS = "There's nothing here...";

const TYPE_ICON: Record<string, (p: { size?: number }) => JSX.Element> = {
  order: FileIcon,
  user: UserIcon,
  project: ChatIcon,
  feature: StarIcon,
};

export function NotificationsMenu({ items, unread }: { items: NotificationEntry[]; unread: number }) {
  const location = useLocation();
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuSummary} aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"} title="Notifications">
        <BellIcon />
        {unread ? <span className={s.counter}>{unread > 99 ? "99+" : unread}</span> : null}
      </summary>
      <div className={s.menuPanel}>
        <div className={s.menuHead}>
          <span>Notifications</span>
          {unread ? (
            <Form method="post" action="/notifications">
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                Mark all as read
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className={s.menuEmpty}>{EMPTY_NOTIFICATIONS}</p>
        ) : (
          <ul className={s.menuList}>
            {items.slice(0, 8).map((n) => {
              const Icon = TYPE_ICON[n.type] ?? BellIcon;
              return (
                <li key={n.id} className={s.menuItem} data-unread={n.read_at ? undefined : "true"}>
                  <span className={s.menuItemIcon}>
                    <Icon size={15} />
                  </span>
                  <span>
                    <span style={{ display: "block", fontWeight: n.read_at ? 400 : 600 }}>{n.title}</span>
                    <span className={`${ui.small} ${ui.muted}`}>{dateTimeUtc(n.created_at)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <div className={s.menuFoot}>
          <Link to="/notifications">See all notifications</Link>
        </div>
      </div>
    </details>
  );
}
