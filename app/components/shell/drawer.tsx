// The narrow-screen menu (issue 16 item 8, ADR 053), for the shell and the AeroBOX shell alike.
// Without JavaScript (and before hydration) the menu button is a link to the drawer's id and CSS
// `:target` slides the drawer in; the scrim is a link to #main, which closes it. Once the page is
// interactive it is a real <button aria-expanded aria-controls>: it opens the drawer and moves focus
// into it, Escape or the scrim closes it and focus returns to the button, a navigation closes it.
import { useEffect, useRef, useState } from "react";
import { MenuIcon } from "~/components/icons/menu";

export interface Drawer {
  id: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  button: React.RefObject<HTMLButtonElement>;
  /** Closes the drawer and puts focus back on the menu button. */
  close: () => void;
}

/** The drawer's state; `navKey` (the location's key) closes it on every navigation. */
export function useDrawer(id: string, navKey: unknown): Drawer {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => setOpen(false), [navKey]);
  useEffect(() => {
    if (!open) return;
    document.getElementById(id)?.querySelector<HTMLElement>("a[href], button:not([disabled]), input, summary")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, id]);
  return { id, open, setOpen, button, close };
}

export function DrawerButton({ drawer, className }: { drawer: Drawer; className: string }) {
  // Hydrated or not (useHydrated's rule, kept here: its own module cost the shell a chunk, issue 12).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated)
    return (
      <a href={`#${drawer.id}`} className={className} aria-label="Menu" title="Menu" data-drawer-button="">
        <MenuIcon />
      </a>
    );
  return (
    <button
      ref={drawer.button}
      type="button"
      className={className}
      aria-label="Menu"
      title="Menu"
      aria-expanded={drawer.open}
      aria-controls={drawer.id}
      data-drawer-button=""
      onClick={() => drawer.setOpen(!drawer.open)}
    >
      <MenuIcon />
    </button>
  );
}

/** The shade over the page while the drawer is open: a click on it closes the drawer. */
export function DrawerScrim({ drawer, className }: { drawer: Drawer; className: string }) {
  return (
    <a
      href="#main"
      className={className}
      aria-hidden="true"
      tabIndex={-1}
      onClick={(e) => {
        e.preventDefault();
        drawer.close();
      }}
    />
  );
}
