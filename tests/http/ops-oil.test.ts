// AeroOPS and AeroOIL as a browser without JavaScript uses them, over HTTP against the production
// server (what the "nojs" Playwright runs of the ops, ops-more, ops-tab, ops-transition, workorders,
// logbooks, oil and oil-trends specs did): GET a page, follow its links, fill a form's own fields,
// post it, follow the redirect and read the next page; a form's effect on data is checked again
// through the ops API, as another client would see it.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpForm, startPortal, type HttpPage, type NoJsBrowser, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

const CLIENT = "client@demo.aero";
const READER = "reader@demo.aero";
const SUPER_USER = "emma.clarke@skyline.demo.aero";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// ---------------------------------------------------------------------------------------------
// Reading a page as a person would: by headings, names and labels
// ---------------------------------------------------------------------------------------------

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const matches = (text: string, want: string | RegExp) => (typeof want === "string" ? text === want : want.test(text));

/** The accessible name of a table, region, dialog, list, link or form control. */
function nameOf(el: Element): string {
  const doc = el.ownerDocument;
  const label = el.getAttribute("aria-label");
  if (label) return clean(label);
  const by = el.getAttribute("aria-labelledby");
  if (by) return clean(by.split(/\s+/).map((id) => doc.getElementById(id)?.textContent ?? "").join(" "));
  if (el.tagName === "TABLE") return clean(el.querySelector("caption")?.textContent);
  if (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName)) {
    const id = el.getAttribute("id");
    const forIt = id ? doc.querySelector(`label[for="${id}"]`) : null;
    return clean((forIt ?? el.closest("label"))?.textContent);
  }
  return clean(el.textContent);
}

/** Every element of `selector` in `scope` whose accessible name matches. */
function named(scope: ParentNode, selector: string, name: string | RegExp): Element[] {
  return [...scope.querySelectorAll(selector)].filter((el) => matches(nameOf(el), name));
}
/** The one element of `selector` named `name` (the first when `first`). */
function one(scope: ParentNode, selector: string, name: string | RegExp, first = false): Element {
  const hits = named(scope, selector, name);
  if (hits.length === 0 || (!first && hits.length > 1)) {
    throw new Error(`${hits.length} ${selector} named ${name} (names: ${[...scope.querySelectorAll(selector)].map(nameOf).slice(0, 30).join(" | ")})`);
  }
  return hits[0]!;
}
const table = (scope: ParentNode, name: string | RegExp, first = false) => one(scope, "table", name, first);
const region = (scope: ParentNode, name: string | RegExp) => one(scope, "section[aria-label], section[aria-labelledby], [role=region]", name);
const navigation = (p: HttpPage, name: string) => one(p.doc, "nav", name);
const dialog = (p: HttpPage, name: string | RegExp) => one(p.doc, "dialog[open]", name);
/** Every row of a table (header and footer rows included, as role=row counts them). */
const rows = (t: Element) => [...t.querySelectorAll("tr")];
const bodyRows = (t: Element) => [...t.querySelectorAll("tbody tr")];
/** The row whose text matches. */
const row = (t: Element, name: RegExp) => {
  const hit = rows(t).find((r) => name.test(clean(r.textContent)));
  if (!hit) throw new Error(`no row ${name} in ${nameOf(t)}`);
  return hit;
};
/** The href of the link named `name` inside an element. */
function hrefIn(scope: Element, name: string | RegExp): string {
  return one(scope, "a[href]", name, true).getAttribute("href")!;
}
/** Follows the link named `name` inside an element, as a click would. */
const follow = (p: HttpPage, scope: Element, name: string | RegExp) => p.browser.open(new URL(hrefIn(scope, name), p.url).toString());

/** The form that holds the element, as the browser would submit it. */
const formOf = (p: HttpPage, el: Element) => new HttpForm(p, el.closest("form") as HTMLFormElement);
/** The one form inside an element that matches (a dialog's, a region's). */
function formIn(p: HttpPage, scope: Element, match: { has?: string; button?: string | RegExp } = {}): HttpForm {
  const hits = [...scope.querySelectorAll("form")].map((f) => new HttpForm(p, f as HTMLFormElement)).filter((f) => f.matches(match));
  if (hits.length !== 1) throw new Error(`${p.path}: ${hits.length} forms match ${String(match.button ?? match.has ?? "")} in ${nameOf(scope)}`);
  return hits[0]!;
}
/** Types into (or picks an option of) the form's field labelled `label`. */
function fill(f: HttpForm, label: string | RegExp, value: string): HttpForm {
  const hits = f.controls().filter((c) => ["INPUT", "SELECT", "TEXTAREA"].includes(c.tagName) && matches(nameOf(c), label));
  if (hits.length !== 1) throw new Error(`${hits.length} fields labelled ${label} (labels: ${f.controls().map(nameOf).join(" | ")})`);
  f.set(hits[0]!.getAttribute("name")!, value);
  return f;
}
/** The value a field labelled `label` shows on the page. */
function valueOf(p: HttpPage, label: string | RegExp): string | undefined {
  const field = one(p.doc, "input, select, textarea", label);
  return formOf(p, field).get(field.getAttribute("name")!);
}
/** The file name a download offers (Content-Disposition, the UTF-8 form first, as browsers read it). */
function downloadName(p: HttpPage): string {
  const cd = p.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/i.exec(cd)?.[1] ?? "";
}
/** Clicks an export button of the top bar's "Export and share" group; answers the download. */
async function downloadFromTopBar(p: HttpPage, button: string): Promise<HttpPage> {
  const group = one(p.doc, "header [role=group]", "Export and share");
  const f = formIn(p, group, { button });
  const file = await f.submit(button);
  expect(file.status, button).toBe(200);
  expect(file.isHtml, button).toBe(false);
  expect(file.headers.get("content-disposition"), button).toMatch(/^attachment/);
  return file;
}
const param = (p: HttpPage, name: string) => new URL(p.url).searchParams.get(name);
/** The aircraft the page is about (its org_msn_id). */
const aircraftId = (p: HttpPage) => Number(param(p, "org_msn_id"));
/** The tab key of a tab page (/client/Aeroops/tab-7 → "tab-7"). */
const tabKey = (p: HttpPage) => p.pathname.split("/").pop()!;

async function signedIn(email: string): Promise<NoJsBrowser> {
  const b = portal.browser();
  await b.signIn(email);
  return b;
}

/** Posts a form body to a URL with the browser's session, as a replayed form post would. */
const replay = (b: NoJsBrowser, url: string, fields: Record<string, string>) => b.request(url, { method: "POST", body: new URLSearchParams(fields), referer: url });

// ---------------------------------------------------------------------------------------------
// ops.both.spec.ts
// ---------------------------------------------------------------------------------------------

async function openRecords(b: NoJsBrowser, msn: string) {
  const home = await b.open(`/client/home?q=${msn}`);
  const files = await home.click(`MSN ${msn}: open the records`);
  expect(files.pathname).toMatch(/^\/storage\/aircraft\/\d+\/files$/);
  expect(files.h1s()[0]).toContain(`MSN ${msn}`);
  return files;
}

describe("AeroOPS from the records (ops.both.spec.ts)", () => {
  it("a client opens an aircraft in AeroOPS from its files, reads a tab, sorts and filters it", async () => {
    const b = await signedIn(CLIENT);
    const files = await openRecords(b, "5123");
    let p = await files.click("Open in AeroOPS", "header");
    expect(p.path).toMatch(/^\/client\/Aeroops\/aeroplane\?.*org_msn_id=\d+/);
    expect(p.h1s()[0]).toContain("MSN 5123");

    p = await p.click("General Information");
    expect(p.path).toMatch(/^\/client\/Aeroops\/generalInformation\?/);
    let t = table(p.doc, "General Information");
    expect(rows(t)).toHaveLength(14); // header + 13 fields
    const sortByField = (page: HttpPage) => follow(page, one(table(page.doc, "General Information"), "th", /^Field/), /Field/);
    p = await sortByField(p);
    expect(p.path).toMatch(/sort_column=Field&sort_order=asc/);
    expect(clean(rows(table(p.doc, "General Information"))[1]!.textContent)).toContain("APU");
    p = await sortByField(p);
    expect(p.path).toMatch(/sort_order=desc/);
    expect(clean(rows(table(p.doc, "General Information"))[1]!.textContent)).toContain("Type");

    const filter = p.form({ button: "Filter" });
    fill(filter, "Filter rows", "Aer Celtic");
    p = await filter.submit("Filter");
    expect(p.path).toMatch(/filter=Aer\+Celtic/);
    t = table(p.doc, "General Information");
    expect(rows(t)).toHaveLength(2);
    expect(clean(rows(t)[1]!.textContent)).toContain("Lessee");

    // The bottom tab bar leads to the next tab.
    p = await follow(p, navigation(p, "Tabs"), "Ops Notifications");
    expect(p.path).toMatch(/^\/client\/Aeroops\/opsNotifications\?/);
    expect(p.h1s()).toEqual(["Ops Notifications"]);
  });

  it("My Fleet lists the client's AeroOPS aircraft; a reader sees fewer, at Read Access", async () => {
    const b = await signedIn(CLIENT);
    let p = await b.open("/Aeroops/org/Aircrafts");
    const all = rows(table(p.doc, "My Fleet")).length;
    expect(all).toBeGreaterThan(2);
    p = await p.form({ button: "Sign out" }).submit("Sign out");
    expect(p.pathname).toBe("/auth/login");
    await b.signIn(READER);
    p = await b.open("/Aeroops/org/Aircrafts");
    const fleet = table(p.doc, "My Fleet");
    expect(rows(fleet).length).toBeLessThan(all);
    const levels = [...fleet.querySelectorAll("tbody tr td:nth-child(5)")].map((td) => clean(td.textContent));
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) expect(level).toBe("Read Access");
  });
});

// ---------------------------------------------------------------------------------------------
// ops-more.both.spec.ts
// ---------------------------------------------------------------------------------------------

async function openInAeroOps(b: NoJsBrowser, msn: string) {
  const fleet = await b.open(`/Aeroops/org/Aircrafts?q=${msn}`);
  const p = await follow(fleet, table(fleet.doc, "My Fleet"), new RegExp(msn));
  expect(p.path).toMatch(/^\/client\/Aeroops\/aeroplane\?/);
  return p;
}

describe("AeroOPS pages outside the module (ops-more.both.spec.ts)", () => {
  it("from an aircraft's records, AeroOPS tabs lists its tabs by group and opens one", async () => {
    const b = await signedIn(CLIENT);
    const files = await openRecords(b, "5123");
    const main = navigation(files, "Main");
    expect(hrefIn(main, "AeroOPS tabs")).toMatch(/org_msn_id=\d+/);
    let p = await follow(files, main, "AeroOPS tabs");
    expect(p.path).toMatch(/^\/storage\/Aeroops\/tabs\?org_msn_id=\d+/);
    expect(p.h1s()).toEqual(["AeroOPS tabs of MSN 5123"]);
    p = await follow(p, region(p.doc, "Airworthiness"), "AD Status");
    expect(p.path).toMatch(/^\/client\/Aeroops\/tab-\d+\?org_msn_id=\d+/);
    expect(p.h1s()).toEqual(["AD Status"]);
    expect(rows(table(p.doc, "AD Status")).length).toBeGreaterThan(1);
    // Without an aircraft: the fleet's tabs, each to its landing.
    p = await b.open("/storage/Aeroops/tabs");
    p = await follow(p, region(p.doc, "Components"), "Landing Gear");
    expect(p.status).toBe(200);
    expect(p.pathname).toMatch(/^\/Aeroops\/org\/tabslanding\//);
  });

  it("the template manager's organizations at /ops_template/organization", async () => {
    const b = await signedIn("template@demo.aero");
    const p = await b.open("/ops_template/organization");
    expect(p.status).toBe(200);
    expect(p.h1s()[0]).toContain("organizations");
    expect(p.text("main")).toContain("Skyline Leasing");
  });

  it("the template manager given AeroOPS access to aircraft: every link of the tabs landing and the pages it leads to opens", async () => {
    const admin = await portal.api("admin@demo.aero");
    const template = (await admin.main("GET", "/admin/users.json?q=template%40demo.aero")).body.users[0];
    expect((await admin.main("POST", "/admin/access/grant.json", { user_id: template.id, aircraft_ids: [1, 2], products: ["ops"], access: "read" })).status).toBe(200);
    const b = await signedIn("template@demo.aero");
    const landing = await b.open("/Aeroops/org/tabslanding");
    const tabs = landing.links("main").map((l) => l.href);
    expect(tabs.filter((h) => h.startsWith("/Aeroops/org/tabslanding/")).length).toBeGreaterThan(3);
    // The landing's links, those of the first tab's landing and of the pages its aircraft lead to.
    const first = await b.open(tabs.find((h) => h.startsWith("/Aeroops/org/tabslanding/"))!);
    const aircraft = first.links("main").map((l) => l.href).filter((h) => h.startsWith("/client/Aeroops/"));
    const aeroplane = await b.open("/client/Aeroops/aeroplane?org_msn_id=1&aerotype=Aeroops");
    const hrefs = new Set([...tabs, ...first.links("main").map((l) => l.href), ...aircraft, ...aeroplane.links("main").map((l) => l.href)]);
    const dead: string[] = [];
    for (const href of hrefs) {
      const p = await b.open(href);
      if (p.status !== 200 || p.pathname.startsWith("/errors/")) dead.push(`${href} -> ${p.status} ${p.pathname}`);
    }
    expect(dead).toEqual([]);
  });

  it("the maintenance screen lists the aircraft's open work orders, its logbooks and maintenance tabs", async () => {
    const b = await signedIn(CLIENT);
    let p = await openInAeroOps(b, "5123");
    p = await follow(p, navigation(p, "Work orders and logbooks"), "Maintenance");
    expect(p.path).toMatch(/^\/client\/Aeroops\/maintenance\?/);
    expect(p.h1s()).toEqual(["Maintenance of MSN 5123"]);
    expect(named(p.doc, "nav", "Tabs")).toHaveLength(0); // no bottom tab bar here
    const open = table(p.doc, "Open work orders");
    for (const td of open.querySelectorAll("tbody tr td:nth-child(4)")) expect(["closed", "cancelled"]).not.toContain(clean(td.textContent).toLowerCase());
    expect(table(p.doc, "Technical logbooks").querySelectorAll("a[href]").length).toBeGreaterThan(0);
    p = await follow(p, region(p.doc, "Maintenance"), "Checks");
    expect(p.h1s()).toEqual(["Checks"]);
  });
});

// ---------------------------------------------------------------------------------------------
// ops-tab.both.spec.ts
// ---------------------------------------------------------------------------------------------

async function openHardTime(b: NoJsBrowser) {
  const aircraft = await openInAeroOps(b, "5123");
  const p = await aircraft.click("Hard Time Components");
  expect(p.h1s()).toEqual(["Hard Time Components"]);
  return p;
}

async function hardTimeWorkbook(rowsIn: (string | number | null)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Data");
  ws.addRow(["Description", "ATA", "Part No", "Serial No", "Installed", "Limit Months", "Due"]);
  for (const r of rowsIn) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Filters the tab's grid by a text (the Filter form). */
async function filterRows(p: HttpPage, text: string) {
  const f = p.form({ button: "Filter" });
  fill(f, "Filter rows", text);
  return f.submit("Filter");
}

describe("an AeroOPS tab (ops-tab.both.spec.ts)", () => {
  it("a client adds, changes and deletes a row of a tab", async () => {
    const name = `HTTP part ${Date.now()}`;
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    let p = await openHardTime(b);
    const where = { org_msn_id: aircraftId(p), tab_id: tabKey(p), filter: name };

    p = await p.click("Add row");
    let add = formIn(p, dialog(p, "Add a row"), { button: "Add row" });
    fill(add, /^Description/, name);
    fill(add, /^Installed/, "2026-02-03");
    fill(add, /^Limit Months/, "abc");
    p = await add.submit("Add row");
    // A bad number: the dialog stays with the message on the column and what was typed.
    expect(p.status).toBe(422);
    expect(dialog(p, "Add a row").textContent).toMatch(/"Limit Months" must be a number/);
    add = formIn(p, dialog(p, "Add a row"), { button: "Add row" });
    expect(add.get("cell:Description")).toBe(name);
    expect((await api.ops("POST", "/v1/ops_data/get_tab_data", where)).body.total).toBe(0);
    fill(add, /^Limit Months/, "36");
    p = await add.submit("Add row");
    expect(p.toast()).toBe("Row added.");
    expect(p.doc.querySelectorAll("dialog[open]")).toHaveLength(0);

    p = await filterRows(p, name);
    let t = table(p.doc, "Hard Time Components");
    expect(rows(t)).toHaveLength(2);
    expect(clean(rows(t)[1]!.textContent)).toContain("3 Feb 2026");
    let stored = (await api.ops("POST", "/v1/ops_data/get_tab_data", where)).body;
    expect(stored.rows.map((r: any) => r.data)).toEqual([expect.objectContaining({ Description: name, Installed: "2026-02-03", "Limit Months": 36 })]);

    p = await follow(p, t, /^Edit row/);
    const edit = formIn(p, dialog(p, /./), { button: "Save row" });
    fill(edit, /^Limit Months/, "48");
    p = await edit.submit("Save row");
    expect(p.toast()).toBe("Row saved.");
    t = table(p.doc, "Hard Time Components");
    expect(clean(rows(t)[1]!.textContent)).toContain("48");
    stored = (await api.ops("POST", "/v1/ops_data/get_tab_data", where)).body;
    expect(stored.rows[0].data["Limit Months"]).toBe(48);

    const select = p.form({ button: "Delete selected…" });
    select.check("select", String(stored.rows[0].id));
    p = await select.submit("Delete selected…");
    p = await formIn(p, dialog(p, "Delete 1 row?"), { button: "Delete row" }).submit("Delete row");
    expect(p.toast()).toBe("1 row deleted.");
    expect(p.text("main")).toContain("No rows match the filter.");
    expect((await api.ops("POST", "/v1/ops_data/get_tab_data", where)).body.total).toBe(0);
  });

  it("the Excel round trip: two bad rows are found and nothing is imported; fixed, the rows are imported", async () => {
    const tag = `http-${Date.now()}`;
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    let p = await openHardTime(b);
    const where = { org_msn_id: aircraftId(p), tab_id: tabKey(p), filter: `Round trip ${tag}` };
    const panel = (page: HttpPage) => [...page.doc.querySelectorAll("details")].find((d) => clean(d.querySelector("summary")?.textContent) === "Excel import")!;

    let upload = formIn(p, panel(p), { button: "Validate" });
    expect(nameOf(one(upload.el, "input[type=file]", /^Workbook/))).toMatch(/^Workbook/);
    upload.attach("file", {
      name: "hard-time.xlsx",
      type: XLSX,
      bytes: await hardTimeWorkbook([
        [`Round trip ${tag} 1`, "32", "PN-1", "SN-1", "2025-06-01", 24, null],
        [`Round trip ${tag} 2`, "32", "PN-2", "SN-2", "31/02/2025", 24, null],
        [`Round trip ${tag} 3`, "32", "PN-3", "SN-3", "2025-01-01", "twelve", null],
      ]),
    });
    p = await upload.submit("Validate");
    expect(p.toast()).toBe("hard-time.xlsx: 2 rows have errors. Nothing was imported.");
    const validation = await p.click(/Download the validation workbook/);
    expect(validation.status).toBe(200);
    expect(validation.isHtml).toBe(false);
    expect(downloadName(validation)).toBe("hard-time_validation.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(validation.body) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);

    p = await filterRows(p, `Round trip ${tag}`);
    expect(p.text("main")).toContain("No rows match the filter.");
    expect((await api.ops("POST", "/v1/ops_data/get_tab_data", where)).body.total).toBe(0);

    upload = formIn(p, panel(p), { button: "Import" });
    upload.attach("file", {
      name: "hard-time.xlsx",
      type: XLSX,
      bytes: await hardTimeWorkbook([
        [`Round trip ${tag} 1`, "32", "PN-1", "SN-1", "2025-06-01", 24, null],
        [`Round trip ${tag} 2`, "32", "PN-2", "SN-2", "2025-02-28", 24, null],
        [`Round trip ${tag} 3`, "32", "PN-3", "SN-3", "2025-01-01", 12, null],
      ]),
    });
    p = await upload.submit("Import");
    expect(p.toast()).toContain("3 rows imported");
    expect(rows(table(p.doc, "Hard Time Components"))).toHaveLength(4);
    const stored = (await api.ops("POST", "/v1/ops_data/get_tab_data", { ...where, sort_column: "Description", sort_order: "asc" })).body;
    expect(stored.rows.map((r: any) => [r.data.Description, r.data.Installed, r.data["Limit Months"]])).toEqual([
      [`Round trip ${tag} 1`, "2025-06-01", 24],
      [`Round trip ${tag} 2`, "2025-02-28", 24],
      [`Round trip ${tag} 3`, "2025-01-01", 12],
    ]);
  });

  it("the tab's PDF, Excel and binders download from the top bar, which full-screen mode hides", async () => {
    const b = await signedIn(CLIENT);
    let p = await openHardTime(b);
    const actions = one(p.doc, "header [role=group]", "Export and share");
    expect(hrefIn(actions, "Share")).toBeTruthy();
    // The page itself no longer carries them (only the Excel import's data file).
    const main = p.doc.querySelector("main")!;
    expect([...main.querySelectorAll("button")].map((x) => clean(x.textContent)).filter((t) => /^(PDF|Excel|Full Data Excel|Current Binder|Full Delivery Binder)$/.test(t))).toEqual([]);
    for (const [button, file, magic] of [
      ["PDF", /^5123_Hard Time Components\.pdf$/, "%PDF"],
      ["Excel", /^5123_Hard Time Components\.xlsx$/, "PK"],
      ["Current Binder", /_Current_Binder\.pdf$/, "%PDF"],
      ["Full Delivery Binder", /_Full_Delivery_Binder\.pdf$/, "%PDF"],
      ["Full Data Excel", /^5123_AeroOPS_All_Tabs_.*\.xlsx$/, "PK"],
    ] as const) {
      const download = await downloadFromTopBar(p, button);
      expect(downloadName(download), button).toMatch(file);
      expect(Buffer.from(download.body.subarray(0, magic.length)).toString("latin1"), button).toBe(magic);
    }

    // Share opens the share dialog (in the URL).
    p = await follow(p, actions, "Share");
    expect(p.path).toMatch(/dialog=share/);
    expect(p.doc.querySelectorAll("dialog[open]")).toHaveLength(1);

    // Full-screen mode hides the top bar with its buttons (the shell's data-fullscreen; CSS hides the bar).
    p = await b.open(`${p.path.replace(/&?dialog=share/, "")}&fullscreen=1`);
    expect(p.h1s()).toEqual(["Hard Time Components"]);
    const group = p.doc.querySelectorAll("[data-screen-actions]");
    expect(group).toHaveLength(1);
    expect(group[0]!.closest("[data-fullscreen]")?.getAttribute("data-fullscreen")).toBe("true");
    expect(group[0]!.closest("header")).not.toBeNull();
  });

  it("a reader sees the tab without edit controls, and replayed posts change nothing", async () => {
    const b = await signedIn(READER);
    let p = await openHardTime(b);
    let t = table(p.doc, "Hard Time Components");
    expect(rows(t).length).toBeGreaterThan(1);
    expect(named(p.doc, "a[href]", /Add row/i)).toHaveLength(0);
    expect(named(p.doc, "a[href]", /Edit row/i)).toHaveLength(0);
    expect(p.doc.querySelectorAll("input[type=checkbox]")).toHaveLength(0);
    expect(p.forms().filter((f) => f.buttons().includes("Import"))).toHaveLength(0);

    // The posts a writer's page would send, replayed with the reader's session: refused, nothing changes.
    const before = clean(rows(t)[1]!.textContent);
    const add = await replay(b, p.url, { intent: "save-row", "cell:Description": "reader replay" });
    expect(add.status).toBe(422);
    expect(add.html).toContain("You have Read Access");
    const del = await replay(b, p.url, { intent: "delete-rows", ids: "1" });
    expect(del.status).toBe(422);
    p = await b.open(p.url);
    t = table(p.doc, "Hard Time Components");
    expect(clean(rows(t)[1]!.textContent)).toBe(before);
    p = await filterRows(p, "reader replay");
    expect(p.text("main")).toContain("No rows match the filter.");
    const api = await portal.api(CLIENT);
    expect((await api.ops("POST", "/v1/ops_data/get_tab_data", { org_msn_id: aircraftId(p), tab_id: tabKey(p), filter: "reader replay" })).body.total).toBe(0);
  });

  it("rows per page: 50 by default, 100 / 250 / 500 on request, anything else is 50", async () => {
    const b = await signedIn(READER);
    let p = await openHardTime(b);
    expect(valueOf(p, "Rows per page")).toBe("50");
    const f = p.form({ button: "Filter" });
    fill(f, "Rows per page", "500");
    p = await f.submit("Filter");
    expect(p.path).toMatch(/per_page=500/);
    expect(valueOf(p, "Rows per page")).toBe("500");
    expect(rows(table(p.doc, "Hard Time Components")).length).toBeGreaterThan(1);
    p = await b.open(p.path.replace("per_page=500", "per_page=7"));
    expect(valueOf(p, "Rows per page")).toBe("50");
  });
});

// ---------------------------------------------------------------------------------------------
// ops-transition.both.spec.ts
// ---------------------------------------------------------------------------------------------

describe("AeroSORT, the transition module (ops-transition.both.spec.ts)", () => {
  it("a client opens AeroSORT: the transition menu, a tab across the fleet, and back to the aircraft's tab", async () => {
    const b = await signedIn(CLIENT);
    let p = await openInAeroOps(b, "5123");
    expect(named(navigation(p, "Main"), "a[href]", /Settings/i).length).toBeGreaterThan(0);
    // The top bar: MSN, registration and OPS issue date; the transition module hides the registration.
    let top = p.text("[data-testid=top-bar-info]")!;
    expect(top).toContain("Aircraft Registration");
    expect(top).toContain("OPS issue date");
    p = await p.click("Open AeroSORT");
    expect(p.path).toMatch(/module=transition/);
    top = p.text("[data-testid=top-bar-info]")!;
    expect(top).toContain("5123");
    expect(top).toContain("OPS issue date");
    expect(top).not.toContain("Aircraft Registration");

    let nav = navigation(p, "Main");
    const menu = nav.querySelector("ul")!;
    for (const name of ["Home", "AeroOPS Home", "My Fleet", "Back to MSN 5123"]) expect(named(menu, "a[href]", name), name).toHaveLength(1);
    // The usual AeroOPS links give way to the transition menu.
    expect(named(nav, "a[href]", /Settings/i)).toHaveLength(0);
    expect(clean(nav.querySelector("[data-testid=access-label]")?.textContent)).toBe("Edit Access");
    const users = region(nav, "USERS");
    expect(users.querySelectorAll("li").length).toBeGreaterThan(0);
    expect(users.textContent).toContain("Read Access");

    // The Tabs accordion: groups by group_name; Airworthiness holds AD Status.
    const group = [...region(nav, "Tabs").querySelectorAll("details")].find((d) => clean(d.querySelector("summary")?.textContent) === "Airworthiness")!;
    p = await follow(p, group, "AD Status");
    expect(p.path).toMatch(/^\/Aeroops\/org\/tabslanding\/[^?]+\?.*tab_id=/);
    expect(p.h1s()).toEqual(["AD Status"]);
    const fleet = table(p.doc, "AD Status across the fleet");
    expect(rows(fleet).length).toBeGreaterThan(2); // header + more than one aircraft
    const r = row(fleet, /MSN 5123/);
    expect(r.textContent).toContain("EI-FSK");
    expect(r.textContent).toContain("Edit Access");
    // The menu stays the transition menu and marks the tab.
    nav = navigation(p, "Main");
    expect(one(region(nav, "Tabs"), "a[href]", "AD Status").getAttribute("aria-current")).toBe("page");

    p = await follow(p, r, "AD Status of MSN 5123");
    expect(p.path).toMatch(/^\/client\/Aeroops\/tab-\d+\?.*module=transition/);
    expect(p.h1s()).toEqual(["AD Status"]);
    p = await follow(p, navigation(p, "Main").querySelector("ul")!, "Back to MSN 5123");
    expect(p.path).toMatch(/^\/client\/Aeroops\/aeroplane\?.*module=transition/);
  });

  it("the tabs landing without a tab lists the fleet's tabs by group; an unknown tab is a clear 404", async () => {
    const b = await signedIn(READER);
    let p = await b.open("/Aeroops/org/tabslanding?module=transition");
    expect(p.h1s()).toEqual(["Tabs across the fleet"]);
    p = await follow(p, region(p.doc, "Airworthiness"), "AD Status");
    const fleet = table(p.doc, "AD Status across the fleet");
    expect(row(fleet, /MSN 5123/).textContent).toContain("Read Access");
    // Only what was opened to the reader.
    expect(rows(fleet).filter((r) => clean(r.textContent).includes("41230"))).toHaveLength(0);
    p = await b.open("/Aeroops/org/tabslanding/tab-999999?module=transition");
    expect(p.status).toBe(404);
    expect(p.text("body")).toContain("That tab is not on any aircraft you may open in AeroOPS.");
  });
});

// ---------------------------------------------------------------------------------------------
// workorders.both.spec.ts
// ---------------------------------------------------------------------------------------------

async function engineWorkOrders(b: NoJsBrowser) {
  const fleet = await b.open("/Aeroops/org/Aircrafts?q=5123");
  const aircraft = await fleet.click("MSN 5123: open in AeroOPS");
  expect(aircraft.path).toMatch(/^\/client\/Aeroops\/aeroplane\?/);
  const p = await aircraft.click("Engine WO");
  expect(p.path).toMatch(/^\/client\/Aeroops\/workorder\/engineworkorder\?/);
  return p;
}

describe("work orders (workorders.both.spec.ts)", () => {
  it("a client creates a work order, saves two more versions, compares them and exports version 2", async () => {
    const number = `WO-HTTP-${Date.now() % 1_000_000}`;
    const title = "Borescope after bird strike";
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    let p = await engineWorkOrders(b);
    const org_msn_id = aircraftId(p);
    p = await p.click("Create work order");
    expect(p.h1s()).toEqual(["Create work order"]);
    let wo = p.form({ name: "Work order" });
    expect(wo.get("kind")).toBe("engine");
    fill(wo, "Work order number", number);
    fill(wo, "Title", title);
    fill(wo, "Station", "Shannon");
    fill(wo, "Task 1 description", "Borescope HPT stage 1");
    fill(wo, "Task 1 man-hours", "2.5");
    fill(wo, "Task 2 description", "Borescope LPC");
    fill(wo, "Task 2 man-hours", "1.5");
    // A row more, added by the server with what was typed kept; then the empty third one removed.
    p = await wo.submit("Add task");
    expect(named(p.doc, "input", "Task 4 description")).toHaveLength(1);
    wo = p.form({ name: "Work order" });
    expect(wo.get("task.0.description")).toBe("Borescope HPT stage 1");
    expect(wo.get("title")).toBe(title);
    p = await wo.submit("Remove task 3");
    expect(named(p.doc, "input", "Task 4 description")).toHaveLength(0);
    wo = p.form({ name: "Work order" });
    expect(wo.get("task.1.description")).toBe("Borescope LPC");
    fill(wo, "Task 3 description", "Inspect fan blades");
    fill(wo, "Task 3 man-hours", "1");
    // Nothing is stored until the work order is created.
    expect((await api.ops("POST", "/v1/work_order/list", { org_msn_id, q: number })).body.total).toBe(0);
    p = await wo.submit("Create work order");
    expect(p.path).toMatch(/^\/client\/Aeroops\/updateworkorder\/engine_wo\d+\?/);
    expect(p.toast()).toBe(`Work order ${number} was created.`);
    expect(p.h1s()).toEqual([`Engine WO ${number}`]);
    expect(p.text("main")).toContain(`${title} · Open · version 1 of 1`);
    expect(p.form({ name: "Work order" }).get("title")).toBe(title);
    expect(table(p.doc, "Tasks").textContent).toContain("Total 5 h");
    expect(named(p.doc, "a[href]", /Delete…/i)).toHaveLength(1); // what a reader must not see
    // The ops API has it as it was typed: its title, its kind and its three tasks.
    const listed = (await api.ops("POST", "/v1/work_order/list", { org_msn_id, q: number })).body.work_orders;
    expect(listed).toEqual([expect.objectContaining({ number, title, kind: "engine", status: "open", version: 1 })]);
    const created = (await api.ops("POST", "/v1/work_order/get", { work_order_id: listed[0].work_order_id })).body.work_order;
    expect(created.title).toBe(title);
    expect(created.data.station).toBe("Shannon");
    expect(created.data.tasks.map((t: any) => [t.description, Number(t.man_hours)])).toEqual([
      ["Borescope HPT stage 1", 2.5],
      ["Borescope LPC", 1.5],
      ["Inspect fan blades", 1],
    ]);

    wo = p.form({ name: "Work order" });
    fill(wo, "Task 1 status", "done");
    fill(wo, "Status", "in progress");
    p = await wo.submit("Save as version 2");
    expect(p.toast()).toContain("Saved as version 2.");
    wo = p.form({ name: "Work order" });
    fill(wo, "Task 2 status", "done");
    fill(wo, "Remarks", "All borescope findings within limits.");
    p = await wo.submit("Save as version 3");
    expect(p.toast()).toContain("Saved as version 3.");
    const saved = (await api.ops("POST", "/v1/work_order/get", { work_order_id: listed[0].work_order_id })).body.work_order;
    expect(saved).toMatchObject({ title, status: "in progress", version: 3 });
    expect(saved.data.tasks.map((t: any) => t.status)).toEqual(["done", "done", "open"]);

    expect(rows(table(p.doc, "Versions"))).toHaveLength(4);
    const compare = p.form({ button: "Compare" });
    fill(compare, "Compare version", "1");
    fill(compare, "with version", "3");
    p = await compare.submit("Compare");
    expect([...p.doc.querySelectorAll("h1, h2, h3")].map((h) => clean(h.textContent))).toContain("Version 1 and version 3");
    expect(row(table(p.doc, "Differences"), /^Remarks/).textContent).toContain("All borescope findings within limits.");
    // The status is saved with each version: version 1 was open, version 3 in progress; compared too.
    const status = row(table(p.doc, "Differences"), /^Status/);
    expect(status.hasAttribute("data-changed")).toBe(true);
    expect([...status.querySelectorAll("td")].map((td) => clean(td.textContent))).toEqual(["Open", "In progress"]);
    const v1 = (await api.ops("POST", "/v1/work_order/get", { work_order_id: listed[0].work_order_id, version: 1 })).body.work_order;
    expect(v1).toMatchObject({ status: "open", version: 1 });
    expect(table(p.doc, "Tasks in version 3").querySelectorAll("[data-changed]")).toHaveLength(2);

    p = await follow(p, table(p.doc, "Versions"), "View version 2");
    expect(p.path).toMatch(/version=2/);
    for (const [button, file] of [
      ["PDF (version 2)", /_WO_.*_v2\.pdf$/],
      ["Excel (version 2)", /_WO_.*_v2\.xlsx$/],
    ] as const) {
      const download = await downloadFromTopBar(p, button);
      expect(downloadName(download)).toMatch(file);
    }

    p = await p.click("Work orders");
    const search = p.form({ button: "Search" });
    fill(search, "Search by number or title", number);
    p = await search.submit("Search");
    const list = table(p.doc, /work orders/);
    expect(rows(list)).toHaveLength(2);
    expect(list.textContent).toContain("v3");
    expect(list.textContent).toContain(title);
  });

  it("a work order is created with the form's empty task rows left as they are (they are ignored)", async () => {
    const number = `WO-BLANK-${Date.now() % 1_000_000}`;
    const b = await signedIn(CLIENT);
    let p = await engineWorkOrders(b);
    p = await p.click("Create work order");
    const wo = p.form({ name: "Work order" });
    // The new form's rows carry their number as reference; only the first is filled.
    expect(wo.get("task.2.ref")).toBe("3");
    expect(wo.get("task.2.description")).toBe("");
    fill(wo, "Work order number", number);
    fill(wo, "Title", "Blank rows");
    fill(wo, "Task 1 description", "Inspect fan blades");
    p = await wo.submit("Create work order");
    expect(p.text("main")).not.toContain("describe the task");
    expect(p.toast()).toBe(`Work order ${number} was created.`);
    const saved = p.form({ name: "Work order" });
    expect(saved.get("task.0.description")).toBe("Inspect fan blades");
    expect(saved.get("task.1.description") ?? "").toBe("");
  });

  it("a reader sees a work order read-only", async () => {
    const b = await signedIn(READER);
    let p = await engineWorkOrders(b);
    expect(named(p.doc, "a[href]", /Create work order/i)).toHaveLength(0);
    const first = table(p.doc, /work orders/).querySelector("tbody a[href]")!;
    p = await b.open(new URL(first.getAttribute("href")!, p.url).toString());
    expect(p.path).toMatch(/updateworkorder\/engine_wo\d+/);
    table(p.doc, "Tasks");
    expect(p.forms().filter((f) => f.buttons().some((x) => /Save as version/.test(x)))).toHaveLength(0);
    expect(named(p.doc, "a[href]", /Delete…/i)).toHaveLength(0);
    const main = p.doc.querySelector("main")!;
    expect(main.querySelectorAll("textarea, input:not([type]), input[type=text], input[type=search]")).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// logbooks.both.spec.ts
// ---------------------------------------------------------------------------------------------

async function logbooks(b: NoJsBrowser) {
  const fleet = await b.open("/Aeroops/org/Aircrafts?q=5123");
  const aircraft = await fleet.click("MSN 5123: open in AeroOPS");
  expect(aircraft.path).toMatch(/^\/client\/Aeroops\/aeroplane\?/);
  const p = await follow(aircraft, navigation(aircraft, "Work orders and logbooks"), "Technical logbooks");
  expect(p.h1s()).toEqual(["Technical logbooks"]);
  return p;
}

describe("technical logbooks (logbooks.both.spec.ts)", () => {
  it("a client creates a logbook, adds two pages, edits one and downloads the PDF", async () => {
    const title = `TLB HTTP ${Date.now() % 1_000_000}`;
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    let p = await logbooks(b);
    const org_msn_id = aircraftId(p);
    p = await p.click("Create logbook");
    const create = p.form({ button: "Create logbook" });
    fill(create, "Title", title);
    p = await create.submit("Create logbook");
    expect(p.path).toMatch(/^\/client\/Aeroops\/logbookpages\/logbook_id=\d+\?/);
    expect(p.h1s()).toEqual([title]);
    expect(p.text("main")).toContain("This logbook has no pages yet.");
    const log_book_id = Number(/logbook_id=(\d+)/.exec(p.pathname)![1]);
    expect((await api.ops("POST", "/v1/logbook/list", { org_msn_id })).body.logbooks).toContainEqual(expect.objectContaining({ log_book_id, title, page_count: 0 }));

    const addPage = async (page: HttpPage, date: string, flight: string, hours: string) => {
      const open = await page.click("Add page");
      const f = formIn(open, dialog(open, "Add a page"), { button: "Add page" });
      fill(f, "Date", date);
      fill(f, "Flight number", flight);
      fill(f, "Sector", "SNN-LHR");
      fill(f, "Block hours", hours);
      return f.submit("Add page");
    };
    p = await addPage(p, "2026-11-20", "EI101", "lots");
    expect(p.status).toBe(422);
    expect(dialog(p, "Add a page").textContent).toContain("Block hours must be a number from 0 to 24.");
    const again = formIn(p, dialog(p, "Add a page"), { button: "Add page" });
    expect(again.get("flight_no")).toBe("EI101");
    fill(again, "Block hours", "1.5");
    p = await again.submit("Add page");
    expect(p.toast()).toContain("(page 1)");
    p = await addPage(p, "2026-11-21", "EI102", "2");
    expect(p.toast()).toContain("(page 2)");
    let t = table(p.doc, "Logbook pages");
    expect(bodyRows(t)).toHaveLength(2);
    expect(t.querySelector("tfoot")?.textContent).toContain("3.5");

    p = await follow(p, t, "Edit page 2");
    const edit = formIn(p, dialog(p, /./), { button: "Save page" });
    fill(edit, "Block hours", "2.25");
    fill(edit, "Defect", "Left landing light inoperative");
    p = await edit.submit("Save page");
    expect(p.toast()).toContain("(page 2)");
    t = table(p.doc, "Logbook pages");
    expect(bodyRows(t)[1]!.textContent).toContain("Left landing light inoperative");
    expect(t.querySelector("tfoot")?.textContent).toContain("3.75");
    const pages = (await api.ops("POST", "/v1/logbook/pages", { log_book_id })).body.pages;
    expect(pages.map((x: any) => [x.page_no, x.date, x.data.flight_no, Number(x.data.block_hours), x.data.defect])).toEqual([
      [1, "2026-11-20", "EI101", 1.5, expect.anything()],
      [2, "2026-11-21", "EI102", 2.25, "Left landing light inoperative"],
    ]);

    const download = await downloadFromTopBar(p, "PDF (all pages)");
    expect(downloadName(download)).toMatch(/_Logbook_.*\.pdf$/);
    expect(Buffer.from(download.body.subarray(0, 4)).toString("latin1")).toBe("%PDF");

    p = await p.click("Logbooks");
    expect(row(table(p.doc, "Technical logbooks"), new RegExp(title)).textContent).toContain("2");
  });

  it("a reader sees a logbook's pages read-only; a replayed post is refused", async () => {
    const b = await signedIn(READER);
    let p = await logbooks(b);
    expect(named(p.doc, "a[href]", /Create logbook/i)).toHaveLength(0);
    const first = table(p.doc, "Technical logbooks").querySelector("tbody a[href]")!;
    p = await b.open(new URL(first.getAttribute("href")!, p.url).toString());
    const before = bodyRows(table(p.doc, "Logbook pages")).length;
    expect(before).toBeGreaterThan(0);
    expect(named(p.doc, "a[href]", /Add page/i)).toHaveLength(0);
    expect(named(p.doc, "a[href]", /Edit page/i)).toHaveLength(0);
    const res = await replay(b, p.url, { date: "2026-11-22", flight_no: "XX1", block_hours: "1" });
    expect(res.status).toBe(422);
    expect(res.html).toContain("Read Access");
    p = await b.open(p.url);
    expect(bodyRows(table(p.doc, "Logbook pages"))).toHaveLength(before);
  });
});

// ---------------------------------------------------------------------------------------------
// oil.both.spec.ts
// ---------------------------------------------------------------------------------------------

const OIL_TAB = "Engine 1 Oil Analysis";

async function openOilDashboard(b: NoJsBrowser, msn: string) {
  const home = await b.open(`/Aerooil/org?q=${msn}`);
  expect(home.h1s()).toEqual(["AeroOIL Home"]);
  const item = [...home.doc.querySelectorAll("li[data-aircraft-id]")].find((li) => clean(li.textContent).includes(`MSN ${msn}`))!;
  const p = await follow(home, item, "Open in AeroOIL");
  expect(p.path).toMatch(/^\/client\/Aerooil\/statusDashboard\?.*org_msn_id=\d+.*aerotype=Aerooil/);
  return p;
}
async function openOilTab(b: NoJsBrowser, msn: string, tab: string) {
  const dashboard = await openOilDashboard(b, msn);
  const p = await follow(dashboard, navigation(dashboard, "Tabs"), tab);
  expect(p.h1s()).toEqual([tab]);
  return p;
}
const importPanel = (p: HttpPage) => [...p.doc.querySelectorAll("details")].find((d) => clean(d.querySelector("summary")?.textContent) === "Excel import")!;

describe("AeroOIL (oil.both.spec.ts)", () => {
  it("a client opens AeroOIL from the aircraft's files and sees the status page", async () => {
    const b = await signedIn(CLIENT);
    const files = await openRecords(b, "5123");
    let p = await files.click("Open in AeroOIL", "header");
    expect(p.path).toMatch(/^\/client\/Aerooil\/statusDashboard\?.*org_msn_id=\d+/);
    // MSN 5123's OIL issue date is 2024-03-15: before 2024-08-19, the old title.
    expect(p.h1s()).toEqual(["Status Overview"]);
    expect(p.text("main")).toContain("OIL issue date");
    const counts = one(p.doc, "[role=list]", "Aircraft by status");
    for (const label of ["total", "grounded", "operational", "transitional"]) expect(clean(counts.querySelector(`[data-count="${label}"]`)?.textContent), label).toMatch(/\d+/);
    expect([...p.doc.querySelectorAll("h2, h3")].map((h) => clean(h.textContent))).toContain("Needs attention");
    expect([...p.doc.querySelectorAll("main p, main span, main div")].some((e) => /^\d+ watched rows in \d+ tabs?\.$/.test(clean(e.textContent)))).toBe(true);
    expect(rows(table(p.doc, /^Watched rows of /, true)).length).toBeGreaterThan(1);

    // The side navigation leads to the fixed tabs of the aircraft.
    p = await p.click("ABC Listing");
    expect(p.path).toMatch(/^\/client\/Aerooil\/abclisting\?/);
    expect(p.h1s()).toEqual(["ABC Listing"]);
    // The status tab is named by the same rule everywhere: the header's link and the bottom tab bar.
    expect(named(p.doc, "a[href]", "Status Overview").length).toBeGreaterThan(0);
    expect(named(p.doc, "a[href]", "Status Dashboard")).toHaveLength(0);

    // An aircraft issued after the cut-off: the new title.
    p = await openOilDashboard(b, "8842");
    expect(p.h1s()).toEqual(["Status Dashboard"]);
  });

  it("a client watches and unwatches a row of an oil tab; the watched-only filter follows", async () => {
    const serial = `HTTP-${Date.now()}`;
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    // Another aircraft than the status page test's: adding a row moves the OIL issue date to today.
    let p = await openOilTab(b, "41230", OIL_TAB);
    expect(p.path).toMatch(/^\/client\/Aerooil\/tab-\d+\?/);
    const where = { org_msn_id: aircraftId(p), tab_id: tabKey(p), filter: serial };
    const stored = async () => (await api.ops("POST", "/v1/oil_data/get_tab_data", where)).body.rows;

    // A row of our own.
    p = await p.click("Add row");
    const add = formIn(p, dialog(p, "Add a row"), { button: "Add row" });
    fill(add, /^Serial No/, serial);
    fill(add, /^Fe ppm/, "1.5");
    p = await add.submit("Add row");
    expect(p.toast()).toBe("Row added.");
    expect((await stored()).map((r: any) => [r.data["Serial No"], r.data["Fe ppm"], r.watched])).toEqual([[serial, 1.5, false]]);

    p = await filterRows(p, serial);
    let t = table(p.doc, OIL_TAB);
    expect(rows(t)).toHaveLength(2);
    expect(named(t, "input[type=checkbox]", /Select row/i)).toHaveLength(1); // what a reader must not see
    let toggle = one(t, "button", /^Watch row/);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    p = await formOf(p, toggle).submit(/^Watch row/);
    expect(p.toast()).toBe("The row is now watched.");
    expect(one(table(p.doc, OIL_TAB), "button", /^Watch row/).getAttribute("aria-pressed")).toBe("true");
    expect((await stored())[0].watched).toBe(true);

    let filter = p.form({ button: "Filter" });
    filter.check("watched_only");
    expect(nameOf(one(filter.el, "input[type=checkbox]", "Watched only"))).toBe("Watched only");
    p = await filter.submit("Filter");
    expect(p.path).toMatch(/watched_only=1/);
    t = table(p.doc, OIL_TAB);
    expect(rows(t)).toHaveLength(2);
    expect(rows(t)[1]!.textContent).toContain(serial);

    toggle = one(t, "button", /^Watch row/);
    p = await formOf(p, toggle).submit(/^Watch row/);
    expect(p.toast()).toBe("The row is no longer watched.");
    expect(p.text("main")).toContain("No watched rows match.");
    expect((await stored())[0].watched).toBe(false);

    filter = p.form({ button: "Filter" });
    filter.check("watched_only", undefined, false);
    p = await filter.submit("Filter");
    expect(param(p, "watched_only")).toBeNull();
    t = table(p.doc, OIL_TAB);
    expect(one(t, "button", /^Watch row/).getAttribute("aria-pressed")).toBe("false");

    // Tidy up: delete the row.
    const select = p.form({ button: "Delete selected…" });
    select.check("select", String((await stored())[0].id));
    p = await select.submit("Delete selected…");
    p = await formIn(p, dialog(p, "Delete 1 row?"), { button: "Delete row" }).submit("Delete row");
    expect(p.toast()).toBe("1 row deleted.");
    expect(await stored()).toEqual([]);
  });

  it("an oil tab's PDF downloads", async () => {
    const b = await signedIn(CLIENT);
    const p = await openOilTab(b, "5123", OIL_TAB);
    const download = await downloadFromTopBar(p, "PDF");
    expect(downloadName(download)).toBe(`5123_${OIL_TAB}.pdf`);
    expect(download.headers.get("content-type")).toContain("application/pdf");
    expect(Buffer.from(download.body.subarray(0, 4)).toString("latin1")).toBe("%PDF");
  });

  it("an oil tab's Excel import: a refused file is said in the panel and changes nothing, a workbook is validated, the data file downloads", async () => {
    const b = await signedIn(CLIENT);
    const api = await portal.api(CLIENT);
    let p = await openOilTab(b, "5123", OIL_TAB);
    const count = rows(table(p.doc, OIL_TAB)).length;
    const where = { org_msn_id: aircraftId(p), tab_id: tabKey(p) };
    const total = (await api.ops("POST", "/v1/oil_data/get_tab_data", where)).body.total;

    // A file of another kind: the answer is the page again, the panel open with the message.
    let upload = formIn(p, importPanel(p), { button: "Import" });
    upload.attach("file", { name: "notes.txt", type: "text/plain", bytes: "Fe ppm\n3\n" });
    p = await upload.submit("Import");
    expect(p.status).toBe(422);
    expect(importPanel(p).hasAttribute("open")).toBe(true);
    expect(clean(importPanel(p).querySelector("[role=alert]")?.textContent)).toBe("Choose an .xlsx, .xls or .csv file.");
    expect(rows(table(p.doc, OIL_TAB))).toHaveLength(count);
    expect((await api.ops("POST", "/v1/oil_data/get_tab_data", where)).body.total).toBe(total);

    // A CSV with a bad number: validated, nothing imported, the validation workbook offered.
    upload = formIn(p, importPanel(p), { button: "Validate" });
    upload.attach("file", { name: "oil.csv", type: "text/csv", bytes: "Sample Date,Serial No,Fe ppm\n2026-01-05,E2E-CSV,lots\n" });
    p = await upload.submit("Validate");
    expect(p.toast()).toBe("oil.csv: 1 row has errors. Nothing was imported.");
    expect(hrefIn(p.doc.body, /Download the validation workbook/)).toBeTruthy();
    expect(rows(table(p.doc, OIL_TAB))).toHaveLength(count);
    expect((await api.ops("POST", "/v1/oil_data/get_tab_data", where)).body.total).toBe(total);

    // The tab's data file (DFP) from the panel: posted, the answer is the file.
    const dfp = await formIn(p, importPanel(p), { button: "Data file (DFP)" }).submit("Data file (DFP)");
    expect(dfp.status).toBe(200);
    expect(dfp.isHtml).toBe(false);
    expect(downloadName(dfp)).toMatch(/\.xlsx$/);
  });

  it("a reader sees no toggle or edit control, and a replayed watch post is refused and changes nothing", async () => {
    const b = await signedIn(READER);
    let p = await openOilTab(b, "5123", OIL_TAB);
    let t = table(p.doc, OIL_TAB);
    const first = bodyRows(t)[0]!;
    expect(named(t, "button", /Watch row/i)).toHaveLength(0);
    expect(named(p.doc, "a[href]", /Add row/i)).toHaveLength(0);
    expect(named(p.doc, "a[href]", /Edit row/i)).toHaveLength(0);
    expect(named(p.doc, "input[type=checkbox]", /Select row/i)).toHaveLength(0);

    const id = first.getAttribute("data-row-id")!;
    const watched = first.getAttribute("data-watched")!;
    expect(["true", "false"]).toContain(watched);
    const res = await replay(b, p.url, { intent: "watch", id, watched: watched === "true" ? "0" : "1" });
    expect(res.status).toBe(422);
    expect(res.html).toContain("You have Read Access");
    p = await b.open(p.url);
    t = table(p.doc, OIL_TAB);
    expect(t.querySelector(`tbody tr[data-row-id="${id}"]`)?.getAttribute("data-watched")).toBe(watched);
  });
});

// ---------------------------------------------------------------------------------------------
// oil-trends.both.spec.ts
// ---------------------------------------------------------------------------------------------

/** Every drawing of the trends region (the desktop and the compact one; CSS shows one by the viewport). */
const trendDrawings = (p: HttpPage) => [...p.doc.querySelectorAll("#trends svg[role=img]")];

describe("AeroOIL trends and alert limits (oil-trends.both.spec.ts)", () => {
  it("a tab's trend chart shows the limit crossing, flagged in the grid and counted on the dashboard", async () => {
    const b = await signedIn(CLIENT);
    let p = await openOilTab(b, "5123", "APU Oil Analysis");
    const trends = region(p.doc, "Trends");
    expect(one(trends, "a[href]", "Fe ppm").getAttribute("aria-current")).toBe("true");
    const series = trends.querySelectorAll("[data-trend-series]");
    expect(series).toHaveLength(1);
    const crossings = Number(series[0]!.getAttribute("data-crossings"));
    expect(crossings).toBeGreaterThan(0);
    const drawings = trendDrawings(p);
    expect(drawings.length).toBeGreaterThan(0);
    for (const svg of drawings) {
      expect(svg.querySelectorAll("g[data-limit='7']")).toHaveLength(1);
      expect(svg.querySelectorAll("circle[data-over]")).toHaveLength(crossings);
      expect(svg.querySelector("desc")?.textContent).toContain(`alert limit 7, ${crossings} samples above it`);
    }

    // The same rows are flagged in the grid: their Fe ppm cell is marked, and above 7.
    const t = table(p.doc, "APU Oil Analysis");
    const flagged = [...t.querySelectorAll("td[data-over-limit]")];
    expect(flagged).toHaveLength(crossings);
    for (const td of flagged) expect(Number(clean(td.textContent).replace(/[^\d.]/g, ""))).toBeGreaterThan(7);
    expect(t.querySelectorAll("tr[data-over='Fe ppm']")).toHaveLength(crossings);

    // Limits are shown to a user with Edit Access, but only a Super User may set them.
    const limits = region(p.doc, "Alert limits");
    expect(clean(limits.textContent)).toContain("Only a Super User can set alert limits (you have Edit Access).");
    expect(row(limits, /^Fe ppm/).textContent).toContain("7");
    expect(limits.querySelectorAll("input[type=text], input:not([type]), textarea")).toHaveLength(0);

    // Another column: its own chart and limit.
    p = await follow(p, trends, "Cu ppm");
    expect(p.path).toMatch(/trend=Cu\+ppm/);
    expect(region(p.doc, "Trends").textContent).toMatch(/samples; 0 above the alert limit of 1\.5\./);

    // The dashboard counts the tab's crossings (MSN 5123's status page is titled Status Overview, and
    // so is every link to it, ADR 037).
    p = await p.click("Status Overview");
    expect(p.h1s()).toEqual(["Status Overview"]);
    const r = row(table(p.doc, "Rows above alert limits"), /APU Oil Analysis/);
    expect(r.getAttribute("data-crossings")).toBe(String(crossings));
    expect(r.textContent).toContain(`${crossings} row`);
    // The chart per tab (server SVG) and the side navigation's label follow the title rule (ADR 037).
    expect(p.doc.querySelectorAll("#oil-dashboard-chart svg[role=img]").length).toBeGreaterThan(0);
    expect(named(p.doc, "nav a[href]", "Status Overview").length).toBeGreaterThan(0);
    p = await openOilDashboard(b, "8842");
    expect(named(p.doc, "nav a[href]", "Status Dashboard").length).toBeGreaterThan(0);
  });

  it("a Super User sets and removes a limit and the grid follows; a reader sees it and is refused", async () => {
    const msn = "20234";
    const TAB = "Engine 1 Oil Analysis";
    const b = await signedIn(SUPER_USER);
    const api = await portal.api(SUPER_USER);
    let p = await openOilTab(b, msn, TAB);
    const where = { org_msn_id: aircraftId(p), tab_id: tabKey(p) };
    const agLimit = async () => (await api.ops("POST", "/v1/oil_data/get_oil_limits", where)).body.limits.find((l: any) => l.column_name === "Ag ppm");
    expect(await agLimit()).toBeUndefined();
    expect(table(p.doc, TAB).querySelectorAll("tr[data-over*='Ag ppm']")).toHaveLength(0);
    const set = formOf(p, one(region(p.doc, "Alert limits"), "input", "Alert limit of Ag ppm"));
    expect(set.buttons()).toContain("Save");
    fill(set, "Alert limit of Ag ppm", "0.1");
    p = await set.submit("Save");
    expect(p.toast()).toBe("The alert limit of Ag ppm is now 0.1: rows above it are flagged.");
    const over = row(region(p.doc, "Alert limits"), /^Ag ppm/).querySelector("td[data-rows-above]")!;
    expect(clean(over.textContent)).toMatch(/^\d+$/);
    const count = Number(over.getAttribute("data-rows-above"));
    expect(count).toBeGreaterThan(0);
    expect(table(p.doc, TAB).querySelectorAll("tr[data-over*='Ag ppm']")).toHaveLength(count);
    expect(await agLimit()).toMatchObject({ limit: 0.1 });
    const url = p.url.replace(/#.*$/, "");

    // A reader sees the limit but no form; a replayed post is refused with the oil API's message.
    const reader = await signedIn(READER);
    let r = await reader.open(url);
    let rl = region(r.doc, "Alert limits");
    expect(row(rl, /^Ag ppm/).textContent).toContain("0.1");
    expect(clean(rl.textContent)).toContain("Only a Super User can set alert limits (you have Read Access).");
    expect(rl.querySelectorAll("button")).toHaveLength(0);
    const res = await replay(reader, url, { intent: "set-limit", column_name: "Ag ppm", limit: "99" });
    expect(res.status).toBe(422);
    expect(res.html).toContain("You have Read Access to this aircraft. Only a Super User can do this.");
    r = await reader.open(url);
    rl = region(r.doc, "Alert limits");
    expect(row(rl, /^Ag ppm/).textContent).toContain("0.1");
    expect(await agLimit()).toMatchObject({ limit: 0.1 });

    // Tidy up: the Super User removes the limit.
    const remove = one(region(p.doc, "Alert limits"), "button", "Remove the alert limit of Ag ppm");
    p = await formOf(p, remove).submit("Remove the alert limit of Ag ppm");
    expect(p.toast()).toBe("The alert limit of Ag ppm was removed.");
    expect(table(p.doc, TAB).querySelectorAll("tr[data-over*='Ag ppm']")).toHaveLength(0);
    expect(await agLimit()).toBeUndefined();
  });

  // The browser's scroll to the row (toBeInViewport) stays in the JavaScript run; here the fragment
  // the link carries names a row of the next page.
  it("an oil row opens its linked ops row, and the ops row leads back", async () => {
    const b = await signedIn(CLIENT);
    let p = await openOilTab(b, "5123", "ABC Listing");
    const list = one(table(p.doc, "ABC Listing"), "[role=list], ul", /^AeroOPS rows linked to row /, true);
    const link = list.querySelector("a[href]")!;
    const href = link.getAttribute("href")!;
    const rowId = /#row-(\d+)$/.exec(href)![1];
    const value = new URL(href, p.url).searchParams.get("filter")!;
    const opsTab = clean(link.textContent);
    p = await b.open(new URL(href, p.url).toString());
    expect(p.url).toMatch(new RegExp(`/client/Aeroops/tab-\\d+\\?.*filter=.*#row-${rowId}$`));
    expect(p.h1s()).toEqual([opsTab]);
    const target = p.doc.querySelector(`tr#row-${rowId}`)!;
    expect(target).not.toBeNull();
    expect(target.textContent).toContain(value);

    // The ops row lists its oil rows the same way; one opens the oil tab at the row.
    const backList = one(target, "[role=list], ul", /^AeroOIL rows linked to row /, true);
    const backHref = hrefIn(backList, "ABC Listing");
    const oilRow = /#row-(\d+)$/.exec(backHref)![1];
    p = await b.open(new URL(backHref, p.url).toString());
    expect(p.path).toMatch(/^\/client\/Aerooil\/abclisting\?/);
    expect(p.doc.querySelector(`tr#row-${oilRow}`)?.textContent).toContain(value);
  });

  it("the status dashboard downloads as a PNG and is shared by e-mail", async () => {
    const b = await signedIn(CLIENT);
    let p = await openOilDashboard(b, "5123");
    const png = await p.click("Download PNG");
    expect(png.status).toBe(200);
    expect(png.isHtml).toBe(false);
    expect(downloadName(png)).toMatch(/^5123_AeroOIL_Status_Overview_\d{4}-\d{2}-\d{2}\.png$/);
    const bytes = Buffer.from(png.body);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(bytes.readUInt32BE(16)).toBe(1200);
    const height = bytes.readUInt32BE(20);
    expect(height).toBeGreaterThan(500);
    expect(height).toBeLessThan(3000);
    expect(bytes.length).toBeGreaterThan(20_000); // text and charts drawn, not a blank image

    const to = `oil-share-http-${Date.now()}@example.test`;
    p = await p.click("Share");
    let share = formIn(p, dialog(p, "Share the Status Overview"), { button: "Share" });
    fill(share, "E-mail addresses", "not an address");
    p = await share.submit("Share");
    expect(p.status).toBe(422);
    expect(dialog(p, "Share the Status Overview").querySelector("[role=alert]")?.textContent).toContain("Not an e-mail address");
    share = formIn(p, dialog(p, "Share the Status Overview"), { button: "Share" });
    fill(share, "E-mail addresses", to);
    p = await share.submit("Share");
    expect(p.toast()).toBe(`The status dashboard was shared with ${to}.`);
    expect(p.doc.querySelectorAll("dialog[open]")).toHaveLength(0);

    // The mail as a demo machine keeps it: the admin's outbox.
    const admin = await signedIn("admin@demo.aero");
    const outbox = await admin.open(`/admin/outbox?${new URLSearchParams({ to })}`);
    const mail = [...outbox.doc.querySelectorAll(`[data-mail-to="${to}"]`)].find((m) => (m.textContent ?? "").includes("AeroOIL status dashboard of MSN 5123"));
    expect(mail).toBeDefined();
    const sent = new URL(mail!.querySelector("a[href*='/client/Aerooil/statusDashboard']")!.getAttribute("href")!);
    p = await b.open(sent.pathname + sent.search);
    expect(p.h1s()).toEqual(["Status Overview"]);
    expect(p.text("main")).toContain("MSN 5123");
  });
});
