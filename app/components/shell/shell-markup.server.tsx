// The shell's server markup (issue 12, ADR 031): the parts of the side navigation and the top bar
// that need no script, rendered on the server only. In the browser they are links and forms that
// app/components/server-markup/server-markup.tsx (useMarkupLinks) hands to Remix (client-side navigation, the current
// link marked), so nothing here reaches the browser's bundle.
//
// The side navigation is cut around the fleet tree (a script: search and folders load in place):
// "nav" is the brand, the user and the sections up to the one the fleet follows; "navMore" the
// sections after it and the USERS list.
import type { AppLoadContext } from "@remix-run/node";
import { Logo, Mark } from "~/components/brand/logo";
import * as Icons from "~/components/icons/icons";
import { isNavActive } from "~/components/server-markup/server-markup";
import * as ui from "~/components/ui/ui.css";
import { navFor, type NavIcon, type NavItem, type NavSection } from "~/models/shell-nav";
import { PRODUCT_NAME, ROLE_LABEL, switcherHiddenOn } from "~/models/shell";
import type { NotificationEntry, ShellData } from "~/models/shell.server";
import { lastSpeedFromCookie } from "~/models/speedtest-display";
import { LISTEN } from "~/components/logout/logout-scripts.server";
import { pageMarkup } from "~/utils/markup.server";
import { A } from "~/components/server-markup/markup-elements";
import { ShrinkIcon } from "~/components/icons/shrink";
import { FULLSCREEN_PARAM, fullScreenHref } from "./full-screen";
import { dateTimeUtc } from "~/utils/dates";
import { EMPTY_NOTIFICATIONS } from "./notifications-menu";
import { switchTargets } from "./product-switcher";
import * as s from "./shell.css";
import type { TopBarFallback } from "./top-bar";
import { BROWSER_NOTE, collapseText, NO_USERS } from "./side-nav";

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


/** A side-navigation link as <NavLink> renders it for the page at `pathname`. */
function NavItemMarkup({ item, pathname }: { item: NavItem; pathname: string }) {
  const Icon = ICONS[item.icon];
  if (!item.to) {
    return (
      <span className={s.navLink} aria-disabled="true" title={`${item.label}: ${item.disabledReason ?? "not available"}`}>
        <Icon />
        <span className={s.navLabel}>{item.label}</span>
      </span>
    );
  }
  const active = isNavActive(pathname, new URL(item.to, "http://portal.invalid").pathname, item.end);
  return (
    <A
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={active ? `${s.navLink} active` : s.navLink}
      title={item.label}
      data-nav=""
      data-end={item.end ? "" : undefined}
    >
      <Icon />
      <span className={s.navLabel}>{item.label}</span>
    </A>
  );
}

function Sections({ sections, pathname }: { sections: NavSection[]; pathname: string }) {
  return (
    <>
      {sections.map((section) => (
        <div key={section.title} className={s.section}>
          <h2 className={`${s.sectionTitle} ${s.expandedOnly}`}>{section.title}</h2>
          <ul className={s.navList}>
            {section.items.map((item) => (
              <li key={item.label}>
                <NavItemMarkup item={item} pathname={pathname} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function NavHead({ shell, sections, pathname }: { shell: ShellData; sections: NavSection[]; pathname: string }) {
  const { user, branding } = shell;
  return (
    <>
      <div className={s.brand}>
        <A to="/" className={s.brandLink} title="Home">
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
        </A>
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
      <Sections sections={sections} pathname={pathname} />
    </>
  );
}

/** The transition menu's Tabs: an accordion by group_name (disclosures: no script), the current tab's group open. */
function TransitionTabs({ groups, url }: { groups: NonNullable<ShellData["transition"]>["groups"]; url: URL }) {
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
                <A to={t.href} className={t.key === current ? `${s.navLink} active` : s.navLink} aria-current={t.key === current ? "page" : undefined}>
                  <span className={s.navLabel}>{t.name}</span>
                </A>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

function NavMore({ shell, sections, pathname, url }: { shell: ShellData; sections: NavSection[]; pathname: string; url: URL }) {
  return (
    <>
      <Sections sections={sections} pathname={pathname} />
      {shell.transition ? <TransitionTabs groups={shell.transition.groups} url={url} /> : null}
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
function NavFoot({ collapsed, here, nonce }: { collapsed: boolean; here: string; nonce: string }) {
  const t = collapseText(collapsed);
  return (
    <>
      {/* Spec 000 §4: a logout in another tab sends this one to the sign-in page (runs as the document is read; see shell.tsx). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LISTEN }} />
      <form method="post" action="/prefs/nav" className={s.collapseForm} data-collapse="">
        <input type="hidden" name="collapsed" value={t.value} />
        <input type="hidden" name="redirectTo" value={here} data-here="" />
        <button type="submit" className={s.signOut} aria-label={t.name} title={t.name}>
          <Icons.ChevronLeftIcon className={s.collapseIcon} />
          <span className={s.navLabel} data-collapse-label="">
            {t.text}
          </span>
        </button>
      </form>
      <form method="post" action="/logout" data-discover="true">
        <button type="submit" className={s.signOut} title="Sign out">
          <Icons.LogoutIcon />
          <span className={s.navLabel}>Sign out</span>
        </button>
      </form>
      <p className={s.browserNote}>{BROWSER_NOTE}</p>
    </>
  );
}

/** What the top bar shows without an aircraft in context, and whether this page may show the product switcher. */
export function topBarFallback(shell: ShellData, url: URL, cookie: string | null): TopBarFallback {
  return {
    lastSpeed: lastSpeedFromCookie(cookie, Date.now()),
    label: shell.area === "storage" || shell.area === "ops" || shell.area === "oil" ? PRODUCT_NAME[shell.product] : "AeroRecords",
    value: shell.branding.organization ?? ROLE_LABEL[shell.user.role],
    switcher: shell.switcher.shown && !switcherHiddenOn(url.pathname),
  };
}

/** The top bar's start after the drawer's menu button (small screens, drawer.tsx): the mark. */
function TopLead({ shell }: { shell: ShellData }) {
  return (
    <>
      <A to="/" className={s.mobileBrand} aria-label="Home">
        <Mark size={26} uam={shell.branding.uam} />
      </A>
    </>
  );
}

const TYPE_ICON: Record<string, (p: { size?: number }) => JSX.Element> = {
  order: Icons.FileIcon,
  user: Icons.UserIcon,
  project: Icons.ChatIcon,
  feature: Icons.StarIcon,
};

/** The notifications menu: a <details> disclosure, "Mark all as read" posts back to this page. */
function Notifications({ items, unread, here }: { items: NotificationEntry[]; unread: number; here: string }) {
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
            <form method="post" action="/notifications" data-discover="true">
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="redirectTo" value={here} data-here="" />
              <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                Mark all as read
              </button>
            </form>
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
          <A to="/notifications">See all notifications</A>
        </div>
      </div>
    </details>
  );
}

const SWITCH_ICON = { storage: Icons.FolderIcon, ops: Icons.GaugeIcon, oil: Icons.DropIcon } as const;

/** "Open in {product}" for clients (shown unless the page or an overview hides it: the top bar decides). */
function Switcher({ shell }: { shell: ShellData }) {
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
            <A key={t.product} to={t.href} className={s.switchLink}>
              <Icon /> {label}
            </A>
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

/** Ids of the shell's markup regions (the Shell component places them). */
export type ShellMarkupId = "shell-nav" | "shell-nav-more" | "shell-nav-foot" | "shell-top-lead" | "shell-notifications" | "shell-switcher" | "shell-exit-fs";

/**
 * Full screen's way back (spec 001 §2): a plain link to the page without ?fullscreen=1 (no
 * data-discover: the shell's effect takes its click, leaves the browser's full screen, navigates).
 */
function ExitFullScreen({ url }: { url: URL }) {
  return (
    <a href={fullScreenHref(url.pathname, url.search, false)} className={`${ui.button.secondary} ${ui.buttonSmall} ${s.exitFullscreen}`} data-fs="off">
      <ShrinkIcon /> Exit full screen
    </a>
  );
}

/** The shell's markup for the page at `url` (see pageMarkup: in the context or in the data). */
export function shellMarkup(context: AppLoadContext | undefined, shell: ShellData, url: URL, collapsed: boolean) {
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
  const pathname = url.pathname;
  const parts: Record<ShellMarkupId, JSX.Element | null> = {
    "shell-nav": <NavHead shell={shell} sections={sections.slice(0, cut)} pathname={pathname} />,
    "shell-nav-more": <NavMore shell={shell} sections={sections.slice(cut)} pathname={pathname} url={url} />,
    "shell-nav-foot": <NavFoot collapsed={collapsed} here={url.pathname + url.search} nonce={context?.nonce ?? ""} />,
    "shell-top-lead": <TopLead shell={shell} />,
    "shell-notifications": <Notifications items={shell.notifications.items} unread={shell.notifications.unread} here={url.pathname + url.search} />,
    "shell-switcher": shell.switcher.shown ? <Switcher shell={shell} /> : null,
    "shell-exit-fs": url.searchParams.get(FULLSCREEN_PARAM) === "1" ? <ExitFullScreen url={url} /> : null,
  };
  return pageMarkup(context, parts);
}

