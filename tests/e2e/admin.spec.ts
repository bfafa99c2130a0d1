// The admin area's done-when, with JavaScript (without it: tests/http/admin.test.ts): an admin
// creates an organization, an aircraft, a client user and a consultant, grants the client Edit Access
// to the aircraft; the client then sees it in the fleet, and revoking the access removes it at the
// client's next request.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text });

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("an admin sets up an organization, an aircraft, a client and a consultant, and controls the client's access", async ({ page }) => {
  const s = stamp();
  const orgName = `E2E Lessor ${s}`;
  const msn = `E2E${s}`
    .slice(0, 30)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  const clientEmail = `client.${s}@e2e.aero`;
  const clientPassword = "e2e-client-2026";

  await login(page, "admin@demo.aero");

  // Organization
  await page.goto("/admin/organization/create");
  await page.getByLabel("Organization name").fill(orgName);
  await page.getByLabel("Product type").selectOption("STORAGE");
  await page.getByLabel("Search all aircraft").check();
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { level: 1, name: orgName })).toBeVisible();
  await expect(toast(page, `Organization ${orgName} was created.`)).toBeVisible();

  // A validation error comes back on the form, with nothing created.
  await page.getByRole("link", { name: "Add aircraft" }).click();
  await page.getByRole("button", { name: "Add aircraft" }).click();
  await expect(page).toHaveURL(/\/aircraft\/new$/);
  const form = page.getByRole("main");
  await form.getByLabel("MSN", { exact: true }).fill(msn);
  await form.getByLabel("Registration").fill("EI-E2E");
  await form.getByLabel("Manufacturer").fill("Airbus");
  await form.getByLabel("Model").fill("A220-300");
  await form.getByLabel("Status").selectOption("IN TRANSITION");
  await form.getByRole("button", { name: "Add aircraft" }).click();
  await expect(toast(page, `MSN ${msn} was added to ${orgName}.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: msn, exact: true })).toBeVisible();

  // Client user, with a password (the page then moves on to their access)
  await page.goto("/admin/client/create");
  await page.getByLabel("First name").fill("Erin");
  await page.getByLabel("Last name").fill(`Client ${s}`);
  await page.getByLabel("Email").fill(clientEmail);
  await page.getByLabel("Organization").selectOption({ label: orgName });
  await page.getByLabel("Password").fill(clientPassword);
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/admin\/user-access-control\?user_id=\d+/);
  const accessPage = page.url();
  await expect(toast(page, /can now sign in/)).toBeVisible();

  // Consultant
  await page.goto("/admin/consultant/create");
  await page.getByLabel("First name").fill("Conor");
  await page.getByLabel("Last name").fill(`Consult ${s}`);
  await page.getByLabel("Email").fill(`consultant.${s}@e2e.aero`);
  await page.getByLabel("Country").fill("Ireland");
  await page.getByRole("button", { name: "Create consultant" }).click();
  await expect(page).toHaveURL(/\/admin\/consultant\/dashboard/);
  await expect(page.getByRole("link", { name: `Conor Consult ${s}` })).toBeVisible();

  // Grant Edit Access (storage) to the aircraft
  const who = `Erin Client ${s}`;
  await page.goto(accessPage);
  await page.getByLabel(`Storage access of ${who} to MSN ${msn}`).selectOption("write");
  await page.getByRole("button", { name: `Save access of ${who} to MSN ${msn}` }).click();
  await expect(toast(page, `${who} now has Edit Access to MSN ${msn} (Storage).`)).toBeVisible();
  await expect(page.getByLabel(`Storage access of ${who} to MSN ${msn}`)).toHaveValue("write");

  // The client sees the aircraft in the fleet
  await signOut(page);
  await login(page, clientEmail, clientPassword);
  await page.goto("/storage/overview");
  await expect(page.getByText(`A220-300 MSN ${msn}`).first()).toBeVisible();

  // Revoke; the client's next request no longer shows it
  await signOut(page);
  await login(page, "admin@demo.aero");
  await page.goto(accessPage);
  await page.getByLabel(`Storage access of ${who} to MSN ${msn}`).selectOption("");
  await page.getByRole("button", { name: `Save access of ${who} to MSN ${msn}` }).click();
  await expect(toast(page, `${who} no longer has Storage access to MSN ${msn}.`)).toBeVisible();
  await signOut(page);
  await login(page, clientEmail, clientPassword);
  await page.goto("/storage/overview");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`A220-300 MSN ${msn}`)).toHaveCount(0);
});

test("the analytics page draws its charts on the server", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  for (const title of [
    "Aircraft by status and organization",
    "Users by role",
    "Storage used",
    "Files added per week",
    "Uploads and sign-ins per week",
    "Consultants by approval status",
  ]) {
    await expect(page.getByRole("img", { name: title })).toBeVisible();
  }
  // The numbers are there as a table too (a <details>, which opens without JavaScript).
  const fig = page.locator("figure").filter({ has: page.getByRole("img", { name: "Users by role" }) });
  await fig.getByText("Show the numbers").click();
  await expect(fig.getByRole("table")).toContainText("Clients");
  // No link inside a chart (an image to assistive technology); a chart's rows lead on from its numbers.
  await expect(page.locator("svg[role=img] a")).toHaveCount(0);
  const consultants = page.locator("figure").filter({ has: page.getByRole("img", { name: "Consultants by approval status" }) });
  await consultants.getByText("Show the numbers").click();
  await expect(consultants.getByRole("table").getByRole("link").first()).toHaveAttribute("href", /\/admin\/consultant\/dashboard\?approval=/);
});

test("lists search, sort and page in the URL", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/admin/organization");
  await page.getByRole("link", { name: "Aircraft", exact: true }).click();
  await expect(page).toHaveURL(/sort=aircraft_count&dir=asc/);
  await page
    .getByRole("link", { name: /^Aircraft/ })
    .first()
    .click();
  await expect(page).toHaveURL(/sort=aircraft_count&dir=desc/);
  await expect(page.locator("tbody tr").first()).toContainText("Skyline Leasing");
  await page.getByLabel("Find an organization").fill("nordic");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=nordic/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
});
