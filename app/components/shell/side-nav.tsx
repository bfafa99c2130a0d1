// The side navigation: brand (UAM logo, or the client's logo "Powered by {product}"), the user's
// name, bio and access label, the links of the role and product, the fleet tree, the USERS list,
// sign-out and the supported-browser note (spec 000 §2, 001 §2).
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { Logo, Mark } from "~/components/brand/logo";
import * as Icons from "~/components/icons/icons";
import type { ShellData } from "~/models/shell.server";
import { PRODUCT_NAME, ROLE_LABEL, type NavIcon, type NavSection } from "~/models/shell";
import { FleetTree } from "./fleet-tree";
import { navCookieValue } from "./nav-pref";
import * as s from "./shell.css";
import { useHydrated } from "./use-hydrated";

export const NO_USERS = "No users to show";
export const BROWSER_NOTE = "Best viewed in Google Chrome";

const ICONS: Record<NavIcon, (p: { size?: number }) => JSX.Element> = {
  home: Icons.HomeIcon,
  chart: Icons.ChartIcon,
  plane: Icons.PlaneIcon,
  report: Icons.ReportIcon,
  list: Icons.ListIcon,
  link: Icons.LinkIcon,
  star: Icons.StarIcon,
  users: Icons.UsersIcon,
  user: Icons.UserIcon,
  chat: Icons.ChatIcon,
  bookmark: Icons.BookmarkIcon,
  settings: Icons.SettingsIcon,
  building: Icons.BuildingIcon,
  shield: Icons.ShieldIcon,
  search: Icons.SearchIcon,
  gauge: Icons.GaugeIcon,
  drop: Icons.DropIcon,
  layers: Icons.LayersIcon,
  inbox: Icons.InboxIcon,
  bug: Icons.BugIcon,
  grid: Icons.GridIcon,
  folder: Icons.FolderIcon,
  wrench: Icons.WrenchIcon,
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

export function SideNav({
  shell,
  sections,
  collapsed,
  onCollapsedChange,
}: {
  shell: ShellData;
  sections: NavSection[];
  collapsed: boolean;
  onCollapsedChange: (next: boolean) => void;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  const { user, branding } = shell;
  const fleet = shell.fleet.shown ? <FleetTree fleet={shell.fleet} currentAircraftId={shell.aircraft?.id ?? shell.pathAircraftId} /> : null;

  return (
    <nav className={s.nav} aria-label="Main">
      <div className={s.brand}>
        <Link to="/" className={s.brandLink} aria-label="Home">
          {branding.clientLogo ? (
            <span className={s.clientLogo}>
              <span className={s.collapsedOnly}>
                <Mark uam={branding.uam} />
              </span>
              <span className={`${s.clientLogoName} ${s.expandedOnly}`}>{branding.clientLogo}</span>
              <span className={`${s.poweredBy} ${s.expandedOnly}`}>Powered by {PRODUCT_NAME[shell.product]}</span>
            </span>
          ) : (
            <Logo uam={branding.uam} wordmarkClassName={s.expandedOnly} />
          )}
        </Link>
      </div>

      <div className={s.userCard}>
        <span className={s.avatar} aria-hidden="true">
          {initials(user.name)}
        </span>
        <div className={s.expandedOnly} style={{ minWidth: 0 }}>
          <div className={s.userName}>{user.name}</div>
          {user.bio ? <div className={s.userBio}>{user.bio}</div> : null}
          <span className={s.accessBadge} data-testid="access-label">
            {shell.accessLabel ?? ROLE_LABEL[user.role]}
          </span>
        </div>
      </div>

      {sections.map((section, i) => (
        <Fragment key={section.title}>
        <div className={s.section}>
          <h2 className={`${s.sectionTitle} ${s.expandedOnly}`}>{section.title}</h2>
          <ul className={s.navList}>
            {section.items.map((item) => {
              const Icon = ICONS[item.icon];
              return (
                <li key={item.label}>
                  {item.to ? (
                    <NavLink to={item.to} end={item.end} className={s.navLink} title={item.label} prefetch="none">
                      <Icon />
                      <span className={s.navLabel}>{item.label}</span>
                    </NavLink>
                  ) : (
                    <span className={s.navLink} aria-disabled="true" title={`${item.label}: ${item.disabledReason ?? "not available"}`}>
                      <Icon />
                      <span className={s.navLabel}>{item.label}</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
        {fleet && (section.fleetAfter || (i === sections.length - 1 && !sections.some((x) => x.fleetAfter))) ? fleet : null}
        </Fragment>
      ))}


      {shell.users.shown ? (
        <section className={`${s.section} ${s.expandedOnly}`} aria-labelledby="users-title">
          <h2 id="users-title" className={s.sectionTitle}>
            USERS
          </h2>
          {shell.users.list.length ? (
            <ul className={s.usersList}>
              {shell.users.list.map((u) => (
                <li key={u.user_id} className={s.userRow}>
                  <span className={s.userRowName}>{u.username}</span>
                  <span className={s.userRowAccess}>{u.label}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.navNote}>{NO_USERS}</p>
          )}
        </section>
      ) : null}

      <div className={s.navFooter}>
        <form
          method="post"
          action="/prefs/nav"
          className={s.collapseForm}
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            document.cookie = navCookieValue(!collapsed);
            onCollapsedChange(!collapsed);
            (document.activeElement as HTMLElement | null)?.blur();
          }}
        >
          <input type="hidden" name="collapsed" value={collapsed ? "0" : "1"} />
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            className={s.signOut}
            aria-label={collapsed ? "Expand the menu" : "Collapse the menu"}
            title={collapsed ? "Expand the menu" : "Collapse the menu"}
          >
            <Icons.ChevronLeftIcon className={s.collapseIcon} />
            <span className={s.navLabel}>{collapsed ? "Keep the menu open" : "Collapse the menu"}</span>
          </button>
        </form>
        <Form method="post" action="/logout">
          <button type="submit" className={s.signOut} title="Sign out">
            <Icons.LogoutIcon />
            <span className={s.navLabel}>Sign out</span>
          </button>
        </Form>
        <p className={s.browserNote}>{BROWSER_NOTE}</p>
      </div>
    </nav>
  );
}
