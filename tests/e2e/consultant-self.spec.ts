// The consultant's own pages, with JavaScript (issue 5): own profile and settings only (another
// consultant's id is refused), the subtype field shown only when its type applies, the Send Message
// and Set Your Availability dialogs on the documents tab (a hydrated page: no page reloads, the
// market widget's availability rule), a photo upload straight to the blob store, and the onboarding
// redirect by stage for the seeded onboarding accounts.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const MARKER = "__selfMarker";
const setMarker = (page: Page) => page.evaluate((m) => ((window as unknown as Record<string, number>)[m] = 7), MARKER);
const marker = (page: Page) => page.evaluate((m) => (window as unknown as Record<string, number>)[m], MARKER);

async function ownId(page: Page) {
  await page.goto("/consultant/profile");
  await expect(page).toHaveURL(/\/consultant\/profile\/\d+\/overview$/);
  return Number(/\/consultant\/profile\/(\d+)\//.exec(page.url())![1]);
}

test("a consultant sees and edits only their own profile; another id is refused", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  const id = await ownId(page);
  await expect(page.getByRole("heading", { name: "My profile" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Documents", "Projects"]);

  // A subtype field is shown only when its type applies.
  const heli = page.getByLabel("Helicopter types");
  const heliBox = page.getByRole("checkbox", { name: "Helicopter" });
  if (await heliBox.isChecked()) await heliBox.uncheck();
  await expect(heli).toBeHidden();
  await heliBox.check();
  await expect(heli).toBeVisible();
  await heliBox.uncheck();
  await expect(heli).toBeHidden();

  await page.getByLabel("Summary", { exact: true }).fill("Technical records specialist with 14 years on narrow-body lease transitions.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.locator("[data-toast]")).toContainText("Your profile is saved.");

  for (const path of [`/consultant/profile/${id + 1}/overview`, `/consultant/profile/${id + 1}/resume`, `/consultant/settings/${id + 1}/general`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/errors\/error-401$/);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  }
});

test("on the hydrated documents tab the Send Message and Set Your Availability dialogs work without a page reload", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  await page.goto(`/consultant/profile/${await ownId(page)}/documents`);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
  await setMarker(page);

  await page.getByRole("link", { name: "Send Message" }).click();
  const msg = page.getByRole("dialog", { name: "Send Message" });
  await expect(msg).toBeVisible();
  expect((await msg.boundingBox())?.width).toBeCloseTo(700, -1);
  await msg.getByRole("button", { name: "Send" }).click();
  // The browser's own validation refuses the empty message (the field is required); the server's
  // message for it is the JS-off answer (unit tests).
  expect(await msg.getByLabel("Message").evaluate((t: HTMLTextAreaElement) => t.validity.valueMissing)).toBe(true);
  await expect(msg).toBeVisible();
  await msg.getByLabel("Message").fill("Hello,\nI am available for redelivery work from December.");
  await msg.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-toast]")).toContainText("Your message was sent to the administrators.");

  await page.getByRole("link", { name: "Set Your Availability" }).click();
  const av = page.getByRole("dialog", { name: "Set Your Availability" });
  await av.getByLabel("Available from").fill("2026-12-01");
  await av.getByLabel("Available until").fill("2026-11-01");
  // The end's minimum follows the chosen start (app/plain/widgets/market.ts): the browser refuses the date itself.
  await expect(av.getByLabel("Available until")).toHaveAttribute("min", "2026-12-01");
  expect(await av.getByLabel("Available until").evaluate((i: HTMLInputElement) => i.validity.rangeUnderflow)).toBe(true);
  await av.getByLabel("Available until").fill("2027-03-31");
  await av.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-toast]")).toContainText("Your profile is saved.");
  // Escape closes a dialog too.
  await page.getByRole("link", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Send Message" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // And so does a click on the backdrop, outside the dialog.
  await page.getByRole("link", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Send Message" })).toBeVisible();
  await page.mouse.click(8, (page.viewportSize()?.height ?? 720) - 8);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await marker(page)).toBe(7);
});

test("a photo goes straight to the blob store and is saved on the profile", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  const id = await ownId(page);
  await page.goto(`/consultant/profile/${id}/documents`);
  await setMarker(page);
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5274dd90000000049454e44ae426082",
    "hex",
  );
  const direct: string[] = [];
  page.on("request", (r) => r.method() === "POST" && direct.push(new URL(r.url()).pathname));
  await page.getByLabel("Photo file").setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.locator("[data-toast]")).toContainText("Your profile is saved.");
  expect(direct.some((p) => p.startsWith("/_blob"))).toBe(true);
  await expect(page.getByRole("img", { name: /^Photo of/ })).toHaveAttribute("src", /portrait\.png/);
  // A file of the wrong kind is refused before any byte is sent.
  await page.getByLabel("Resume file").setInputFiles({ name: "resume.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await page.getByRole("button", { name: "Upload resume" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The resume must be a pdf, doc, docx file." })).toBeVisible();
  expect(await marker(page)).toBe(7);
});

test("the settings: tabs, the phone page tells where the demo delivers the code", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  await page.goto("/consultant/settings");
  await expect(page).toHaveURL(/\/consultant\/settings\/\d+\/general$/);
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toHaveText(["General", "Phone", "Notifications", "Activate", "Deactivate"]);
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Phone" }).click();
  await expect(page.getByText("/admin/outbox")).toBeVisible();
  await expect(page.getByLabel("Phone number with country code")).toHaveValue("+48601234567");
});

test("each onboarding stage of the seed redirects to its page", async ({ page }) => {
  const cases: [string, RegExp][] = [
    ["onboarding-basic@demo.aero", /\/consultant\/settings\/\d+\/general$/],
    ["onboarding-profile@demo.aero", /\/consultant\/profile\/\d+\/overview$/],
    ["onboarding-phone@demo.aero", /\/consultant\/settings\/\d+\/phone$/],
  ];
  for (const [email, to] of cases) {
    await page.context().clearCookies();
    await login(page, email);
    await expect(page, email).toHaveURL(to);
    for (const path of ["/consultant/home", "/consultant/profile", "/consultant/settings"]) {
      await page.goto(path);
      await expect(page, `${email} ${path}`).toHaveURL(to);
    }
  }
});
