// The portal on workerd: the worker build (build/edge/worker.js) in Miniflare in front of the
// upstream on Node, as `npm run test:edge` starts them (scripts/edge-local.ts; EDGE_URL and
// EDGE_UPSTREAM name them), used the way a browser without JavaScript does (tests/helpers/http-browser.ts):
// sign in, a folder page and an upload through a signed link straight to the upstream's blob store
// (and one through the worker, without JavaScript),
// an AeroOPS tab page and a row added and edited, the AeroOIL status dashboard, sign out; and what
// the worker does before Remix: the CSP nonce, the refusals, the user's address signed for the upstream.
import { describe, expect, it } from "vitest";
import { HttpForm, navigationRequest, runningPortal, type HttpPage, type NoJsBrowser } from "../helpers/http-browser";
import { clean, linkIn, openFirstAircraft, row, stamp, textFile, upload } from "../http/storage-pages";

const EDGE_URL = process.env.EDGE_URL;
const EDGE_UPSTREAM = process.env.EDGE_UPSTREAM;
if (!EDGE_URL || !EDGE_UPSTREAM) throw new Error("Run with `npm run test:edge` (it starts the worker and the upstream).");

/** The address Cloudflare would give the worker (CF-Connecting-IP); Miniflare passes it on as sent. */
const CLIENT_ADDRESS = "203.0.113.7";
const portal = runningPortal(EDGE_URL, EDGE_UPSTREAM, { headers: { "cf-connecting-ip": CLIENT_ADDRESS } });
const BLOB_URL = `${EDGE_UPSTREAM}/_blob`;

async function signedIn(email: string): Promise<NoJsBrowser> {
  const b = portal.browser();
  await b.signIn(email);
  return b;
}

/** The CSP's script nonce, which every script of the page must carry. */
function checkNonce(page: HttpPage) {
  const csp = page.headers.get("content-security-policy") ?? "";
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  const scripts = [...page.doc.querySelectorAll("script")];
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.getAttribute("nonce"), s.outerHTML.slice(0, 120)).toBe(nonce);
  expect(page.headers.get("x-frame-options")).toBe("DENY");
}

/** The dialog named `name` (a page of its own without JavaScript) and its one form with `button`. */
function dialogForm(page: HttpPage, name: string | RegExp, button: string): HttpForm {
  const dialog = [...page.doc.querySelectorAll("dialog[open]")].find((d) => {
    const label = d.getAttribute("aria-label") ?? page.doc.getElementById(d.getAttribute("aria-labelledby") ?? "")?.textContent ?? "";
    return typeof name === "string" ? clean(label) === name : name.test(clean(label));
  });
  if (!dialog) throw new Error(`${page.path}: no dialog ${name}`);
  const forms = [...dialog.querySelectorAll("form")].map((f) => new HttpForm(page, f as HTMLFormElement)).filter((f) => f.buttons().includes(button));
  expect(forms).toHaveLength(1);
  return forms[0]!;
}

/** Types into the form's field whose label starts with `label`. */
function fill(form: HttpForm, label: string, value: string): HttpForm {
  const doc = form.page.doc;
  const field = form.controls().find((c) => {
    const id = c.getAttribute("id");
    const text = clean((id ? doc.querySelector(`label[for="${id}"]`) : c.closest("label"))?.textContent);
    return text.startsWith(label);
  });
  if (!field) throw new Error(`no field labelled ${label}`);
  return form.set(field.getAttribute("name")!, value);
}

describe("the portal on workerd, in front of the upstream on Node", () => {
  it("signs in through the form; each page carries its CSP nonce and its upstream calls", async () => {
    const b = portal.browser();
    const login = await b.open("/auth/login");
    expect(login.status).toBe(200);
    expect(login.h1s()).toHaveLength(1);
    checkNonce(login);
    // A first visit gets the build's stylesheet inline (written into the worker), and the cookie that says so.
    expect(login.doc.querySelector("style[data-inline-css]")?.textContent?.length).toBeGreaterThan(10_000);
    expect(b.cookies.get("aero_css")).toMatch(/^style-[\w-]+\.css$/);
    // A crawler gets the whole page at once (the render waits for everything), the same page.
    const bot = await portal.browser().request("/auth/login", { method: "GET", headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(bot.status).toBe(200);
    expect(bot.h1s()).toEqual(login.h1s());
    const home = await b.signIn("client@demo.aero");
    expect(home.status).toBe(200);
    expect(home.pathname).not.toMatch(/^\/auth\//);
    checkNonce(home);
    expect(home.headers.get("server-timing")).toMatch(/upstream;desc="[1-9]\d* calls/);
    expect(home.doc.querySelector("style[data-inline-css]")).toBeNull();
    expect(home.doc.querySelector(`link[rel=stylesheet][href="/assets/${b.cookies.get("aero_css")}"]`)).not.toBeNull();
    // The page script and the stylesheet of the build, from the platform's static assets, cached for good.
    const script = home.doc.querySelector("script[type=module][src^='/assets/plain/']")?.getAttribute("src");
    expect(script).toBeTruthy();
    const asset = await fetch(`${EDGE_URL}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  it("a folder page, and files uploaded through a signed link straight to the upstream's blob store and through the worker", async () => {
    const b = await signedIn("client@demo.aero");
    const { page: folder, base, aircraftId } = await openFirstAircraft(b);
    checkNonce(folder); // a hydrated page: Remix's scripts too
    expect(folder.headers.get("content-security-policy")).toContain(`connect-src 'self' ${new URL(BLOB_URL).origin}`);

    const island = async (data: unknown) => {
      const res = await fetch(`${EDGE_URL}/resources/storage/upload`, { method: "POST", headers: { cookie: b.cookieHeader(), "content-type": "application/json", origin: EDGE_URL! }, body: JSON.stringify(data) });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json() as Promise<Record<string, any>>;
    };
    const link = await island({ op: "link", aircraft_id: Number(aircraftId), dir: "/" });
    expect(link.url).toMatch(new RegExp(`^${BLOB_URL}`));
    const name = `edge ${stamp()}.txt`;
    const bytes = `Uploaded past the worker, ${name}`;
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields as Record<string, string>)) form.append(k, v);
    form.set("key", `${link.key_prefix}${name}`);
    form.append("file", new Blob([bytes], { type: "text/plain" }), name);
    const stored = await fetch(link.url, { method: "POST", body: form, headers: { origin: EDGE_URL! } });
    expect(stored.status).toBeLessThan(300);
    expect(stored.headers.get("access-control-allow-origin")).toBe("*");
    const indexed = await island({ op: "index", aircraft_id: Number(aircraftId), dir: "/", key: link.key_prefix, files: [{ path: name, size: bytes.length }] });
    expect(indexed.indexed).toBe(1);

    let listing = await b.open(base);
    const download = await b.open(linkIn(row(listing, name), name));
    expect(download.status).toBe(200);
    expect(download.url.startsWith(BLOB_URL)).toBe(true);
    expect(Buffer.from(download.body).toString("utf8")).toBe(bytes);

    // Without JavaScript the upload form posts the file through the worker, which streams it on.
    const plain = `plain ${stamp()}.txt`;
    listing = await upload(listing, [textFile(plain, "Through the worker")]);
    expect(Buffer.from((await b.open(linkIn(row(listing, plain), plain))).body).toString("utf8")).toBe("Through the worker");
  });

  it("an AeroOPS tab page, and a row added and edited without JavaScript", async () => {
    const b = await signedIn("client@demo.aero");
    let p = await (await b.open("/client/home?q=5123")).click("MSN 5123: open the records");
    p = await p.click("Open in AeroOPS", "header");
    p = await p.click("Hard Time Components");
    expect(p.h1s()).toEqual(["Hard Time Components"]);
    checkNonce(p);

    const part = `Edge part ${stamp()}`;
    p = await p.click("Add row");
    const add = dialogForm(p, "Add a row", "Add row");
    fill(add, "Description", part);
    fill(add, "Installed", "2026-02-03");
    fill(add, "Limit Months", "36");
    p = await add.submit("Add row");
    expect(p.toast()).toBe("Row added.");

    const filter = p.form({ button: "Filter" });
    fill(filter, "Filter rows", part);
    p = await filter.submit("Filter");
    const table = [...p.doc.querySelectorAll("table")].find((t) => clean(t.textContent).includes(part))!;
    const edit = [...table.querySelectorAll("a[href]")].find((a) => /^Edit row/.test(clean(a.getAttribute("aria-label") ?? a.textContent)))!;
    p = await b.open(new URL(edit.getAttribute("href")!, p.url).toString());
    const save = dialogForm(p, /./, "Save row");
    fill(save, "Limit Months", "48");
    p = await save.submit("Save row");
    expect(p.toast()).toBe("Row saved.");
    const rows = [...p.doc.querySelectorAll("tbody tr")].map((r) => clean(r.textContent));
    expect(rows).toEqual([expect.stringContaining("48")]);
  });

  it("the AeroOIL status dashboard, and its PNG (drawn by the upstream, streamed on)", async () => {
    const b = await signedIn("client@demo.aero");
    const home = await b.open("/Aerooil/org?q=5123");
    const item = [...home.doc.querySelectorAll("li[data-aircraft-id]")].find((li) => clean(li.textContent).includes("MSN 5123"))!;
    const p = await b.open(new URL(linkIn(item, "Open in AeroOIL"), home.url).toString());
    expect(p.path).toMatch(/^\/client\/Aerooil\/statusDashboard\?/);
    expect(p.h1s()).toEqual(["Status Overview"]);
    expect(p.doc.querySelector("[data-count='total']")?.textContent).toMatch(/\d+/);
    checkNonce(p);
    const png = await p.click("Download PNG");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect([...png.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("signs out: the session ends, and a signed-in page sends the browser to sign in", async () => {
    const b = await signedIn("client@demo.aero");
    const home = await b.open("/client/home");
    const out = await home.form({ button: "Sign out" }).submit("Sign out");
    expect(out.pathname).toBe("/auth/login");
    expect(b.cookies.has("__session")).toBe(false);
    expect((await b.open("/client/home")).pathname).toBe("/auth/login");
  });

  it("the user's address reaches the upstream from CF-Connecting-IP, signed with UPSTREAM_SECRET", async () => {
    const b = await signedIn("admin@demo.aero");
    const p = await b.open("/admin/ip-whitelist");
    // The upstream shows the address it believes; without a valid signature it would be the worker's (127.0.0.1).
    expect(p.text("main")).toContain(`Your current address: ${CLIENT_ADDRESS}.`);
  });

  it("refuses a form posted from another site, and a form too large to read, before any action", async () => {
    const b = await signedIn("client@demo.aero");
    const cross = await navigationRequest(`${EDGE_URL}/client/home`, "POST", { cookie: b.cookieHeader(), origin: "https://elsewhere.example" }, new URLSearchParams({ a: "b" }));
    expect(cross.status).toBe(403);
    expect(await cross.text()).toContain("It was sent to AeroRecords from another website, so nothing was changed.");
    const large = await b.request("/client/home", { method: "POST", body: new URLSearchParams({ a: "x".repeat(4 * 1024 * 1024 + 1) }) });
    expect(large.status).toBe(413);
    expect(large.headers.get("content-security-policy")).toContain("nonce-");
  });
});
