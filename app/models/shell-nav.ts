// The shell's pure rules (browser-safe): which product area a URL belongs to, which aircraft is in
// context, and the side navigation per role and product (spec 000 §2 "Main shell", §6; 001 §2). The
// server uses the URL rules (shell.server.ts); the shell's SideNav (shell-parts.tsx) builds the
// navigation with navFor, in the browser too.
import type { Role } from "./roles";
import type { Area, Product } from "./shell";

const OPS_PATH = /^\/(?:client\/aeroops|aeroops|admin\/aeroops|ops_template|client\/template|storage\/aeroops)(?:\/|$)/i;
const OIL_PATH = /^\/(?:client\/aerooil|aerooil)(?:\/|$)/i;
const STORAGE_PATH = /^\/(?:storage|aero-box|nextcloud)(?:\/|$)/i;

/** The product area of a page; the USERS list and the product switcher depend on it. */
export function areaOf(url: URL): Area {
  const p = url.pathname;
  const aerotype = url.searchParams.get("aerotype")?.toLowerCase();
  if (OPS_PATH.test(p) || aerotype === "aeroops") return "ops";
  if (OIL_PATH.test(p) || aerotype === "aerooil") return "oil";
  if (STORAGE_PATH.test(p)) return "storage";
  if (p.startsWith("/admin") || p === "/dashboard" || p === "/deactivate") return "admin";
  if (p.startsWith("/consultant")) return "consultant";
  if (p.startsWith("/client")) return "client";
  return "account";
}

/** The product a page belongs to (for "Powered by {product}" and the switcher). */
export const productOf = (area: Area): Product => (area === "ops" ? "ops" : area === "oil" ? "oil" : "storage");

const AIRCRAFT_IN_PATH = [
  /^\/storage(?:\/uef)?\/aircraft\/(\d+)(?:\/|$)/i,
  /^\/storage\/(?:OCRReport|InventoryReport|linkedDocuments)\/(\d+)(?:\/|$)/i,
  /^\/aero-box\/aircrafts\/(\d+)(?:\/|$)/i,
];

/**
 * The aircraft id in the path (storage pages), or in the query of module pages (`org_msn_id`, our
 * aircraft id; `aircraft_id` on search). Null when no aircraft is in context.
 */
export function aircraftIdOf(url: URL): number | null {
  for (const re of AIRCRAFT_IN_PATH) {
    const m = re.exec(url.pathname);
    if (m) return toId(m[1]);
  }
  return toId(url.searchParams.get("org_msn_id")) ?? toId(url.searchParams.get("aircraft_id"));
}

/** Only an id in the path enables the OCR / Inventory / Linked Documents links (spec 000 §2). */
export function aircraftIdInPath(pathname: string): number | null {
  for (const re of AIRCRAFT_IN_PATH) {
    const m = re.exec(pathname);
    if (m) return toId(m[1]);
  }
  return null;
}

function toId(v: string | null | undefined): number | null {
  if (!v || !/^\d{1,12}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

/** The USERS list is not shown to admin and ops_template on ops and oil pages (spec 000 §2, 001 §2). */
export const usersListHidden = (role: Role, area: Area) => (area === "ops" || area === "oil") && (role === "admin" || role === "ops_template");

// ---------------------------------------------------------------------------------------------
// Side navigation
// ---------------------------------------------------------------------------------------------

export type NavIcon =
  | "home" | "chart" | "plane" | "report" | "list" | "link" | "star" | "users" | "user" | "chat" | "bookmark" | "settings"
  | "building" | "shield" | "search" | "gauge" | "drop" | "layers" | "inbox" | "bug" | "grid" | "folder" | "wrench";

export interface NavItem {
  label: string;
  /** null: shown disabled (with `disabledReason`). */
  to: string | null;
  icon: NavIcon;
  disabledReason?: string;
  /** Match the path exactly for the active state. */
  end?: boolean;
}
export interface NavSection {
  title: string;
  items: NavItem[];
  /** The fleet tree follows this section (else it comes after the last one). */
  fleetAfter?: boolean;
}

export interface NavContext {
  role: Role;
  area: Area;
  /** Aircraft id in the path (enables the report links). */
  pathAircraftId: number | null;
  /** Aircraft in context (path or query), for the module links. */
  aircraft: { id: number; msn: string; organization: string | null } | null;
  consultantId: number | null;
  /** UAMBOX / aerobox flag. */
  uam: boolean;
  products: { storage: boolean; ops: boolean; oil: boolean };
  /** AeroSORT: an ops page with module=transition gets the transition menu (spec 001 §2). */
  transition?: boolean;
  /** The oil status page's title for the aircraft in context (ADR 037): its side-nav label follows it. */
  oilStatusTitle?: "Status Overview" | "Status Dashboard" | null;
}

/** Where each role lands (spec 000 §2, 001 §2): the transition menu's Home. */
export const ROLE_HOME: Record<Role, string> = {
  client: "/client/home",
  consultant: "/consultant/home",
  admin: "/admin/analytics",
  member: "/admin/analytics",
  ops_template: "/admin/aeroops/organization",
};

/** The Ops transition side menu's links (spec 001 §2); its Tabs accordion and USERS list follow. */
function transitionNav(ctx: NavContext): NavSection[] {
  const a = ctx.aircraft;
  return [
    {
      title: "AeroSORT",
      items: [
        { label: "Home", to: ROLE_HOME[ctx.role], icon: "home" },
        { label: "AeroOPS Home", to: "/Aeroops/org?module=transition", icon: "gauge", end: true },
        { label: "My Fleet", to: "/Aeroops/org/Aircrafts?module=transition", icon: "plane" },
        ...(a ? [{ label: `Back to MSN ${a.msn}`, to: `/client/Aeroops/aeroplane?org_msn_id=${a.id}&aerotype=Aeroops&module=transition`, icon: "layers" as const }] : []),
      ],
    },
  ];
}

const NEEDS_AIRCRAFT = "Open an aircraft first";

function reportLinks(id: number | null): NavItem[] {
  const at = (base: string) => (id ? `${base}/${id}` : null);
  return [
    { label: "OCR Report", to: at("/storage/OCRReport"), icon: "report", disabledReason: NEEDS_AIRCRAFT },
    { label: "Inventory Report", to: at("/storage/InventoryReport"), icon: "list", disabledReason: NEEDS_AIRCRAFT },
    { label: "Linked Documents", to: at("/storage/linkedDocuments"), icon: "link", disabledReason: NEEDS_AIRCRAFT },
    // Deleted files and folders (issue 19, ADR 042); the page tells a reader it needs Edit Access.
    { label: "Trash", to: id ? `/storage/aircraft/${id}/trash` : null, icon: "folder", disabledReason: NEEDS_AIRCRAFT },
  ];
}

function moduleQuery(a: NavContext["aircraft"], aerotype: string) {
  if (!a) return "";
  const q = new URLSearchParams();
  if (a.organization) q.set("org", a.organization);
  q.set("msn_id", a.msn);
  q.set("org_msn_id", String(a.id));
  q.set("aerotype", aerotype);
  return `?${q}`;
}

const account: NavSection = { title: "Account", items: [{ label: "Settings", to: "/user/settings", icon: "settings" }] };

export function navFor(ctx: NavContext): NavSection[] {
  const { role, area, pathAircraftId: id } = ctx;
  if (area === "ops" && ctx.transition && role !== "consultant") return transitionNav(ctx);
  switch (role) {
    case "client": {
      if (area === "ops") {
        return [
          {
            title: "AeroOPS",
            items: [
              { label: "Home", to: "/client/home", icon: "home" },
              { label: "AeroOPS Home", to: "/Aeroops/org", icon: "gauge", end: true },
              { label: "My Fleet", to: "/Aeroops/org/Aircrafts", icon: "plane" },
              ...(ctx.aircraft ? [{ label: `Aircraft MSN ${ctx.aircraft.msn}`, to: `/client/Aeroops/aeroplane${moduleQuery(ctx.aircraft, "Aeroops")}`, icon: "layers" as const }] : []),
            ],
          },
          account,
        ];
      }
      if (area === "oil") {
        const q = moduleQuery(ctx.aircraft, "Aerooil");
        return [
          {
            title: "AeroOIL",
            items: [
              { label: "Home", to: "/client/home", icon: "home" },
              { label: "AeroOIL Home", to: "/Aerooil/org", icon: "drop", end: true },
              { label: ctx.oilStatusTitle ?? "Status Dashboard", to: ctx.aircraft ? `/client/Aerooil/statusDashboard${q}` : null, icon: "chart", disabledReason: NEEDS_AIRCRAFT },
              { label: "General Information", to: ctx.aircraft ? `/client/Aerooil/generalinformation${q}` : null, icon: "report", disabledReason: NEEDS_AIRCRAFT },
              { label: "ABC Listing", to: ctx.aircraft ? `/client/Aerooil/abclisting${q}` : null, icon: "list", disabledReason: NEEDS_AIRCRAFT },
            ],
          },
          account,
        ];
      }
      const products: NavItem[] = [];
      if (ctx.products.ops) {
        products.push({ label: "AeroOPS", to: "/Aeroops/org", icon: "gauge" });
        products.push({ label: "AeroOPS tabs", to: id ? `/storage/Aeroops/tabs?org_msn_id=${id}` : "/storage/Aeroops/tabs", icon: "grid" });
      }
      if (ctx.products.oil) products.push({ label: "AeroOIL", to: "/Aerooil/org", icon: "drop" });
      if (ctx.uam) products.push({ label: "AeroBOX storage", to: "/aero-box/", icon: "layers" });
      return [
        {
          title: "Records",
          items: [
            { label: "Home", to: "/client/home", icon: "home" },
            { label: "Fleet overview", to: "/storage/overview", icon: "plane" },
            ...reportLinks(id),
            { label: "Favourites", to: "/storage/favourites", icon: "star" },
          ],
          fleetAfter: true,
        },
        {
          title: "Contractors",
          items: [
            { label: "Contractor Dashboard", to: "/client/dashboard", icon: "users" },
            { label: "Saved", to: "/client/saved", icon: "bookmark" },
            { label: "Message", to: "/client/message", icon: "chat" },
          ],
        },
        ...(products.length ? [{ title: "Products", items: products }] : []),
        account,
      ];
    }
    case "consultant": {
      const cid = ctx.consultantId;
      const sections: NavSection[] = [
        {
          title: "Consultant",
          items: [
            { label: "Home", to: "/consultant/home", icon: "home" },
            { label: "Profile", to: cid ? `/consultant/profile/${cid}/overview` : "/consultant/profile", icon: "user" },
            { label: "Settings", to: cid ? `/consultant/settings/${cid}/general` : "/consultant/settings", icon: "settings" },
          ],
        },
      ];
      if (ctx.uam) {
        sections.push({
          title: "Records",
          fleetAfter: true,
          items: [
            { label: "Fleet overview", to: "/storage/overview", icon: "plane" },
            reportLinks(id)[0]!,
            reportLinks(id)[1]!,
            { label: "Favourites", to: "/storage/favourites", icon: "star" },
          ],
        });
      }
      sections.push({ title: "Account", items: [{ label: "Sign-in security", to: "/user/settings", icon: "shield" }] });
      return sections;
    }
    case "admin":
    case "member":
      return [
        {
          title: "Admin",
          items: [
            { label: "Analytics", to: "/admin/analytics", icon: "chart" },
            { label: "Overview", to: "/dashboard", icon: "layers" },
            { label: "Organizations", to: "/admin/organization", icon: "grid", end: true },
            { label: "Consultants", to: "/admin/consultant/dashboard", icon: "users" },
            { label: "Clients", to: "/admin/client/dashboard", icon: "building" },
            { label: "Deactivate users", to: "/deactivate", icon: "user" },
            { label: "User access control", to: "/admin/user-access-control", icon: "shield" },
            { label: "IP whitelist", to: "/admin/ip-whitelist", icon: "shield" },
            { label: "ES migration", to: "/admin/es-migration", icon: "search" },
            { label: "Audit log", to: "/admin/audit", icon: "list" },
            { label: "Records retention", to: "/admin/retention", icon: "shield" },
          ],
        },
        {
          title: "File server",
          items: [
            { label: "Users", to: "/nextcloud/user", icon: "users", end: true },
            { label: "Groups", to: "/nextcloud/group", icon: "grid", end: true },
          ],
        },
        {
          title: "Records",
          items: [{ label: "Fleet overview", to: "/storage/overview", icon: "plane" }, ...reportLinks(id)],
          fleetAfter: true,
        },
        {
          title: "Products",
          items: [
            { label: "AeroOPS organizations", to: "/admin/aeroops/organization", icon: "gauge" },
            { label: "AeroOPS templates", to: "/client/template", icon: "layers" },
            { label: "AeroOIL organizations", to: "/aerooil/organization", icon: "drop" },
          ],
        },
        {
          title: "Support",
          items: [
            { label: "Issue reports", to: "/admin/issue-reports", icon: "bug" },
            { label: "Mail outbox", to: "/admin/outbox", icon: "inbox" },
          ],
        },
        account,
      ];
    case "ops_template":
      return [
        {
          title: "AeroOPS",
          items: [
            { label: "Organizations", to: "/admin/aeroops/organization", icon: "gauge" },
            { label: "Create AeroOPS", to: "/admin/aeroops/create", icon: "building" },
            { label: "Templates and manufacturers", to: "/admin/aeroops/template/manufacturers", icon: "layers" },
            { label: "Template editor", to: "/client/template", icon: "grid" },
          ],
        },
        account,
      ];
    default:
      return [account];
  }
}

