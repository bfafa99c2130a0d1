// An aircraft's (or the fleet's) tabs as cards, one per group_name, each tab a link; `note` adds a
// muted remark after a tab (e.g. how many aircraft carry it).
import { Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";

export interface TabGroupEntry {
  key: string;
  name: string;
  href: string;
  note?: string;
}

export function TabGroups({ groups, headingLevel = 3 }: { groups: { name: string; tabs: TabGroupEntry[] }[]; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={ui.grid}>
      {groups.map((g) => (
        <section key={g.name} className={ui.card} aria-label={g.name}>
          <H className={ui.cardTitle}>{g.name}</H>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {g.tabs.map((t) => (
              <li key={t.key}>
                <Link to={t.href}>{t.name}</Link>
                {t.note ? <span className={`${ui.small} ${ui.muted}`}> ({t.note})</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
