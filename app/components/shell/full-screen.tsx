// Full screen: the page without the side navigation and the top bar (spec 001 §2: the top bar is
// hidden in full-screen mode). A link (?fullscreen=1) so it works without JavaScript; with
// JavaScript, on a page that hydrates (app/plain/hydrated.ts: `a[data-fs]`), it also asks the browser
// for real full screen, and leaving that restores the page. The page's "Exit full screen" button: shell-parts.tsx.
import { ExpandIcon } from "~/components/icons/expand";
import * as s from "./shell.css";

export const FULLSCREEN_PARAM = "fullscreen";

/** The page at `pathname` + `search`, in full screen (`on`) or not. */
export function fullScreenHref(pathname: string, search: string, on: boolean) {
  const p = new URLSearchParams(search);
  if (on) p.set(FULLSCREEN_PARAM, "1");
  else p.delete(FULLSCREEN_PARAM);
  const qs = p.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

export function FullScreenToggle({ pathname, search }: { pathname: string; search: string }) {
  return (
    <a href={fullScreenHref(pathname, search, true)} className={s.topButton} aria-label="Full screen" title="Full screen" data-fs="on">
      <ExpandIcon />
    </a>
  );
}
