// The shell's parts (spec 000 §2, 001 §2): the side navigation (brand, user card, sections, the
// transition menu's tabs, USERS, its foot), the top bar's mark, the notifications menu and the
// product switcher. Links are Remix's (<NavLink> marks the current one); the menus are <details>
// disclosures and the forms post without JavaScript.
//
// The side navigation is cut around the fleet tree (fleet-tree.tsx: its widget loads search and
// folders in place): NavHead is the brand, the user and the sections up to the one the fleet
// follows; NavMore the sections after it and the USERS list.
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { Logo, Mark } from "~/components/brand/logo";
import * as Icons from "~/components/icons/icons";
import { ShrinkIcon } from "~/components/icons/shrink";
import { LogoutListener } from "~/components/logout/logout-broadcast";
import * as ui from "~/components/ui/ui.css";
import { PRODUCT_NAME, ROLE_LABEL } from "~/models/shell";
import { navFor, type NavIcon, type NavItem, type NavSection } from "~/models/shell-nav";
import type { NotificationEntry, ShellData } from "~/models/shell.server";
import { dateTimeUtc } from "~/utils/dates";
import { fullScreenHref } from "./full-screen";
import { EMPTY_NOTIFICATIONS } from "./notifications-menu";
import { switchTargets } from "./product-switcher";
import * as s from "./shell.css";
import { collapseText } from "./nav-pref";
import { BROWSER_NOTE, NO_USERS } from "./side-nav";

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


/** A side-navigation link: the current page's is marked (aria-current="page", class "active"). */
function NavItemLink({ item }: { item: NavItem }) {
  const Icon = ICONS[item.icon];
  if (!item.to) {
    return (
      <span className={s.navLink} aria-disabled="true" title={`${item.label}: ${item.disabledReason ?? "not available"}`}>
        <Icon />
        <span className={s.navLabel}>{item.label}</span>
      </span>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? `${s.navLink} active` : s.navLink)} title={item.label} data-nav="" data-end={item.end ? "" : undefined}>
      <Icon />
      <span className={s.navLabel}>{item.label}</span>
    </NavLink>
  );
}

function Sections({ sections }: { sections: NavSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <div key={section.title} className={s.section}>
          <h2 className={`${s.sectionTitle} ${s.expandedOnly}`}>{section.title}</h2>
          <ul className={s.navList}>
            {section.items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function NavHead({ shell, sections }: { shell: ShellData; sections: NavSection[] }) {
  const { user, branding } = shell;
  return (
    <>
      <div className={s.brand}>
        <Link to="/" className={s.brandLink} title="Home">
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
          {/* The link's name is what it shows (axe: label-content-name-mismatch), then where it goes. */}
          <span className="visually-hidden"> (home)</span>
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
      <Sections sections={sections} />
    </>
  );
}

/** The transition menu's Tabs: an accordion by group_name (disclosures: no script), the current tab's group open. */
function TransitionTabs({ groups }: { groups: NonNullable<ShellData["transition"]>["groups"] }) {
  const location = useLocation();
  const url = new URL(location.pathname + location.search, "http://portal.invalid");
  const current = url.pathname.startsWith("/Aeroops/org/tabslanding") ? url.searchParams.get("tab_id") ?? decodeURIComponent(url.pathname.split("/")[4] ?? "") : null;
  return (
    <section className={`${s.section} ${s.expandedOnly}`} aria-labelledby="transition-tabs-title">
      <h2 id="transition-tabs-title" className={s.sectionTitle}>
        Tabs
      </h2>
      {groups.length === 0 ? <p className={s.navNote}>No tabs to show</p> : null}
      {groups.map((g) => (
        <details key={g.name} className={s.tabGroup} open={g.tabs.some((t) => t.key === current) || groups.length === 1 ? true : undefined}>
          <summary className={s.tabGroupTitle}>{g.name}</summary>
          <ul className={s.navList}>
            {g.tabs.map((t) => (
              <li key={t.key}>
                <Link to={t.href} className={t.key === current ? `${s.navLink} active` : s.navLink} aria-current={t.key === current ? "page" : undefined}>
                  <span className={s.navLabel}>{t.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

function NavMore({ shell, sections }: { shell: ShellData; sections: NavSection[] }) {
  return (
    <>
      <Sections sections={sections} />
      {shell.transition ? <TransitionTabs groups={shell.transition.groups} /> : null}
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
    </>
  );
}

/**
 * The navigation's last lines: collapse the menu (a form that posts to /prefs/nav without
 * JavaScript; with it the shell toggles in place, shell.tsx), sign-out (a form Remix submits) and
 * the supported-browser note.
 */
function NavFoot({ collapsed, logout }: { collapsed: boolean; logout: string }) {
  const t = collapseText(collapsed);
  const here = useHere();
  return (
    <>
      {/* Spec 000 §4: a logout in another tab sends this one to the sign-in page. */}
      <LogoutListener />
      <form method="post" action="/prefs/nav" className={s.collapseForm} data-collapse="">
        <input type="hidden" name="collapsed" value={t.value} />
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className={s.signOut} aria-label={t.name} title={t.name}>
          <Icons.ChevronLeftIcon className={s.collapseIcon} />
          <span className={s.navLabel} data-collapse-label="">
            {t.text}
          </span>
        </button>
      </form>
      <Form method="post" action="/logout">
        <button type="submit" className={s.signOut} title={logout}>
          <Icons.LogoutIcon />
          <span className={s.navLabel}>{logout}</span>
        </button>
      </Form>
      <p className={s.browserNote}>{BROWSER_NOTE}</p>
    </>
  );
}

/** The top bar's start after the drawer's menu button (small screens, drawer.tsx): the mark. */
export function TopLead({ shell }: { shell: ShellData }) {
  return (
    <Link to="/" className={s.mobileBrand} aria-label="Home">
      <Mark size={26} uam={shell.branding.uam} />
    </Link>
  );
}

const TYPE_ICON: Record<string, (p: { size?: number }) => JSX.Element> = {
  order: Icons.FileIcon,
  user: Icons.UserIcon,
  project: Icons.ChatIcon,
  feature: Icons.StarIcon,
};

/** The notifications menu: a <details> disclosure, "Mark all as read" posts back to this page. */
export function Notifications({ items, unread }: { items: NotificationEntry[]; unread: number }) {
  const here = useHere();
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuSummary} aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"} title="Notifications">
        <Icons.BellIcon />
        {unread ? <span className={s.counter}>{unread > 99 ? "99+" : unread}</span> : null}
      </summary>
      <div className={s.menuPanel}>
        <div className={s.menuHead}>
          <span>Notifications</span>
          {unread ? (
            <Form method="post" action="/notifications">
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="redirectTo" value={here} />
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
              const Icon = TYPE_ICON[n.type] ?? Icons.BellIcon;
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

const SWITCH_ICON = { storage: Icons.FolderIcon, ops: Icons.GaugeIcon, oil: Icons.DropIcon } as const;

/** "Open in {product}" for clients (shown unless the page or an overview hides it: the top bar decides). */
export function Switcher({ shell }: { shell: ShellData }) {
  const aircraft = shell.aircraft ? { id: shell.aircraft.id, msn: shell.aircraft.msn, organization: shell.aircraft.organization?.slug ?? null } : null;
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuTextSummary}>
        Open in <Icons.ChevronDownIcon size={14} />
      </summary>
      <div className={s.menuPanel} style={{ width: 280 }}>
        {switchTargets(shell.product, shell.switcher, aircraft).map((t) => {
          const Icon = SWITCH_ICON[t.product];
          const label = `Open in ${PRODUCT_NAME[t.product]}`;
          return t.enabled ? (
            <Link key={t.product} to={t.href} className={s.switchLink}>
              <Icon /> {label}
            </Link>
          ) : (
            <span key={t.product} className={s.switchLink} aria-disabled="true" title={`You have no ${PRODUCT_NAME[t.product]} access here`}>
              <Icon /> {label}
            </span>
          );
        })}
      </div>
    </details>
  );
}

/**
 * Full screen's way back (spec 001 §2): a plain link to the page without ?fullscreen=1 (no
 * data-discover: the shell's effect takes its click, leaves the browser's full screen, navigates).
 */
export function ExitFullScreen() {
  const location = useLocation();
  const url = { pathname: location.pathname, search: location.search };
  return (
    <a href={fullScreenHref(url.pathname, url.search, false)} className={`${ui.button.secondary} ${ui.buttonSmall} ${s.exitFullscreen}`} data-fs="off">
      <ShrinkIcon /> Exit full screen
    </a>
  );
}

/** The side navigation of the shell, around the fleet tree (`fleet`, placed after the section that asks for it). */
export function SideNav({ shell, collapsed, fleet }: { shell: ShellData; collapsed: boolean; fleet: React.ReactNode }) {
  const sections = navFor({
    role: shell.user.role,
    area: shell.area,
    pathAircraftId: shell.pathAircraftId,
    aircraft: shell.aircraft ? { id: shell.aircraft.id, msn: shell.aircraft.msn, organization: shell.aircraft.organization?.slug ?? null } : null,
    consultantId: shell.consultant?.id ?? null,
    uam: shell.branding.uam,
    products: shell.products,
    transition: shell.transition !== null,
    oilStatusTitle: shell.oilStatusTitle,
  });
  // The fleet tree follows the section that asks for it, else the last one.
  const at = sections.findIndex((x) => x.fleetAfter);
  const cut = at >= 0 ? at + 1 : sections.length;
  return (
    <nav className={s.nav} aria-label="Main" data-dark="">
      <NavHead shell={shell} sections={sections.slice(0, cut)} />
      {fleet}
      <NavMore shell={shell} sections={sections.slice(cut)} />
      <div className={s.navFooter}>
        {/* The transition menu's entry is Logout (spec 001 §2); elsewhere Sign out (spec 000 §2). */}
        <NavFoot collapsed={collapsed} logout={shell.transition ? "Logout" : "Sign out"} />
      </div>
    </nav>
  );
}

/** The page's address, where the shell's forms come back to. */
function useHere() {
  const location = useLocation();
  return location.pathname + location.search;
}
