// Without JavaScript the speed-test button is disabled and says why; the rest of the page works.
import { expect, login, test } from "./fixtures";

test("without JavaScript the speed test explains that it needs JavaScript", async ({ page }) => {
  await login(page, "client@demo.aero");
  const widget = page.locator("[data-speed-test]");
  await expect(widget).toBeVisible();
  const button = widget.getByRole("button");
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Test Speed");
  await expect(button).toHaveAttribute("title", "The speed test needs JavaScript");
  await expect(widget.getByText("The speed test needs JavaScript")).toBeVisible();
  await expect(widget).toHaveAttribute("data-state", "static");
});
