// The separate storage shell at /aero-box (spec 000 §2 "Storage"): its own sidebar with Home, Storage
// (All Aircrafts, Favourites, Following, Inventory Report, OCR Status), the entries of the user's role,
// and Sign Out; a top bar with the file search. The drawer opens with a CSS checkbox on small screens,
// so the menu works without JavaScript. The sidebar and the top bar's start are server markup
// (aero-box-markup.server.tsx, issue 12): their links and forms go through Remix (useMarkupLinks).
import { useRef } from "react";
import { FileSearchSlot } from "~/components/file-search/file-search-slot";
import { LogoutListener } from "~/components/logout/logout-broadcast";
import { useMarkupLinks } from "~/components/server-markup/markup-links";
import { ServerMarkup, type Markup } from "~/components/server-markup/server-markup";
import * as s from "./aero-box.css";

export const AERO_BOX_TOGGLE = "aero-box-drawer";

export function AeroBoxShell({ markup, children }: { markup?: Markup; children: React.ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useMarkupLinks(root);
  return (
    <>
      <LogoutListener />
      <input type="checkbox" id={AERO_BOX_TOGGLE} className={s.toggle} aria-hidden="true" tabIndex={-1} />
      <div className={s.layout} ref={root}>
        <ServerMarkup id="aero-box-nav" html={markup?.["aero-box-nav"]} />
        <label htmlFor={AERO_BOX_TOGGLE} className={s.scrim} aria-hidden="true" />
        <div className={s.body}>
          <header className={s.top}>
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
