// The signed-in shell layout: the drawer (small screens: drawer.tsx), side navigation and top bar
// (shell-parts.tsx), and the page. Menus (<details data-menu>) close on navigation and on a click
// outside once JavaScript runs; without it they are plain disclosures. What the shell does for the
// pages' own HTML (pending forms, download toasts, export forms, scroll arrows): page-behaviours.ts.
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { preloadFileSearch } from "~/components/file-search/file-search-slot";
import { LazyIsland, preloadIsland } from "~/components/lazy-island/lazy-island";
import type { ShellData } from "~/models/shell.server";
import { FleetTree as ServerFleetTree } from "./fleet-tree.server";
import { preloadReportIssue } from "./report-issue-menu";
import { preloadSpeedTest } from "~/components/speed-test/speed-test-island";
import { fullScreenHref } from "./full-screen";
import { DrawerScrim, useDrawer } from "./drawer";
import { useTopBar } from "./handle";
import { navCookieValue } from "./nav-pref";
import { paintCollapse } from "./side-nav";
import { usePageBehaviours } from "./page-behaviours";
import { ExitFullScreen, SideNav } from "./shell-parts";
import * as s from "./shell.css";
import { DRAWER_TOGGLE_ID, TopBar, type TopBarFallback } from "./top-bar";

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
  top,
  collapsed: initialCollapsed,
  fullscreen,
  children,
}: {
  shell: ShellData;
  top: TopBarFallback;
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
  usePageBehaviours(root);

  useEffect(() => setCollapsed(initialCollapsed), [initialCollapsed]);

  // A navigation closes any open menu (and the drawer: useDrawer), before the new page is painted:
  // after paint, a menu opened at once on the new page could be closed under the user.
  useBrowserLayoutEffect(() => {
    root.current?.querySelectorAll("details[data-menu][open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);

  // The shell's own effect for its menus, collapse form and full screen:
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
        <SideNav
          shell={shell}
          collapsed={collapsed}
          fleet={
            shell.fleet.shown ? (
              <LazyIsland id="shell-fleet" load={loadFleetTree} server={ServerFleetTree} props={{ fleet: shell.fleet, currentAircraftId: shell.aircraft?.id ?? shell.pathAircraftId }} />
            ) : null
          }
        />
      </div>
      <DrawerScrim drawer={drawer} className={s.scrim} />
      <div className={s.body}>
        <TopBar shell={shell} info={info} top={top} location={location} drawer={drawer} />
        {fullscreen ? <ExitFullScreen /> : null}
        <main className={s.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
