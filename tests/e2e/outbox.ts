// Reading mail as a demo machine has it: an admin opens /admin/outbox (no mail server needed).
import type { Browser } from "@playwright/test";
import { expect, login } from "./fixtures";

/** Reads the newest link in a mail to `to` whose subject matches, as the admin in /admin/outbox. */
export async function linkFromOutbox(browser: Browser, js: boolean, to: string, subject: string, path: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const admin = await context.newPage();
  try {
    await login(admin, "admin@demo.aero");
    await admin.goto(`/admin/outbox?${new URLSearchParams({ to })}`);
    const mail = admin.locator(`[data-mail-to="${to}"]`, { hasText: subject }).first();
    await expect(mail).toBeVisible();
    const href = await mail.locator(`a[href*="${path}"]`).first().getAttribute("href");
    expect(href).toBeTruthy();
    const url = new URL(href!);
    return url.pathname + url.search;
  } finally {
    await context.close();
  }
}

