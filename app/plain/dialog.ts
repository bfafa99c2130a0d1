// The modal (dialog[data-dialog][data-close]) with JavaScript, loaded by page.ts when a page shows
// one: focus goes in when it opens (dialog-focus.ts), Tab stays inside, Escape closes it (to its
// data-close, as its close link would), and focus goes back on its opener when it leaves the page.
import { dialogKey, focusDialog } from "~/components/modal-dialog/dialog-focus";
import { go } from "./nav";

const DIALOG = "dialog[data-dialog]";
const openers = new WeakMap<Element, HTMLElement>();
/** page.ts's: keeps the place for the next page when `href` is this page again (a plain page). */
let keepPlaceFor: (href: string) => void;

/** A dialog on the page; `opener` had the focus when it came. */
export function dialogOpened(dialog: HTMLElement, opener: Element | null, keepPlace: typeof keepPlaceFor) {
  keepPlaceFor = keepPlace;
  // A dialog React rendered may have taken the focus already (autoFocus runs before the page's
  // observer): its opener is then the link to this very URL, outside the dialog.
  if (opener && dialog.contains(opener)) opener = [...document.querySelectorAll(`a[href="${CSS.escape(location.pathname + location.search)}"]`)].find((a) => !dialog.contains(a)) ?? null;
  if (opener instanceof HTMLElement && opener !== document.body && !dialog.contains(opener)) openers.set(dialog, opener);
  focusDialog(dialog);
}

document.addEventListener("keydown", (e) => {
  const dialog = document.querySelector<HTMLElement>(`${DIALOG}[data-close]`);
  if (!dialog || !dialogKey(dialog, e)) return;
  e.preventDefault();
  keepPlaceFor(dialog.dataset.close!);
  go(dialog.dataset.close!, { replace: dialog.hasAttribute("data-replace") });
});

// Closed in place (a hydrated page): focus back on the opener, once no dialog is left.
new MutationObserver((records) => {
  for (const r of records)
    r.removedNodes.forEach((n) => {
      if (!(n instanceof Element)) return;
      for (const dialog of n.matches(DIALOG) ? [n] : n.querySelectorAll(DIALOG)) {
        const opener = openers.get(dialog);
        if (opener?.isConnected && !document.querySelector(DIALOG)) opener.focus({ preventScroll: true });
      }
    });
}).observe(document.body, { childList: true, subtree: true });
