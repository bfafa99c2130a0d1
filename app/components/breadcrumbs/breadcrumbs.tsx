// The folder chain of a listing ("Aircraft › Records › 2024"): every ancestor is a link, the current
// folder is plain text with aria-current.
import { Link } from "@remix-run/react";
import { ChevronRightIcon } from "~/components/icons/chevron-right";
import { HomeIcon } from "~/components/icons/home";
import * as s from "./breadcrumbs.css";

export interface Crumb {
  name: string;
  href: string;
}

export function Breadcrumbs({ items, label = "Folder path" }: { items: Crumb[]; label?: string }) {
  if (!items.length) return null;
  return (
    <nav aria-label={label} className={s.nav}>
      <ol className={s.list}>
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={c.href} className={s.item}>
              {i > 0 ? <ChevronRightIcon size={14} className={s.sep} /> : <HomeIcon size={14} className={s.sep} />}
              {last ? (
                <span className={s.current} aria-current="page">
                  {c.name}
                </span>
              ) : (
                <Link className={s.link} to={c.href} title={c.name}>
                  {c.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
