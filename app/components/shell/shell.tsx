// The signed-in shell layout: the drawer (small screens: drawer.tsx), side navigation, top bar
// and the page. Menus (<details data-menu>) close on navigation and on a click outside once
// JavaScript runs; without it they are plain disclosures. What needs no script is server markup
// (shell-markup.server.tsx, ADR 031): its links and forms go through Remix (useMarkupLinks).
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { preloadFileSearch } from "~/components/file-search/file-search-slot";
import { LazyIsland, preloadIsland } from "~/components/server-markup/lazy-island";
import { listenForLogout } from "~/components/logout/logout-listen";
import { ServerMarkup, useMarkupLinks, type Markup } from "~/components/server-markup/server-markup";
import type { ShellData } from "~/models/shell.server";
import { FleetTree as ServerFleetTree } from "./fleet-tree.server";
import { preloadReportIssue } from "./report-issue-menu";
import { preloadSpeedTest } from "~/components/speed-test/speed-test-island";
import { fullScreenHref } from "./full-screen";
import { DrawerScrim, useDrawer } from "./drawer";
import { useTopBar } from "./handle";
import { navCookieValue } from "./nav-pref";
import { paintCollapse } from "./side-nav";
import * as s from "./shell.css";
import { DRAWER_TOGGLE_ID, TopBar, type TopBarFallback } from "./top-bar";
import "~/components/shell/shell-runtime"; // one chunk for the shell's parts (shell-runtime.ts)

// The shell's navigations send the server markup the page holds (X-Markup: "id:hash,…"), so the
// shell's data carries only the regions that changed (app/utils/markup.server.ts): without this the
// navigation, notifications and switcher came again with every page, about 2 KiB gzip.
if (typeof window !== "undefined" && !("__aeroMarkupFetch" in window)) {
  const send = window.fetch;
  Object.assign(window, { __aeroMarkupFetch: true });
  window.fetch = (input, init) => {
    if (typeof input !== "string" || !input.includes("_data=")) return send(input, init);
    // A page's own region (page-*, ADR 063) is always sent: the next page may be another route whose
    // new, empty region has the same id.
    const held = [...document.querySelectorAll<HTMLElement>("[data-markup][data-h]:not([id^='page-'])")].map((e) => `${e.id}:${e.dataset.h}`).join(",");
    const headers = new Headers(init?.headers);
    if (held) headers.set("X-Markup", held);
    return send(input, { ...init, headers });
  };
}

const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

// The fleet tree's search and folders are a script the page fetches when the user comes near it.
const loadFleetTree = () => import("./fleet-tree").then((m) => m.FleetTree);

/** The shell's islands, fetched ahead when a client-side navigation enters the shell (its clientLoader). */
export const preloadShellIslands = () =>
  Promise.all([
    preloadIsland("shell-fleet", loadFleetTree),
    preloadReportIssue(),
    preloadFileSearch(),
    preloadSpeedTest(),
  ]).then(
    () => undefined,
    () => undefined, // offline: each island fetches its code again when it mounts
  );

export function Shell({
  shell,
  markup,
  top,
  collapsed: initialCollapsed,
  fullscreen,
  children,
}: {
  shell: ShellData;
  top: TopBarFallback;
  markup?: Markup;
  collapsed: boolean;
  fullscreen: boolean;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const info = useTopBar();
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const drawer = useDrawer(DRAWER_TOGGLE_ID, location.key);
  const root = useRef<HTMLDivElement>(null);
  useMarkupLinks(root);

  useEffect(() => setCollapsed(initialCollapsed), [initialCollapsed]);
  // Spec 000 §4 after a client-side entry into the shell (a document runs LISTEN, in the navigation foot's markup).
  useEffect(listenForLogout, []);

  // A navigation closes any open menu (and the drawer: useDrawer), before the new page is painted:
  // after paint, a menu opened at once on the new page could be closed under the user.
  useBrowserLayoutEffect(() => {
    root.current?.querySelectorAll("details[data-menu][open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);

  // The shell's one effect for what its markup does with a script (issue 12: no component each):
  // a click outside an open menu closes it, so does Escape; the collapse form (side-nav.tsx) sets
  // the cookie and the state in place; the full-screen links (`a[data-fs]`, full-screen.tsx) also ask
  // the browser for real full screen (or leave it), and leaving it by the browser's own means
  // (Escape, F11) restores the page.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const close = (except?: EventTarget | null) =>
      el.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((d) => {
        if (!(except instanceof Node && d.contains(except))) d.open = false;
      });
    const onDown = (e: PointerEvent) => close(e.target);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    const here = () => window.location;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[data-fs]") : null;
      if (!(a instanceof HTMLAnchorElement)) return;
      e.preventDefault();
      const on = a.dataset.fs === "on";
      if (on) document.documentElement.requestFullscreen?.().catch(() => undefined);
      else if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
      navigate(fullScreenHref(here().pathname, here().search, on), { preventScrollReset: true });
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      if (e.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-collapse")) return;
      // Handled here once the page is hydrated; before, it posts (no script needed).
      e.preventDefault();
      const next = el.dataset.collapsed !== "true";
      document.cookie = navCookieValue(next);
      setCollapsed(next);
      paintCollapse(form, next);
      (document.activeElement as HTMLElement | null)?.blur();
    };
    const onFullScreen = () => {
      if (!document.fullscreenElement && el.dataset.fullscreen === "true") navigate(fullScreenHref(here().pathname, here().search, false), { replace: true, preventScrollReset: true });
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    document.addEventListener("fullscreenchange", onFullScreen);
    el.addEventListener("click", onClick);
    el.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("fullscreenchange", onFullScreen);
      el.removeEventListener("click", onClick);
      el.removeEventListener("submit", onSubmit);
    };
  }, [navigate]);

  return (
    <div
      ref={root}
      className={s.shell}
      data-collapsed={collapsed ? "true" : "false"}
      data-fullscreen={fullscreen ? "true" : "false"}
      data-drawer={drawer.open ? "open" : undefined}
    >
      <div className={s.navCol} id={DRAWER_TOGGLE_ID}>
        <nav className={s.nav} aria-label="Main" data-dark="">
          <ServerMarkup id="shell-nav" html={markup?.["shell-nav"]} />
          {shell.fleet.shown ? (
            <LazyIsland id="shell-fleet" load={loadFleetTree} server={ServerFleetTree} props={{ fleet: shell.fleet, currentAircraftId: shell.aircraft?.id ?? shell.pathAircraftId }} />
          ) : null}
          <ServerMarkup id="shell-nav-more" html={markup?.["shell-nav-more"]} />
          <div className={s.navFooter}>
            <ServerMarkup id="shell-nav-foot" html={markup?.["shell-nav-foot"]} />
          </div>
        </nav>
      </div>
      <DrawerScrim drawer={drawer} className={s.scrim} />
      <div className={s.body}>
        <TopBar shell={shell} info={info} top={top} location={location} markup={markup} drawer={drawer} />
        {fullscreen ? <ServerMarkup id="shell-exit-fs" html={markup?.["shell-exit-fs"]} /> : null}
        <main className={s.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
