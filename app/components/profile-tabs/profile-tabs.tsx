// The tab bar of /consultant/profile/{id}/{tab} and /consultant/settings/{id}/{tab}: plain links, the
// current one marked aria-current="page".
import { Link } from "@remix-run/react";
import * as s from "./profile-tabs.css";

export interface TabLink {
  key: string;
  label: string;
  to: string;
}

export function ProfileTabs({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <nav className={s.nav} aria-label={label}>
      <ul className={s.list}>
        {tabs.map((t) => (
          <li key={t.key}>
            <Link to={t.to} className={s.tab} aria-current={t.key === current ? "page" : undefined} preventScrollReset>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
