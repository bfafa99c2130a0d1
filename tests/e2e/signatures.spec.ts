// Signing a work order with JavaScript (ADR 088): the dialog takes the focus on its first field,
// Escape closes it (focus back on the Sign button), a signature with the password ends on the toast
// and "Signed by"; axe finds nothing serious on the open dialog nor on the public verification page.
// Without JavaScript, and the refusals: tests/http/signatures.test.ts.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, login, test } from "./fixtures";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
test.use({ bypassCSP: true });

/** Serious and critical axe-core violations of the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run({ resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  });
  return found;
}

test("a client signs a work order in the dialog: focus, Escape, the password, the toast", async ({ page }) => {
  const number = `WO-SIG-E2E-${Date.now() % 1_000_000}`;
  await login(page, "client@demo.aero");
  await page.goto("/Aeroops/org/Aircrafts?q=5123");
  await page.getByRole("link", { name: "MSN 5123: open in AeroOPS" }).click();
  await page.getByRole("link", { name: "Engine WO" }).first().click();
  await page.getByRole("link", { name: "Create work order" }).click();
  await page.getByLabel("Work order number").fill(number);
  await page.getByLabel("Title").fill("Release after borescope");
  await page.getByRole("button", { name: "Create work order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Engine WO ${number}`);

  const sign = page.getByRole("link", { name: "Sign version 1" });
  await sign.click();
  const dialog = page.getByRole("dialog", { name: `Sign work order ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Certify release to service" })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]sign=/);

  await sign.click();
  await expect(dialog.getByRole("radio", { name: "Certify release to service" })).toBeFocused();
  await page.keyboard.press("Space");
  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(page.locator("[data-toast]")).toContainText(`Signed version 1 of work order ${number}.`);
  await expect(dialog).toHaveCount(0);
  const signed = page.getByRole("list", { name: "Signatures of this work order" }).getByRole("listitem");
  await expect(signed).toContainText("Signed by");
  await expect(signed).toContainText("Certify release to service");

  // The public page of that signature.
  await signed.getByRole("link", { name: /^Verify/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valid signature");
  await expect(page.getByRole("main")).toContainText("Work order, version 1");
  expect(await axe(page)).toEqual([]);
});
