// Lite mode (issue 12): pages without the client scripts at all, for users on a thin link. Every page
// already works without JavaScript, so a lite page loses only the conveniences (instant filters,
// upload progress, the speed test). Chosen by the user (the top bar and the settings), or set by the
// speed test when it measures a thin link and the user has not chosen. Browser-safe.

export const LITE_COOKIE = "aero_lite";
/** "on": the user turned it on; "auto": the speed test did; "off": the user turned it off (never auto again). */
export type LiteChoice = "on" | "auto" | "off";
/** Below this the speed test turns Lite mode on by itself (unless the user chose). */
export const LITE_AUTO_BELOW_MBPS = 2;
export const LITE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const isLite = (choice: LiteChoice | null) => choice === "on" || choice === "auto";

/** The choice kept in a Cookie header, or null. */
export function liteChoice(cookieHeader: string | null | undefined): LiteChoice | null {
  const m = /(?:^|;\s*)aero_lite=(on|auto|off)(?:;|$)/.exec(cookieHeader ?? "");
  return (m?.[1] as LiteChoice | undefined) ?? null;
}

/** What the speed test does with a result: turn Lite mode on only for a thin link and no choice yet. */
export const shouldAutoLite = (mbps: number, choice: LiteChoice | null) => choice === null && mbps > 0 && mbps < LITE_AUTO_BELOW_MBPS;
