// The portal's one page script without React (ADR 073): every page that is not in Lite mode loads it
// (root.tsx), whether or not the page also hydrates. It gives the server's plain HTML what a user
// expects of it in the browser, on data attributes the components render, with one implementation
// for hydrated and plain pages alike (React components render the markup; they hold no handlers for
// these):
// - the pending idiom: a POST form on its way disables its buttons, marks the pressed one
//   data-busy="sent" (a spinner) and the form aria-busy, until the answer comes;
// - menus (details[data-menu]) close on a click outside, on Escape and on a navigation;
// - the narrow-screen drawer (a[data-drawer-button] → the element it names, [data-drawer-scrim]);
// - the side navigation's collapse form (form[data-collapse]): a cookie, no request;
// - full screen (a[data-fs]): with a hydrated page also the browser's real full screen;
// - the modal (dialog[data-dialog][data-close]): focus in when it opens, Tab kept inside, Escape
//   closes, focus back on its opener;
// - scroll arrows (button[data-step]), download toasts (a[download][data-toast]), export forms
//   fetched in place (form[data-export]);
// - widgets: an element with data-plain="name" gets ./widgets.ts's module of that name, loaded the
//   first time a page has one (so a page only downloads what it uses).
// Without JavaScript all of these are links, forms and CSS (:target, <details>).
import { dialogKey, focusDialog } from "~/components/modal-dialog/dialog-focus";
import { DOWNLOAD_STARTED } from "~/components/toast/download-toast";
import { navCookieValue } from "~/components/shell/nav-pref";
import { paintCollapse } from "~/components/shell/side-nav";
import { go, hydrated, onNavigated, router } from "./nav";
import { showSnackbar } from "./snackbar";
import { WIDGETS } from "./widgets";

const doc = document;
const plainClick = (e: MouseEvent) => !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
const closest = <T extends Element = HTMLElement>(t: EventTarget | null, sel: string) => (t instanceof Element ? (t.closest(sel) as T | null) : null);

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
const routerIdle = () => {
  const s = router()?.state;
  return !s || (s.navigation.state === "idle" && [...s.fetchers.values()].every((f) => f.state === "idle"));
};

// ---------- menus and the drawer ----------
function closeMenus(except?: EventTarget | null) {
  doc.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((d) => {
    if (!(except instanceof Node && d.contains(except))) d.open = false;
  });
}
let drawerButton: HTMLElement | null = null;
function drawerHost(button: HTMLElement) {
  return button.closest<HTMLElement>("[data-drawer-host]");
}
function setDrawer(button: HTMLElement, open: boolean, focus = true) {
  const host = drawerHost(button);
  if (!host) return;
  if (open) host.dataset.drawer = "open";
  else delete host.dataset.drawer;
  button.setAttribute("aria-expanded", String(open));
  drawerButton = open ? button : null;
  if (!focus) return;
  if (open) doc.getElementById(button.getAttribute("aria-controls") ?? "")?.querySelector<HTMLElement>("a[href], button:not([disabled]), input, summary")?.focus();
  else button.focus();
}
function enhanceDrawerButtons(root: ParentNode) {
  root.querySelectorAll<HTMLAnchorElement>("a[data-drawer-button]:not([role])").forEach((a) => {
    a.setAttribute("role", "button");
    a.setAttribute("aria-controls", a.hash.slice(1));
    a.setAttribute("aria-expanded", "false");
  });
}

// ---------- dialogs ----------
const openers = new WeakMap<Element, HTMLElement>();
function dialogOpened(dialog: HTMLElement) {
  const a = doc.activeElement;
  if (a instanceof HTMLElement && a !== doc.body && !dialog.contains(a)) openers.set(dialog, a);
  focusDialog(dialog);
}
function dialogsClosed(removed: Element[]) {
  for (const dialog of removed) {
    const opener = openers.get(dialog);
    if (opener?.isConnected && !doc.querySelector("dialog[data-dialog]")) opener.focus({ preventScroll: true });
  }
}

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

// ---------- widgets ----------
const started = new WeakSet<Element>();
/**
 * On a hydrating page, after React has hydrated (root.tsx marks <html data-hydrated>): a widget that
 * changed the server's markup before would make React throw that markup away and render it again.
 */
function whenHydrated(run: () => void) {
  if (!hydrated() || "hydrated" in doc.documentElement.dataset) return run();
  const o = new MutationObserver(() => {
    if (!("hydrated" in doc.documentElement.dataset)) return;
    o.disconnect();
    run();
  });
  o.observe(doc.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
}
function startWidgets(root: ParentNode) {
  const els = root instanceof Element && root.matches("[data-plain]") ? [root, ...root.querySelectorAll("[data-plain]")] : [...root.querySelectorAll("[data-plain]")];
  for (const el of els) {
    if (started.has(el) || !(el instanceof HTMLElement)) continue;
    started.add(el);
    const load = WIDGETS[el.dataset.plain ?? ""];
    load?.().then(
      (m) => whenHydrated(() => el.isConnected && m.init(el)),
      (e) => console.error(`[plain] ${el.dataset.plain}:`, e),
    );
  }
}

function scan(root: ParentNode) {
  startWidgets(root);
  enhanceDrawerButtons(root);
  const d = root instanceof Element && root.matches("dialog[data-dialog]") ? root : root.querySelector("dialog[data-dialog]");
  if (d instanceof HTMLElement) dialogOpened(d);
}

// ---------- listeners ----------
doc.addEventListener("click", (e) => {
  if (!plainClick(e)) return;
  const t = e.target;
  const arrow = closest(t, "button[data-step]");
  if (arrow) return arrow.parentElement?.querySelector("[data-scroll-row]")?.scrollBy({ left: Number(arrow.dataset.step), behavior: "smooth" });
  const dl = closest(t, "a[download][data-toast]");
  if (dl) return void showSnackbar("info", DOWNLOAD_STARTED);
  const drawer = closest(t, "a[data-drawer-button]");
  if (drawer) {
    e.preventDefault();
    return setDrawer(drawer, drawer.getAttribute("aria-expanded") !== "true");
  }
  if (closest(t, "[data-drawer-scrim]") && drawerButton) {
    e.preventDefault();
    return setDrawer(drawerButton, false);
  }
  const a = closest<HTMLAnchorElement>(t, "a[href]");
  if (a && !a.hasAttribute("download") && !a.hash && samePage(a.href)) keepPlace(a.closest("dialog") ? null : a);
  const fs = closest<HTMLAnchorElement>(t, "a[data-fs]");
  if (fs && hydrated()) {
    // A document navigation would leave the browser's full screen: only a hydrated page asks for it.
    e.preventDefault();
    if (fs.dataset.fs === "on") doc.documentElement.requestFullscreen?.().catch(() => undefined);
    else if (doc.fullscreenElement) doc.exitFullscreen().catch(() => undefined);
    go(fs.pathname + fs.search);
  }
});

doc.addEventListener("pointerdown", (e) => closeMenus(e.target));

doc.addEventListener("keydown", (e) => {
  const dialog = doc.querySelector<HTMLElement>("dialog[data-dialog][data-close]");
  if (dialog && dialogKey(dialog, e)) {
    e.preventDefault();
    if (samePage(dialog.dataset.close!)) keepPlace();
    return go(dialog.dataset.close!, { replace: dialog.hasAttribute("data-replace") });
  }
  if (e.key !== "Escape") return;
  if (drawerButton) setDrawer(drawerButton, false);
  closeMenus();
});

doc.addEventListener("fullscreenchange", () => {
  // Left by the browser's own means (Escape, F11): the page leaves its full-screen mode too.
  const exit = doc.querySelector<HTMLAnchorElement>('a[data-fs="off"]');
  if (!doc.fullscreenElement && exit && hydrated()) go(exit.pathname + exit.search, { replace: true });
});

// The window hears a submit after every handler on the document (React's among them): by then a
// Remix <Form> or a component's own handler has taken it (defaultPrevented).
window.addEventListener("submit", (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (form.hasAttribute("data-collapse") && !e.defaultPrevented) {
    e.preventDefault();
    const host = form.closest<HTMLElement>("[data-collapsed]");
    const next = host?.dataset.collapsed !== "true";
    doc.cookie = navCookieValue(next);
    if (host) host.dataset.collapsed = String(next);
    paintCollapse(form, next);
    (doc.activeElement as HTMLElement | null)?.blur();
    return;
  }
  if (form.dataset.export) {
    if (e.defaultPrevented) return;
    e.preventDefault();
    return void import("./export").then(
      (m) => m.exportInPlace(form),
      () => form.submit(),
    );
  }
  // A Remix <Form> posting (data-discover): a GET form (a search, a filter) shows the new page soon
  // enough, and a plain <form> may be answered by a download, after which no page comes.
  if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post" || !form.hasAttribute("data-discover")) return;
  const by = e.submitter;
  if (!e.defaultPrevented) {
    if (samePage(form.action)) keepPlace();
    // The browser builds the form's data after this event: disabling the pressed button now would
    // drop its name and value from it, so the buttons wait for the next task.
    setTimeout(() => markBusy(form, by));
    return;
  }
  // A hydrated page's <Form>: busy until the router is idle again (or at once, if a component's own
  // check cancelled it and nothing started).
  markBusy(form, by);
  setTimeout(() => routerIdle() && clearBusy(form), 600);
});

// Back to a page kept in the browser's memory: its forms are not on their way any more.
window.addEventListener("pageshow", (e) => e.persisted && clearBusy());

onNavigated(
  () => {
    closeMenus();
    if (drawerButton) setDrawer(drawerButton, false, false);
  },
  () => routerIdle() && clearBusy(),
);

new MutationObserver((records) => {
  const removed: Element[] = [];
  for (const r of records) {
    r.addedNodes.forEach((n) => n instanceof Element && scan(n));
    r.removedNodes.forEach((n) => {
      if (!(n instanceof Element)) return;
      if (n.matches("dialog[data-dialog]")) removed.push(n);
      else removed.push(...n.querySelectorAll("dialog[data-dialog]"));
    });
  }
  if (removed.length) dialogsClosed(removed);
}).observe(doc.body, { childList: true, subtree: true });

restorePlace();
scan(doc);
// The end-to-end tests wait for this before they type (a hydrated page's React sets it itself).
if (!hydrated()) doc.documentElement.dataset.hydrated = "";
