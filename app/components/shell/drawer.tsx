// The narrow-screen menu (ADR 053), for the shell and the AeroBOX shell alike. The menu button is a
// link to the drawer's id and the scrim a link to #main: without JavaScript CSS `:target` slides the
// drawer in and out. With the page script (app/plain/page.ts, drawer.ts) the link acts as a button
// (role=button, aria-expanded, aria-controls; perhaps before React hydrates, hence
// suppressHydrationWarning): it sets data-drawer="open" on the [data-drawer-host]
// around it, moves focus into the drawer; Escape or the scrim closes it and focus returns to the
// button; a navigation closes it.
import { MenuIcon } from "~/components/icons/menu";

export function DrawerButton({ drawerId, className }: { drawerId: string; className: string }) {
  return (
    <a href={`#${drawerId}`} className={className} aria-label="Menu" title="Menu" data-drawer-button="" suppressHydrationWarning>
      <MenuIcon />
    </a>
  );
}

/** The shade over the page while the drawer is open: a click on it closes the drawer. */
export function DrawerScrim({ className }: { className: string }) {
  return <a href="#main" className={className} aria-hidden="true" tabIndex={-1} data-drawer-scrim="" />;
}
