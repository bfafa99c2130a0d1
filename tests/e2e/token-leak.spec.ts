// The upstream token lives in the encrypted, httpOnly session cookie only (spec 000 §3, issues 3 and
// 10): no served page, loader answer, window.__remixContext or built script contains it, page scripts
// cannot read the cookie, and the cookie itself, decoded by hand, does not show it.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { unseal } from "../../app/utils/sealed-cookie.server";

/**
 * The token the portal keeps for this browser: the cookie is base64 JSON of a sealed string, which
 * only the server's secret (the test server's DATA_DIR/session-secret.key) opens.
 */
async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(cookie, "session cookie").toBeTruthy();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Lax");
  const byHand = Buffer.from(decodeURIComponent(cookie!.value), "base64").toString("utf8");
  const sealed = JSON.parse(byHand) as string;
  expect(sealed).toMatch(/^v1\./);
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "session-secret.key"), "utf8").trim();
  const data = JSON.parse((await unseal(sealed, [secret], "__session")) ?? "{}") as { token?: string };
  expect(data.token, "token in the session").toMatch(/^[\w-]{20,}$/);
  expect(byHand, "the cookie decoded by hand").not.toContain(data.token!);
  return data.token!;
}

const PAGES: Record<string, string[]> = {
  "client@demo.aero": ["/client/home", "/user/settings", "/notifications", "/report-issue?url=/client/home", "/client/home?fleet=4"],
  "admin@demo.aero": ["/admin/analytics", "/admin/outbox", "/admin/issue-reports?status=all", "/admin/aeroops/organization", "/user/settings", "/notifications"],
  "consultant@demo.aero": ["/consultant/home", "/user/settings"],
  "template@demo.aero": ["/admin/aeroops/organization"],
};

for (const [email, paths] of Object.entries(PAGES)) {
  test(`the token of ${email} never reaches a page, loader data or script`, async ({ page, request }) => {
    const scripts = new Map<string, string>();
    page.on("response", async (res) => {
      if (res.url().includes("/assets/") && res.url().endsWith(".js")) scripts.set(res.url(), await res.text().catch(() => ""));
    });
    await login(page, email);
    const token = await sessionToken(page);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    // Fleet pages of an aircraft the user can see too (the tree, USERS list and top bar).
    const links = page.locator("a[href^='/storage/aircraft/']");
    const aircraftLink = (await links.count()) ? await links.first().getAttribute("href") : null;
    const all = aircraftLink ? [...paths, aircraftLink] : paths;

    for (const p of all) {
      await page.goto(p);
      const html = await page.content();
      expect(html, p).not.toContain(token);
      const context = await page.evaluate(() => JSON.stringify((window as unknown as { __remixContext?: unknown }).__remixContext ?? null));
      expect(context, `__remixContext on ${p}`).not.toContain(token);
      expect(await page.evaluate(() => document.cookie), "document.cookie").not.toContain("__session");
      // The raw document and the loader data (what a client-side navigation fetches).
      const raw = await (await request.get(p, { headers: { Cookie: cookie }, maxRedirects: 0 })).text();
      expect(raw, `${p} (raw)`).not.toContain(token);
    }
    // What a client-side navigation fetches: single fetch answers every loader of the page at once
    // (the root's, the shell's and the page's), here of the user's landing.
    const landing = `${paths[0]}.data`;
    const data = await request.get(landing, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(data.status(), landing).toBe(200);
    const answer = await data.text();
    for (const routeId of ["root", "routes/_shell+/_layout"]) expect(answer, landing).toContain(`"${routeId}"`);
    expect(answer, landing).not.toContain(token);
    for (const [url, body] of scripts) expect(body, url).not.toContain(token);
  });
}

test("no built script contains a token, a session secret or server-only code", async ({ page, request }) => {
  await login(page, "client@demo.aero");
  const token = await sessionToken(page);
  const dir = path.resolve("build/client/assets");
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (f.endsWith(".js")) files.push(f);
    }
  };
  walk(dir);
  expect(files.length).toBeGreaterThan(3);
  for (const f of files) {
    const url = "/assets/" + path.relative(dir, f).split(path.sep).join("/");
    const body = await (await request.get(url)).text();
    expect(body, url).not.toContain(token);
    expect(body, url).not.toContain("X-User-Token");
    expect(body, url).not.toContain("SESSION_SECRET");
    expect(body, url).not.toContain("createCookieSessionStorage");
    expect(body, url).not.toMatch(/better-sqlite3|node:crypto/);
  }
});
