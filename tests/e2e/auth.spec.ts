// Each demo account signs in and out and lands where the spec says (000 §2); wrong credentials,
// guards, unknown paths and the error screens; the logout broadcast. With JavaScript: without it the
// same flows are plain HTTP (tests/http/auth.test.ts), and auth.both.spec.ts signs client@demo.aero
// in through the form in a browser with JavaScript on and off.
import { expect, login, loginThroughForm, test } from "./fixtures";

// client@demo.aero: auth.both.spec.ts (the same test, with JavaScript on and off).
const ACCOUNTS = [
  ["admin@demo.aero", "/admin/analytics", "Analytics"],
  ["member@demo.aero", "/admin/analytics", "Analytics"],
  ["template@demo.aero", "/admin/aeroops/organization", "AeroOPS organizations"],
  ["reader@demo.aero", "/client/home", /Welcome/],
  ["consultant@demo.aero", "/consultant/home", /Welcome/],
] as const;

for (const [email, landing, heading] of ACCOUNTS) {
  test(`${email} signs in, lands on ${landing} and signs out`, async ({ page }) => {
    await loginThroughForm(page, email);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?signed_out=1$/);
    await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();

    // The session is gone: the landing asks for a sign-in again, and keeps where we were going.
    await page.goto(landing);
    await expect(page).toHaveURL(`/auth/login?${new URLSearchParams({ redirectTo: landing })}`);
  });
}

test("wrong credentials get one message that does not say which field was wrong", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("client@demo.aero");
  await page.getByLabel("Password", { exact: true }).fill("not-the-right-one-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel("Email")).toHaveValue("client@demo.aero");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("a guest on a shell page signs in and comes back to it", async ({ page }) => {
  await page.goto("/user/settings");
  await expect(page).toHaveURL(`/auth/login?${new URLSearchParams({ redirectTo: "/user/settings" })}`);
  await page.getByLabel("Email").fill("reader@demo.aero");
  await page.getByLabel("Password", { exact: true }).fill("demo-pass-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/user/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
});

test("a signed-in user on the public pages goes to the role landing", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/auth/register");
  await expect(page).toHaveURL("/client/home");
  await page.goto("/");
  await expect(page).toHaveURL("/client/home");
});

test("a role that may not open a page gets the 401 screen", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/admin/analytics");
  await expect(page).toHaveURL("/errors/error-401");
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your home page" }).click();
  await expect(page).toHaveURL("/client/home");
});

test("unknown paths go to /page/page-404 and from there to the role landing, or to login", async ({ page }) => {
  await page.goto("/auth/nothing-here");
  await expect(page).toHaveURL("/auth/login");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL("/auth/login");
  await login(page, "admin@demo.aero");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL("/admin/analytics");
  await expect(page.getByRole("status").filter({ hasText: "That page does not exist." })).toBeVisible();
  await page.goto("/page/page-500");
  await expect(page).toHaveURL("/admin/analytics");
});

test("/page/page-422 and /errors/error-500 have their own screens", async ({ page }) => {
  await page.goto("/page/page-422");
  await expect(page.getByRole("heading", { name: "The change you wanted was rejected" })).toBeVisible();
  await page.goto("/errors/error-500");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
});

test("/users/confirm_url shows the login screen", async ({ page }) => {
  await page.goto("/users/confirm_url");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill("member@demo.aero");
  await page.getByLabel("Password", { exact: true }).fill("demo-pass-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin/analytics");
});

test("signing out in one tab sends the other open tabs to the login page", async ({ page, context }) => {
  await login(page, "reader@demo.aero");
  const other = await context.newPage();
  await other.goto("/user/settings");
  await expect(other.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(other).toHaveURL(/\/auth\/login/);
  await other.close();
});

test("the side navigation collapses and expands, and keeps the choice", async ({ page }) => {
  await login(page, "client@demo.aero");
  const shell = page.locator("[data-collapsed]");
  await expect(shell).toHaveAttribute("data-collapsed", "false");
  await page.getByRole("button", { name: "Collapse the menu" }).click();
  await expect(shell).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  await expect(shell).toHaveAttribute("data-collapsed", "true");
  await page.getByRole("button", { name: "Expand the menu" }).click();
  await expect(shell).toHaveAttribute("data-collapsed", "false");
});

test("the fleet tree searches by MSN and opens an aircraft's folders", async ({ page }) => {
  // The tree's plain widget (app/plain/widgets/fleet-search.ts): the list follows what is typed and an
  // aircraft's folders load when it opens, in the same document (without JavaScript: tests/http).
  await login(page, "client@demo.aero");
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
  const nav = page.getByRole("navigation", { name: "Main" });
  const box = nav.getByPlaceholder("Search aircraft with MSN");
  await box.fill("41230");
  await expect(nav.getByText("MSN 41230")).toBeVisible();
  await expect(nav.getByText("MSN 5123", { exact: true })).toHaveCount(0);
  await nav.getByText("MSN 41230").click();
  await expect(nav.getByRole("link", { name: "All records" })).toBeVisible();
  await expect(nav.locator("a[href*='/storage/aircraft/'][href*='dir=']").first()).toBeVisible();
  await expect(nav.getByRole("link", { name: "Show folders" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), "no new document").toBe(1);
});

test("Report Issue sends the page to the admins, who close it", async ({ page }) => {
  await login(page, "reader@demo.aero");
  await page.getByLabel("Report Issue").click();
  const text = `The fleet list looks wrong ${Date.now()}`;
  await page.getByLabel("What went wrong?").first().fill(text);
  await page.getByRole("button", { name: "Send the report" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "your report was sent" })).toBeVisible();
  await expect(page).toHaveURL("/client/home");

  await page.getByRole("button", { name: "Sign out" }).click();
  // Wait for the sign-out to land before the next navigation (a goto would cut its answer short).
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, "admin@demo.aero");
  await page.goto("/admin/issue-reports");
  const row = page.locator("tr", { hasText: text });
  await expect(row).toContainText("/client/home");
  await row.getByRole("button", { name: /Close report/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /closed/ })).toBeVisible();
  await expect(page.locator("tr", { hasText: text })).toHaveCount(0);
});

test("the notifications menu lists the user's notifications", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.getByLabel(/^Notifications/).click();
  await expect(page.getByRole("link", { name: "See all notifications" })).toBeVisible();
});
