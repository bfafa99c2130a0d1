// First paint on a thin link (issue 12): on a browser's first visit the stylesheet is inlined in the
// page, so the page paints after two round trips (connection, page) instead of three (… and the
// stylesheet); a cookie then says the browser has the file (prefetched after the first page), and
// later pages link it as usual, from the cache. The cookie carries the bundle's name, so a new build
// inlines once again.
import fs from "node:fs";
import path from "node:path";

export const CSS_COOKIE = "aero_css";
/** Where the build puts what browsers download (vite.config.ts). */
const CLIENT_DIR = "build/client";
const cache = new Map<string, string | null>();

/** The built stylesheet's text, read once per build (null when it cannot be read: link it instead). */
function cssText(href: string): string | null {
  if (!cache.has(href)) {
    let text: string | null = null;
    try {
      const file = path.resolve(CLIENT_DIR, `.${href}`);
      if (file.startsWith(path.resolve(CLIENT_DIR) + path.sep)) text = fs.readFileSync(file, "utf8");
    } catch {
      text = null;
    }
    cache.set(href, text);
  }
  return cache.get(href) ?? null;
}

const tag = (href: string) => path.basename(href).replace(/[^\w.-]/g, "");

/** What the document should do with the stylesheet, and the cookie to set when it inlines. */
export function stylesheetFor(request: Request, href: string | undefined): { inline: string | null; setCookie: string | null } {
  if (!href) return { inline: null, setCookie: null };
  const has = new RegExp(`(?:^|;\\s*)${CSS_COOKIE}=${tag(href).replace(/\./g, "\\.")}(?:;|$)`).test(request.headers.get("Cookie") ?? "");
  if (has) return { inline: null, setCookie: null };
  const inline = cssText(href);
  if (!inline) return { inline: null, setCookie: null };
  return { inline, setCookie: `${CSS_COOKIE}=${tag(href)}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax` };
}
