// The /aero-box shell's sidebar: Home, Storage → All Aircrafts, Favourites, Following, Inventory
// Report, OCR Status, the role's entries, Sign Out, and the user (aero-box.tsx places it).
import { Form, Link, NavLink } from "@remix-run/react";
import { Mark } from "~/components/brand/logo";
import { BookmarkIcon } from "~/components/icons/bookmark";
import { ChartIcon } from "~/components/icons/chart";
import { GridIcon } from "~/components/icons/grid";
import { HomeIcon } from "~/components/icons/home";
import { ListIcon } from "~/components/icons/list";
import { LogoutIcon } from "~/components/icons/logout";
import { PlaneIcon } from "~/components/icons/plane";
import { ReportIcon } from "~/components/icons/report";
import { StarIcon } from "~/components/icons/star";
import { UserIcon } from "~/components/icons/user";
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

function Item({ to, end, children }: { to: string; end?: boolean; children: React.ReactNode }) {
  return (
    <NavLink className={s.item} to={to} end={end} data-nav="" data-end={end ? "" : undefined}>
      {children}
    </NavLink>
  );
}

export function AeroBoxNav({ user }: { user: { name: string; email: string; role: Role } }) {
  const roleItems = roleEntries(user.role);
  return (
    <nav className={s.nav} aria-label="AeroBOX menu">
      <Link className={s.brand} to="/aero-box/">
        <Mark size={28} />
        <span>
          AeroBOX
          <span className={s.brandSub}>Aircraft records</span>
        </span>
      </Link>
      <div className={s.section}>
        <Item to="/aero-box/" end>
          <HomeIcon /> Home
        </Item>
      </div>
      <div className={s.section}>
        <h2 className={s.sectionTitle}>Storage</h2>
        {AERO_BOX_MENU.map((m) => {
          const Icon = SUB_ICON[m.label];
          return (
            <Item key={m.to} to={m.to}>
              <Icon /> {m.label}
            </Item>
          );
        })}
      </div>
      {roleItems.length ? (
        <div className={s.section}>
          <h2 className={s.sectionTitle}>{user.role === "admin" || user.role === "member" ? "Admin" : "Portal"}</h2>
          {roleItems.map((m) => (
            <Item key={m.to} to={m.to}>
              {m.to.startsWith("/admin") ? <ChartIcon /> : m.to.includes("overview") || m.to.includes("organization") ? <GridIcon /> : <UserIcon />} {m.label}
            </Item>
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
  );
}
