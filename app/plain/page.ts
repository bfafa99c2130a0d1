// The portal's one page script without React (ADR 073): every page that is not in Lite mode loads it
// (root.tsx), whether or not the page also hydrates. It gives the server's plain HTML what a user
// expects of it in the browser, on data attributes the components render, with one implementation
// for hydrated and plain pages alike (React components render the markup; they hold no handlers for
// these):
// - the pending idiom: a POST form on its way disables its buttons, marks the pressed one
//   data-busy="sent" (a spinner) and the form aria-busy, until the answer comes;
// - menus (details[data-menu]) close on a click outside, on Escape, on a navigation and when an
//   export in them runs (focus back on the menu's button);
// - the narrow-screen drawer (a[data-drawer-button] → the element it names, [data-drawer-scrim]);
// - the side navigation's collapse form (form[data-collapse]): a cookie, no request;
// - full screen (a[data-fs]): with a hydrated page also the browser's real full screen;
// - the modal (dialog[data-dialog][data-close]): focus in when it opens, Tab kept inside, Escape
//   closes, focus back on its opener;
// - download toasts (a[download][data-toast]), export forms fetched in place (form[data-export]);
// - widgets: an element with data-plain="name" gets ./widgets.ts's module of that name, loaded the
//   first time a page has one, or is first used (a focus or a press in it) for those of ON_FIRST_USE,
//   so a page only downloads what it uses (the speed test, on every signed-in page, is in this chunk).
// Without JavaScript all of these are links, forms and CSS (:target, <details>).
//
// This module holds what every page needs at once; the rest comes as its own chunk when a page needs
// it (the budget, ADR 073: a page without an island loads at most 6 KiB of JavaScript in all): the
// dialog's rules when a page shows one (./dialog), the drawer on the first press of its button
// (./drawer), the collapse form and export forms on their first use (./collapse, ./export), the
// snackbar with the first download (./snackbar), and the router's part only on a page that hydrates
// (./hydrated: it carries React anyway).
import { DOWNLOAD_STARTED } from "~/components/toast/download-toast";
import { ON_FIRST_USE, WIDGETS } from "./widgets";

const doc = document;
const plainClick = (e: MouseEvent) => !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
const closest = <T extends Element = HTMLElement>(t: EventTarget | null, sel: string) => (t instanceof Element ? (t.closest(sel) as T | null) : null);
/** True on a page that ships Remix's scripts (it hydrates); nav.ts's, for the modules loaded later. */
const hydrated = () => "__remixContext" in window;
const withRouter = hydrated() ? import("./hydrated") : null;

// ---------- pending ----------
function markBusy(form: HTMLFormElement, by: Element | null) {
  form.querySelectorAll<HTMLButtonElement>("button:not([disabled])").forEach((b) => {
    b.disabled = true;
    b.dataset.busy = b === by ? "sent" : "";
  });
  form.setAttribute("aria-busy", "true");
}
function clearBusy(root: ParentNode = doc) {
  root.querySelectorAll<HTMLButtonElement>("button[data-busy]").forEach((b) => {
    b.disabled = false;
    delete b.dataset.busy;
    b.closest("form")?.removeAttribute("aria-busy");
  });
}

// ---------- menus and the drawer ----------
function closeMenus(except?: EventTarget | null) {
  doc.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((d) => {
    if (except instanceof Node && d.contains(except)) return;
    // Focus inside a menu that closes goes back to the menu's button, not to the start of the page.
    if (d.contains(doc.activeElement)) d.querySelector("summary")!.focus();
    d.open = false;
  });
}
/** Set once ./drawer has come (the first press of a drawer button). */
let closeDrawer: ((focus?: boolean) => void) | undefined;

// ---------- keeping the place on a plain page ----------
// A hydrated page keeps its scroll (preventScrollReset) and its dialog's opener in memory. A plain page
// goes to a new document for each step: a step back to the same path (a form posted, a dialog opened or
// closed by its link or Escape) keeps the scroll, and closing a dialog puts focus back on the link that
// opened it, through sessionStorage, read once by the next page.
const PLACE = "aero-place";
let opener: string | null = null;
function keepPlace(link?: HTMLAnchorElement | null) {
  if (hydrated()) return;
  try {
    sessionStorage.setItem(PLACE, JSON.stringify({ path: location.pathname, y: scrollY, opener: link?.getAttribute("href") ?? opener }));
  } catch {
    /* storage off: the page opens at its top */
  }
}
function restorePlace() {
  let place: { path?: string; y?: number; opener?: string | null } | null = null;
  try {
    place = JSON.parse(sessionStorage.getItem(PLACE) ?? "null");
    sessionStorage.removeItem(PLACE);
  } catch {
    return;
  }
  if (!place || place.path !== location.pathname || hydrated()) return;
  if (place.y) scrollTo(0, place.y);
  if (doc.querySelector("dialog[data-dialog]")) opener = place.opener ?? null;
  else if (place.opener) doc.querySelector<HTMLElement>(`a[href="${CSS.escape(place.opener)}"]`)?.focus({ preventScroll: true });
}
const samePage = (url: string) => {
  const u = new URL(url, location.href);
  return u.origin === location.origin && u.pathname === location.pathname;
};
/** Before a step to `url` (a form posted, a dialog closed): the place, if that is this page again. */
const keepPlaceFor = (url: string) => samePage(url) && keepPlace();

// ---------- widgets, dialogs, drawer buttons: on the page, and as a hydrated page adds them ----------
const started = new WeakSet<Element>();
/** A widget's module, then its init: at once on a plain page, once React has hydrated a hydrating one. */
function startWidget(el: HTMLElement) {
  if (started.has(el)) return;
  started.add(el);
  // (A module that does not come is the browser's unhandled rejection, with its URL.)
  void WIDGETS[el.dataset.plain!]?.().then((m) => {
    const init = () => el.isConnected && m.init(el);
    if (withRouter) void withRouter.then((h) => h.afterHydration(init));
    else init();
  });
}
/** A focus or a press inside a widget that waits for its first use. */
const firstUse = (e: Event) => {
  const el = closest(e.target, "[data-plain]");
  if (el) startWidget(el);
};
function scan(root: ParentNode) {
  const all = (sel: string) => [...(root instanceof Element && root.matches(sel) ? [root] : []), ...root.querySelectorAll(sel)] as HTMLElement[];
  for (const el of all("[data-plain]")) if (!ON_FIRST_USE.has(el.dataset.plain!)) startWidget(el);
  // The drawer's link is a button with JavaScript.
  for (const a of all("a[data-drawer-button]:not([role])") as HTMLAnchorElement[]) {
    a.setAttribute("role", "button");
    a.setAttribute("aria-controls", a.hash.slice(1));
    a.setAttribute("aria-expanded", "false");
  }
  // A dialog: its rules come with it (./dialog), while the focus is still on what opened it.
  const dialog = all("dialog[data-dialog]")[0];
  const by = doc.activeElement;
  if (dialog) void import("./dialog").then((m) => m.dialogOpened(dialog, by, keepPlaceFor));
}

// ---------- listeners ----------
doc.addEventListener("click", (e) => {
  if (!plainClick(e)) return;
  const t = e.target;
  if (closest(t, "a[download][data-toast]")) return void import("./snackbar").then((m) => m.showSnackbar("info", DOWNLOAD_STARTED));
  const drawer = closest(t, "a[data-drawer-button]");
  if (drawer) {
    e.preventDefault();
    return void import("./drawer").then((m) => {
      closeDrawer = m.closeDrawer;
      m.toggleDrawer(drawer);
    });
  }
  const a = closest<HTMLAnchorElement>(t, "a[href]");
  // A pager's link shows another page of the list: that starts at its top, as a new page does.
  if (a && !a.hasAttribute("download") && !a.hash && !a.closest("[data-pager]") && samePage(a.href)) keepPlace(a.closest("dialog") ? null : a);
});

doc.addEventListener("pointerdown", (e) => {
  closeMenus(e.target);
  firstUse(e);
});
doc.addEventListener("focusin", firstUse);
doc.addEventListener("keydown", (e) => e.key === "Escape" && closeMenus());

// The window hears a submit after every handler on the document (React's among them): by then a
// Remix <Form> or a component's own handler has taken it (defaultPrevented).
window.addEventListener("submit", (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement)) return;
  // The collapse form and export forms: their modules come on the first use (the form posts without).
  const inPlace = form.hasAttribute("data-collapse") ? () => import("./collapse").then((m) => m.toggleCollapse) : form.dataset.export ? () => import("./export").then((m) => m.exportInPlace) : null;
  if (inPlace) {
    if (e.defaultPrevented) return;
    e.preventDefault();
    // An export chosen in a menu: the menu closes, focus back on its button.
    closeMenus();
    return void inPlace().then(
      (run) => run(form),
      () => form.submit(),
    );
  }
  // A Remix <Form> posting (data-discover): a GET form (a search, a filter) shows the new page soon
  // enough, and a plain <form> may be answered by a download, after which no page comes.
  if (form.method !== "post" || !form.hasAttribute("data-discover")) return;
  const by = e.submitter;
  if (!e.defaultPrevented) {
    keepPlaceFor(form.action);
    // The browser builds the form's data after this event: disabling the pressed button now would
    // drop its name and value from it, so the buttons wait for the next task.
    setTimeout(() => markBusy(form, by));
    return;
  }
  // A hydrated page's <Form>: busy until the router is idle again.
  markBusy(form, by);
  void withRouter?.then((h) => h.settleSoon(() => clearBusy(form)));
});

// Back to a page kept in the browser's memory: its forms are not on their way any more.
window.addEventListener("pageshow", (e) => e.persisted && clearBusy());

void withRouter?.then((h) =>
  h.start(
    () => {
      closeMenus();
      closeDrawer?.(false);
    },
    clearBusy,
  ),
);
new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => n instanceof Element && scan(n)))).observe(doc.body, { childList: true, subtree: true });

restorePlace();
scan(doc);
// The end-to-end tests wait for this before they type (a hydrated page's React sets it itself).
if (!hydrated()) doc.documentElement.dataset.hydrated = "";
