// Lists, filters, row forms and dialogs of many pages without JavaScript, over HTTP (they were the
// "server markup" pages of ADR 063-065; plain route modules since ADR 073): their links are plain
// links, their filters GET forms, their buttons POST forms that redirect back
// (with a toast), their dialogs open from a URL and answer a refusal inside themselves, and their
// download links answer the file. With JavaScript (in place, no document reload) the same flows are
// tests/e2e/markup-pages.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpForm, startPortal, type HttpPage, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
/** The accessible name of a button or link: its aria-label, else its text. */
const nameOf = (el: Element) => clean(el.getAttribute("aria-label") ?? el.textContent);
const buttonsIn = (scope: ParentNode, name: string | RegExp) =>
  [...scope.querySelectorAll("button")].filter((b) => (typeof name === "string" ? nameOf(b) === name : name.test(nameOf(b))));
const main = (page: HttpPage) => page.doc.querySelector("main")!;

/** The form inside `scope` that has a submit button of that name (exactly one). */
function formWith(page: HttpPage, scope: ParentNode, button: string | RegExp): HttpForm {
  const forms = [...scope.querySelectorAll("form")].filter((f) => buttonsIn(f, button).length > 0);
  if (forms.length !== 1) throw new Error(`${page.path}: ${forms.length} forms with the button ${button}`);
  return new HttpForm(page, forms[0] as HTMLFormElement);
}

/** The name of the control a label names (as getByLabel finds it), inside `scope`. */
function fieldName(scope: Element, label: string): string {
  const el = [...scope.querySelectorAll("label")].find((l) => clean(l.textContent) === label);
  const control = el && ((el.getAttribute("for") ? scope.ownerDocument.getElementById(el.getAttribute("for")!) : null) ?? el.querySelector("input, select, textarea"));
  const name = control?.getAttribute("name");
  if (!name) throw new Error(`no field labelled "${label}"`);
  return name;
}

/** The open dialog whose title (aria-labelledby) is `title`, or null. */
function dialog(page: HttpPage, title: string): Element | null {
  return (
    [...page.doc.querySelectorAll("dialog[open], [role=dialog]")].find((d) => {
      const ids = (d.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
      return clean(d.getAttribute("aria-label") ?? ids.map((id) => page.doc.getElementById(id)?.textContent ?? "").join(" ")) === title;
    }) ?? null
  );
}

/** A link's target, absolute. */
const hrefOf = (page: HttpPage, a: Element) => new URL(a.getAttribute("href")!, page.url).toString();

/** The file name a download answer gives (Content-Disposition: attachment). */
function attachmentName(page: HttpPage): string | null {
  const cd = page.headers.get("content-disposition") ?? "";
  if (!/^attachment/i.test(cd)) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/i.exec(cd)?.[1] ?? null;
}

/** MSN 5123's technical logbooks, reached as a user does: My Fleet, Open in AeroOPS, the tab. */
async function logbooksOf5123(b: ReturnType<Portal["browser"]>): Promise<HttpPage> {
  let page = await b.open("/Aeroops/org/Aircrafts?q=5123");
  page = await page.click("MSN 5123: open in AeroOPS");
  page = await page.click("Technical logbooks", 'nav[aria-label="Work orders and logbooks"]');
  expect(page.h1s()).toEqual(["Technical logbooks"]);
  return page;
}
const logbookTitles = async (email: string) => {
  const api = await portal.api(email);
  const res = await api.ops("POST", "/v1/logbook/list.json", { org_msn_id: 1, per_page: 200 });
  expect(res.status).toBe(200);
  return (res.body.logbooks as { title: string }[]).map((l) => l.title);
};

describe("lists, filters, row forms and dialogs without JavaScript", () => {
  it("/notifications: mark one as read, then all", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const api = await portal.api("reader@demo.aero");
    expect((await api.main("GET", "/user/notifications.json")).body.unread).toBe(1);
    let page = await b.open("/notifications");
    expect(page.h1s()).toEqual(["Notifications"]);
    expect(page.text("main")).toContain("1 unread");
    expect(buttonsIn(main(page), "Mark as read")).toHaveLength(1);
    page = await formWith(page, main(page), "Mark as read").submit("Mark as read");
    expect(page.status).toBe(200);
    expect(page.path).toBe("/notifications");
    expect(page.toast()).toBe("1 notification marked as read.");
    expect(page.text("main")).toContain("All caught up.");
    expect(buttonsIn(main(page), "Mark as read")).toHaveLength(0);
    expect(buttonsIn(main(page), "Mark all as read")).toHaveLength(0);
    expect((await api.main("GET", "/user/notifications.json")).body.unread).toBe(0);
  });

  it("/storage/organization: the staff filter and the fleet links", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/storage/organization");
    expect(page.h1s()).toEqual(["Organizations"]);
    expect(page.doc.querySelectorAll("main tbody tr").length).toBeGreaterThan(1);
    const filter = page.form({ name: "Filter organizations" });
    expect(filter.el.getAttribute("role")).toBe("search");
    expect(filter.method).toBe("get");
    filter.set(fieldName(filter.el, "Name"), "Skyline");
    page = await filter.submit("Apply");
    expect(page.path).toMatch(/^\/storage\/organization\?filter=Skyline/);
    const rows = page.doc.querySelectorAll("main tbody tr");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain("Skyline");
    expect(page.form({ name: "Filter organizations" }).get("filter")).toBe("Skyline");
    page = await page.click("Open fleet", "main tbody tr");
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/^\/storage\/overview\?organization=/);
    expect(page.h1s().length).toBeGreaterThan(0);
  });

  it("/storage/uef/organization leads to the extended upload's fleet", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/storage/uef/organization");
    expect(page.text("main")).toContain("Extended upload: choose an organization's fleet.");
    page = await page.click("Open fleet", "main");
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/^\/storage\/uef\/overview\?organization=/);
  });

  it("/storage/module: the module in context, and its links", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open("/storage/module?module=transition");
    expect(page.text("main")).toContain("Your fleet in AeroSORT.");
    expect(page.doc.querySelector("main [data-module=transition]")?.getAttribute("aria-current")).toBe("true");
    expect(page.text("main [data-count=total]")).toMatch(/\d+/);
    page = await page.click("Open AeroBOX records", "main");
    expect(page.status).toBe(200);
    expect(page.path).toBe("/storage/overview");
  });

  it("/storage/user: my access, and one aircraft's users", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open("/storage/user");
    expect(page.h1s()).toEqual(["My access"]);
    expect(page.text("main tbody tr")).toContain("Edit Access");
    page = await page.click("Users", "main tbody tr:first-child");
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/^\/storage\/user\?aircraft_id=\d+$/);
    expect([...page.doc.querySelectorAll("main h2")].map((h) => clean(h.textContent)).some((t) => /^Users of .+ \(MSN .+\)$/.test(t))).toBe(true);
    const users = page.doc.querySelector('main [aria-label="USERS"]');
    expect(users?.querySelectorAll("li, [role=listitem]").length).toBeGreaterThan(0);
  });

  it("/consultant/home: the profile links", async () => {
    const b = portal.browser();
    let page = await b.signIn("consultant@demo.aero");
    expect(page.path).toBe("/consultant/home");
    expect(page.h1s().some((h) => /^Welcome/.test(h))).toBe(true);
    page = await page.click("View profile", "main");
    expect(page.status).toBe(200);
    expect(page.pathname).toMatch(/^\/consultant\/profile\/\d+\/overview$/);
  });

  it("/storage/overview: the MSN search and a status count filter in place", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open("/storage/overview");
    const cards = () => [...page.doc.querySelectorAll("main [data-aircraft-id]")];
    expect(cards().length).toBeGreaterThan(1);
    const msn = /MSN\s*(\S+)/.exec(clean(cards()[0]!.querySelector("h3")?.textContent))![1]!;
    const filter = page.form({ name: "Filter the fleet" });
    expect(filter.el.getAttribute("role")).toBe("search");
    filter.set(fieldName(filter.el, "Aircraft"), msn);
    page = await filter.submit("Apply");
    expect(page.path).toMatch(new RegExp(`[?&]q=${msn}(&|$)`));
    expect(cards()).toHaveLength(1);
    expect(page.form({ name: "Filter the fleet" }).get("q")).toBe(msn);
    const grounded = page.doc.querySelector("main a[data-count=grounded]")!;
    expect(grounded).not.toBeNull();
    page = await b.open(hrefOf(page, grounded));
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/[?&]status=GROUNDED/);
  });

  it("/aero-box: follow an aircraft from All Aircrafts, find it in Following, unfollow it", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const api = await portal.api("reader@demo.aero");
    const following = async () => ((await api.main("GET", "/storage/v2/following.json")).body.aircrafts as { name: string }[]).map((a) => a.name);
    let page = await b.open("/aero-box/storage/all");
    const follow = buttonsIn(main(page), /^Follow /)[0]!;
    const name = nameOf(follow).replace(/^Follow /, "");
    expect(await following()).not.toContain(name);
    page = await formWith(page, main(page), `Follow ${name}`).submit(`Follow ${name}`);
    expect(page.status).toBe(200);
    expect(page.path).toBe("/aero-box/storage/all");
    expect(page.toast()).toBe(`You follow ${name}.`);
    expect(buttonsIn(main(page), `Following ${name}`)[0]?.getAttribute("aria-pressed")).toBe("true");
    expect(await following()).toContain(name);
    page = await page.click("Following", "nav");
    expect(page.path).toBe("/aero-box/storage/following");
    expect(buttonsIn(main(page), `Following ${name}`)).toHaveLength(1);
    page = await formWith(page, main(page), `Following ${name}`).submit(`Following ${name}`);
    expect(page.status).toBe(200);
    expect(page.path).toBe("/aero-box/storage/following");
    expect(page.toast()).toBe("You no longer follow that aircraft.");
    expect(buttonsIn(main(page), `Following ${name}`)).toHaveLength(0);
    expect(await following()).not.toContain(name);
  });

  it("/admin/client/create: the server's error comes back on the form with what was entered, then the form submits (ADR 064)", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const api = await portal.api("admin@demo.aero");
    let page = await b.open("/admin/client/create");
    expect(page.h1s().length).toBe(1);
    let form = page.form({ button: "Create client" });
    const box = form.el;
    form.set(fieldName(box, "First name"), "Markup");
    form.set(fieldName(box, "Last name"), "Form http");
    form.set(fieldName(box, "Email"), "client@demo.aero"); // taken: only the API knows
    const organization = [...box.querySelectorAll(`select[name="${fieldName(box, "Organization")}"] option`)][1]!.getAttribute("value")!;
    form.set(fieldName(box, "Organization"), organization);
    page = await form.submit("Create client");
    // The form's error above and the field's own, both from the action's render.
    expect(page.status).toBe(400);
    expect(page.path).toBe("/admin/client/create");
    expect(main(page).textContent!.split("An account with this e-mail address already exists.").length - 1).toBe(2);
    form = page.form({ button: "Create client" });
    expect(form.get(fieldName(form.el, "Last name"))).toBe("Form http");
    expect(form.get(fieldName(form.el, "Email"))).toBe("client@demo.aero");
    expect(form.get(fieldName(form.el, "Organization"))).toBe(organization);
    // Corrected, the same form creates the client and moves on.
    const email = "markup.http@e2e.aero";
    expect((await api.main("GET", `/admin/users.json?q=${encodeURIComponent(email)}`)).body.users).toHaveLength(0);
    form.set(fieldName(form.el, "Email"), email);
    page = await form.submit("Create client");
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/^\/admin\/user-access-control\?user_id=\d+$/);
    expect(page.toast()).toContain(`an invitation was mailed to ${email}`);
    const created = (await api.main("GET", `/admin/users.json?q=${encodeURIComponent(email)}`)).body.users;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ email, first_name: "Markup", last_name: "Form http", role: "client", organization: { id: Number(organization) } });
    expect(String(created[0].id)).toBe(new URL(page.url).searchParams.get("user_id"));
  });

  it("/client/Aeroops/createtechlogbook: a duplicate title is refused on the form, a new one opens the logbook (ADR 064)", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const list = await logbooksOf5123(b);
    let page = await list.click("Create logbook", "main");
    const create = page.url;
    const title = "Markup logbook over HTTP";
    let form = page.form({ button: "Create logbook" });
    form.set(fieldName(form.el, "Title"), title);
    page = await form.submit("Create logbook");
    expect(page.status).toBe(200);
    expect(page.pathname).toMatch(/^\/client\/Aeroops\/logbookpages\//);
    expect(page.h1s()).toEqual([title]);
    expect(await logbookTitles("client@demo.aero")).toContain(title);
    // Back to the form (as the browser's Back does), the same title again: refused on the form.
    page = await b.open(create);
    form = page.form({ button: "Create logbook" });
    form.set(fieldName(form.el, "Title"), title);
    page = await form.submit("Create logbook");
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.pathname).toMatch(/createtechlogbook$/);
    const alerts = [...main(page).querySelectorAll('[role="alert"]')].map((a) => clean(a.textContent));
    expect(alerts.join(" ")).toContain(`A logbook named "${title}" already exists`);
    expect(page.form({ button: "Create logbook" }).get("title")).toBe(title);
    expect((await logbookTitles("client@demo.aero")).filter((t) => t === title)).toHaveLength(1);
  });

  it("a dialog opened from a URL (the logbooks' Rename): opened by its link, a refused title answered in it, then saved (ADR 064)", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await logbooksOf5123(b);
    const listUrl = page.url;
    const title = "Markup dialog over HTTP";
    // A logbook of its own to rename.
    page = await page.click("Create logbook", "main");
    const create = page.form({ button: "Create logbook" });
    create.set(fieldName(create.el, "Title"), title);
    page = await create.submit("Create logbook");
    expect(page.pathname).toMatch(/logbookpages/);
    page = await b.open(listUrl);
    expect(page.h1s()).toEqual(["Technical logbooks"]);
    expect(dialog(page, "Rename the logbook")).toBeNull();
    // The Rename link opens the dialog by its URL.
    page = await page.click(`Rename ${title}`, "main");
    let box = dialog(page, "Rename the logbook")!;
    expect(box).not.toBeNull();
    // A blank title (the browser's own check bypassed) is refused by the server inside the dialog.
    let form = formWith(page, box, "Save");
    form.set(fieldName(box, "Title"), "   ");
    page = await form.submit("Save");
    expect(page.status).toBeGreaterThanOrEqual(400);
    box = dialog(page, "Rename the logbook")!;
    expect(box).not.toBeNull();
    expect(clean(box.querySelector('[role="alert"]')?.textContent)).not.toBe("");
    expect(await logbookTitles("client@demo.aero")).toContain(title);
    form = formWith(page, box, "Save");
    form.set(fieldName(box, "Title"), `${title} renamed`);
    page = await form.submit("Save");
    expect(page.status).toBe(200);
    expect(page.toast()).toBe("The logbook was renamed.");
    expect(page.doc.querySelectorAll("dialog[open], [role=dialog]")).toHaveLength(0);
    expect(page.links("main").map((l) => l.text)).toContain(`Rename ${title} renamed`);
    const titles = await logbookTitles("client@demo.aero");
    expect(titles).toContain(`${title} renamed`);
    expect(titles).not.toContain(title);
  });

  it("/storage/search: results as HTML; Download downloads; the page's own box searches again (ADR 065)", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/storage/search?query=airworthiness");
    expect(page.status).toBe(200);
    const results = page.doc.querySelector('main [aria-label="Search results"]')!;
    const item = [...results.querySelectorAll("li")].find((li) => [...li.querySelectorAll("a")].some((a) => clean(a.textContent) === "Download"))!;
    expect(item).toBeDefined();
    const download = [...item.querySelectorAll("a")].find((a) => clean(a.textContent) === "Download")!;
    const shownName = clean(item.querySelector("a")?.textContent); // the result's title: the file's name
    const file = await b.open(hrefOf(page, download));
    expect(file.status).toBe(200);
    expect(file.isHtml).toBe(false);
    expect(file.body.length).toBeGreaterThan(0);
    const filename = attachmentName(file)!;
    expect(filename).toMatch(/\.\w+$/);
    expect(filename).toBe(shownName);
    // The page's own search box (a GET form in main) searches again.
    const box = formWith(page, main(page), "Search");
    expect(box.method).toBe("get");
    const query = main(page).querySelector('input[type="search"]')!.getAttribute("name")!;
    box.set(query, "manual");
    page = await box.submit();
    expect(page.pathname).toBe("/storage/search");
    expect(new URL(page.url).searchParams.get("query")).toBe("manual");
    expect(page.text("main")).toContain("Results for “manual”");
  });

  it("/storage/favourites: a starred file downloads from the list, and un-stars in place (ADR 065)", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const api = await portal.api("admin@demo.aero");
    const favourites = async () => {
      const res = await api.main<{ favourites: { id: number }[] }>("GET", "/storage/v2/favourites.json?per_page=100");
      expect(res.status).toBe(200);
      return res.body.favourites.map((f) => String(f.id));
    };
    let page = await b.open("/storage/search?query=airworthiness");
    const item = [...page.doc.querySelectorAll('main [aria-label="Search results"] li')].find((li) => [...li.querySelectorAll("a")].some((a) => clean(a.textContent) === "Download"))!;
    const open = [...item.querySelectorAll("a")].find((a) => clean(a.textContent) === "Open in folder")!.getAttribute("href")!;
    const fileid = new URL(open, page.url).searchParams.get("fileid")!;
    page = await b.open(open);
    const star = () => buttonsIn(page.doc.querySelector(`tr[data-item-id="${fileid}"]`)!, /^(Add|Remove) .* (to|from) favourites$/)[0]!;
    expect(star().getAttribute("aria-pressed")).toBe("false");
    expect(await favourites()).not.toContain(fileid);
    page = await formWith(page, page.doc.querySelector(`tr[data-item-id="${fileid}"]`)!, nameOf(star())).submit();
    expect(page.toast()).toBe("Added to favourites.");
    expect(nameOf(star())).toMatch(/^Remove .* from favourites$/);
    expect(await favourites()).toContain(fileid);

    page = await b.open("/storage/favourites");
    const row = () => page.doc.querySelector(`main tr[data-item-id="${fileid}"]`);
    expect(row()).not.toBeNull();
    const download = [...row()!.querySelectorAll("a")].find((a) => clean(a.textContent) === "Download")!;
    const file = await b.open(hrefOf(page, download));
    expect(file.status).toBe(200);
    expect(file.body.length).toBeGreaterThan(0);
    expect(attachmentName(file)).toMatch(/\.\w+$/);
    page = await formWith(page, row()!, /^Remove .* from favourites$/).submit();
    expect(page.status).toBe(200);
    expect(page.pathname).toBe("/storage/favourites");
    expect(page.toast()).toBe("Removed from favourites.");
    expect(row()).toBeNull();
    expect(await favourites()).not.toContain(fileid);
  });
});
