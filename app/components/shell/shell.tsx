// The signed-in shell layout: the drawer (small screens: drawer.tsx), side navigation and top bar
// (shell-parts.tsx), and the page. HTML only: what it does in the browser (menus closing, the
// drawer, the collapse form, full screen, pending forms, download toasts, export forms, scroll
// arrows) is the page script's (app/plain/page.ts) and its widgets' (the fleet search, the file
// search), on the data attributes rendered here, whether or not the page hydrates; without
// JavaScript they are plain disclosures, links and forms.
import { useLocation } from "@remix-run/react";
import type { ShellData } from "~/models/shell.server";
import { DrawerScrim } from "./drawer";
import { FleetTree } from "./fleet-tree";
import { useTopBar } from "./handle";
import { ExitFullScreen, SideNav } from "./shell-parts";
import * as s from "./shell.css";
import { DRAWER_TOGGLE_ID, TopBar, type TopBarFallback } from "./top-bar";

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
  const currentAircraftId = shell.aircraft?.id ?? shell.pathAircraftId;
  return (
    <div className={s.shell} data-collapsed={collapsed ? "true" : "false"} data-fullscreen={fullscreen ? "true" : "false"} data-drawer-host="">
      <div className={s.navCol} id={DRAWER_TOGGLE_ID}>
        <SideNav
          shell={shell}
          collapsed={collapsed}
          fleet={
            shell.fleet.shown ? (
              // A new tree whenever what it shows changes: its widget changes the list in place, which
              // React must then never patch (the new element gets a widget of its own).
              <FleetTree
                key={JSON.stringify([shell.fleet, currentAircraftId, location.pathname, location.search])}
                fleet={shell.fleet}
                currentAircraftId={currentAircraftId}
                here={location}
              />
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
