// The side navigation's foot (spec 000 §2, 001 §2): collapse the menu (or keep it open), then
// sign-out and the supported-browser note. The rest of the navigation (brand, user, links, USERS)
// is server markup (shell-markup.server.tsx); the fleet tree is fleet-tree.tsx.
import { useLocation } from "@remix-run/react";
import { ChevronLeftIcon } from "~/components/icons/chevron-left";
import { ServerMarkup, type Markup } from "~/components/server-markup/server-markup";
import { navCookieValue } from "./nav-pref";
import * as s from "./shell.css";

export const NO_USERS = "No users to show";
export const BROWSER_NOTE = "Best viewed in Google Chrome";

export function NavFooter({ collapsed, onCollapsedChange, markup }: { collapsed: boolean; onCollapsedChange: (next: boolean) => void; markup?: Markup[string] }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className={s.navFooter}>
      <form
        method="post"
        action="/prefs/nav"
        className={s.collapseForm}
        onSubmit={(e) => {
          // React handles the submit only once the page is hydrated; before, it posts (no script needed).
          e.preventDefault();
          document.cookie = navCookieValue(!collapsed);
          onCollapsedChange(!collapsed);
          (document.activeElement as HTMLElement | null)?.blur();
        }}
      >
        <input type="hidden" name="collapsed" value={collapsed ? "0" : "1"} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          className={s.signOut}
          aria-label={collapsed ? "Expand the menu" : "Collapse the menu"}
          title={collapsed ? "Expand the menu" : "Collapse the menu"}
        >
          <ChevronLeftIcon className={s.collapseIcon} />
          <span className={s.navLabel}>{collapsed ? "Keep the menu open" : "Collapse the menu"}</span>
        </button>
      </form>
      <ServerMarkup id="shell-nav-foot" html={markup} />
    </div>
  );
}
