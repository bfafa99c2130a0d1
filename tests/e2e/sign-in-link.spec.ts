// Issue 10: a mailed one-time sign-in link, asked for from the login page and used from the outbox,
// with JavaScript (without it: tests/http/auth.test.ts). The link's GET only shows a button; the POST
// spends it, once.
import { expect, test } from "./fixtures";
import { linkFromOutbox } from "./outbox";

test("asks for a sign-in link on the login page and signs in with it once", async ({ page, browser }) => {
  const email = "reader@demo.aero";
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/auth\/link$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const link = await linkFromOutbox(browser, true, email, "Your sign-in link", "/auth/link");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Sign in with your link" })).toBeVisible();
  await page.getByRole("button", { name: "Sign me in" }).click();
  await expect(page).toHaveURL(/\/client\/home/);

  // The same link again, in a fresh browser: refused with a clear message, nobody signed in.
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await again.getByRole("button", { name: "Sign me in" }).click();
  await expect(again.getByText("This sign-in link is not valid any more. Please ask for a new one.")).toBeVisible();
  await expect(again).toHaveURL(/\/auth\/link/);
  await other.close();
});
