// Sign-in, registration, mailed links and the shell's plain-HTML controls as a browser without
// JavaScript uses them (the no-JS runs of auth, register and sign-in-link specs, and what the speed
// test offers without JavaScript): GET the page, post its form, follow the redirect, read the page.
// Mail is read as on a fresh demo machine: an admin opens /admin/outbox.
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_PASSWORD, navigationRequest, startPortal, type HttpPage, type NoJsBrowser, type Portal } from "../helpers/http-browser";

let portal: Portal;
/** The longest flows' time limit (many pages and posts; the Playwright specs gave them 90-120 s). */
const LONG_FLOW = 120_000;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

/** The texts of the page's live messages of a role (`status`: toasts and notices; `alert`: errors). */
const said = (page: HttpPage, role: "status" | "alert") => [...page.doc.querySelectorAll(`[role=${role}]`)].map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim()).filter(Boolean);

const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });

/** Fills and posts the login form of the page (the login page or a page that shows it). */
function postLogin(page: HttpPage, email: string, password = DEMO_PASSWORD) {
  return page.form({ has: "input[name=password]", button: "Sign in" }).set("email", email).set("password", password).submit();
}

/** The newest link to `path` in a mail to `to` whose subject matches, as an admin reads it in /admin/outbox. */
async function linkFromOutbox(to: string, subject: string, path: string): Promise<string> {
  const admin = portal.browser();
  await admin.signIn("admin@demo.aero");
  const outbox = await admin.open(`/admin/outbox?${new URLSearchParams({ to })}`);
  const mail = [...outbox.doc.querySelectorAll(`[data-mail-to="${to}"]`)].find((m) => m.textContent?.includes(subject));
  expect(mail, `a mail "${subject}" to ${to} in the outbox`).toBeTruthy();
  const href = mail!.querySelector(`a[href*="${path}"]`)?.getAttribute("href");
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return url.pathname + url.search;
}

function signOut(page: HttpPage) {
  return page.form({ action: "/logout", button: "Sign out" }).submit();
}

describe("signing in and out", () => {
  const ACCOUNTS = [
    ["admin@demo.aero", "/admin/analytics", "Analytics"],
    ["member@demo.aero", "/admin/analytics", "Analytics"],
    ["template@demo.aero", "/admin/aeroops/organization", "AeroOPS organizations"],
    ["client@demo.aero", "/client/home", /Welcome/],
    ["reader@demo.aero", "/client/home", /Welcome/],
    ["consultant@demo.aero", "/consultant/home", /Welcome/],
  ] as const;

  for (const [email, landing, heading] of ACCOUNTS) {
    test(`${email} signs in, lands on ${landing} and signs out`, async () => {
      const b = portal.browser();
      let page = await b.open("/auth/login");
      page = await postLogin(page, email);
      expect(page.path).toBe(landing);
      expect(page.h1s()).toEqual([expect.stringMatching(heading)]);
      expect(page.doc.querySelector("nav[aria-label=Main]")).not.toBeNull();

      page = await signOut(page);
      expect(page.path).toBe("/auth/login?signed_out=1");
      expect(said(page, "status")).toContain("You are signed out.");

      // The session is gone: the landing asks for a sign-in again, and keeps where we were going.
      page = await b.open(landing);
      expect(page.path).toBe(`/auth/login?${new URLSearchParams({ redirectTo: landing })}`);
      expect(page.h1s()).toEqual(["Sign in"]);
    });
  }

  test("wrong credentials get one message that does not say which field was wrong", async () => {
    const page = await postLogin(await portal.browser().open("/auth/login"), "client@demo.aero", "not-the-right-one-1");
    expect(page.status).toBe(400);
    expect(page.pathname).toBe("/auth/login");
    expect(said(page, "alert")).toEqual(["Invalid email or password."]);
    const form = page.form({ has: "input[name=password]", button: "Sign in" });
    expect(form.get("email")).toBe("client@demo.aero");
    expect(form.get("password")).toBe("");
  });

  test("a guest on a shell page signs in and comes back to it", async () => {
    const b = portal.browser();
    let page = await b.open("/user/settings");
    expect(page.path).toBe(`/auth/login?${new URLSearchParams({ redirectTo: "/user/settings" })}`);
    page = await postLogin(page, "reader@demo.aero");
    expect(page.path).toBe("/user/settings");
    expect(page.h1s()).toEqual(["Settings"]);
  });

  test("a signed-in user on the public pages goes to the role landing", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    expect((await b.open("/auth/register")).path).toBe("/client/home");
    expect((await b.open("/")).path).toBe("/client/home");
  });

  test("a role that may not open a page gets the 401 screen", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    let page = await b.open("/admin/analytics");
    expect(page.path).toBe("/errors/error-401");
    expect(page.status).toBe(401);
    expect(page.h1s()).toEqual(["You do not have access to this page"]);
    page = await page.click("Go to your home page", "main");
    expect(page.path).toBe("/client/home");
  });

  test("unknown paths go to /page/page-404 and from there to the role landing, or to login", async () => {
    const b = portal.browser();
    let page = await b.open("/auth/nothing-here");
    expect(page.path).toBe("/auth/login");
    expect(page.chain.map((u) => new URL(u).pathname)).toContain("/page/page-404");
    expect((await b.open("/no/such/page")).path).toBe("/auth/login");
    await b.signIn("admin@demo.aero");
    page = await b.open("/no/such/page");
    expect(page.path).toBe("/admin/analytics");
    expect(page.toast()).toBe("That page does not exist.");
    expect((await b.open("/page/page-500")).path).toBe("/admin/analytics");
  });

  test("/page/page-422 and /errors/error-500 have their own screens", async () => {
    const b = portal.browser();
    const rejected = await b.open("/page/page-422");
    expect(rejected.status).toBe(422);
    expect(rejected.h1s()).toEqual(["The change you wanted was rejected"]);
    const failed = await b.open("/errors/error-500");
    expect(failed.status).toBe(500);
    expect(failed.h1s()).toEqual(["Something went wrong"]);
  });

  test("/users/confirm_url shows the login screen", async () => {
    let page = await portal.browser().open("/users/confirm_url");
    expect(page.h1s()).toEqual(["Sign in"]);
    page = await postLogin(page, "member@demo.aero");
    expect(page.path).toBe("/admin/analytics");
  });
});

describe("Remix's data requests (single fetch: GET or POST /page.data, what a hydrated page sends)", () => {
  /** A script's fetch as the browser sends it: Remix's router fetches `/page.data` this way. */
  const fetchOf = (cookie?: string) => ({ "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", ...(cookie ? { cookie } : {}) });
  const cookieAfter = (b: NoJsBrowser, res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      b.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };

  test("a signed-out one gets the sign-in redirect (for the router to follow), not a 401", async () => {
    const res = await navigationRequest(`${portal.url}/client/home.data?fleet=4`, "GET", fetchOf());
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(`/auth/login?${new URLSearchParams({ redirectTo: "/client/home?fleet=4" })}`);
  });

  test("a signed-in one answers the page's data, its upstream calls in Server-Timing, never cached", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const res = await navigationRequest(`${portal.url}/client/home.data`, "GET", fetchOf(b.cookieHeader()));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/x-script\b/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("server-timing")).toMatch(/^upstream;desc="\d+ calls, \d+ shared";dur=/);
    const body = await res.text();
    expect(body).toContain("routes/_shell.client+/home");
    expect(body).toContain("firstName");
  });

  test("an action's redirect and its toast cookie reach the browser; the next data request shows and clears the toast", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const posted = await navigationRequest(
      `${portal.url}/notifications.data`,
      "POST",
      { ...fetchOf(b.cookieHeader()), origin: new URL(portal.url).origin, "sec-fetch-site": "same-origin" },
      new URLSearchParams({ redirectTo: "/client/home" }),
    );
    expect(posted.status).toBe(202);
    expect(await posted.text()).toContain("/client/home");
    expect(posted.headers.getSetCookie().some((c) => c.startsWith("en_toast="))).toBe(true);
    cookieAfter(b, posted);

    const next = await navigationRequest(`${portal.url}/client/home.data`, "GET", fetchOf(b.cookieHeader()));
    expect(next.status).toBe(200);
    expect(await next.text()).toMatch(/Notifications marked as read\.|marked as read/);
    expect(next.headers.getSetCookie().some((c) => c.startsWith("en_toast="))).toBe(true); // the flash, cleared
  });
});

describe("the shell without JavaScript", () => {
  test("the side navigation collapses and expands, and keeps the choice", async () => {
    const b = portal.browser();
    let page = await b.signIn("client@demo.aero");
    const collapsed = (p: HttpPage) => p.doc.querySelector("[data-collapsed]")?.getAttribute("data-collapsed");
    expect(collapsed(page)).toBe("false");
    page = await page.form({ button: "Collapse the menu" }).submit();
    expect(page.path).toBe("/client/home");
    expect(collapsed(page)).toBe("true");
    page = await b.open(page.path);
    expect(collapsed(page)).toBe("true");
    page = await page.form({ button: "Expand the menu" }).submit();
    expect(collapsed(page)).toBe("false");
    expect(collapsed(await b.open("/user/settings"))).toBe("false");
  });

  test("the fleet tree searches by MSN and opens an aircraft's folders", async () => {
    const b = portal.browser();
    let page = await b.signIn("client@demo.aero");
    const nav = "nav[aria-label=Main]";
    page = await page.form({ button: "Search the fleet" }).set("fleet", "41230").submit();
    expect(page.path).toBe("/client/home?fleet=41230");
    const navText = page.text(nav)!;
    expect(navText).toContain("MSN 41230");
    expect(navText).not.toMatch(/MSN 5123\b/);
    page = await page.click("Show folders", nav);
    expect(page.link("All records", nav)).toMatch(/^\/storage\/aircraft\/\d+\/files$/);
    const folders = page.links(nav).filter((l) => /\/storage\/aircraft\//.test(l.href) && /[?&]dir=/.test(l.href));
    expect(folders.length).toBeGreaterThan(0);
    const folder = await b.open(folders[0]!.href);
    expect(folder.status).toBe(200);
  });

  test("Report Issue sends the page to the admins, who close it", async () => {
    const reader = portal.browser();
    let page = await reader.signIn("reader@demo.aero");
    const text = `The fleet list looks wrong ${Date.now()}`;
    const report = page.form({ button: "Send the report" });
    expect(report.get("url")).toBe("/client/home");
    page = await report.set("description", text).submit();
    expect(page.toast()).toMatch(/your report was sent/);
    expect(page.path).toBe("/client/home");
    const api = await portal.api("admin@demo.aero");
    const reported = async () => (await api.main("GET", "/admin/issue_reports.json?per_page=100")).body.reports.find((r: { description: string }) => r.description === text);
    expect(await reported()).toMatchObject({ url: expect.stringMatching(/\/client\/home$/), status: "open", user: { email: "reader@demo.aero" } });
    await signOut(page);

    const admin = portal.browser();
    await admin.signIn("admin@demo.aero");
    page = await admin.open("/admin/issue-reports");
    const row = () => [...page.doc.querySelectorAll("tr")].find((r) => r.textContent?.includes(text));
    expect(row()?.textContent).toContain("/client/home");
    const close = page.forms().find((f) => row()!.contains(f.el) && f.buttons().some((t) => /Close report/.test(t)));
    expect(close).toBeTruthy();
    page = await close!.submit(/Close report/);
    expect(page.toast()).toMatch(/closed/);
    expect(row()).toBeUndefined();
    expect(await reported()).toMatchObject({ status: "closed" });
  });

  test("Report Issue refused: its page shows the form with the error, and sends the report from there", async () => {
    const b = portal.browser();
    let page = await b.signIn("reader@demo.aero");
    // A browser that skips the constraint check (required) posts a blank description.
    page = await page.form({ button: "Send the report" }).set("description", "   ").submit();
    expect(page.status).toBe(400);
    expect(page.path).toBe("/report-issue");
    expect(page.h1s()).toEqual(["Report Issue"]);
    const form = page.form({ button: "Send the report", has: "[aria-invalid=true]" });
    expect(form.get("url")).toBe("/client/home");
    expect(page.doc.querySelector("main [aria-invalid=true]")?.getAttribute("name")).toBe("description");
    page = await form.set("description", `Sent from the page ${Date.now()}`).submit();
    expect(page.path).toBe("/client/home");
    expect(page.toast()).toMatch(/your report was sent/);
  });

  test("the notifications menu lists the user's notifications", async () => {
    const b = portal.browser();
    let page = await b.signIn("client@demo.aero");
    // A <details> menu: it opens without JavaScript, and its content is in the page.
    const menu = page.doc.querySelector("summary[aria-label^=Notifications]")?.closest("details");
    expect(menu).toBeTruthy();
    const all = [...menu!.querySelectorAll("a[href]")].find((a) => a.textContent?.trim() === "See all notifications");
    expect(all).toBeTruthy();
    page = await b.open(all!.getAttribute("href")!);
    expect(page.h1s()).toEqual(["Notifications"]);
  });

  test("without JavaScript the speed test explains that it needs JavaScript", async () => {
    const page = await portal.browser().signIn("client@demo.aero");
    const widget = page.doc.querySelector("[data-speed-test]");
    expect(widget).not.toBeNull();
    expect(widget!.getAttribute("data-state")).toBe("static");
    const button = widget!.querySelector("button")!;
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("title")).toBe("The speed test needs JavaScript");
    // What shows without JavaScript: the no-JS label (the <noscript> style hides the JS-only one) and a hint.
    expect(button.querySelector("[data-nojs-only]")?.textContent).toBe("Test Speed");
    const noscript = widget!.querySelector("noscript");
    expect(noscript?.querySelector("style")?.textContent).toMatch(/\[data-js-only\]\{display:none!important\}/);
    expect(noscript?.querySelector("span")?.textContent).toBe("The speed test needs JavaScript");
  });
});

describe("registration, two-factor authentication and mailed links", () => {
  async function signInWithCode(b: NoJsBrowser, email: string, password: string, code: string) {
    let page = await postLogin(await b.open("/auth/login"), email, password);
    expect(page.pathname).toMatch(/^\/auth\/2fa\/verify/);
    page = await page.form({ button: "Verify and sign in" }).set("code", code).submit();
    return page;
  }

  test("register, confirm from the outbox, sign in, turn on 2FA, sign in with a code, reset the password", async () => {
    const b = portal.browser();
    const email = `pilot.http.${Date.now()}@example.com`;
    const password = "Str0ng-demo-pass";

    // Register.
    let page = await b.open("/");
    page = await page.click("Join Us");
    expect(page.path).toBe("/auth/register");
    page = await page
      .form({ button: "Create account" })
      .check("role", "client")
      .set("first_name", "Pat")
      .set("last_name", "Mitchell")
      .set("email", email)
      .set("password", password)
      .set("password_confirmation", password)
      .submit();
    expect(page.h1s()).toContain("Check your inbox");

    // Not confirmed yet: sign-in is refused with a clear message.
    page = await postLogin(await b.open("/auth/login"), email, password);
    expect(page.pathname).toBe("/auth/login");
    expect(said(page, "alert").join(" ")).toMatch(/confirm your e-mail address/);

    // Confirm from the outbox.
    const confirm = await linkFromOutbox(email, "Confirm your e-mail address", "/auth/confirm");
    page = await b.open(confirm);
    page = await page.form({ button: "Confirm my e-mail address" }).submit();
    expect(page.path).toBe("/auth/login");
    expect(said(page, "status").join(" ")).toMatch(/confirmed/);
    // Another client signs in with the new account too (portal.api throws on a refusal).
    const api = await portal.api(email, password);
    expect((await api.main("GET", "/user/me.json")).body.user).toMatchObject({ email, role: "client", first_name: "Pat", last_name: "Mitchell", totp_enabled: false });

    // Sign in.
    page = await b.signIn(email, password);
    expect(page.path).toBe("/client/home");

    // Turn on two-factor authentication in the settings.
    page = await b.open("/user/settings");
    page = await page.form({ button: "Set up two-factor authentication" }).submit();
    expect(page.doc.querySelector("img[alt='QR code for your authenticator app']")).not.toBeNull();
    const secret = page.text("[data-testid=totp-secret]")!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The previous 30-second step (accepted as clock drift) leaves the current one for the sign-in.
    page = await page.form({ button: "Turn on two-factor authentication" }).set("code", codeAt(secret, Date.now() - 30_000)).submit();
    expect(said(page, "status")).toContain("Two-factor authentication is on.");
    expect((await api.main("GET", "/user/me.json")).body.user).toMatchObject({ totp_enabled: true });

    // Sign out, and in again with a code.
    page = await signOut(page);
    expect(page.pathname).toBe("/auth/login");
    page = await signInWithCode(b, email, password, codeAt(secret, Date.now()));
    expect(page.path).toBe("/client/home");
    page = await signOut(page);
    expect(page.pathname).toBe("/auth/login");

    // Forgot the password: reset it from the outbox.
    page = await b.open("/auth/login");
    page = await page.click("Forgot your password?");
    expect(page.path).toBe("/auth/reset");
    page = await page.form({ button: "Send the reset link" }).set("email", email).submit();
    expect(page.h1s()).toContain("Check your inbox");
    const reset = await linkFromOutbox(email, "Reset your password", "/users/password/edit");
    page = await b.open(reset);
    const newPassword = "An0ther-demo-pass";
    const fill = (p: HttpPage, value: string) => p.form({ button: "Save the new password" }).set("password", value).set("password_confirmation", value).submit();
    page = await fill(page, newPassword);
    expect(page.path).toBe("/auth/login");
    expect(said(page, "status").join(" ")).toMatch(/Your password was changed/);

    // The link works once.
    page = await b.open(reset);
    page = await fill(page, "Yet-an0ther-pass");
    expect(said(page, "alert").join(" ")).toMatch(/already used/);

    // The old password no longer works; the new one does (with the next code).
    page = await postLogin(await b.open("/auth/login"), email, password);
    expect(said(page, "alert")).toEqual(["Invalid email or password."]);
    page = await signInWithCode(b, email, newPassword, codeAt(secret, Date.now() + 30_000));
    expect(page.path).toBe("/client/home");
  }, LONG_FLOW);

  test("asks for a sign-in link on the login page and signs in with it once", async () => {
    const b = portal.browser();
    const email = "consultant@demo.aero";
    let page = await b.open("/auth/login");
    page = await page.click("E-mail me a sign-in link");
    expect(page.path).toBe("/auth/link");
    page = await page.form({ button: "E-mail me a sign-in link" }).set("email", email).submit();
    expect(page.h1s()).toContain("Check your inbox");

    const link = await linkFromOutbox(email, "Your sign-in link", "/auth/link");
    page = await b.open(link);
    expect(page.h1s()).toContain("Sign in with your link");
    page = await page.form({ button: "Sign me in" }).submit();
    expect(page.pathname).toMatch(/^\/consultant\//);

    // The same link again, in a fresh browser: refused with a clear message, nobody signed in.
    const other = portal.browser();
    page = await other.open(link);
    page = await page.form({ button: "Sign me in" }).submit();
    expect(page.pathname).toMatch(/^\/auth\/link/);
    expect(page.text("body")).toContain("This sign-in link is not valid any more. Please ask for a new one.");
    expect((await other.open("/consultant/home")).pathname).toBe("/auth/login");
  });
});
