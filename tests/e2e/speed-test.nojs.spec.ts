// Without JavaScript the speed-test button shows "Test Speed" and the hint under it: what a browser
// renders of the widget's <noscript> (a style that swaps the labels, and the hint). The markup (the
// disabled button, its title, the static state) is tested over HTTP in tests/http/auth.test.ts.
import { expect, login, test } from "./fixtures";

test("without JavaScript the speed test explains that it needs JavaScript", async ({ page }) => {
  await login(page, "client@demo.aero");
  const widget = page.locator("[data-speed-test]");
  await expect(widget).toBeVisible();
  await expect(widget.getByRole("button")).toHaveText("Test Speed", { useInnerText: true });
  // The visible hint sits in <noscript> (Playwright's text locators skip noscript, so read innerText).
  expect(await widget.evaluate((el) => (el as HTMLElement).innerText)).toContain("The speed test needs JavaScript");
  const hint = await widget.evaluate((el) => {
    const span = el.querySelector("noscript span");
    return span ? (span as HTMLElement).getBoundingClientRect().width : 0;
  });
  expect(hint).toBeGreaterThan(0);
});
