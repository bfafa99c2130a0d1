// The collapsed/expanded state of the side navigation lives in a small cookie (a UI preference, not
// a secret): the no-JS toggle posts to /prefs/nav, which sets it; with JavaScript the toggle sets it
// directly and nothing is sent (app/plain/collapse.ts). Browser-safe.
export const NAV_COOKIE = "aero_nav";
export const NAV_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const navCookieValue = (collapsed: boolean) =>
  `${NAV_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=${NAV_COOKIE_MAX_AGE}; SameSite=Lax`;

export function navCollapsedFrom(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === NAV_COOKIE) return v === "collapsed";
  }
  return false;
}

/** The collapse button's name and text, and the value the form would post, for a menu `collapsed` or not. */
export const collapseText = (collapsed: boolean) => ({
  name: collapsed ? "Expand the menu" : "Collapse the menu",
  text: collapsed ? "Keep the menu open" : "Collapse the menu",
  value: collapsed ? "0" : "1",
});
