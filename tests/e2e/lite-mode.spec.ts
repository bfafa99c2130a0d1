// Issue 12, Lite mode: on a thin link the speed test turns it on (unless the user chose), the next
// pages come without any script and still work, the top bar says so, and the user turns it off.
import { expect, login, test } from "./fixtures";

// The automatic test runs here as on a browser that has never measured (fixtures.ts).
test.use({ recentSpeedTest: false });

// The bundles and their preloads. (The 250-byte inline logout listener of the spec's "logout in another
// tab" rule stays: it is not a client script in the sense of the bundle, and needs no download.)
const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc=[^>]*>|<link\b[^>]*modulepreload[^>]*>/g)].map((m) => m[0]);

test("a thin link turns Lite mode on; lite pages carry no script and still work; the user turns it off", async ({ page, context }) => {
  test.setTimeout(120_000);
  await login(page, "client@demo.aero");
  // 1 Mbps: the automatic speed test measures a thin link.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 1_000_000 / 8, uploadThroughput: 1_000_000 / 8 });
  await page.evaluate(() => localStorage.clear());
  await page.goto("/client/home");
  await expect(page.locator("[data-speed-test]").getByRole("button")).toHaveText("Less than 20 Mbps", { timeout: 60_000 });
  await expect(page.getByText("Thin link: the next pages open in Lite mode, without scripts.")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "aero_lite")?.value).toBe("auto");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The next page: no script at all, not even Remix's context, and the top bar says Lite mode.
  const res = await page.goto("/storage/overview");
  const html = await res!.text();
  expect(scriptsOf(html)).toEqual([]);
  expect(html).not.toContain("__remixContext");
  await expect(page.locator("[data-lite-mode]")).toContainText("Lite mode");
  await expect(page.locator("[data-speed-test]")).toHaveCount(0);
  // Pages still work: a link to an aircraft's records, a sort by a GET form.
  await page.locator("main a[href^='/storage/aircraft/']:visible").first().click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  expect(scriptsOf(await page.content())).toEqual([]);

  // Turned off: back to the same page, scripts again, and the choice is remembered as "off".
  const here = new URL(page.url()).pathname;
  const [doc] = await Promise.all([
    page.waitForResponse((r) => r.request().resourceType() === "document" && r.request().method() === "GET" && new URL(r.url()).pathname === here),
    page.getByRole("button", { name: "Turn off" }).click(),
  ]);
  await expect(page).toHaveURL(new RegExp(here));
  await expect(page.getByText("Lite mode is off: pages load their scripts again.")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "aero_lite")?.value).toBe("off");
  // The page as sent carries its scripts again. (Read from the response: once the page has hydrated,
  // Remix's <Scripts> renders nothing on the next render, so the live DOM loses them.)
  expect(scriptsOf(await doc.text()).length).toBeGreaterThan(0);
  await expect(page.locator("[data-speed-test]")).toBeVisible();
});

test("the settings page turns Lite mode on and off, and says which it is", async ({ page, context }) => {
  await login(page, "client@demo.aero");
  await page.goto("/user/settings");
  await expect(page.locator("[data-lite-state]")).toHaveText("off");
  await page.getByRole("button", { name: "Turn Lite mode on" }).click();
  await expect(page.getByText("Lite mode is on: pages load without scripts, everything still works.", { exact: false })).toBeVisible();
  await expect(page.locator("[data-lite-state]")).toHaveText("on");
  expect((await context.cookies()).find((c) => c.name === "aero_lite")?.value).toBe("on");
  await page.waitForLoadState("load");
  expect(scriptsOf(await page.content())).toEqual([]);
  // Without scripts the switch is still a plain form.
  await page.getByRole("button", { name: "Turn Lite mode off" }).click();
  await expect(page.locator("[data-lite-state]")).toHaveText("off");
  expect((await context.cookies()).find((c) => c.name === "aero_lite")?.value).toBe("off");
});
