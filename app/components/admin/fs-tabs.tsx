// The two halves of file-server administration as tabs: users and groups.
import { Link, useLocation } from "@remix-run/react";
import * as s from "./admin.css";

export function FileServerTabs() {
  const { pathname } = useLocation();
  const tabs = [
    { to: "/nextcloud/user", label: "Users" },
    { to: "/nextcloud/group", label: "Groups" },
  ];
  return (
    <ul className={s.tabs} aria-label="File server">
      {tabs.map((t) => (
        <li key={t.to}>
          <Link to={t.to} className={s.tab} aria-current={pathname.startsWith(t.to) ? "page" : undefined}>
            {t.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
