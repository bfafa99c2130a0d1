import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { generateTotpSecret, normalizeTotpCode, openTotpSecret, sealTotpSecret, totpProvisioning, verifyTotp } from "../../upstream/lib/totp";
import { attemptDelayMs, LOCKOUT } from "../../upstream/main/auth";
import { openDatabase } from "../../upstream/db";
import { hitRate } from "../../upstream/rate-limit";
import { usernameFrom } from "../../upstream/main/accounts";
import { passwordRule, RegisterInput, totpCodeInput } from "../../app/models/schemas/auth";

const code = (secret: string, timestamp: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp });

describe("TOTP", () => {
  it("accepts the current code and one step of drift either way, and returns the step", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, code(secret, now), now)).toBe(step);
    expect(verifyTotp(secret, code(secret, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(secret, code(secret, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(secret, code(secret, now + 90_000), now)).toBeNull();
    expect(verifyTotp(secret, "abc", now)).toBeNull();
  });

  it("matches the RFC 6238 SHA-1 test vector (truncated to 6 digits)", () => {
    const secret = OTPAuth.Secret.fromLatin1("12345678901234567890").base32;
    // RFC 6238 appendix B: T = 59 s -> 94287082 (8 digits) -> 287082.
    expect(verifyTotp(secret, "287082", 59_000)).toBe(1);
  });

  it("normalizes what users type", () => {
    expect(normalizeTotpCode("123 456")).toBe("123456");
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(normalizeTotpCode(12345)).toBe("012345");
    expect(normalizeTotpCode("12345")).toBeNull();
    expect(totpCodeInput.safeParse(42).success).toBe(true);
    expect(totpCodeInput.safeParse("1234567").success).toBe(false);
  });

  it("seals secrets so that only the right key opens them", () => {
    const secret = generateTotpSecret();
    const sealed = sealTotpSecret(secret, "app-secret-1");
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed, "app-secret-1")).toBe(secret);
    expect(openTotpSecret(sealed, "another-secret")).toBeNull();
    expect(openTotpSecret(secret, "any")).toBe(secret); // plain base32 (seed) is accepted
  });

  it("builds an otpauth URL and an SVG QR code", async () => {
    const secret = generateTotpSecret();
    const p = await totpProvisioning(secret, "pilot@example.aero");
    expect(p.otpauth_url).toMatch(/^otpauth:\/\/totp\/Aero%20Records:pilot%40example\.aero\?/);
    expect(p.otpauth_url).toContain(`secret=${secret}`);
    expect(p.qr_svg.startsWith("<svg")).toBe(true);
  });
});

describe("sign-in lockout and rate limits", () => {
  it("waits nothing for the first 5 attempts, then a growing delay capped at 2 s", () => {
    expect([1, 2, 3, 4, 5].map(attemptDelayMs)).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9, 10, 11].map(attemptDelayMs)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(LOCKOUT.lockAfter).toBe(10);
    expect(LOCKOUT.lockMs).toBe(15 * 60_000);
  });

  it("limits hits per key within a sliding window, in the database (every process sees the same count)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-rate-"));
    const [one, two] = [await openDatabase(dir), await openDatabase(dir)]; // two connections, as two processes have
    try {
      const rule = { name: "t", limit: 2, windowMs: 1000 };
      expect(await hitRate(one.db, rule, "a", 0)).toBe(true);
      expect(await hitRate(two.db, rule, "a", 10)).toBe(true);
      expect(await hitRate(one.db, rule, "a", 20)).toBe(false);
      expect(await hitRate(two.db, rule, "a", 30)).toBe(false);
      expect(await hitRate(two.db, rule, "b", 20)).toBe(true);
      expect(await hitRate(one.db, { ...rule, name: "other" }, "a", 20)).toBe(true);
      expect(await hitRate(one.db, rule, "a", 1005)).toBe(true);
      for (let i = 0; i < 20; i++) expect(await hitRate(i % 2 ? one.db : two.db, rule, "unknown", 0)).toBe(true);
      expect(await hitRate(one.db, rule, "unknown", 0)).toBe(false);
      // Refused requests are not counted; old rows of a bucket go as it is hit.
      const rows = await one.db.selectFrom("rate_hits").select("at").where("bucket", "=", "t:a").execute();
      expect(rows.map((r) => r.at)).toEqual([10, 1005]);
    } finally {
      await one.close();
      await two.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("account rules", () => {
  it("requires 10+ characters with a letter and a digit", () => {
    expect(passwordRule.safeParse("demo-pass-2026").success).toBe(true);
    expect(passwordRule.safeParse("short-1").success).toBe(false);
    expect(passwordRule.safeParse("no-digits-here").success).toBe(false);
    expect(passwordRule.safeParse("1234567890").success).toBe(false);
  });

  it("lower-cases the e-mail and checks the confirmation", () => {
    const ok = RegisterInput.safeParse({ email: " Ada@Example.AERO ", password: "first-pass-2026", password_confirmation: "first-pass-2026", first_name: "Ada", last_name: "L", role: "client" });
    expect(ok.success && ok.data.email).toBe("ada@example.aero");
    const bad = RegisterInput.safeParse({ email: "a@b.aero", password: "first-pass-2026", password_confirmation: "other-pass-2026", first_name: "A", last_name: "B", role: "client" });
    expect(bad.success).toBe(false);
    expect(!bad.success && bad.error.issues[0]?.path).toEqual(["password_confirmation"]);
  });

  it("builds the username from first and last name", () => {
    expect(usernameFrom(" Ada ", " Lovelace ")).toBe("Ada Lovelace");
    expect(usernameFrom("Ada", "")).toBe("Ada");
  });
});
