// The screen's export and share buttons sit in the top bar (the page's banner; ADR 051): a screen
// with several exports lists them in the "Export" menu (a <details>, open without JavaScript too).
import { expect, type Download, type Locator, type Page } from "@playwright/test";

/** The top bar's "Export and share" group. */
export const screenActions = (page: Page): Locator => page.getByRole("banner").getByRole("group", { name: "Export and share" });

/** Clicks an export of the screen (opening the Export menu when the screen has one) and returns the download. */
export async function downloadFromTopBar(page: Page, button: string): Promise<Download> {
  const actions = screenActions(page);
  await expect(actions).toBeVisible();
  const target = actions.getByRole("button", { name: button, exact: true });
  const summary = actions.locator("summary");
  if ((await summary.count()) && !(await target.isVisible())) await summary.click();
  const [download] = await Promise.all([page.waitForEvent("download"), target.click()]);
  return download;
}
