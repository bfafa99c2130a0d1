// The separate storage shell at /aero-box (spec 000 §2 "Storage"): its own sidebar with Home, Storage
// (All Aircrafts, Favourites, Following, Inventory Report, OCR Status), the entries of the user's role,
// and Sign Out; a top bar with the file search. On small screens the sidebar is a drawer behind the
// menu button (drawer.tsx, ADR 053: `:target` without JavaScript, a real button with it). The sidebar and the top bar's start are server markup
// (aero-box-markup.server.tsx, issue 12): their links and forms go through Remix (useMarkupLinks).
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DrawerButton, DrawerScrim, useDrawer } from "~/components/shell/drawer";
import { FileSearchSlot } from "~/components/file-search/file-search-slot";
import { listenForLogout } from "~/components/logout/logout-listen";
import { ServerMarkup, useMarkupLinks, type Markup } from "~/components/server-markup/server-markup";
import * as s from "./aero-box.css";
import "~/components/shell/shell-runtime"; // one chunk for the shell's parts (shell-runtime.ts)

/** The sidebar's server-markup region, also the drawer's id (the menu button's aria-controls). */
export const AERO_BOX_TOGGLE = "aero-box-nav";

export function AeroBoxShell({ markup, children }: { markup?: Markup; children: React.ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const drawer = useDrawer(AERO_BOX_TOGGLE, useLocation().key);
  useMarkupLinks(root);
  // Spec 000 §4 after a client-side entry (a document runs LISTEN, in the top bar's markup).
  useEffect(listenForLogout, []);
  return (
    <>
      <div className={s.layout} ref={root} data-drawer={drawer.open ? "open" : undefined}>
        <ServerMarkup id={AERO_BOX_TOGGLE} html={markup?.[AERO_BOX_TOGGLE]} />
        <DrawerScrim drawer={drawer} className={s.scrim} />
        <div className={s.body}>
          <header className={s.top}>
            <DrawerButton drawer={drawer} className={s.menuButton} />
            <ServerMarkup id="aero-box-top-lead" html={markup?.["aero-box-top-lead"]} />
            <FileSearchSlot />
          </header>
          <main className={s.main} id="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
