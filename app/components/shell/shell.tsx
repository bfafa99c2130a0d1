// The signed-in shell layout: the drawer (small screens: drawer.tsx), side navigation and top bar
// (shell-parts.tsx), and the page. HTML only: what it does in the browser (menus closing, the
// drawer, the collapse form, full screen, pending forms, download toasts, export forms, scroll
// arrows) is the page script's (app/plain/page.ts), on the data attributes rendered here, whether
// or not the page hydrates; without JavaScript they are plain disclosures, links and forms.
import { useLocation } from "@remix-run/react";
import { preloadFileSearch } from "~/components/file-search/file-search-slot";
import { LazyIsland, preloadIsland } from "~/components/lazy-island/lazy-island";
import type { ShellData } from "~/models/shell.server";
import { FleetTree as ServerFleetTree } from "./fleet-tree.server";
import { preloadReportIssue } from "./report-issue-menu";
import { DrawerScrim } from "./drawer";
import { useTopBar } from "./handle";
import { ExitFullScreen, SideNav } from "./shell-parts";
import * as s from "./shell.css";
import { DRAWER_TOGGLE_ID, TopBar, type TopBarFallback } from "./top-bar";

// The fleet tree's search and folders are a script the page fetches when the user comes near it.
const loadFleetTree = () => import("./fleet-tree").then((m) => m.FleetTree);

/** The shell's islands, fetched ahead when a client-side navigation enters the shell (its clientLoader). */
export const preloadShellIslands = () =>
  Promise.all([
    preloadIsland("shell-fleet", loadFleetTree),
    preloadReportIssue(),
    preloadFileSearch(),
  ]).then(
    () => undefined,
    () => undefined, // offline: each island fetches its code again when it mounts
  );

export function Shell({
  shell,
  top,
  collapsed,
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
  const info = useTopBar();
  return (
    <div className={s.shell} data-collapsed={collapsed ? "true" : "false"} data-fullscreen={fullscreen ? "true" : "false"} data-drawer-host="">
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
      <DrawerScrim className={s.scrim} />
      <div className={s.body}>
        <TopBar shell={shell} info={info} top={top} location={location} />
        {fullscreen ? <ExitFullScreen /> : null}
        <main className={s.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
