// First paint on a thin link (issue 12): on a browser's first visit the stylesheet is inlined in the
// page, so the page paints after two round trips (connection, page) instead of three (… and the
// stylesheet); a cookie then says the browser has the file (prefetched after the first page), and
// later pages link it as usual, from the cache. The cookie carries the bundle's name, so a new build
// inlines once again. The server reads the stylesheet's text at start and passes it in the load
// context (scripts/built-assets.ts loadStylesheet), so this module reads no file.
import type { PortalContext } from "./context";

export const CSS_COOKIE = "aero_css";

/** The bundle's file name, as the cookie's value. */
const tag = (href: string) => href.slice(href.lastIndexOf("/") + 1).replace(/[^\w.-]/g, "");

/** What the document should do with the stylesheet, and the cookie to set when it inlines. */
export function stylesheetFor(request: Request, stylesheet: PortalContext["stylesheet"]): { inline: string | null; setCookie: string | null } {
  if (!stylesheet?.text) return { inline: null, setCookie: null };
  const { href, text } = stylesheet;
  const has = new RegExp(`(?:^|;\\s*)${CSS_COOKIE}=${tag(href).replace(/\./g, "\\.")}(?:;|$)`).test(request.headers.get("Cookie") ?? "");
  if (has) return { inline: null, setCookie: null };
  return { inline: text, setCookie: `${CSS_COOKIE}=${tag(href)}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax` };
}
