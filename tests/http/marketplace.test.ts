// The contractor marketplace without JavaScript, over HTTP (spec 000 §1, §2, §5, §6; issue 5): an
// administrator approves and disapproves a consultant, sets availability (an end before the start is
// refused by the server, in the dialog) and notes and rates; a client likes one and finds it under
// Saved, and approves one too (every non-consultant viewer may); a missing resume answers "Resume not uploaded"; the
// filters and the sort are a GET form; consultants are refused the marketplace; a card leads to the
// consultant's profile. With JavaScript the same flows are tests/e2e/consultants.spec.ts.
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
const dashboardOf = (name: string) => `/client/dashboard?q=${encodeURIComponent(name)}`;

/** The consultant cards' names, in the page's order. */
const cardNames = (page: HttpPage) => [...page.doc.querySelectorAll("article[data-consultant-card] h3")].map((h) => clean(h.textContent));

/** The card whose heading is the consultant's name (exactly one). */
function card(page: HttpPage, name: string): Element {
  const hits = [...page.doc.querySelectorAll("article[data-consultant-card]")].filter((a) => clean(a.querySelector("h3")?.textContent) === name);
  if (hits.length !== 1) throw new Error(`${page.path}: ${hits.length} cards of ${name} (cards: ${cardNames(page).join(", ")})`);
  return hits[0]!;
}

/** The accessible name of a button or link: its aria-label, else its text. */
const nameOf = (el: Element) => clean(el.getAttribute("aria-label") ?? el.textContent);

/** The form inside `scope` that has a submit button of that name. */
function formWith(page: HttpPage, scope: Element, button: string): HttpForm {
  const forms = [...scope.querySelectorAll("form")].filter((f) => [...f.querySelectorAll("button")].some((b) => nameOf(b) === button));
  if (forms.length !== 1) throw new Error(`${page.path}: ${forms.length} forms with the button ${button}`);
  return new HttpForm(page, forms[0] as HTMLFormElement);
}

/** The open dialog whose title (aria-labelledby) is `title`, or null. */
function dialog(page: HttpPage, title: string): Element | null {
  return (
    [...page.doc.querySelectorAll("dialog[open], [role=dialog]")].find((d) => {
      const ids = (d.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
      const label = d.getAttribute("aria-label") ?? ids.map((id) => page.doc.getElementById(id)?.textContent ?? "").join(" ");
      return clean(label) === title;
    }) ?? null
  );
}

/** The name of the control a label names (as getByLabel finds it), inside `scope`. */
function fieldName(scope: Element, label: string): string {
  const el = [...scope.querySelectorAll("label")].find((l) => clean(l.textContent) === label);
  const control = el && ((el.getAttribute("for") ? scope.ownerDocument.getElementById(el.getAttribute("for")!) : null) ?? el.querySelector("input, select, textarea"));
  const name = control?.getAttribute("name");
  if (!name) throw new Error(`no field labelled "${label}"`);
  return name;
}

describe("the contractor marketplace without JavaScript", () => {
  it("an administrator approves, disapproves, sets availability and notes and rates", async () => {
    const name = "Rajesh Iyer";
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    const api = await portal.api("admin@demo.aero");
    let page = await b.open(dashboardOf(name));
    expect(page.status).toBe(200);
    expect(page.h1s()).toEqual(["Contractor Dashboard"]);
    const id = card(page, name).getAttribute("data-consultant-card")!;
    const profile = async () => (await api.main("GET", `/consultant/${id}/profile.json`)).body.data.consultant;
    expect((await profile()).approval_status).toBe("undecided");

    // Disapprove, approve, disapprove, approve: each a post that comes back to the same listing.
    const approval = async (button: string, shown: string, stored: string) => {
      page = await formWith(page, card(page, name), button).submit(button);
      expect(page.status).toBe(200);
      expect(page.path).toBe(`/client/dashboard?q=${name.replace(" ", "+")}`);
      expect(clean(card(page, name).querySelector("[data-approval]")?.textContent)).toBe(shown);
      expect((await profile()).approval_status).toBe(stored);
    };
    await approval(`Disapprove ${name}`, "Disapproved", "disapproved");
    await approval(`Approve ${name}`, "Verified", "verified");
    expect(page.toast()).toContain("The consultant is approved.");
    // The state shown is pressed and not offered again; the other one is.
    const approve = () => [...card(page, name).querySelectorAll("button")].find((x) => nameOf(x) === `Approve ${name}`)!;
    expect(approve().getAttribute("aria-pressed")).toBe("true");
    await approval(`Disapprove ${name}`, "Disapproved", "disapproved");
    expect(page.toast()).toContain("The consultant is disapproved.");
    expect(approve().hasAttribute("disabled")).toBe(false);
    await approval(`Approve ${name}`, "Verified", "verified");

    // Set availability: the dialog opens from its URL (the card's link), as the server renders it.
    page = await page.click(`Set availability of ${name}`, "article[data-consultant-card]");
    expect(page.path).toContain("dialog=availability");
    let box = dialog(page, "Set Availability")!;
    expect(box).not.toBeNull();
    expect(box.textContent).toContain(name);
    let form = formWith(page, box, "Save availability");
    form.check(fieldName(box, "Available"), "available");
    form.set(fieldName(box, "Available from"), "2027-05-10");
    form.set(fieldName(box, "Available until"), "2027-05-01");
    // Without JavaScript the end's minimum cannot follow the start: the server refuses the pair, in the dialog.
    page = await form.submit("Save availability");
    expect(page.status).toBe(400);
    box = dialog(page, "Set Availability")!;
    expect(box).not.toBeNull();
    expect(clean(box.textContent)).toContain("The end date cannot be before the start date.");
    expect((await profile()).available_start_date).toBeNull();
    // What was entered stays in the form; corrected, it saves and the dialog closes.
    form = formWith(page, box, "Save availability");
    expect(form.get("available_start_date")).toBe("2027-05-10");
    expect(form.get("availability_status")).toBe("available");
    form.set(fieldName(box, "Available until"), "2027-06-30");
    page = await form.submit("Save availability");
    expect(page.status).toBe(200);
    expect(page.path).toBe(`/client/dashboard?q=${name.replace(" ", "+")}`);
    expect(dialog(page, "Set Availability")).toBeNull();
    expect(page.doc.querySelectorAll("dialog[open], [role=dialog]")).toHaveLength(0);
    expect(page.toast()).toContain("The consultant is marked as available.");
    const availability = clean(card(page, name).querySelector("[data-availability]")?.textContent);
    expect(availability).toContain("Available");
    expect(availability).toContain("10 May 2027 – 30 Jun 2027");
    expect(await profile()).toMatchObject({ availability_status: true, available_start_date: "2027-05-10", available_end_date: "2027-06-30" });
    // Opened again, the end's minimum is the stored start (not the 1920-05-04 fallback).
    const again = dialog(await page.click(`Set availability of ${name}`, "article[data-consultant-card]"), "Set Availability")!;
    const endInput = [...again.querySelectorAll("input[type=date]")].find((i) => i.getAttribute("name") === "available_end_date")!;
    expect(endInput.getAttribute("min")).toBe("2027-05-10");

    // Set notes and rates: all three required.
    page = await page.click(`Set notes and rates of ${name}`, "article[data-consultant-card]");
    box = dialog(page, "Set Notes and Rates")!;
    expect(box).not.toBeNull();
    const note = "Checked references over HTTP.";
    form = formWith(page, box, "Save notes and rates");
    form.set(fieldName(box, "Notes"), note);
    form.set(fieldName(box, "Daily rate onsite"), "640");
    form.set(fieldName(box, "Daily rate offsite"), "410.5");
    page = await form.submit("Save notes and rates");
    expect(page.status).toBe(200);
    expect(page.doc.querySelectorAll("dialog[open], [role=dialog]")).toHaveLength(0);
    const c = card(page, name);
    expect(clean(c.querySelector("[data-notes]")?.textContent)).toContain(note);
    expect(clean(c.querySelector('[data-rate="onsite"]')?.textContent)).toBe("640 / day");
    expect(clean(c.querySelector('[data-rate="offsite"]')?.textContent)).toBe("410.5 / day");
    expect(await profile()).toMatchObject({ comment_by_admin: note, daily_rate_onsite: 640, daily_rate_offsite: 410.5 });
  });

  it("a client likes a consultant and finds it under Saved; a client approves and opens the availability dialog too", async () => {
    const name = "Ingrid Solberg";
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const api = await portal.api("client@demo.aero");
    const saved = async () => ((await api.main("GET", "/client/saved.json")).body.consultants as { name: string }[]).map((c) => c.name);
    expect(await saved()).not.toContain(name);

    let page = await b.open(dashboardOf(name));
    let c = card(page, name);
    const id = c.getAttribute("data-consultant-card")!;
    // Every non-consultant viewer gets the approval buttons and the two dialogs (spec 000 §5).
    expect([...c.querySelectorAll("button")].filter((x) => /^(Approve|Disapprove) /.test(nameOf(x)))).toHaveLength(2);
    expect([...c.querySelectorAll("a")].filter((x) => /Set (availability|notes)/i.test(nameOf(x))).length).toBeGreaterThanOrEqual(2);
    expect(c.querySelector('[role="img"][aria-label$="out of 5"]')).not.toBeNull();
    const withDialog = await b.open(`${dashboardOf(name)}&dialog=availability&consultant=${id}`);
    expect(withDialog.status).toBe(200);
    expect(withDialog.doc.querySelectorAll("dialog[open], [role=dialog]").length).toBeGreaterThan(0);
    const target = (await api.main("GET", `/consultant/${id}/profile.json`)).body.data.consultant.approval_status === "disapproved" ? "verified" : "disapproved";
    const button = `${target === "verified" ? "Approve" : "Disapprove"} ${name}`;
    page = await formWith(page, c, button).submit(button);
    expect(page.status).toBe(200);
    expect(page.path).toBe(`/client/dashboard?q=${name.replace(" ", "+")}`);
    expect((await api.main("GET", `/consultant/${id}/profile.json`)).body.data.consultant.approval_status).toBe(target);
    c = card(page, name);

    // Like: the post comes back to the listing, the button now pressed.
    page = await formWith(page, c, `Like ${name}`).submit(`Like ${name}`);
    expect(page.status).toBe(200);
    expect(page.path).toBe(`/client/dashboard?q=${name.replace(" ", "+")}`);
    expect(page.toast()).toContain("The consultant is saved to your list.");
    c = card(page, name);
    const liked = [...c.querySelectorAll("button")].find((x) => nameOf(x) === `Liked ${name}`);
    expect(liked?.getAttribute("aria-pressed")).toBe("true");
    expect(await saved()).toContain(name);

    // Under Saved, and unliked there: it leaves the list.
    page = await page.click("Saved consultants");
    expect(page.pathname).toBe("/client/saved");
    expect(cardNames(page)).toContain(name);
    page = await formWith(page, card(page, name), `Liked ${name}`).submit(`Liked ${name}`);
    expect(page.status).toBe(200);
    expect(page.pathname).toBe("/client/saved");
    expect(page.toast()).toContain("The consultant is removed from your list.");
    expect(cardNames(page)).not.toContain(name);
    expect(await saved()).not.toContain(name);
  });

  it("a missing resume shows the alert 'Resume not uploaded'", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const before = await b.open(dashboardOf("Carlos Mendoza"));
    const href = before.link("Download the resume of Carlos Mendoza", "article[data-consultant-card]");
    // The alert is the page's (after the link), not text kept inside the card.
    expect(card(before, "Carlos Mendoza").textContent).not.toContain("Resume not uploaded");
    const id = /\/consultant-resume\/(\d+)/.exec(href)![1];
    const page = await before.click("Download the resume of Carlos Mendoza", "article[data-consultant-card]");
    // Back on the listing, with the refusal as an alert.
    expect(page.status).toBe(200);
    expect(page.pathname).toBe("/client/dashboard");
    expect(page.path).toContain("q=Carlos");
    expect([...page.doc.querySelectorAll('[role="alert"]')].map((a) => clean(a.textContent))).toContain("Resume not uploaded");
    const api = await portal.api("client@demo.aero");
    const resume = await api.main("GET", `/consultant/${id}/resume.json`);
    expect(resume.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(resume.body)).toContain("Resume not uploaded");
  });

  it("filters and sort live in the URL", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open("/client/dashboard");
    const all = Number(page.doc.querySelector("[data-total]")?.getAttribute("data-total"));
    let form = page.form({ name: "Filter consultants" });
    expect(form.method).toBe("get");
    form.set(fieldName(form.el, "Aircraft or helicopter"), "helicopter");
    page = await form.submit("Apply");
    expect(page.status).toBe(200);
    expect(page.path).toMatch(/[?&]type=helicopter/);
    const helicopters = Number(page.doc.querySelector("[data-total]")?.getAttribute("data-total"));
    expect(helicopters).toBeGreaterThan(0);
    expect(helicopters).toBeLessThan(all);
    form = page.form({ name: "Filter consultants" });
    expect(form.get("type")).toBe("helicopter");
    form.set(fieldName(form.el, "Sort by"), "name");
    page = await form.submit("Apply");
    expect(page.path).toMatch(/[?&]sort=name/);
    expect(page.path).toMatch(/[?&]type=helicopter/);
    const names = cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(names).toContain("Thomas Brennan");
    // The same list as another client of the API gets for the same filter.
    const api = await portal.api("client@demo.aero");
    const listed = await api.main("GET", "/consultant/list.json?helicopter_type=1&sort=name");
    expect((listed.body.consultants as { name: string }[]).map((c) => c.name)).toEqual(names);
  });

  it("a client writes to a consultant from the card's Message link: an empty message is refused on the form, then sent", async () => {
    const name = "Rajesh Iyer";
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const api = await portal.api("client@demo.aero");
    let page = await b.open(dashboardOf(name));
    page = await page.click(`Message ${name}`, "article[data-consultant-card]");
    expect(page.pathname).toBe("/client/message");
    expect(page.h1s()).toEqual(["Messages"]);
    let form = page.form({ button: "Send message" });
    const to = fieldName(form.el, "Consultant");
    // The card's consultant is chosen already.
    expect(form.get(to)).toBe(card(await b.open(dashboardOf(name)), name).getAttribute("data-consultant-card"));
    const consultantId = form.get(to)!;
    // Empty (the browser's own check bypassed): refused on the form, nothing sent.
    page = await form.submit("Send message");
    expect(page.status).toBe(400);
    expect(page.text("main")).toContain("Write a message.");
    expect((await api.main("GET", "/client/messages.json")).body.sent.map((m: { consultant_id: number }) => m.consultant_id)).not.toContain(Number(consultantId));
    // Written, it is sent and shown among the sent messages.
    form = page.form({ button: "Send message" });
    form.set(to, consultantId);
    form.set(fieldName(form.el, "Message"), "Hello from a browser without JavaScript.");
    page = await form.submit("Send message");
    expect(page.status).toBe(200);
    expect(page.path).toBe("/client/message?box=sent");
    expect(page.toast()).toBe("Your message was sent to the consultant.");
    expect(page.text("main")).toContain(`To ${name}`);
    expect(page.text("main")).toContain("Hello from a browser without JavaScript.");
    const sent = (await api.main("GET", "/client/messages.json")).body.sent as { consultant_id: number; body: string }[];
    expect(sent.filter((m) => m.consultant_id === Number(consultantId)).map((m) => m.body)).toEqual(["Hello from a browser without JavaScript."]);
  });

  it("consultants get /errors/error-401 on the marketplace pages", async () => {
    const b = portal.browser();
    await b.signIn("consultant@demo.aero");
    for (const path of ["/client/dashboard", "/client/saved", "/client/message"]) {
      const page = await b.open(path);
      expect(page.pathname, path).toBe("/errors/error-401");
      expect(page.status, path).toBe(401);
    }
  });

  it("a client opens a consultant's profile from the card: overview, documents, projects, not the resume", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open(dashboardOf("Aisha Rahman"));
    page = await page.click("Aisha Rahman", "article[data-consultant-card] h3");
    expect(page.pathname).toMatch(/^\/consultant\/profile\/\d+\/overview$/);
    expect(page.h1s().join(" ")).toContain("Aisha Rahman");
    const tabs = 'nav[aria-label="Profile sections"]';
    expect(page.links(tabs).map((l) => l.text)).toEqual(["Overview", "Documents", "Projects"]);
    page = await page.click("Projects", tabs);
    expect(page.status).toBe(200);
    expect(page.pathname).toMatch(/\/projects$/);
    // The resume tab stays for administrators: a client is sent back to the overview.
    page = await b.open(page.pathname.replace(/projects$/, "resume"));
    expect(page.pathname).toMatch(/\/overview$/);
    // No staff or consultant controls.
    expect([...page.doc.querySelectorAll("button")].filter((x) => /Approve|Disapprove|Set Availability|Set Notes/.test(nameOf(x)))).toHaveLength(0);
    // An administrator has the Resume tab.
    const admin = portal.browser();
    await admin.signIn("admin@demo.aero");
    const staffView = await admin.open(page.pathname);
    expect(staffView.links(tabs).map((l) => l.text)).toEqual(["Overview", "Documents", "Projects", "Resume"]);
  });
});
