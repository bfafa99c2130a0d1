// The separate storage shell at /aero-box (spec 000 §2 "Storage"): its own sidebar with Home, Storage
// (All Aircrafts, Favourites, Following, Inventory Report, OCR Status), the entries of the user's role,
// and Sign Out; a top bar with the file search. The drawer opens with a CSS checkbox on small screens,
// so the menu works without JavaScript.
import { Form, Link, NavLink } from "@remix-run/react";
import { Mark } from "~/components/brand/logo";
import { FileSearchSlot } from "~/components/file-search/file-search";
import { ChartIcon, GridIcon, HomeIcon, ListIcon, LogoutIcon, MenuIcon, PlaneIcon, ReportIcon, StarIcon, BookmarkIcon, UserIcon } from "~/components/icons/icons";
import { LogoutListener } from "~/components/logout/logout-broadcast";
import type { Role } from "~/models/roles";
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

const TOGGLE = "aero-box-drawer";

export function AeroBoxShell({ user, children }: { user: { name: string; email: string; role: Role }; children: React.ReactNode }) {
  const roleItems = roleEntries(user.role);
  return (
    <>
      <LogoutListener />
      <input type="checkbox" id={TOGGLE} className={s.toggle} aria-hidden="true" tabIndex={-1} />
      <div className={s.layout}>
        <nav className={s.nav} aria-label="AeroBOX menu">
          <Link to="/aero-box/" className={s.brand}>
            <Mark size={28} />
            <span>
              AeroBOX
              <span className={s.brandSub}>Aircraft records</span>
            </span>
          </Link>
          <div className={s.section}>
            <NavLink to="/aero-box/" end className={s.item}>
              <HomeIcon /> Home
            </NavLink>
          </div>
          <div className={s.section}>
            <h2 className={s.sectionTitle}>Storage</h2>
            {AERO_BOX_MENU.map((m) => {
              const Icon = SUB_ICON[m.label];
              return (
                <NavLink key={m.to} to={m.to} className={s.item}>
                  <Icon /> {m.label}
                </NavLink>
              );
            })}
          </div>
          {roleItems.length ? (
            <div className={s.section}>
              <h2 className={s.sectionTitle}>{user.role === "admin" || user.role === "member" ? "Admin" : "Portal"}</h2>
              {roleItems.map((m) => (
                <NavLink key={m.to} to={m.to} className={s.item}>
                  {m.to.startsWith("/admin") ? <ChartIcon /> : m.to.includes("overview") || m.to.includes("organization") ? <GridIcon /> : <UserIcon />} {m.label}
                </NavLink>
              ))}
            </div>
          ) : null}
          <div className={s.section}>
            <Form method="post" action="/logout">
              <button type="submit" className={s.item}>
                <LogoutIcon /> Sign Out
              </button>
            </Form>
          </div>
          <div className={s.user}>
            <span className={s.userName}>{user.name}</span>
            {user.email}
          </div>
        </nav>
        <label htmlFor={TOGGLE} className={s.scrim} aria-hidden="true" />
        <div className={s.body}>
          <header className={s.top}>
            <label htmlFor={TOGGLE} className={s.menuButton} aria-label="Open the menu" title="Menu">
              <MenuIcon />
            </label>
            <span className={s.topTitle}>AeroBOX</span>
            <FileSearchSlot />
          </header>
          <main className={s.main} id="main">
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
