// The admin area as a browser without JavaScript uses it (the no-JS runs of the admin, audit-chain,
// templates, template-manufacturers and tab-structure specs): GET the page, post its form, follow the
// redirect, read the next page; the effect is checked through the APIs as another client sees it.
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyEntries } from "../../upstream/audit-chain";
import type { AuditExport } from "../../upstream/audit";
import { startPortal, type HttpForm, type HttpPage, type Portal, type UpstreamApi } from "../helpers/http-browser";

let portal: Portal;
/** The longest flows' time limit (many pages and posts; the Playwright specs gave them 90-120 s). */
const LONG_FLOW = 120_000;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

/** The APIs as a user, signed in once per file. */
const apis = new Map<string, Promise<UpstreamApi>>();
const apiAs = (email: string) => {
  if (!apis.has(email)) apis.set(email, portal.api(email));
  return apis.get(email)!;
};

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const today = () => new Date().toISOString().slice(0, 10);

/** The control a label names (its `for`, the control inside it, or an aria-label), as getByLabel finds it. */
function labelled(page: HttpPage, label: string | RegExp, scope = "main"): Element {
  const matches = (t: string | null) => (typeof label === "string" ? clean(t) === label : label.test(clean(t)));
  const root = page.doc.querySelector(scope) ?? page.doc;
  const hits: Element[] = [];
  for (const l of root.querySelectorAll("label")) {
    if (!matches(l.textContent) && !matches(l.querySelector("span")?.textContent ?? null)) continue;
    const c = l.getAttribute("for") ? page.doc.getElementById(l.getAttribute("for")!) : l.querySelector("input, select, textarea");
    if (c) hits.push(c);
  }
  for (const c of root.querySelectorAll("[aria-label]")) if (matches(c.getAttribute("aria-label"))) hits.push(c);
  if (hits.length !== 1) throw new Error(`${page.path}: ${hits.length} controls labelled ${label} in ${scope}`);
  return hits[0]!;
}
/** The name a labelled control posts under. */
const nameOf = (page: HttpPage, label: string | RegExp, scope = "main") => labelled(page, label, scope).getAttribute("name")!;
/** Fills a form by its labels. */
function fill(form: HttpForm, values: [string | RegExp, string][], scope = "main"): HttpForm {
  for (const [label, v] of values) form.set(nameOf(form.page, label, scope), v);
  return form;
}
/** The table whose accessible name (aria-label or caption) matches. */
function tableNamed(page: HttpPage, name: string | RegExp): HTMLTableElement | null {
  const matches = (t: string | null) => (typeof name === "string" ? clean(t) === name : name.test(clean(t)));
  return ([...page.doc.querySelectorAll("table")].find((t) => matches(t.getAttribute("aria-label")) || matches(t.querySelector("caption")?.textContent ?? null)) as HTMLTableElement) ?? null;
}
const rowsOf = (t: HTMLTableElement | null) => [...(t?.querySelectorAll("tr") ?? [])];

/** The open dialog whose title matches (a server-rendered <dialog open>, reached by its URL). */
function dialogNamed(page: HttpPage, name: string | RegExp): Element {
  const matches = (t: string | null) => (typeof name === "string" ? clean(t) === name : name.test(clean(t)));
  const hits = [...page.doc.querySelectorAll("dialog[open]")].filter((d) => {
    const title = d.getAttribute("aria-labelledby") ? page.doc.getElementById(d.getAttribute("aria-labelledby")!.split(" ")[0]!)?.textContent : d.getAttribute("aria-label");
    return matches(title ?? null);
  });
  if (hits.length !== 1) throw new Error(`${page.path}: ${hits.length} open dialogs named ${name} (dialogs: ${[...page.doc.querySelectorAll("dialog")].map((d) => clean(d.querySelector("h2")?.textContent)).join(" | ")})`);
  return hits[0]!;
}
/** The one form inside an element with a submit button of that text. */
function formIn(page: HttpPage, within: Element, button: string | RegExp): HttpForm {
  const hits = page.forms().filter((f) => within.contains(f.el) && f.matches({ button }));
  if (hits.length !== 1) throw new Error(`${page.path}: ${hits.length} forms with the button ${button} in that element`);
  return hits[0]!;
}
/** Ticks a checkbox by its label (aria-label) in the form it belongs to. */
function tick(form: HttpForm, label: string): HttpForm {
  const box = labelled(form.page, label, "body");
  return form.check(box.getAttribute("name")!, box.getAttribute("value") ?? undefined);
}
/** Follows a link inside an element by its text. */
async function follow(page: HttpPage, within: Element, name: string | RegExp): Promise<HttpPage> {
  const a = [...within.querySelectorAll("a[href]")].find((x) => {
    const t = clean(x.getAttribute("aria-label") ?? x.textContent);
    return typeof name === "string" ? t === name : name.test(t);
  });
  if (!a) throw new Error(`${page.path}: no link ${name} there`);
  return page.browser.open(new URL(a.getAttribute("href")!, page.url).toString());
}
/** Opens "Add row", fills the dialog's fields by their labels (column names) and adds the row. */
async function addRow(page: HttpPage, values: Record<string, string>): Promise<HttpPage> {
  page = await page.click("Add row", "main");
  const dialog = dialogNamed(page, "Add a row");
  const form = formIn(page, dialog, "Add row");
  for (const [label, v] of Object.entries(values)) form.set(nameOf(page, new RegExp(`^${label}\\b`), "dialog[open]"), v);
  page = await form.submit("Add row");
  expect(page.doc.querySelectorAll("dialog[open]")).toHaveLength(0);
  return page;
}
const columnsText = (page: HttpPage) => page.text("[data-testid=template-columns]");
/** The column names the open Columns dialog lists. */
const columnNames = (dialog: Element) => [...dialog.querySelectorAll("label")].filter((l) => clean(l.textContent) === "Name").map((l) => (dialog.ownerDocument.getElementById(l.getAttribute("for")!) as HTMLInputElement).getAttribute("value"));
/** The ops API as a template manager, for what a template now holds. */
async function templateTabs(email: string, manufacturer: string) {
  const api = await apiAs(email);
  return (await api.ops("POST", "/v1/ops_tab_info/template_list_tabs.json", { manufacturer })).body as { tabs: { tab_id: string; tab_name: string; columns: { name: string; type: string; position: number }[] }[] };
}

describe("admin area", () => {
  test("an admin sets up an organization, an aircraft, a client and a consultant, and controls the client's access", async () => {
    const s = stamp();
    const orgName = `HTTP Lessor ${s}`;
    const msn = `HTTP${s}`
      .slice(0, 30)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "");
    const clientEmail = `client.${s}@http.aero`;
    const clientPassword = "http-client-2026";
    const admin = portal.browser();
    await admin.signIn("admin@demo.aero");
    const api = await apiAs("admin@demo.aero");

    // Organization
    let page = await admin.open("/admin/organization/create");
    let form = fill(page.form({ button: "Create organization" }), [
      ["Organization name", orgName],
      ["Product type", "STORAGE"],
    ]);
    form.check(nameOf(page, /^Search all aircraft/));
    page = await form.submit();
    expect(page.h1s()).toEqual([orgName]);
    expect(page.toast()).toBe(`Organization ${orgName} was created.`);
    const orgId = Number(/\/admin\/organization\/(\d+)/.exec(page.pathname)?.[1]);
    expect((await api.main("GET", `/admin/organizations/${orgId}.json`)).body.organization).toMatchObject({ name: orgName, product_type: "STORAGE", search_all: true });

    // A validation error comes back on the form, with nothing created.
    page = await page.click("Add aircraft", "main");
    page = await page.form({ button: "Add aircraft" }).submit();
    expect(page.status).toBe(400);
    expect(page.pathname).toMatch(/\/aircraft\/new$/);
    expect(labelled(page, "MSN").getAttribute("aria-invalid")).toBe("true");
    expect(page.text("#aircraft-new-msn-error")).toBe("Enter the MSN.");
    expect((await api.main("GET", `/admin/organizations/${orgId}/aircraft.json`)).body.total).toBe(0);
    page = await fill(page.form({ button: "Add aircraft" }), [
      ["MSN", msn],
      ["Registration", "EI-HTT"],
      ["Manufacturer", "Airbus"],
      ["Model", "A220-300"],
      ["Status", "IN TRANSITION"],
    ]).submit();
    expect(page.toast()).toBe(`MSN ${msn} was added to ${orgName}.`);
    expect([...page.doc.querySelectorAll("main td")].some((td) => clean(td.textContent) === msn)).toBe(true);
    const fleet = (await api.main("GET", `/admin/organizations/${orgId}/aircraft.json`)).body.aircraft;
    expect(fleet).toEqual([expect.objectContaining({ msn, registration: "EI-HTT", manufacturer: "Airbus", model: "A220-300", status: "IN TRANSITION" })]);

    // Client user, with a password (the page then moves on to their access)
    page = await admin.open("/admin/client/create");
    const orgOption = [...labelled(page, "Organization").querySelectorAll("option")].find((o) => clean(o.textContent) === orgName)!.getAttribute("value")!;
    page = await fill(page.form({ button: "Create client" }), [
      ["First name", "Erin"],
      ["Last name", `Client ${s}`],
      ["Email", clientEmail],
      ["Organization", orgOption],
      ["Password", clientPassword],
    ]).submit();
    expect(page.path).toMatch(/^\/admin\/user-access-control\?user_id=\d+$/);
    const accessPage = page.path;
    expect(page.toast()).toMatch(/can now sign in/);

    // Consultant
    page = await admin.open("/admin/consultant/create");
    page = await fill(page.form({ button: "Create consultant" }), [
      ["First name", "Conor"],
      ["Last name", `Consult ${s}`],
      ["Email", `consultant.${s}@http.aero`],
      ["Country", "Ireland"],
    ]).submit();
    expect(page.pathname).toBe("/admin/consultant/dashboard");
    expect(page.link(`Conor Consult ${s}`, "main")).toBeTruthy();
    const consultants = (await api.main("GET", `/admin/consultants.json?per_page=100`)).body.consultants;
    expect(consultants).toContainEqual(expect.objectContaining({ email: `consultant.${s}@http.aero`, name: `Conor Consult ${s}`, country: "Ireland" }));

    // Grant Edit Access (storage) to the aircraft
    const who = `Erin Client ${s}`;
    const access = (p: HttpPage) => labelled(p, `Storage access of ${who} to MSN ${msn}`) as HTMLSelectElement;
    const chosen = (p: HttpPage) => access(p).querySelector("option[selected]")?.getAttribute("value") ?? "";
    page = await admin.open(accessPage);
    page = await page.form({ button: `Save access of ${who} to MSN ${msn}` }).set(access(page).getAttribute("name")!, "write").submit();
    expect(page.toast()).toBe(`${who} now has Edit Access to MSN ${msn} (Storage).`);
    expect(chosen(page)).toBe("write");

    // The client sees the aircraft in the fleet, in the portal and through the API
    const client = portal.browser();
    await client.signIn(clientEmail, clientPassword);
    page = await client.open("/storage/overview");
    expect(page.text("main")).toContain(`A220-300 MSN ${msn}`);
    const clientApi = await portal.api(clientEmail, clientPassword);
    const seen = async () => ((await clientApi.main("GET", "/storage/v2/aircraft.json")).body.aircrafts as { msn: string }[]).map((a) => a.msn);
    expect(await seen()).toContain(msn);

    // Revoke; the client's next request no longer shows it
    page = await admin.open(accessPage);
    page = await page.form({ button: `Save access of ${who} to MSN ${msn}` }).set(access(page).getAttribute("name")!, "").submit();
    expect(page.toast()).toBe(`${who} no longer has Storage access to MSN ${msn}.`);
    expect(chosen(page)).toBe("");
    page = await client.open("/storage/overview");
    expect(page.h1s()).toHaveLength(1);
    expect(page.text("main")).not.toContain(`A220-300 MSN ${msn}`);
    expect(await seen()).not.toContain(msn);
  }, LONG_FLOW);

  test("the analytics page draws its charts on the server", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const page = await b.open("/admin/analytics");
    expect(page.h1s()).toEqual(["Analytics"]);
    const chart = (title: string) => [...page.doc.querySelectorAll("svg[role=img]")].filter((svg) => clean(svg.querySelector("title")?.textContent) === title);
    const figure = (title: string) => chart(title)[0]!.closest("figure")!;
    for (const title of ["Aircraft by status and organization", "Users by role", "Storage used", "Files added per week", "Uploads and sign-ins per week", "Consultants by approval status"]) {
      expect(chart(title).length, title).toBeGreaterThan(0);
      // The chart is named by its title.
      expect(chart(title)[0]!.getAttribute("aria-labelledby")).toContain(chart(title)[0]!.querySelector("title")!.id);
    }
    // The numbers are there as a table too (a <details>, which opens without JavaScript).
    const numbers = (title: string) => [...figure(title).querySelectorAll("details")].find((d) => clean(d.querySelector("summary")?.textContent) === "Show the numbers")!;
    expect(clean(numbers("Users by role").querySelector("table")?.textContent)).toContain("Clients");
    // No link inside a chart (an image to assistive technology); a chart's rows lead on from its numbers.
    expect(page.doc.querySelectorAll("svg[role=img] a")).toHaveLength(0);
    expect(numbers("Consultants by approval status").querySelector("table a")?.getAttribute("href")).toMatch(/\/admin\/consultant\/dashboard\?approval=/);
  });

  test("lists search, sort and page in the URL", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/admin/organization");
    page = await page.click("Aircraft", "main");
    expect(page.path).toMatch(/sort=aircraft_count&dir=asc/);
    page = await page.click(/^Aircraft/, "main");
    expect(page.path).toMatch(/sort=aircraft_count&dir=desc/);
    expect(clean(page.doc.querySelector("tbody tr")?.textContent)).toContain("Skyline Leasing");
    page = await page.form({ button: "Search" }).set(nameOf(page, "Find an organization"), "nordic").submit();
    expect(page.path).toMatch(/q=nordic/);
    expect(page.doc.querySelectorAll("tbody tr")).toHaveLength(1);
    expect(clean(page.doc.querySelector("tbody tr")?.textContent)).toContain("Nordic Regional Airways");
  });
});

describe("audit log", () => {
  const chain = (page: HttpPage) => page.doc.querySelector("main [data-chain]");

  test("the audit page shows the verified chain, and an admin downloads an export that verifies", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/admin/audit");
    expect(chain(page)?.getAttribute("data-chain")).toBe("verified");
    expect(clean(chain(page)?.textContent)).toMatch(/Chain verified: \d+ entr(y|ies), none altered, removed or reordered\./);
    expect(clean(chain(page)?.textContent)).toMatch(/Chain head [0-9a-f]{64} \(entry #\d+\)/);
    // Filtering the list keeps the title and the chain's state.
    const filter = page.form({ button: "Filter" });
    expect(filter.el.getAttribute("role")).toBe("search");
    page = await filter.set(nameOf(page, "Action", "main [role=search]"), "auth.").submit();
    expect(page.path).toMatch(/action=auth\./);
    expect(page.h1s()).toEqual(["Audit log"]);
    expect(chain(page)?.getAttribute("data-chain")).toBe("verified");

    const exportForm = (p: HttpPage) => p.form({ name: "Export the audit log" });
    const download = await fill(exportForm(page), [
      ["Export from", today()],
      ["Export to", today()],
    ]).submit("Download export (JSON)");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(`audit-log_${today()}_${today()}.json`);
    const doc = JSON.parse(download.html) as AuditExport;
    expect(doc.format).toBe("aero-records-audit-export");
    expect(doc.period).toEqual({ from: today(), to: today() });
    expect(doc.count).toBeGreaterThan(0);
    expect(doc.entries.some((e) => e.action.startsWith("auth."))).toBe(true);
    const result = verifyEntries(doc.entries, { startPrev: doc.previous_hash });
    expect(result.ok).toBe(true);
    expect(result.head?.hash).toBe(doc.period_last_hash);
    expect(doc.chain_head?.hash).toMatch(/^[0-9a-f]{64}$/);

    // A start after the end is refused with a message, on the audit page.
    page = await fill(exportForm(page), [
      ["Export from", today()],
      ["Export to", "2000-01-01"],
    ]).submit("Download export (JSON)");
    expect(page.pathname).toBe("/admin/audit");
    expect(page.toast()).toBe("The start date is after the end date.");
    expect(page.toastType()).toBe("error");
    expect(page.h1s()).toEqual(["Audit log"]);
  });

  test("the pager's next and previous links carry a cursor and show the numbered pages' rows (ADR 084)", async () => {
    // Three sign-ins of different users at least: three entries that read differently, one a page.
    for (const email of ["client@demo.aero", "member@demo.aero"]) await portal.browser().signIn(email);
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const rowsOf = (page: HttpPage) => [...page.doc.querySelectorAll("main tbody tr")].map((r) => clean(r.textContent));
    const pager = (page: HttpPage) => page.doc.querySelector("nav[data-pager]")!;
    const linkOf = (page: HttpPage, label: string) => pager(page).querySelector(`a[aria-label='${label}']`)!.getAttribute("href")!;
    const first = await b.open("/admin/audit?per_page=1");
    expect(rowsOf(first)).toHaveLength(1);
    const next = linkOf(first, "Next page");
    expect(new URL(next, first.url).searchParams.get("cursor")).toBeTruthy();
    expect(new URL(next, first.url).searchParams.get("page")).toBe("2");
    const second = await b.open(next);
    expect(pager(second).querySelector("[aria-current=page]")?.textContent).toBe("2");
    const numbered = await b.open(linkOf(first, "Page 2"));
    expect(new URL(numbered.url).searchParams.get("cursor")).toBeNull();
    expect(rowsOf(second)).toEqual(rowsOf(numbered));
    expect(rowsOf(second)).not.toEqual(rowsOf(first));
    const back = await b.open(linkOf(second, "Previous page"));
    expect(new URL(back.url).searchParams.get("cursor")).toBeTruthy();
    expect(rowsOf(back)).toEqual(rowsOf(first));
    // A link that is not one: the first page.
    const bad = await b.open("/admin/audit?per_page=1&page=3&cursor=nonsense");
    expect(bad.status).toBe(200);
    expect(pager(bad).querySelector("[aria-current=page]")?.textContent).toBe("1");
    expect(rowsOf(bad)).toEqual(rowsOf(first));
  });

  test("a member sees the chain's state but no export", async () => {
    const b = portal.browser();
    await b.signIn("member@demo.aero");
    const page = await b.open("/admin/audit");
    expect(chain(page)?.getAttribute("data-chain")).toBe("verified");
    expect(page.forms().filter((f) => f.matches({ name: "Export the audit log" }))).toHaveLength(0);
    expect(page.forms().filter((f) => f.action.includes("/resources/audit-export"))).toHaveLength(0);
  });

  test("an entry altered in the database file shows the chain broken at that entry", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const db = new SQLite(path.join(portal.dataDir, "portal.sqlite"));
    db.pragma("busy_timeout = 5000");
    const trigger = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_log_no_update'").get()!.sql;
    const victim = db.prepare<[], { id: number; ip: string | null }>("SELECT id, ip FROM audit_log ORDER BY id LIMIT 1").get()!;
    try {
      // As an attacker with the file would: the append-only trigger dropped, one entry's address changed.
      db.exec("DROP TRIGGER audit_log_no_update");
      db.prepare("UPDATE audit_log SET ip = '203.0.113.66' WHERE id = ?").run(victim.id);
      const page = await b.open("/admin/audit");
      expect(chain(page)?.getAttribute("data-chain")).toBe("broken");
      expect(clean(chain(page)?.textContent)).toContain(`Chain broken at entry #${victim.id}. Entry #${victim.id} was altered: its content does not match its hash.`);
    } finally {
      // Put the entry and the trigger back: the chain verifies again.
      db.prepare("UPDATE audit_log SET ip = ? WHERE id = ?").run(victim.ip, victim.id);
      db.exec(trigger);
      db.close();
    }
    expect(chain(await b.open("/admin/audit"))?.getAttribute("data-chain")).toBe("verified");
  });
});

describe("templates", () => {
  test("the template manager builds a template tab, saves a version, and a new MSN starts with it", async () => {
    const tabName = `Cabin Equipment http ${Date.now() % 100000}`;
    const b = portal.browser();
    let page = await b.signIn("template@demo.aero");
    page = await page.click("Template editor", "nav[aria-label=Main]");
    expect(page.path).toBe("/client/template");
    page = await follow(page, tableNamed(page, "Manufacturers")!, "Airbus");
    expect(page.h1s()).toEqual(["Airbus template"]);

    page = await fill(page.form({ name: "Add a tab" }), [
      ["Tab name", tabName],
      [/^Group/, "Cabin"],
      [/^Columns/, "Description\nDue: date"],
    ]).submit("Add the tab");
    expect(page.path).toMatch(/^\/client\/template\/tab-\d+\?typeOfManufacturer=Airbus$/);
    expect(page.h1s()).toEqual([tabName]);

    // A third column.
    page = await page.click("Columns", "main");
    let cols = dialogNamed(page, `Columns of ${tabName}`);
    page = await formIn(page, cols, "Save the columns").set(nameOf(page, "New column name", "dialog[open]"), "Part No").submit("Save the columns");
    expect(columnsText(page)).toBe("Columns: Description (text), Due (date), Part No (text)");

    // Three rows; one edited, one deleted.
    for (const [desc, due, pn] of [
      ["Escape slide", "2027-03-01", "D31865"],
      ["Life vest", "2027-06-01", "P01074"],
      ["Oxygen bottle", "2028-01-15", "801307"],
    ]) {
      page = await addRow(page, { Description: desc!, Due: due!, "Part No": pn! });
    }
    let table = tableNamed(page, tabName)!;
    expect(rowsOf(table)).toHaveLength(4);
    expect([...table.querySelectorAll("thead th")].map((th) => clean(th.textContent))).toEqual(["Select", "Description", "Due", "Part No", "Edit"]);
    page = await follow(page, table, "Edit row 2");
    const edit = dialogNamed(page, "Edit row 2");
    page = await formIn(page, edit, "Save row").set(nameOf(page, /^Description\b/, "dialog[open]"), "Life vest, adult").submit("Save row");
    table = tableNamed(page, tabName)!;
    expect(clean(rowsOf(table)[2]!.textContent)).toContain("Life vest, adult");
    page = await tick(page.form({ button: "Delete selected…" }), "Select row 3").submit("Delete selected…");
    page = await formIn(page, dialogNamed(page, "Delete 1 row?"), "Delete row").submit("Delete row");
    table = tableNamed(page, tabName)!;
    expect(rowsOf(table)).toHaveLength(3);
    expect(clean(table.textContent)).not.toContain("Oxygen bottle");
    const tab = (await templateTabs("template@demo.aero", "Airbus")).tabs.find((t) => t.tab_name === tabName)!;
    expect(tab.columns.map((c) => `${c.name} (${c.type})`)).toEqual(["Description (text)", "Due (date)", "Part No (text)"]);
    const api = await apiAs("template@demo.aero");
    const data = (await api.ops("POST", "/v1/ops_tab_info/get_template_data", { manufacturer: "Airbus", tab_id: tab.tab_id })).body as { rows: { data: Record<string, unknown> }[] };
    expect(data.rows.map((r) => r.data.Description)).toEqual(["Escape slide", "Life vest, adult"]);

    // A version with a note.
    page = await page.click("Airbus template", "main");
    page = await page.form({ button: "Save a version" }).set(nameOf(page, /^Note/), `Added ${tabName}`).submit("Save a version");
    expect(page.path).toMatch(/version=\d+/);
    // The version's page: its note, and what it holds (the new tab with its two rows).
    expect([...page.doc.querySelectorAll("dd")].some((dd) => clean(dd.textContent) === `Added ${tabName}`)).toBe(true);
    expect(rowsOf(tableNamed(page, new RegExp(`^${tabName} at version \\d+$`)))).toHaveLength(3);
    page = await page.click("Airbus template now", "main");
    expect(clean(tableNamed(page, "Versions")?.textContent)).toContain(`Added ${tabName}`);

    // A new Airbus MSN starts with the tab.
    const msn = `8${Date.now() % 100000}`;
    page = await b.open("/admin/aeroops/org?organization=skyline");
    page = await fill(page.form({ button: "Register MSN for AeroOPS" }), [
      ["MSN", msn],
      ["Registration", `EI-T${msn.slice(-2)}`],
      ["Manufacturer", "Airbus"],
      ["Model", "A320-200"],
    ]).submit("Register MSN for AeroOPS");
    expect(page.text("body")).toMatch(new RegExp(`MSN ${msn} was registered in Skyline Leasing for AeroOPS, with \\d+ tabs: .*${tabName}`));
    const staff = await apiAs("admin@demo.aero");
    const registered = (await staff.ops("POST", "/v1/ops_tab_info/list_tabs.json", { organization: "skyline", msn_id: msn })).body.tabs as { tab_name: string; columns: { name: string }[] }[];
    expect(registered.find((t) => t.tab_name === tabName)?.columns.map((c) => c.name)).toEqual(["Description", "Due", "Part No"]);
  }, LONG_FLOW);

  test("a client may not open the template editor, and a replayed post changes nothing", async () => {
    const manager = portal.browser();
    await manager.signIn("template@demo.aero");
    let page = await manager.open("/client/template?typeOfManufacturer=Boeing");
    const tabUrl = tableNamed(page, "Boeing template tabs")!.querySelector("a[href]")!.getAttribute("href")!;
    page = await manager.open(tabUrl);
    const rows = rowsOf(page.doc.querySelector("table") as HTMLTableElement).length;
    expect(rows).toBeGreaterThan(1);
    const tabId = /\/client\/template\/(tab-\d+)/.exec(tabUrl)![1]!;
    const api = await apiAs("template@demo.aero");
    const stored = async () => (await api.ops("POST", "/v1/ops_tab_info/get_template_data", { manufacturer: "Boeing", tab_id: tabId })).body.total as number;
    const before = await stored();
    expect(before).toBe(rows - 1);

    const client = portal.browser();
    await client.signIn("client@demo.aero");
    page = await client.open("/client/template");
    expect(page.h1s()).not.toContain("Template editor");
    expect(page.path).toMatch(/401|\/client\/home/);
    // The client posts the "delete every row" form by hand.
    const res = await client.request(tabUrl, { method: "POST", body: new URLSearchParams({ intent: "delete-all" }), referer: new URL(tabUrl, portal.url).toString() });
    expect(res.status).toBe(401);
    expect(res.path).toBe("/errors/error-401");
    page = await manager.open(tabUrl);
    expect(rowsOf(page.doc.querySelector("table") as HTMLTableElement)).toHaveLength(rows);
    expect(await stored()).toBe(before);
  });
});

describe("templates and manufacturers library", () => {
  const BASE = "/admin/aeroops/template/manufacturers";
  const nav = "nav[aria-label=Manufacturers]";
  /** An element with a landmark name (aria-label, or aria-labelledby's text). */
  function regionNamed(page: HttpPage, name: string): Element | null {
    return (
      [...page.doc.querySelectorAll("section, [role=region]")].find((el) => {
        const by = el.getAttribute("aria-labelledby");
        return clean(el.getAttribute("aria-label") ?? (by ? page.doc.getElementById(by)?.textContent : null)) === name;
      }) ?? null
    );
  }
  const definitions = (el: Element | null) => [...(el?.querySelectorAll("dd") ?? [])].map((dd) => clean(dd.textContent));
  const alertIn = (el: Element) => clean(el.querySelector("[role=alert]")?.textContent);
  async function manufacturers(email: string) {
    const api = await apiAs(email);
    return (await api.ops("POST", "/v1/ops_tab_info/get_template_manufacturer", {})).body.manufacturers as { id: number; name: string; tab_count: number; aircraft_count: number }[];
  }
  async function createManufacturer(page: HttpPage, name: string) {
    const form = page.form({ name: "New manufacturer" });
    return fill(form, [["Name", name]]).submit("Create the manufacturer");
  }

  test("an admin manages a manufacturer and its template on the library page", async () => {
    const maker = `Testair http ${Date.now() % 100000}`;
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open(BASE);
    expect(page.h1s()).toEqual(["Templates and manufacturers"]);

    // Create, then rename.
    page = await createManufacturer(page, maker);
    expect(page.pathname).toMatch(new RegExp(`^${BASE}/\\d+$`));
    expect(page.h1s()).toEqual([`${maker} template`]);
    const makerUrl = page.pathname;
    expect((await manufacturers("admin@demo.aero")).map((m) => m.name)).toContain(maker);
    page = await page.click("Rename…", "main");
    let rename = dialogNamed(page, `Rename ${maker}`);
    page = await formIn(page, rename, "Rename").set(nameOf(page, "New name", "dialog[open]"), `${maker} Aerospace`).submit("Rename");
    expect(page.h1s()).toEqual([`${maker} Aerospace template`]);
    const current = [...page.doc.querySelectorAll(`${nav} a[aria-current=page]`)].map((a) => clean(a.textContent));
    expect(current).toEqual([expect.stringMatching(new RegExp(`^${maker} Aerospace`))]);
    // A clash is refused with the API's message, and nothing changes.
    page = await page.click("Rename…", "main");
    rename = dialogNamed(page, /^Rename /);
    page = await formIn(page, rename, "Rename").set(nameOf(page, "New name", "dialog[open]"), "boeing").submit("Rename");
    expect(alertIn(dialogNamed(page, /^Rename /))).toBe("There is already a manufacturer named Boeing.");
    page = await b.open(makerUrl);
    expect(page.h1s()).toEqual([`${maker} Aerospace template`]);
    expect((await manufacturers("admin@demo.aero")).map((m) => m.name)).toEqual(expect.arrayContaining([`${maker} Aerospace`, "Boeing"]));

    // A template tab, edited in place: columns renamed, retyped, reordered, one added and one deleted.
    page = await fill(page.form({ name: "Add a tab" }), [
      ["Tab name", "Galley"],
      [/^Columns/, "Item\nQty: number\nNote"],
    ]).submit("Add the tab");
    expect(page.path).toMatch(new RegExp(`^${makerUrl}\\?tab_id=tab-\\d+$`));
    expect(page.h1s()).toEqual(["Galley"]);
    page = await page.click("Columns", "main");
    let cols = dialogNamed(page, "Columns of Galley");
    const byLabel = (dialog: Element, label: string) => [...dialog.querySelectorAll("label")].filter((l) => clean(l.textContent) === label).map((l) => page.doc.getElementById(l.getAttribute("for")!)!.getAttribute("name")!);
    let form = formIn(page, cols, "Save the columns");
    form.set(byLabel(cols, "Name")[0]!, "Galley item");
    form.set(byLabel(cols, "Position")[0]!, "2");
    form.set(byLabel(cols, "Position")[1]!, "1");
    form.set(byLabel(cols, "Type")[1]!, "text");
    form.set(nameOf(page, "New column name", "dialog[open]"), "Part No");
    page = await form.submit("Save the columns");
    expect(columnsText(page)).toBe("Columns: Qty (text), Galley item (text), Note (text), Part No (text)");
    page = await page.click("Columns", "main");
    page = await follow(page, dialogNamed(page, "Columns of Galley"), "Delete the column Note");
    page = await formIn(page, dialogNamed(page, "Delete the column Note?"), "Delete the column").submit("Delete the column");
    expect(columnsText(page)).toBe("Columns: Qty (text), Galley item (text), Part No (text)");

    // Rows, then a version; a row added after the save is not in the version.
    page = await addRow(page, { Qty: "4", "Galley item": "Oven", "Part No": "OV-1" });
    page = await addRow(page, { Qty: "8", "Galley item": "Trolley", "Part No": "TR-2" });
    expect(rowsOf(tableNamed(page, "Galley"))).toHaveLength(3);
    page = await page.click(`${maker} Aerospace template`, "main");
    page = await page.form({ button: "Save a version" }).set(nameOf(page, /^Note/), "Galley with two rows").submit("Save a version");
    expect(page.h1s()).toEqual([`${maker} Aerospace template, version 1`]);
    const versionUrl = page.path;
    page = await page.click(`${maker} Aerospace template now`, "main");
    page = await follow(page, tableNamed(page, `${maker} Aerospace template tabs`)!, "Galley");
    page = await addRow(page, { Qty: "1", "Galley item": "Coffee maker", "Part No": "CM-3" });
    page = await page.click(`${maker} Aerospace template`, "main");
    page = await follow(page, tableNamed(page, "Versions")!, "Version 1");
    expect(page.path).toBe(versionUrl);
    expect(definitions(regionNamed(page, "Version 1"))).toEqual(["1", "Galley with two rows", expect.stringMatching(/\d{4}/), "Alex Morgan", "Galley"]);
    const held = tableNamed(page, "Galley at version 1")!;
    expect([...held.querySelectorAll("thead th")].map((th) => clean(th.textContent))).toEqual(["#", "Qty (text)", "Galley item (text)", "Part No (text)"]);
    expect(rowsOf(held)).toHaveLength(3);
    expect(clean(held.textContent)).toContain("Trolley");
    expect(clean(held.textContent)).not.toContain("Coffee maker");
    expect(page.links().filter((l) => l.text === "Edit row 1" || l.text === "Add row")).toEqual([]);
    expect(page.text("[data-testid=version-changes]")).toMatch(/same now/);

    // Delete the tab; the version page says so. Then the manufacturer.
    page = await b.open(makerUrl);
    page = await page.click("Delete the tab Galley", "main");
    page = await formIn(page, dialogNamed(page, "Delete the tab Galley?"), "Delete the tab").submit("Delete the tab");
    expect(tableNamed(page, `${maker} Aerospace template tabs`)).toBeNull();
    page = await b.open(versionUrl);
    expect(page.text("[data-testid=version-changes]")).toContain("The tab Galley has been deleted since.");
    page = await b.open(makerUrl);
    page = await page.click("Delete the manufacturer…", "main");
    page = await formIn(page, dialogNamed(page, `Delete the manufacturer ${maker} Aerospace?`), "Delete the manufacturer").submit("Delete the manufacturer");
    expect(page.pathname).toBe(BASE);
    expect(page.text(nav)).not.toContain(maker);
    expect((await manufacturers("admin@demo.aero")).map((m) => m.name)).not.toContain(`${maker} Aerospace`);

    // A manufacturer in use: the API's refusal is shown and nothing is deleted.
    page = await page.click(/^Airbus\s*\d+ tabs?/, nav);
    expect(page.pathname).toMatch(new RegExp(`^${BASE}/\\d+$`));
    const airbusUrl = page.path;
    page = await page.click("Delete the manufacturer…", "main");
    page = await formIn(page, dialogNamed(page, "Delete the manufacturer Airbus?"), "Delete the manufacturer").submit("Delete the manufacturer");
    expect(alertIn(dialogNamed(page, /^Delete the manufacturer/))).toMatch(/^Airbus is the manufacturer of \d+ registered aircraft: it cannot be deleted while they name it\.$/);
    page = await b.open(airbusUrl);
    expect(page.h1s()).toEqual(["Airbus template"]);
    expect((await manufacturers("admin@demo.aero")).map((m) => m.name)).toContain("Airbus");
  }, LONG_FLOW);

  test("the template manager opens a saved version from the template editor's list", async () => {
    const maker = `Verso http ${Date.now() % 100000}`;
    const b = portal.browser();
    await b.signIn("template@demo.aero");
    let page = await createManufacturer(await b.open(BASE), maker);
    expect(page.h1s()).toEqual([`${maker} template`]);

    // In the template editor: a tab with two columns and a row, a version with a note.
    const editor = `/client/template?typeOfManufacturer=${encodeURIComponent(maker)}`;
    page = await b.open(editor);
    page = await fill(page.form({ name: "Add a tab" }), [
      ["Tab name", "Seats"],
      [/^Columns/, "Seat\nRow: number"],
    ]).submit("Add the tab");
    page = await addRow(page, { Seat: "1A", Row: "1" });
    page = await page.click(`${maker} template`, "main");
    page = await page.form({ button: "Save a version" }).set(nameOf(page, /^Note/), "Seat map").submit("Save a version");
    expect(page.h1s()).toEqual([`${maker} template, version 1`]);
    const api = await apiAs("template@demo.aero");
    const versions = (await api.ops("POST", "/v1/ops_tab_info/get_template_version", { manufacturer: maker })).body.versions;
    expect(versions).toEqual([expect.objectContaining({ version: 1, note: "Seat map", tab_count: 1 })]);

    // Later: the list opens the version page, with who, when and the note, and its rows.
    page = await b.open(editor);
    const list = tableNamed(page, "Versions")!;
    expect(clean(rowsOf(list)[1]?.textContent)).toContain("Seat map");
    expect(clean(rowsOf(list)[1]?.textContent)).toContain("Tomás Rivera");
    page = await follow(page, list, "Version 1");
    expect(definitions(regionNamed(page, "Version 1"))).toEqual(["1", "Seat map", expect.stringMatching(/\d{4}/), "Tomás Rivera", "Seats"]);
    expect(clean(rowsOf(tableNamed(page, "Seats at version 1"))[1]?.textContent)).toMatch(/1\s*1A\s*1/);
    // The same version from the admin library page.
    page = await b.open(BASE);
    page = await page.click(new RegExp(`^${maker}\\s*\\d+ tabs?`), nav);
    page = await follow(page, tableNamed(page, "Versions")!, "Version 1");
    expect(clean(tableNamed(page, "Seats at version 1")?.textContent)).toContain("1A");
  });

  test("a member may not manage manufacturers: the page says why and the API refuses a replayed post", async () => {
    const member = portal.browser();
    await member.signIn("member@demo.aero");
    let page = await member.open(BASE);
    page = await page.click(/^Boeing\s*\d+ tabs?/, nav);
    expect(page.pathname).toMatch(new RegExp(`^${BASE}/\\d+$`));
    const boeingUrl = page.path;
    expect(page.h1s()).toEqual(["Boeing template"]);
    expect(page.text("[role=note]")).toMatch(/^Creating, renaming and deleting manufacturers is for admins and template managers \(ops_template\)\. As a member/);
    expect(page.forms().filter((f) => f.matches({ name: "New manufacturer" }))).toHaveLength(0);
    expect(page.links().filter((l) => l.text === "Rename…")).toEqual([]);
    // The posts the controls would make, sent by hand.
    const post = (who: typeof member, url: string, fields: Record<string, string>) => who.request(url, { method: "POST", body: new URLSearchParams(fields), referer: new URL(url, portal.url).toString() });
    const refused = await post(member, boeingUrl, { intent: "rename-manufacturer", name: "Boeing by a member" });
    expect(refused.status).toBe(422);
    expect(refused.text("body")).toContain("Your role does not allow this.");
    const created = await post(member, BASE, { intent: "create-manufacturer", name: "Member Aero" });
    expect(created.status).toBe(422);
    expect(created.text("body")).toContain("Your role does not allow this.");
    page = await member.open(boeingUrl);
    expect(page.h1s()).toEqual(["Boeing template"]);
    expect(page.text(nav)).not.toContain("Member Aero");
    const names = (await manufacturers("admin@demo.aero")).map((m) => m.name);
    expect(names).toContain("Boeing");
    expect(names).not.toContain("Boeing by a member");
    expect(names).not.toContain("Member Aero");

    const client = portal.browser();
    await client.signIn("client@demo.aero");
    const res = await post(client, boeingUrl, { intent: "delete-manufacturer" });
    expect(res.status).not.toBe(200);
    expect(res.path).toBe("/errors/error-401");
    page = await client.open(boeingUrl);
    expect(page.h1s()).not.toContain("Boeing template");
    expect((await manufacturers("admin@demo.aero")).map((m) => m.name)).toContain("Boeing");
  });
});

describe("tab structure on an aircraft's own tabs", () => {
  const structure = (page: HttpPage) => page.doc.querySelector("[role=group][aria-label='Tab structure']");
  const headers = (t: HTMLTableElement | null) => [...(t?.querySelectorAll("thead th") ?? [])].map((th) => clean(th.textContent));
  /** Opens the Columns dialog and reads the names it lists. */
  async function columnNamesOf(page: HttpPage, name: string): Promise<{ page: HttpPage; names: (string | null)[] }> {
    page = await follow(page, structure(page)!, "Columns…");
    const cols = dialogNamed(page, `Columns of ${name}`);
    expect(formIn(page, cols, "Save the columns")).toBeTruthy();
    return { page, names: columnNames(cols) };
  }
  async function openAircraft(page: HttpPage) {
    page = await page.browser.open("/Aeroops/org/Aircrafts?q=5123");
    page = await page.click(/\b5123\b/, "table[aria-label='My Fleet']");
    expect(page.pathname).toBe("/client/Aeroops/aeroplane");
    page = await page.click("Hard Time Components");
    expect(page.h1s()).toEqual(["Hard Time Components"]);
    return page;
  }
  /** MSN 8842 for the writes (a structure change makes today the aircraft's OIL issue date). */
  async function openOilTab(page: HttpPage, msn = "5123") {
    page = await page.browser.open(`/Aerooil/org?q=${msn}`);
    const card = [...page.doc.querySelectorAll("li[data-aircraft-id]")].find((li) => li.textContent?.includes(`MSN ${msn}`))!;
    page = await follow(page, card, "Open in AeroOIL");
    expect(page.pathname).toBe("/client/Aerooil/statusDashboard");
    page = await page.click("Engine 1 Oil Analysis", "nav[aria-label=Tabs]");
    expect(page.h1s()).toEqual(["Engine 1 Oil Analysis"]);
    return page;
  }
  const orgMsnId = (page: HttpPage) => Number(new URL(page.url).searchParams.get("org_msn_id"));
  async function tabsOf(aircraftId: number, product: "ops" | "oil") {
    const api = await apiAs("emma.clarke@skyline.demo.aero");
    return (await api.ops("POST", `/v1/${product}_tab_info/list_tabs.json`, { org_msn_id: aircraftId })).body.tabs as { tab_id: string; tab_name: string; group_name: string | null; columns: { name: string; type: string }[] }[];
  }

  test("a Super User creates a tab, changes its columns and deletes it", async () => {
    const name = `Borescope http ${Date.now()}`;
    const b = portal.browser();
    let page = await openAircraft(await b.signIn("emma.clarke@skyline.demo.aero"));
    const aircraftId = orgMsnId(page);

    // A new tab with three columns.
    page = await follow(page, structure(page)!, "New tab…");
    page = await fill(formIn(page, dialogNamed(page, "New tab"), "Add the tab"), [
      ["Tab name", name],
      [/^Group/, "Engines"],
      [/^Columns/, "Stage\nFinding\nInspected: date"],
    ], "dialog[open]").submit("Add the tab");
    expect(page.h1s()).toEqual([name]);
    expect(page.toastType()).toBe("success");
    const created = (await tabsOf(aircraftId, "ops")).find((t) => t.tab_name === name);
    expect(created).toMatchObject({ group_name: "Engines", columns: [{ name: "Stage", type: "text" }, { name: "Finding", type: "text" }, { name: "Inspected", type: "date" }] });
    // The empty tab shows its header row, the empty text and the way to add the first row.
    const table = tableNamed(page, name)!;
    for (const column of ["Stage", "Finding", "Inspected"]) expect(headers(table)).toContain(column);
    expect(rowsOf(table)).toHaveLength(2);
    expect(clean(table.textContent)).toContain("This tab has no rows yet.");
    const first = [...table.querySelectorAll("a")].find((a) => clean(a.textContent) === "Add the first row");
    expect(first?.getAttribute("href")).toMatch(/edit=new/);
    // The columns, as the Columns dialog lists them.
    let listed = await columnNamesOf(page, name);
    expect(listed.names).toEqual(["Stage", "Finding", "Inspected"]);

    // Rename one, add one.
    page = listed.page;
    let cols = dialogNamed(page, `Columns of ${name}`);
    const nameFields = [...cols.querySelectorAll("label")].filter((l) => clean(l.textContent) === "Name").map((l) => page.doc.getElementById(l.getAttribute("for")!)!.getAttribute("name")!);
    page = await formIn(page, cols, "Save the columns").set(nameFields[1]!, "Result").set(nameOf(page, "New column name", "dialog[open]"), "Inspector").submit("Save the columns");
    expect(page.toastType()).toBe("success");
    expect(page.doc.querySelectorAll("dialog[open]")).toHaveLength(0);
    listed = await columnNamesOf(page, name);
    expect(listed.names).toEqual(["Stage", "Result", "Inspected", "Inspector"]);

    // Delete a column after a confirmation.
    page = await follow(listed.page, dialogNamed(listed.page, `Columns of ${name}`), "Delete the column Stage");
    page = await formIn(page, dialogNamed(page, "Delete the column Stage?"), "Delete the column").submit("Delete the column");
    expect([...page.doc.querySelectorAll("dialog[open]")].map((d) => clean(d.querySelector("h2")?.textContent))).not.toContain("Delete the column Stage?");
    listed = await columnNamesOf(page, name);
    expect(listed.names).toEqual(["Result", "Inspected", "Inspector"]);
    expect((await tabsOf(aircraftId, "ops")).find((t) => t.tab_name === name)?.columns.map((c) => c.name)).toEqual(["Result", "Inspected", "Inspector"]);

    // Delete the tab: back to the aircraft, and the tab is gone from it.
    page = await b.open(listed.page.path.replace(/&columns=edit$/, ""));
    page = await follow(page, structure(page)!, "Delete this tab…");
    page = await formIn(page, dialogNamed(page, `Delete the tab ${name}?`), "Delete the tab").submit("Delete the tab");
    expect(page.pathname).toBe("/client/Aeroops/aeroplane");
    expect(page.toastType()).toBe("success");
    expect(page.links().filter((l) => l.text === name)).toEqual([]);
    expect((await tabsOf(aircraftId, "ops")).map((t) => t.tab_name)).not.toContain(name);
  }, LONG_FLOW);

  test("a client with Edit Access has no structure control, and a replayed post changes nothing", async () => {
    const b = portal.browser();
    const page = await openAircraft(await b.signIn("client@demo.aero"));
    expect(structure(page)).toBeNull();
    const res = await b.request(page.url, { method: "POST", body: new URLSearchParams({ intent: "create-tab", tab_name: "Not allowed", columns: "A" }), referer: page.url });
    expect(res.status).toBe(422);
    expect(res.text("body")).toMatch(/Super User/);
    const again = await b.open(page.url);
    expect(again.links().filter((l) => l.text === "Not allowed")).toEqual([]);
    expect((await tabsOf(orgMsnId(page), "ops")).map((t) => t.tab_name)).not.toContain("Not allowed");
  });

  test("a Super User creates an AeroOIL tab, changes its columns and deletes it", async () => {
    const name = `Oil samples http ${Date.now()}`;
    const b = portal.browser();
    let page = await openOilTab(await b.signIn("emma.clarke@skyline.demo.aero"), "8842");
    const aircraftId = orgMsnId(page);
    // The Engine oil tab is the aircraft's own: all three controls.
    expect([...structure(page)!.querySelectorAll("a")].map((a) => clean(a.textContent))).toEqual(["Columns…", "New tab…", "Delete this tab…"]);

    page = await follow(page, structure(page)!, "New tab…");
    const dialog = dialogNamed(page, "New tab");
    expect(clean(dialog.textContent)).toContain("in AeroOIL");
    page = await fill(formIn(page, dialog, "Add the tab"), [
      ["Tab name", name],
      [/^Columns/, "Sampled: date\nFe ppm: number"],
    ], "dialog[open]").submit("Add the tab");
    expect(page.h1s()).toEqual([name]);
    expect(page.pathname).toMatch(/^\/client\/Aerooil\/tab-\d+$/);
    expect(page.toastType()).toBe("success");

    // The empty oil tab shows its header row (with the Watch/Unwatch column) and the empty text.
    const table = tableNamed(page, name)!;
    for (const column of ["Sampled", "Fe ppm", "Watch/Unwatch"]) expect(headers(table)).toContain(column);
    expect(clean(table.textContent)).toContain("This tab has no rows yet.");
    expect([...table.querySelectorAll("a")].find((a) => clean(a.textContent) === "Add the first row")?.getAttribute("href")).toMatch(/edit=new/);

    // Add a column: the Columns dialog lists the tab's own columns (not the Watch/Unwatch toggle).
    const listed = await columnNamesOf(page, name);
    expect(listed.names).toEqual(["Sampled", "Fe ppm"]);
    page = listed.page;
    page = await formIn(page, dialogNamed(page, `Columns of ${name}`), "Save the columns").set(nameOf(page, "New column name", "dialog[open]"), "Cu ppm").submit("Save the columns");
    expect(page.doc.querySelectorAll("dialog[open]")).toHaveLength(0);
    expect(headers(tableNamed(page, name))).toContain("Cu ppm");
    expect((await tabsOf(aircraftId, "oil")).find((t) => t.tab_name === name)?.columns.map((c) => c.name)).toEqual(["Sampled", "Fe ppm", "Cu ppm", "Watch/Unwatch"]);

    // Delete the tab: back to the status page, and the tab is gone from the tab bar.
    page = await follow(page, structure(page)!, "Delete this tab…");
    page = await formIn(page, dialogNamed(page, `Delete the tab ${name}?`), "Delete the tab").submit("Delete the tab");
    expect(page.pathname).toBe("/client/Aerooil/statusDashboard");
    expect(page.toastType()).toBe("success");
    expect(page.links().filter((l) => l.text === name)).toEqual([]);
    expect((await tabsOf(aircraftId, "oil")).map((t) => t.tab_name)).not.toContain(name);
  }, LONG_FLOW);

  test("on AeroOIL a client with Edit Access has no structure control, and a replayed post changes nothing", async () => {
    const b = portal.browser();
    const page = await openOilTab(await b.signIn("client@demo.aero"));
    expect(structure(page)).toBeNull();
    const res = await b.request(page.url, { method: "POST", body: new URLSearchParams({ intent: "create-tab", tab_name: "Oil not allowed", columns: "A" }), referer: page.url });
    expect(res.status).toBe(422);
    expect(res.text("body")).toMatch(/Super User/);
    const again = await b.open(page.url);
    expect(again.links().filter((l) => l.text === "Oil not allowed")).toEqual([]);
    expect((await tabsOf(orgMsnId(page), "oil")).map((t) => t.tab_name)).not.toContain("Oil not allowed");
  });
});
