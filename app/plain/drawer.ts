// The narrow-screen drawer with JavaScript (a[data-drawer-button] → the element it names, on its
// [data-drawer-host]): the button opens and closes it and moves focus into it; the shade
// ([data-drawer-scrim]) and Escape close it and focus goes back to the button. page.ts loads this on
// the first press of the button (it has made the link a button: role, aria-controls, aria-expanded)
// and closes the drawer on a hydrated page's navigation.
let openBy: HTMLElement | null = null;

function setDrawer(button: HTMLElement, open: boolean, focus = true) {
  const host = button.closest<HTMLElement>("[data-drawer-host]");
  if (!host) return;
  if (open) host.dataset.drawer = "open";
  else delete host.dataset.drawer;
  button.setAttribute("aria-expanded", String(open));
  openBy = open ? button : null;
  if (!focus) return;
  if (open) document.getElementById(button.getAttribute("aria-controls") ?? "")?.querySelector<HTMLElement>("a[href], button:not([disabled]), input, summary")?.focus();
  else button.focus();
}

export const toggleDrawer = (button: HTMLElement) => setDrawer(button, button.getAttribute("aria-expanded") !== "true");
export const closeDrawer = (focus?: boolean) => openBy && setDrawer(openBy, false, focus);

document.addEventListener("click", (e) => {
  if (!openBy || !(e.target instanceof Element) || !e.target.closest("[data-drawer-scrim]")) return;
  e.preventDefault();
  closeDrawer();
});
document.addEventListener("keydown", (e) => e.key === "Escape" && closeDrawer());
