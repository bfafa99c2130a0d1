// The signed-in shell layout: the drawer (small screens: drawer.tsx), side navigation, top bar
// and the page. Menus (<details data-menu>) close on navigation and on a click outside once
// JavaScript runs; without it they are plain disclosures. What needs no script is server markup
// (shell-markup.server.tsx, ADR 031): its links and forms go through Remix (useMarkupLinks).
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LogoutListener } from "~/components/logout/logout-broadcast";
import { useMarkupLinks } from "~/components/server-markup/markup-links";
import { preloadFileSearch } from "~/components/file-search/file-search-slot";
import { LazyIsland, preloadIsland } from "~/components/server-markup/lazy-island";
import { ServerMarkup, type Markup } from "~/components/server-markup/server-markup";
import type { ShellData } from "~/models/shell.server";
import { FleetTree as ServerFleetTree } from "./fleet-tree.server";
import { preloadReportIssue } from "./report-issue-menu";
import { ExitFullScreen } from "./full-screen";
import { DrawerScrim, useDrawer } from "./drawer";
import { useTopBar } from "./handle";
import { NavFooter } from "./side-nav";
import * as s from "./shell.css";
import { DRAWER_TOGGLE_ID, TopBar } from "./top-bar";

// The shell's navigations send the server markup the page holds (X-Markup: "id:hash,…"), so the
// shell's data carries only the regions that changed (app/utils/markup.server.ts): without this the
// navigation, notifications and switcher came again with every page, about 2 KiB gzip.
if (typeof window !== "undefined" && !("__aeroMarkupFetch" in window)) {
  const send = window.fetch;
  Object.assign(window, { __aeroMarkupFetch: true });
  window.fetch = (input, init) => {
    if (typeof input !== "string" || !input.includes("_data=")) return send(input, init);
    const held = [...document.querySelectorAll<HTMLElement>("[data-markup][data-h]")].map((e) => `${e.id}:${e.dataset.h}`).join(",");
    const headers = new Headers(init?.headers);
    if (held) headers.set("X-Markup", held);
    return send(input, { ...init, headers });
  };
}

// The fleet tree's search and folders are a script the page fetches when the user comes near it.
const loadFleetTree = () => import("./fleet-tree").then((m) => m.FleetTree);

/** The shell's islands, fetched ahead when a client-side navigation enters the shell (its clientLoader). */
export const preloadShellIslands = () =>
  Promise.all([preloadIsland("shell-fleet", loadFleetTree), preloadReportIssue(), preloadFileSearch()]).then(
    () => undefined,
    () => undefined, // offline: each island fetches its code again when it mounts
  );

export function Shell({
  shell,
  markup,
  collapsed: initialCollapsed,
  fullscreen,
  children,
}: {
  shell: ShellData;
  markup?: Markup;
  collapsed: boolean;
  fullscreen: boolean;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const info = useTopBar();
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const drawer = useDrawer(DRAWER_TOGGLE_ID, location.key);
  const root = useRef<HTMLDivElement>(null);
  useMarkupLinks(root);

  useEffect(() => setCollapsed(initialCollapsed), [initialCollapsed]);

  // A navigation closes any open menu (and the drawer: useDrawer).
  useEffect(() => {
    root.current?.querySelectorAll("details[data-menu][open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);

  // A click outside an open menu closes it; so does Escape.
  useEffect(() => {
    const close = (except?: EventTarget | null) =>
      root.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((d) => {
        if (!(except instanceof Node && d.contains(except))) d.open = false;
      });
    const onDown = (e: PointerEvent) => close(e.target);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <div
      ref={root}
      className={s.shell}
      data-collapsed={collapsed ? "true" : "false"}
      data-fullscreen={fullscreen ? "true" : "false"}
      data-drawer={drawer.open ? "open" : undefined}
    >
      <LogoutListener />
      <div className={s.navCol} id={DRAWER_TOGGLE_ID}>
        <nav className={s.nav} aria-label="Main" data-dark="">
          <ServerMarkup id="shell-nav" html={markup?.["shell-nav"]} />
          {shell.fleet.shown ? (
            <LazyIsland id="shell-fleet" load={loadFleetTree} server={ServerFleetTree} props={{ fleet: shell.fleet, currentAircraftId: shell.aircraft?.id ?? shell.pathAircraftId }} />
          ) : null}
          <ServerMarkup id="shell-nav-more" html={markup?.["shell-nav-more"]} />
          <NavFooter collapsed={collapsed} onCollapsedChange={setCollapsed} markup={markup?.["shell-nav-foot"]} />
        </nav>
      </div>
      <DrawerScrim drawer={drawer} className={s.scrim} />
      <div className={s.body}>
        <TopBar shell={shell} info={info} pathname={location.pathname} markup={markup} drawer={drawer} />
        {fullscreen ? <ExitFullScreen /> : null}
        <main className={s.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
