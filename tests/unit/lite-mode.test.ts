// Lite mode's rules and its switch (issue 12).
import { describe, expect, it } from "vitest";
import { isLite, liteChoice, shouldAutoLite, LITE_AUTO_BELOW_MBPS } from "~/models/lite-mode";

process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789abcdef";
process.env.CLIENT_UUID ??= "00000000-unit-4000-8000-000000000000";

describe("lite mode", () => {
  it("reads the choice from the Cookie header", () => {
    expect(liteChoice("a=1; aero_lite=on; b=2")).toBe("on");
    expect(liteChoice("aero_lite=auto")).toBe("auto");
    expect(liteChoice("aero_lite=off")).toBe("off");
    expect(liteChoice("aero_lite=yes")).toBeNull();
    expect(liteChoice("xaero_lite=on")).toBeNull();
    expect(liteChoice(null)).toBeNull();
    expect(isLite("on") && isLite("auto") && !isLite("off") && !isLite(null)).toBe(true);
  });

  it("is turned on by the speed test only for a thin link and only when the user has not chosen", () => {
    expect(shouldAutoLite(LITE_AUTO_BELOW_MBPS - 0.1, null)).toBe(true);
    expect(shouldAutoLite(LITE_AUTO_BELOW_MBPS, null)).toBe(false);
    expect(shouldAutoLite(0, null)).toBe(false); // no measurement
    expect(shouldAutoLite(0.5, "off")).toBe(false); // the user turned it off: never again by itself
    expect(shouldAutoLite(0.5, "on")).toBe(false);
  });

  it("the switch sets the cookie and goes back to a local page with a toast", async () => {
    const { action } = await import("~/routes/resources+/lite-mode");
    const post = (form: Record<string, string>) =>
      action({ request: new Request("http://portal.test/resources/lite-mode", { method: "POST", body: new URLSearchParams(form) }), context: {} as never, params: {} });
    const on = await post({ lite: "on", redirectTo: "/storage/overview" });
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/storage/overview");
    expect(on.headers.getSetCookie().find((c) => c.startsWith("aero_lite="))).toMatch(/^aero_lite=on; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const off = await post({ lite: "off", redirectTo: "https://evil.example/" });
    expect(off.headers.get("Location")).toBe("/");
    expect(off.headers.getSetCookie().find((c) => c.startsWith("aero_lite="))).toMatch(/^aero_lite=off;/);
    const bad = await post({ lite: "maybe" });
    expect(bad.headers.getSetCookie().some((c) => c.startsWith("aero_lite="))).toBe(false);
  });
});
