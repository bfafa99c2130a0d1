// The one spec that signs in through the login form in a real browser, with JavaScript on and off
// (every other spec signs in by posting the form from the page's context, fixtures.ts login()). The
// other demo accounts sign in and out in auth.spec.ts (JavaScript) and tests/http/auth.test.ts (without).
import { expect, loginThroughForm, test } from "./fixtures";

test("client@demo.aero signs in, lands on /client/home and signs out", async ({ page }) => {
  await loginThroughForm(page, "client@demo.aero");
  await expect(page).toHaveURL("/client/home");
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?signed_out=1$/);
  await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();

  // The session is gone: the landing asks for a sign-in again, and keeps where we were going.
  await page.goto("/client/home");
  await expect(page).toHaveURL(`/auth/login?${new URLSearchParams({ redirectTo: "/client/home" })}`);
});
