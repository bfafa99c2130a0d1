// A new user registers, confirms from the outbox (read by an admin, as on a fresh demo machine),
// signs in, turns on two-factor authentication (the code computed here from the manual key), signs
// out and in again with a code; then resets a forgotten password from the outbox. With JavaScript;
// without it the same flow is plain HTTP (tests/http/auth.test.ts).
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { linkFromOutbox } from "./outbox";
import { awayFromStepEnd, codeAt } from "./totp";


async function signInWithCode(page: Page, email: string, password: string, code: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\/2fa\/verify/);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}

test("register, confirm from the outbox, sign in, turn on 2FA, sign in with a code, reset the password", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `pilot.js.${Date.now()}@example.com`;
  const password = "Str0ng-demo-pass";

  // Register.
  await page.goto("/");
  await page.getByRole("link", { name: "Join Us" }).first().click();
  await expect(page).toHaveURL("/auth/register");
  await page.getByLabel("A client").check();
  await page.getByLabel("First name").fill("Pat");
  await page.getByLabel("Last name").fill("Mitchell");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // Not confirmed yet: sign-in is refused with a clear message.
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "confirm your e-mail address" })).toBeVisible();

  // Confirm from the outbox.
  const confirm = await linkFromOutbox(browser, true, email, "Confirm your e-mail address", "/auth/confirm");
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByRole("status").filter({ hasText: "confirmed" })).toBeVisible();

  // Sign in.
  await login(page, email, password);
  await expect(page).toHaveURL("/client/home");

  // Turn on two-factor authentication in the settings.
  await page.goto("/user/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByAltText("QR code for your authenticator app")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The previous 30-second step (accepted as clock drift) leaves the current one for the sign-in.
  await awayFromStepEnd(page);
  await page.getByLabel("Code from the app").fill(codeAt(secret, Date.now() - 30_000));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();

  // Sign out, and in again with a code.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await awayFromStepEnd(page);
  await signInWithCode(page, email, password, codeAt(secret, Date.now()));
  await expect(page).toHaveURL("/client/home");
  await page.getByRole("button", { name: "Sign out" }).click();
  // Wait for the sign-out to land before the next navigation (a goto would cut its answer short).
  await expect(page).toHaveURL(/\/auth\/login/);

  // Forgot the password: reset it from the outbox.
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The login page has an Email field too: wait for the reset page before filling it in.
  await expect(page).toHaveURL("/auth/reset");
  await expect(page.getByRole("button", { name: "Send the reset link" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const reset = await linkFromOutbox(browser, true, email, "Reset your password", "/users/password/edit");
  await page.goto(reset);
  const newPassword = "An0ther-demo-pass";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();

  // The link works once.
  await page.goto(reset);
  await page.getByLabel("New password", { exact: true }).fill("Yet-an0ther-pass");
  await page.getByLabel("Repeat the new password").fill("Yet-an0ther-pass");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();

  // The old password no longer works; the new one does (with the next code).
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
  await awayFromStepEnd(page);
  await signInWithCode(page, email, newPassword, codeAt(secret, Date.now() + 30_000));
  await expect(page).toHaveURL("/client/home");
});
