// The /aero-box shell's server markup (issue 12, ADR 031): the sidebar (Home, Storage → All Aircrafts,
// Favourites, Following, Inventory Report, OCR Status, the role's entries, Sign Out, the user) and the
// top bar's menu button and title. No script needed: the browser keeps this HTML (aero-box.tsx).
import type { AppLoadContext } from "@remix-run/node";
import { Mark } from "~/components/brand/logo";
import { BookmarkIcon, ChartIcon, GridIcon, HomeIcon, ListIcon, LogoutIcon, PlaneIcon, ReportIcon, StarIcon, UserIcon } from "~/components/icons/icons";
import { isNavActive } from "~/components/server-markup/server-markup";
import type { Role } from "~/models/roles";
import { LISTEN } from "~/components/logout/logout-scripts.server";
import { pageMarkup } from "~/utils/markup.server";

// The layout's loader reaches its server helpers through this module: one stub in the bundle.
export { STORAGE_ROLES } from "~/models/storage.server";
import { AERO_BOX_TOGGLE } from "./aero-box";
import * as s from "./aero-box.css";

export const AERO_BOX_MENU = [
  { label: "All Aircrafts", to: "/aero-box/storage/all" },
  { label: "Favourites", to: "/aero-box/storage/favourites" },
  { label: "Following", to: "/aero-box/storage/following" },
  { label: "Inventory Report", to: "/aero-box/storage/inventory-report" },
  { label: "OCR Status", to: "/aero-box/storage/ocr-status" },
] as const;

const SUB_ICON = { "All Aircrafts": PlaneIcon, Favourites: StarIcon, Following: BookmarkIcon, "Inventory Report": ListIcon, "OCR Status": ReportIcon } as const;

/** The entries of each role beside the storage menu. */
export function roleEntries(role: Role): { label: string; to: string }[] {
  switch (role) {
    case "admin":
    case "member":
      return [
        { label: "Analytics", to: "/admin/analytics" },
        { label: "Organizations", to: "/storage/organization" },
      ];
    case "client":
      return [
        { label: "Client home", to: "/client/home" },
        { label: "Fleet overview", to: "/storage/overview" },
      ];
    case "consultant":
      return [{ label: "Consultant home", to: "/consultant/home" }];
    default:
      return [];
  }
}

/** A sidebar link as <NavLink> renders it for the page at `pathname`. */
function Item({ to, end, pathname, children }: { to: string; end?: boolean; pathname: string; children: React.ReactNode }) {
  const active = isNavActive(pathname, to, end);
  return (
    <a aria-current={active ? "page" : undefined} className={active ? `${s.item} active` : s.item} href={to} data-discover="true" data-nav="" data-end={end ? "" : undefined}>
      {children}
    </a>
  );
}

function Nav({ user, pathname }: { user: { name: string; email: string; role: Role }; pathname: string }) {
  const roleItems = roleEntries(user.role);
  return (
    <nav className={s.nav} aria-label="AeroBOX menu">
      <a className={s.brand} href="/aero-box/" data-discover="true">
        <Mark size={28} />
        <span>
          AeroBOX
          <span className={s.brandSub}>Aircraft records</span>
        </span>
      </a>
      <div className={s.section}>
        <Item to="/aero-box/" end pathname={pathname}>
          <HomeIcon /> Home
        </Item>
      </div>
      <div className={s.section}>
        <h2 className={s.sectionTitle}>Storage</h2>
        {AERO_BOX_MENU.map((m) => {
          const Icon = SUB_ICON[m.label];
          return (
            <Item key={m.to} to={m.to} pathname={pathname}>
              <Icon /> {m.label}
            </Item>
          );
        })}
      </div>
      {roleItems.length ? (
        <div className={s.section}>
          <h2 className={s.sectionTitle}>{user.role === "admin" || user.role === "member" ? "Admin" : "Portal"}</h2>
          {roleItems.map((m) => (
            <Item key={m.to} to={m.to} pathname={pathname}>
              {m.to.startsWith("/admin") ? <ChartIcon /> : m.to.includes("overview") || m.to.includes("organization") ? <GridIcon /> : <UserIcon />} {m.label}
            </Item>
          ))}
        </div>
      ) : null}
      <div className={s.section}>
        <form method="post" action="/logout" data-discover="true">
          <button type="submit" className={s.item}>
            <LogoutIcon /> Sign Out
          </button>
        </form>
      </div>
      <div className={s.user}>
        <span className={s.userName}>{user.name}</span>
        {user.email}
      </div>
    </nav>
  );
}

function TopLead({ nonce }: { nonce: string }) {
  return (
    <>
      {/* Spec 000 §4: a logout in another tab sends this one to the sign-in page (aero-box.tsx after a client-side entry). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LISTEN }} />
      <span className={s.topTitle}>AeroBOX</span>
    </>
  );
}

export function aeroBoxMarkup(context: AppLoadContext | undefined, user: { name: string; email: string; role: Role }, url: URL) {
  return pageMarkup(context, {
    [AERO_BOX_TOGGLE]: <Nav user={user} pathname={url.pathname} />,
    "aero-box-top-lead": <TopLead nonce={context?.nonce ?? ""} />,
  });
}
