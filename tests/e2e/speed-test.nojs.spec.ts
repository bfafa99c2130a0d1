// Without JavaScript the speed-test button is disabled and says why; the rest of the page works.
import { expect, login, test } from "./fixtures";

test("without JavaScript the speed test explains that it needs JavaScript", async ({ page }) => {
  await login(page, "client@demo.aero");
  const widget = page.locator("[data-speed-test]");
  await expect(widget).toBeVisible();
  const button = widget.getByRole("button");
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Test Speed", { useInnerText: true });
  await expect(button).toHaveAttribute("title", "The speed test needs JavaScript");
  // The visible hint sits in <noscript> (Playwright's text locators skip noscript, so read innerText).
  expect(await widget.evaluate((el) => (el as HTMLElement).innerText)).toContain("The speed test needs JavaScript");
  const hint = await widget.evaluate((el) => {
    const span = el.querySelector("noscript span");
    return span ? (span as HTMLElement).getBoundingClientRect().width : 0;
  });
  expect(hint).toBeGreaterThan(0);
  await expect(widget).toHaveAttribute("data-state", "static");
});
