// Everything the signed-in shell shows around a page: the user card, the fleet tree, the USERS
// list of the aircraft in context, notifications, the product switcher and the logos. One loader
// (app/routes/_shell+/_layout.tsx) calls this: one call to the main API (GET /user/shell.json), and
// on AeroSORT and AeroOIL pages one to the ops API beside it. A failure of that ops call is logged
// only (spec 000 §8 "Error fetching aircraft access or ops access: logged only"); a 401/403 of the
// shell call ends the session through the client's interceptor, as /user/me.json's did.
import type { Api } from "./api.server";
import { ACCESS_LABEL, type AccessLevel } from "./roles";
import type { MeAnswer as Me } from "./schemas/auth";
import * as ops from "./ops.server";
import * as oil from "./oil.server";
import { statusPageTitle, type StatusTitle } from "./oil-rules";
import { groupTabs } from "./ops-rules";
import { AircraftListAnswer, FilesAnswer } from "./schemas/storage";
import { SHELL_FLEET_MAX, SHELL_FOLDERS_MAX, ShellAnswer } from "./schemas/shell";
import type { Area, Product } from "./shell";
import { aircraftIdInPath, aircraftIdOf, areaOf, productOf, usersListHidden } from "./shell-nav";
import type { SessionUser } from "~/utils/session.server";

export interface FleetEntry {
  id: number;
  name: string;
  msn: string;
  registration: string;
  status: string;
  organization: { id: number; name: string; slug: string } | null;
  access: AccessLevel | null;
}
export interface FolderEntry {
  id: number;
  name: string;
  path: string;
}
export interface UserAccessEntry {
  user_id: number;
  username: string;
  access: AccessLevel;
  label: string;
}
export interface NotificationEntry {
  id: number;
  type: string;
  title: string;
  created_at: string;
  read_at: string | null;
}

export interface ShellData {
  user: { id: number; name: string; email: string; role: SessionUser["role"]; bio: string; totp: boolean };
  area: Area;
  product: Product;
  pathAircraftId: number | null;
  aircraft: FleetEntry | null;
  /** The signed-in user's own access label on the aircraft in context ("Edit Access", …). */
  accessLabel: string | null;
  users: { shown: boolean; list: UserAccessEntry[] };
  fleet: { shown: boolean; q: string; items: FleetEntry[]; total: number; error: string | null; expand: number | null; folders: FolderEntry[] | null };
  notifications: { items: NotificationEntry[]; unread: number };
  products: { storage: boolean; ops: boolean; oil: boolean };
  /** Product switcher (clients only): which targets are enabled. */
  switcher: { shown: boolean; ops: boolean; oil: boolean; storage: boolean };
  branding: { uam: boolean; clientLogo: string | null; organization: string | null };
  consultant: { id: number; stage: string; name: string } | null;
  /** The AeroSORT (module=transition) menu's Tabs accordion: the fleet's tabs by group_name, each to its tabslanding. */
  transition: { groups: { name: string; tabs: { key: string; name: string; href: string }[] }[] } | null;
  /** The user's organization searches its whole fleet (the file search offers no narrower scope). */
  searchAll: boolean;
  /** AeroOIL with an aircraft in context: its status page's title (ADR 037), the side navigation's label too. */
  oilStatusTitle: StatusTitle | null;
}

const warn = (what: string, detail: unknown) => console.warn(`[shell] ${what}:`, typeof detail === "string" ? detail : JSON.stringify(detail));

function toFleetEntry(a: { id: number; name: string; msn: string; registration: string; status: string; organization: { id: number; name: string; slug: string }; access: AccessLevel }): FleetEntry {
  return { id: a.id, name: a.name, msn: a.msn, registration: a.registration, status: a.status, organization: a.organization, access: a.access };
}

export async function loadFleet(api: Api, q: string) {
  const res = await api.call("main", "GET", "/storage/v2/aircraft.json", { query: { q, per_page: SHELL_FLEET_MAX }, passthrough: true });
  if (!res.ok) {
    warn("fleet", res.error);
    return { items: [] as FleetEntry[], total: 0, error: "The fleet could not be loaded." };
  }
  const parsed = AircraftListAnswer.safeParse(res.data);
  if (!parsed.success) {
    warn("fleet answer", parsed.error.issues.slice(0, 3));
    return { items: [] as FleetEntry[], total: 0, error: "The fleet could not be loaded." };
  }
  return { items: parsed.data.aircrafts.map(toFleetEntry), total: parsed.data.total, error: null };
}

/** Top-level folders of an aircraft's records (the fleet tree loads them lazily). */
export async function loadTopFolders(api: Api, aircraftId: number): Promise<FolderEntry[] | null> {
  const res = await api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/files.json`, {
    query: { dir: "/", per_page: SHELL_FOLDERS_MAX, sort: "name" },
    passthrough: true,
  });
  if (!res.ok) {
    warn(`folders of aircraft ${aircraftId}`, res.error);
    return null;
  }
  const parsed = FilesAnswer.safeParse(res.data);
  if (!parsed.success) {
    warn("folders answer", parsed.error.issues.slice(0, 3));
    return null;
  }
  return parsed.data.contents.filter((c) => c.resourcetype === "collection").map((c) => ({ id: c.id, name: c.name, path: c.path }));
}

const withLabel = (u: { user_id: number; username: string; access: AccessLevel }): UserAccessEntry => ({ ...u, label: ACCESS_LABEL[u.access] });

export async function loadShell({ request, user, api }: { request: Request; user: SessionUser; api: Api }): Promise<ShellData> {
  const url = new URL(request.url);
  const area = areaOf(url);
  const product = productOf(area);
  const aircraftId = aircraftIdOf(url);
  const pathAircraftId = aircraftIdInPath(url.pathname);
  const q = (url.searchParams.get("fleet") ?? "").trim().slice(0, 100);
  const expandRaw = Number(url.searchParams.get("expand"));
  // The aircraft in context starts open in the tree, with its folders (they come with the page).
  const expand = Number.isSafeInteger(expandRaw) && expandRaw > 0 ? expandRaw : aircraftId;
  const hideUsers = usersListHidden(user.role, area);
  const moduleArea = area === "ops" || area === "oil" ? area : null;
  const transition = area === "ops" && url.searchParams.get("module") === "transition";

  // One call per API: the main API's shell answer (each part under the rule of the call it stands
  // for), and on AeroSORT pages the fleet's tabs, on AeroOIL pages the aircraft's oil header (the
  // page reads the same header: one call for both).
  const [shell, fleetTabs, oilHeader] = await Promise.all([
    api.get("main", "/user/shell.json", {
      query: { aircraft_id: aircraftId, users: aircraftId && !hideUsers ? (moduleArea ?? "storage") : undefined, fleet_q: q, expand: transition ? undefined : expand },
      schema: ShellAnswer,
    }),
    transition ? ops.fleetTabs(api) : Promise.resolve(null),
    area === "oil" && aircraftId ? oil.headerQuiet(api, aircraftId) : Promise.resolve(null),
  ]);
  if (oilHeader && !oilHeader.ok) warn(`oil header of aircraft ${aircraftId}`, oilHeader.error);
  if (fleetTabs && !fleetTabs.ok) warn("fleet tabs", fleetTabs.error);
  const { me, access } = shell;

  const detail = shell.aircraft;
  const aircraft: FleetEntry | null = detail ? toFleetEntry(detail) : null;
  const ownAccess = access ? (area === "ops" ? access.ops : area === "oil" ? access.oil : access.storage) : null;
  const fleet = shell.fleet ? { items: shell.fleet.aircrafts.map(toFleetEntry), total: shell.fleet.total } : null;

  return {
    user: {
      id: me.user.id,
      name: [me.user.first_name, me.user.last_name].filter(Boolean).join(" ") || me.user.username || me.user.email,
      email: me.user.email,
      role: me.user.role,
      bio: me.user.bio,
      totp: me.user.totp_enabled,
    },
    area,
    product,
    pathAircraftId,
    aircraft,
    accessLabel: ownAccess ? ACCESS_LABEL[ownAccess] : null,
    // Shown where aircraft are (the fleet tree, or an aircraft in context), except where the spec hides it.
    users: { shown: !hideUsers && (fleet !== null || aircraftId !== null), list: aircraftId ? (shell.users ?? []).map(withLabel) : [] },
    // The transition menu lists what spec 001 §2 gives it (its links, Tabs, USERS), not the records tree.
    fleet: fleet && !transition
      ? { shown: true, q, items: fleet.items, total: fleet.total, error: null, expand, folders: shell.folders }
      : { shown: false, q, items: [], total: 0, error: null, expand: null, folders: null },
    notifications: { items: shell.notifications.notifications, unread: shell.notifications.unread },
    products: me.products,
    switcher: switcherFor(user, me, aircraftId, access),
    branding: {
      uam: shell.uam,
      clientLogo: me.organization?.client_logo ?? null,
      organization: me.organization?.name ?? null,
    },
    consultant: me.consultant,
    searchAll: me.organization?.search_all === true,
    transition: transition ? { groups: transitionGroups(fleetTabs?.ok ? fleetTabs.data.tabs : [], aircraftId) } : null,
    oilStatusTitle: oilHeader?.ok ? statusPageTitle(oilHeader.data.oil_issue_date) : null,
  };
}

/** The fleet's tabs grouped by group_name (in the order the groups first come), each to its tabslanding. */
function transitionGroups(tabs: { tab_name: string; group_name: string; tab_ids: string[] }[], aircraftId: number | null) {
  return groupTabs(tabs, (t) => {
    const key = t.tab_ids[0]!;
    const q = new URLSearchParams({ tab_id: key, module: "transition", aerotype: "Aeroops" });
    if (aircraftId) q.set("org_msn_id", String(aircraftId));
    return { key, name: t.tab_name, href: `/Aeroops/org/tabslanding/${encodeURIComponent(key)}?${q}` };
  });
}

/** Open in {product}: clients only; AeroOPS only with ops access to the aircraft in context. */
function switcherFor(user: SessionUser, me: Me, aircraftId: number | null, access: ShellAnswer["access"]) {
  if (user.role !== "client") return { shown: false, ops: false, oil: false, storage: false };
  if (aircraftId) return { shown: true, ops: !!access?.ops, oil: !!access?.oil, storage: !!access?.storage };
  return { shown: true, ops: me.products.ops, oil: me.products.oil, storage: me.products.storage };
}
