// Every page of the route list (tests/fixtures/route-paths.txt) by the demo user who opens it, with
// real ids where a route has a parameter: the ids are harvested on the way (a list page's link gives
// the next page its id). One list for the HTTP page tests (tests/http/pages.test.ts: status, title,
// landmarks, one h1, the forms, axe on the server's HTML) and the browser's accessibility pass.

/** Ids found on the way. */
export type Ids = Record<string, string>;
/** Where a page's link gives the next page an id: the first `selector` link whose href matches `re` (its group 1). */
export interface Harvest {
  key: string;
  selector: string;
  re: RegExp;
}
export interface Entry {
  /** The route as the route list names it ("/a/:id/b/:tab?", "(index)"). */
  route: string;
  url: string | ((ids: Ids) => string);
  harvest?: Harvest;
}

export const e = (route: string, url?: Entry["url"], harvest?: Harvest): Entry => ({ route, url: url ?? route.replace(/ \(index\)$/, ""), harvest });

/** The URL of an entry with the ids found so far. */
export const entryUrl = (entry: Entry, ids: Ids) => (typeof entry.url === "string" ? entry.url : entry.url(ids));

/** "/a/:id/b/:tab?" (index) -> a regular expression of the pathnames it serves. */
export function routeRe(route: string) {
  const p = route.replace(/ \(index\)$/, "");
  const body = p
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? (seg.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : `/${seg.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}`))
    .join("");
  return new RegExp(`^${body || "/"}/?$`);
}

/** Takes an id from a page's links (the hrefs of `harvest.selector`), or throws naming what was missing. */
export function harvestId(hrefs: string[], harvest: Harvest, where: string): string {
  const m = hrefs.map((h) => harvest.re.exec(h)).find(Boolean);
  if (!m) throw new Error(`${where}: no link ${harvest.selector} matching ${harvest.re}`);
  return m[1] ?? m[0];
}

// ---------------------------------------------------------------------------------------------------
// The pages, by the user who opens them.

export const PUBLIC: Entry[] = [
  e("/ (index)", "/"),
  e("/auth/login"),
  e("/auth/register"),
  e("/auth/reset"),
  e("/auth/link"),
  e("/auth/confirm", "/auth/confirm?token=a11y-check"),
  e("/auth/2fa/reset"),
  e("/auth/2fa/confirm_reset", "/auth/2fa/confirm_reset?token=a11y-check"),
  e("/users/confirm_url"),
  e("/users/password/edit", "/users/password/edit?reset_password_token=a11y-check"),
  // The public signature check, for a code no signature has (a signed record's: tests/http/signatures.test.ts).
  e("/verify/:code?", "/verify/0000-0000-0000"),
  e("/page/page-422"),
  e("/errors/error-401"),
  e("/errors/error-500"),
];

export const CLIENT: Entry[] = [
  e("/Aeroops/org/Aircrafts", "/Aeroops/org/Aircrafts?q=5123", { key: "a", selector: "main a[href*='org_msn_id=']", re: /org_msn_id=(\d+)/ }),
  e("/client/home"),
  e("/storage/overview"),
  e("/storage/favourites"),
  e("/storage/search", "/storage/search?query=certificate"),
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files`, { key: "dir", selector: "main tbody a[href*='dir=']", re: /dir=([^&]+)/ }),
  // (a folder of the root listing above: its files give the preview its id)
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files?dir=${i.dir}`, { key: "file", selector: "main a[href*='/preview?']", re: /fileid=(\d+)/ }),
  e("/storage/aircraft/:aircraftId/preview", (i) => `/storage/aircraft/${i.a}/preview?fileid=${i.file}`),
  e("/storage/aircraft/:aircraftId/versions", (i) => `/storage/aircraft/${i.a}/versions?fileid=${i.file}`),
  e("/storage/aircraft/:aircraftId/files", (i) => `/storage/aircraft/${i.a}/files?dialog=upload`),
  e("/storage/aircraft/:aircraftId/trash", (i) => `/storage/aircraft/${i.a}/trash`),
  e("/storage/OCRReport/:aircraftId", (i) => `/storage/OCRReport/${i.a}`),
  e("/storage/InventoryReport/:aircraftId", (i) => `/storage/InventoryReport/${i.a}`),
  e("/storage/linkedDocuments/:aircraftId", (i) => `/storage/linkedDocuments/${i.a}`),
  e("/storage/create", (i) => `/storage/create?aircraft_id=${i.a}`),
  e("/storage/copy", (i) => `/storage/copy?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/move", (i) => `/storage/move?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/delete", (i) => `/storage/delete?aircraft_id=${i.a}&id=${i.file}`),
  e("/storage/module"),
  e("/storage/user"),
  e("/storage/organization"),
  e("/storage/uef/organization"),
  e("/storage/uef/overview"),
  e("/storage/uef/aircraft/:aircraftId/files", (i) => `/storage/uef/aircraft/${i.a}/files`),
  e("/client/dashboard", "/client/dashboard", { key: "consultant", selector: "main a[href*='/consultant/profile/']", re: /\/consultant\/profile\/(\d+)/ }),
  e("/consultant/profile/:id/:tab", (i) => `/consultant/profile/${i.consultant}/overview`),
  // The documents tab is its own route (the upload island, ADR 065).
  e("/consultant/profile/:id/documents", (i) => `/consultant/profile/${i.consultant}/documents`),
  e("/client/saved"),
  e("/client/message"),
  e("/user/settings"),
  e("/notifications"),
  e("/report-issue"),
  e("/Aeroops/org (index)"),
  e("/Aeroops/org/tabslanding/:tabId?", "/Aeroops/org/tabslanding"),
  e("/client/Aeroops/aeroplane", (i) => `/client/Aeroops/aeroplane?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/aeroplane", (i) => `/client/Aeroops/aeroplane?org_msn_id=${i.a}&aerotype=Aeroops&module=transition`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/generalInformation?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/opsNotifications?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/:tabDataId", (i) => `/client/Aeroops/generalInformation?org_msn_id=${i.a}&aerotype=Aeroops&edit=new`),
  e("/client/Aeroops/maintenance", (i) => `/client/Aeroops/maintenance?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder (index)", (i) => `/client/Aeroops/workorder?org_msn_id=${i.a}&aerotype=Aeroops`, { key: "wo", selector: "main a[href*='/updateworkorder/']", re: /\/updateworkorder\/([^/?]+)/ }),
  e("/client/Aeroops/workorder/aircraftworkorder", (i) => `/client/Aeroops/workorder/aircraftworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder/componentworkorder", (i) => `/client/Aeroops/workorder/componentworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/workorder/engineworkorder", (i) => `/client/Aeroops/workorder/engineworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/updateworkorder/:woRef", (i) => `/client/Aeroops/updateworkorder/${i.wo}?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/createworkorder", (i) => `/client/Aeroops/createworkorder?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/logbooks", (i) => `/client/Aeroops/logbooks?org_msn_id=${i.a}&aerotype=Aeroops`, { key: "logbook", selector: "main a[href*='/logbookpages/']", re: /\/logbookpages\/([^/?]+)/ }),
  e("/client/Aeroops/logbookpages/:logbookRef", (i) => `/client/Aeroops/logbookpages/${i.logbook}?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/client/Aeroops/createtechlogbook", (i) => `/client/Aeroops/createtechlogbook?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/storage/Aeroops/tabs", (i) => `/storage/Aeroops/tabs?org_msn_id=${i.a}&aerotype=Aeroops`),
  e("/Aerooil/org"),
  e("/client/Aerooil (index)"),
  e("/client/Aerooil/statusDashboard", (i) => `/client/Aerooil/statusDashboard?org_msn_id=${i.a}&aerotype=Aerooil`),
  e("/client/Aerooil/:tabDataId", (i) => `/client/Aerooil/abclisting?org_msn_id=${i.a}&aerotype=Aerooil`),
];

export const ADMIN: Entry[] = [
  e("/admin/analytics"),
  e("/admin/organization (index)", "/admin/organization", { key: "org", selector: "main a[href^='/admin/organization/']", re: /^\/admin\/organization\/(\d+)$/ }),
  e("/admin/organization/:orgId (index)", (i) => `/admin/organization/${i.org}`, { key: "aircraft", selector: "main a[href*='/aircraft/']", re: /\/aircraft\/(\d+)$/ }),
  e("/admin/organization/:orgId/aircraft/:aircraftId", (i) => `/admin/organization/${i.org}/aircraft/${i.aircraft}`),
  e("/admin/organization/:orgId/aircraft/new", (i) => `/admin/organization/${i.org}/aircraft/new`),
  e("/admin/organization/create"),
  e("/aircraft-access/:aircraftId", (i) => `/aircraft-access/${i.aircraft}`),
  e("/admin/consultant/dashboard"),
  e("/admin/consultant/create"),
  e("/admin/client/dashboard"),
  e("/admin/client/create"),
  e("/admin/user-access-control"),
  e("/admin/ip-whitelist (index)", "/admin/ip-whitelist"),
  e("/admin/ip-whitelist/create"),
  e("/admin/es-migration"),
  e("/admin/audit"),
  e("/admin/issue-reports"),
  e("/admin/outbox"),
  e("/admin/retention"),
  e("/admin/aeroops/organization"),
  e("/admin/aeroops/org", "/admin/aeroops/org?org=skyline"),
  e("/admin/aeroops/template/manufacturers/:id?", "/admin/aeroops/template/manufacturers"),
  e("/aerooil/organization"),
  e("/aerooil/create"),
  e("/aerooil/view", "/aerooil/view?organization=skyline"),
  e("/aerooil/msnids", "/aerooil/msnids?organization=skyline"),
  e("/dashboard"),
  e("/deactivate"),
  e("/nextcloud/user (index)", "/nextcloud/user"),
  e("/nextcloud/user/create"),
  e("/nextcloud/group (index)", "/nextcloud/group"),
  e("/nextcloud/group/create"),
  e("/client/template/:tabId?", "/client/template"),
];

export const TEMPLATE: Entry[] = [
  e("/admin/aeroops/organization"),
  e("/ops_template/organization"),
  e("/client/template/:tabId?", "/client/template?typeOfManufacturer=Airbus"),
  e("/admin/aeroops/create"),
];

export const CONSULTANT: Entry[] = [
  e("/consultant/home"),
  // /consultant/profile and /consultant/settings lead to the consultant's own pages.
  e("/consultant/profile/:id/:tab", "/consultant/profile"),
  e("/consultant/settings/:id/:tab", "/consultant/settings"),
];

// A UAMBOX organization's user (Vertiport Mobility) in the AeroBOX shell.
export const UAM: Entry[] = [
  e("/aero-box (index)", "/aero-box"),
  e("/aero-box/storage/all", "/aero-box/storage/all", { key: "box", selector: "main a[href^='/aero-box/aircrafts/']", re: /\/aero-box\/aircrafts\/(\d+)/ }),
  e("/aero-box/aircrafts/:id", (i) => `/aero-box/aircrafts/${i.box}`),
  e("/aero-box/storage/favourites"),
  e("/aero-box/storage/following"),
  e("/aero-box/storage/inventory-report"),
  e("/aero-box/storage/ocr-status"),
];

/** Routes that are not pages of their own, and why. */
export const NOT_PAGES: Record<string, string> = {
  "/*": "redirects to /page/page-404",
  "/auth/*": "redirects to /page/page-404",
  "/page/page-401": "sends the user on by role, or to the login page (spec 000 §2)",
  "/page/page-404": "sends the user on by role, or to the login page (spec 000 §2)",
  "/page/page-500": "sends the user on by role, or to the login page (spec 000 §2)",
  "/aero-box": "the AeroBOX layout (its pages are audited)",
  "/consultant/profile": "redirects to /consultant/profile/:id/:tab (audited)",
  "/consultant/settings": "redirects to /consultant/settings/:id/:tab (audited)",
  "/client/Aeroops/updateworkorder (index)": "redirects to the work-order list (audited)",
  "/healthz": "a health check (text)",
  "/logout": "signs out and lands on the login page (tests/unit/auth-routes.test.ts)",
  "/prefs/nav": "a form endpoint that redirects back",
  "/auth/2fa/verify": "audited in its own test (needs a sign-in with two-factor authentication)",
};
export const isResource = (route: string) => route.startsWith("/resources/");

/** The pages by the demo user who opens them (null: signed out). */
export const PAGES_BY_USER: { who: string; email: string | null; entries: Entry[] }[] = [
  { who: "public pages", email: null, entries: PUBLIC },
  { who: "a client's pages", email: "client@demo.aero", entries: CLIENT },
  { who: "an administrator's pages", email: "admin@demo.aero", entries: ADMIN },
  { who: "the template manager's pages", email: "template@demo.aero", entries: TEMPLATE },
  { who: "a consultant's pages", email: "consultant@demo.aero", entries: CONSULTANT },
  { who: "the AeroBOX pages of a UAM organization's user", email: "hannah.weber@vertiport.demo.aero", entries: UAM },
];
