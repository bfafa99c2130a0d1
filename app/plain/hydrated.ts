// What a page that hydrates (ADR 073: it ships Remix's scripts) needs more of the page script; page.ts
// loads this only there, so a plain page never downloads it:
// - after a client-side navigation, menus and the drawer close (page.ts's `moved`), and a form's busy
//   state ends when Remix's router is idle again (`settled`);
// - widgets start once React has hydrated the page (afterHydration);
// - full screen (a[data-fs]) also takes the browser's real full screen, and leaving that (Escape,
//   F11) leaves the page's full-screen mode; on a plain page the link's new document would leave it at
//   once, so there the link only changes the page.
import { go, router } from "./nav";

export { afterHydration } from "./hydration";

/** True when no navigation and no fetcher is on its way (or there is no router yet). */
function idle() {
  const s = router()?.state;
  return !s || (s.navigation.state === "idle" && [...s.fetchers.values()].every((f) => f.state === "idle"));
}

/** `moved` after each client-side navigation to a new location, `settled` each time the router is idle. */
export function start(moved: () => void, settled: () => void) {
  // Remix's entry makes the router after page.ts ran (Remix imports its entry dynamically): look again
  // until it is there.
  let tries = 0;
  const attach = () => {
    const r = router();
    if (!r) return ++tries < 600 && setTimeout(attach, 50);
    let key = r.state.location.key;
    r.subscribe((s) => {
      if (s.location.key !== key) {
        key = s.location.key;
        moved();
      }
      if (idle()) settled();
    });
  };
  attach();
}

/** A form a component's own handler took: busy until the router is idle again (or at once, if nothing started). */
export const settleSoon = (clear: () => void) => setTimeout(() => idle() && clear(), 600);

document.addEventListener("click", (e) => {
  const fs = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[data-fs]") : null;
  if (!fs || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  if (fs.dataset.fs === "on") document.documentElement.requestFullscreen?.().catch(() => undefined);
  else if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  go(fs.pathname + fs.search);
});

document.addEventListener("fullscreenchange", () => {
  const exit = document.querySelector<HTMLAnchorElement>('a[data-fs="off"]');
  if (!document.fullscreenElement && exit) go(exit.pathname + exit.search, { replace: true });
});
