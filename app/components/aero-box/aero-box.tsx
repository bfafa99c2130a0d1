// The separate storage shell at /aero-box (spec 000 §2 "Storage"): its own sidebar with Home, Storage
// (All Aircrafts, Favourites, Following, Inventory Report, OCR Status), the entries of the user's role,
// and Sign Out (aero-box-nav.tsx); a top bar with the file search. On small screens the sidebar is a
// drawer behind the menu button (drawer.tsx, ADR 053: `:target` without JavaScript, a real button with it).
// Its pages' forms, download toasts and export forms behave as in the main shell (app/plain/page.ts).
import { DrawerButton, DrawerScrim } from "~/components/shell/drawer";
import { FileSearchSlot } from "~/components/file-search/file-search-slot";
import { LogoutListener } from "~/components/logout/logout-broadcast";
import type { Role } from "~/models/roles";
import { AeroBoxNav } from "./aero-box-nav";
import * as s from "./aero-box.css";

/** The sidebar's id: the drawer's (the menu button's aria-controls, and its `:target` without JavaScript). */
export const AERO_BOX_TOGGLE = "aero-box-nav";

const CONTENTS = { display: "contents" } as const;

export function AeroBoxShell({ user, children }: { user: { name: string; email: string; role: Role }; children: React.ReactNode }) {
  return (
    <div className={s.layout} data-drawer-host="">
      {/* The target's box lays out as nothing: the nav and the scrim are the layout's own children (aero-box.css.ts). */}
      <div id={AERO_BOX_TOGGLE} style={CONTENTS}>
        <AeroBoxNav user={user} />
      </div>
      <DrawerScrim className={s.scrim} />
      <div className={s.body}>
        <header className={s.top}>
          <DrawerButton drawerId={AERO_BOX_TOGGLE} className={s.menuButton} />
          {/* Spec 000 §4: a logout in another tab sends this one to the sign-in page. */}
          <LogoutListener />
          <span className={s.topTitle}>AeroBOX</span>
          <FileSearchSlot />
        </header>
        <main className={s.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
