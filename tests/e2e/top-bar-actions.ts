// The screen's export and share buttons sit in the top bar (the page's banner; ADR 051): a screen
// with several exports lists them in the "Export" menu (a <details>, open without JavaScript too).
import type { Download, Locator, Page } from "@playwright/test";

/** The top bar's "Export and share" group. */
export const screenActions = (page: Page): Locator => page.getByRole("banner").getByRole("group", { name: "Export and share" });

/** Clicks an export of the screen (opening the Export menu when the screen has one) and returns the download. */
export async function downloadFromTopBar(page: Page, button: string): Promise<Download> {
  const actions = screenActions(page);
  const menu = actions.locator("details");
  if ((await menu.count()) && (await menu.getAttribute("open")) === null) await menu.locator("summary").click();
  const [download] = await Promise.all([page.waitForEvent("download"), actions.getByRole("button", { name: button, exact: true }).click()]);
  return download;
}
