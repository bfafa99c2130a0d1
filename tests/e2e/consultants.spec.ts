// The contractor marketplace with JavaScript (issue 5, "Done when"): an administrator approves and
// disapproves a consultant, sets availability (an end before the start is refused by the browser, its
// minimum following the start) and notes and rates; a client likes one (the toggle flips as it is
// sent) and finds it under Saved; the filters apply as they change. The listings are plain pages with
// the market widget (app/plain/widgets/market.ts); its hydrated use is in consultant-self.spec.ts.
// Without JavaScript the same flows run over HTTP in tests/http/marketplace.test.ts.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const card = (page: Page, name: string) => page.locator("article[data-consultant-card]").filter({ has: page.getByRole("heading", { name }) });

test("an administrator approves, disapproves, sets availability and notes and rates", async ({ page }) => {
  const name = "Rajesh Iyer";
  await login(page, "admin@demo.aero");
  await page.goto(`/client/dashboard?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name: "Contractor Dashboard" })).toBeVisible();
  const c = card(page, name);
  await expect(c).toBeVisible();

  // Approve and disapprove (whichever state the consultant is in, both are exercised).
  if (await c.getByRole("button", { name: `Disapprove ${name}`, exact: true }).isEnabled()) {
    await c.getByRole("button", { name: `Disapprove ${name}`, exact: true }).click();
    await expect(c.locator("[data-approval]")).toHaveText("Disapproved");
  }
  await c.getByRole("button", { name: `Approve ${name}`, exact: true }).click();
  await expect(c.locator("[data-approval]")).toHaveText("Verified");
  await expect(page.locator("[data-toast]")).toContainText("The consultant is approved.");
  await c.getByRole("button", { name: `Disapprove ${name}`, exact: true }).click();
  await expect(c.locator("[data-approval]")).toHaveText("Disapproved");
  await expect(c.getByRole("button", { name: `Approve ${name}`, exact: true })).toBeEnabled();
  await c.getByRole("button", { name: `Approve ${name}`, exact: true }).click();
  await expect(c.locator("[data-approval]")).toHaveText("Verified");

  // Set availability: the dialog opens from the URL, 700 wide.
  await c.getByRole("link", { name: `Set availability of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Set Availability" });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBeCloseTo(700, -1);
  await dialog.getByLabel("Available", { exact: true }).check();
  await dialog.getByLabel("Available from").fill("2027-05-10");
  await dialog.getByLabel("Available until").fill("2027-05-01");
  // The end's minimum follows the start as it is chosen: the browser refuses the date itself.
  await expect(dialog.getByLabel("Available until")).toHaveAttribute("min", "2027-05-10");
  expect(await dialog.getByLabel("Available until").evaluate((i: HTMLInputElement) => i.validity.rangeUnderflow)).toBe(true);
  await page.getByRole("dialog", { name: "Set Availability" }).getByLabel("Available until").fill("2027-06-30");
  await page.getByRole("dialog", { name: "Set Availability" }).getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-toast]")).toContainText("The consultant is marked as available.");
  await expect(c.locator("[data-availability]")).toContainText("Available");
  await expect(c.locator("[data-availability]")).toContainText("10 May 2027 – 30 Jun 2027");

  // Set notes and rates: all three required.
  await c.getByRole("link", { name: `Set notes and rates of ${name}` }).click();
  const notes = page.getByRole("dialog", { name: "Set Notes and Rates" });
  await expect(notes).toBeVisible();
  const note = `Checked references ${test.info().project.name}.`;
  await notes.getByLabel("Notes").fill(note);
  await notes.getByLabel("Daily rate onsite").fill("640");
  await notes.getByLabel("Daily rate offsite").fill("410.5");
  await notes.getByRole("button", { name: "Save notes and rates" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(c.locator("[data-notes]")).toContainText(note);
  await expect(c.locator('[data-rate="onsite"]')).toHaveText("640 / day");
  await expect(c.locator('[data-rate="offsite"]')).toHaveText("410.5 / day");
});

test("a client likes a consultant and finds it under Saved; a client has the approval and dialog controls too", async ({ page }) => {
  const name = "Ingrid Solberg";
  await login(page, "client@demo.aero");
  await page.goto(`/client/dashboard?q=${encodeURIComponent(name)}`);
  const c = card(page, name);
  await expect(c).toBeVisible();
  // Every non-consultant viewer has the approval buttons and the two dialogs (spec 000 §5).
  await expect(c.getByRole("button", { name: new RegExp(`^(Approve|Disapprove) ${name}`) })).toHaveCount(2);
  await expect(c.getByRole("link", { name: /Set (availability|notes)/ })).toHaveCount(2);
  await expect(c.locator("[data-approval]")).toBeVisible();
  await expect(c.getByRole("img", { name: /out of 5$/ })).toBeVisible();

  // Defensive: another test on the same data may have left it liked.
  if (await c.getByRole("button", { name: `Liked ${name}` }).isVisible()) {
    await c.getByRole("button", { name: `Liked ${name}` }).click();
    await expect(c.getByRole("button", { name: `Like ${name}` })).toBeVisible();
  }
  // The local flag flips as the like is sent (spec §5), before the server's answer: the page's last
  // submit event (after the widget's) notes the button's state, kept across the post's new page.
  await page.evaluate(() =>
    window.addEventListener("submit", (e) => sessionStorage.setItem("pressedAsSent", (e as SubmitEvent).submitter?.getAttribute("aria-pressed") ?? "")),
  );
  await c.getByRole("button", { name: `Like ${name}` }).click();
  await expect(c.getByRole("button", { name: `Liked ${name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(c.locator("button[data-toggle]")).toContainText("Liked");
  expect(await page.evaluate(() => sessionStorage.getItem("pressedAsSent"))).toBe("true");
  await expect(page.locator("[data-toast]")).toContainText("The consultant is saved to your list.");

  await page.getByRole("link", { name: "Saved consultants" }).click();
  await expect(page).toHaveURL(/\/client\/saved$/);
  const savedCard = card(page, name);
  await expect(savedCard).toBeVisible();
  await savedCard.getByRole("button", { name: `Liked ${name}` }).click();
  await expect(card(page, name)).toHaveCount(0);
});

test("a missing resume shows the alert 'Resume not uploaded', for 6 seconds", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto(`/client/dashboard?q=${encodeURIComponent("Carlos Mendoza")}`);
  const c = card(page, "Carlos Mendoza");
  // An alert of the page, not text inside the card.
  await expect(c.getByText("Resume not uploaded")).toHaveCount(0);
  await c.getByRole("link", { name: "Download the resume of Carlos Mendoza" }).click();
  const alert = page.locator("[data-toast=error]").filter({ hasText: "Resume not uploaded" });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(page).toHaveURL(/\/client\/dashboard/);
  // Hidden by CSS after ALERT_HIDE_MS (the snackbar's animation ends hidden).
  expect(await alert.evaluate((n) => getComputedStyle(n).animationDuration)).toBe("6s");
});

test("filters and sort live in the URL", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto("/client/dashboard");
  // The filters apply as they change (no Apply press).
  await page.getByLabel("Aircraft or helicopter").selectOption("helicopter");
  await expect(page).toHaveURL(/type=helicopter/);
  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  // The cards of the new order (retried: the list re-renders as the navigation ends).
  await expect(async () => {
    const names = await page.locator("article[data-consultant-card] h3").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Thomas Brennan" })).toBeVisible();
});

test("consultants get /errors/error-401 on the marketplace pages", async ({ page }) => {
  await login(page, "consultant@demo.aero");
  for (const path of ["/client/dashboard", "/client/saved", "/client/message"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/errors\/error-401$/);
  }
});

test("a client opens a consultant's profile from the card: overview, documents, projects, not the resume", async ({ page }) => {
  await login(page, "client@demo.aero");
  await page.goto(`/client/dashboard?q=${encodeURIComponent("Aisha Rahman")}`);
  await card(page, "Aisha Rahman").getByRole("link", { name: "Aisha Rahman", exact: true }).click();
  await expect(page).toHaveURL(/\/consultant\/profile\/\d+\/overview/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Aisha Rahman");
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Documents", "Projects"]);
  await tabs.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  // The resume tab stays for administrators.
  await page.goto(page.url().replace(/projects$/, "resume"));
  await expect(page).toHaveURL(/\/overview$/);
  // No staff or consultant controls.
  await expect(page.getByRole("button", { name: /Approve|Disapprove|Set Availability|Set Notes/ })).toHaveCount(0);
});
