// Live figures (the OCR Report, the OCR Status): while the page's markup says jobs wait or run
// ([data-jobs-busy] inside the widget's root), the page is asked for again every few seconds while
// the tab is visible, and its marked regions ([data-live-region="name"]) take the new markup in
// place; it stops once nothing is busy. Both pages that show it are plain (no hydration, ADR 073):
// a hydrated page would reload its route's data instead. Without JavaScript the page's Refresh link
// does the same by hand.

const LIVE_EVERY_MS = 5000;

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** Puts `fresh` in place of `old`, keeping the focus on the same control when it was inside. */
function swap(old: Element, fresh: Element) {
  const active = document.activeElement;
  const at = active && old.contains(active) ? [...old.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  const node = document.importNode(fresh, true);
  old.replaceWith(node);
  if (at < 0) return;
  const all = node.querySelectorAll<HTMLElement>(FOCUSABLE);
  all[Math.min(at, all.length - 1)]?.focus({ preventScroll: true });
}

/** One refresh; false when the page cannot be read again (signed out, gone): the widget stops. */
async function refresh(root: HTMLElement): Promise<boolean> {
  const res = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
  if (!res.ok || res.redirected) return false;
  const next = new DOMParser().parseFromString(await res.text(), "text/html");
  root.querySelectorAll<HTMLElement>("[data-live-region]").forEach((old) => {
    const fresh = next.querySelector(`[data-live-region="${old.dataset.liveRegion}"]`);
    if (fresh) swap(old, fresh);
  });
  return true;
}

export function init(root: HTMLElement) {
  let timer = 0;
  const schedule = () => {
    clearTimeout(timer);
    timer = 0;
    if (root.isConnected && root.querySelector("[data-jobs-busy]")) timer = window.setTimeout(tick, LIVE_EVERY_MS);
  };
  const tick = async () => {
    // A form of the page on its way (a re-run) brings a new page anyway.
    const due = document.visibilityState === "visible" && !root.querySelector("form[aria-busy]");
    if (due && !(await refresh(root).catch(() => true))) return;
    schedule();
  };
  schedule();
}
