// TOTP codes for the browser tests that turn on two-factor authentication: a code computed here is
// checked by the server a moment later, and the server accepts the step before and after its own
// (clock drift). A code computed in the last seconds of a 30-second step may be checked in the next
// step, where the previous step's code is then two steps old: wait those seconds out first.
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";

/** The code of the 30-second step holding `ms`. */
export const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });

/** Waits until at least `margin` ms are left in the current step (at most one step's end). */
export async function awayFromStepEnd(page: Page, margin = 8_000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < margin) await page.waitForTimeout(left + 250);
}
