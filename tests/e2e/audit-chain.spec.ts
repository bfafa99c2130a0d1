// The audit page shows the hash chain's state and an admin downloads a period of the log that
// verifies on its own (issue 19 item 5, ADR 044), with JavaScript (without it:
// tests/http/admin.test.ts).
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { verifyEntries } from "../../upstream/audit-chain";
import type { AuditExport } from "../../upstream/audit";

const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text });
const today = () => new Date().toISOString().slice(0, 10);
const main = (page: Page) => page.getByRole("main");

test("the audit page shows the verified chain, and an admin downloads an export that verifies", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/admin/audit");
  const state = main(page).locator("[data-chain]");
  await expect(state).toHaveAttribute("data-chain", "verified");
  await expect(state).toContainText(/Chain verified: \d+ entr(y|ies), none altered, removed or reordered\./);
  await expect(state).toContainText(/Chain head [0-9a-f]{64} \(entry #\d+\)/);
  // Filtering the list (a client-side navigation with JS) keeps the title and the chain's state.
  await main(page).getByRole("search").getByLabel("Action").selectOption("auth.");
  await main(page).getByRole("search").getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=auth\./);
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await expect(state).toHaveAttribute("data-chain", "verified");

  const form = main(page).getByRole("form", { name: "Export the audit log" });
  await form.getByLabel("Export from").fill(today());
  await form.getByLabel("Export to").fill(today());
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download export (JSON)" }).click()]);
  expect(download.suggestedFilename()).toBe(`audit-log_${today()}_${today()}.json`);
  const doc = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as AuditExport;
  expect(doc.format).toBe("aero-records-audit-export");
  expect(doc.period).toEqual({ from: today(), to: today() });
  expect(doc.count).toBeGreaterThan(0);
  expect(doc.entries.some((e) => e.action.startsWith("auth."))).toBe(true);
  const result = verifyEntries(doc.entries, { startPrev: doc.previous_hash });
  expect(result.ok).toBe(true);
  expect(result.head?.hash).toBe(doc.period_last_hash);
  expect(doc.chain_head?.hash).toMatch(/^[0-9a-f]{64}$/);

  // A start after the end is refused with a message, on the audit page.
  await form.getByLabel("Export from").fill(today());
  await form.getByLabel("Export to").fill("2000-01-01");
  await form.getByRole("button", { name: "Download export (JSON)" }).click();
  await expect(toast(page, "The start date is after the end date.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
});

test("a member sees the chain's state but no export", async ({ page }) => {
  await login(page, "member@demo.aero");
  await page.goto("/admin/audit");
  await expect(main(page).locator("[data-chain]")).toHaveAttribute("data-chain", "verified");
  await expect(main(page).getByRole("form", { name: "Export the audit log" })).toHaveCount(0);
});

test("an entry altered in the database file shows the chain broken at that entry", async ({ page }) => {
  await login(page, "admin@demo.aero");
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, "portal.sqlite"));
  db.pragma("busy_timeout = 5000");
  const trigger = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_log_no_update'").get()!.sql;
  const victim = db.prepare<[], { id: number; ip: string | null }>("SELECT id, ip FROM audit_log ORDER BY id LIMIT 1").get()!;
  try {
    // As an attacker with the file would: the append-only trigger dropped, one entry's address changed.
    db.exec("DROP TRIGGER audit_log_no_update");
    db.prepare("UPDATE audit_log SET ip = '203.0.113.66' WHERE id = ?").run(victim.id);
    await page.goto("/admin/audit");
    const state = main(page).locator("[data-chain]");
    await expect(state).toHaveAttribute("data-chain", "broken");
    await expect(state).toContainText(`Chain broken at entry #${victim.id}. Entry #${victim.id} was altered: its content does not match its hash.`);
  } finally {
    // Put the entry and the trigger back: the chain verifies again.
    db.prepare("UPDATE audit_log SET ip = ? WHERE id = ?").run(victim.ip, victim.id);
    db.exec(trigger);
    db.close();
  }
  await page.reload();
  await expect(main(page).locator("[data-chain]")).toHaveAttribute("data-chain", "verified");
});
