// The focus rules of the portal's one modal (modal-dialog.tsx): focus goes in when it opens, Tab and
// Shift+Tab stay inside, Escape closes.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focus into an opened dialog: its first field that the server marked invalid, else its first field, else the dialog. */
export function focusDialog(dialog: HTMLElement) {
  const field = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";
  const first = dialog.querySelector<HTMLElement>(`:is(${field})[aria-invalid=true]`) ?? dialog.querySelector<HTMLElement>(field);
  (first ?? dialog).focus({ preventScroll: true });
}

/** A key pressed while `dialog` is open: Tab and Shift+Tab stay inside it; true for Escape (close it). */
export function dialogKey(dialog: HTMLElement, e: KeyboardEvent): boolean {
  if (e.key === "Escape") return true;
  if (e.key !== "Tab") return false;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (items.length === 0) return false;
  const [head, tail] = [items[0]!, items[items.length - 1]!];
  if (e.shiftKey && (document.activeElement === head || !dialog.contains(document.activeElement))) {
    e.preventDefault();
    tail.focus();
  } else if (!e.shiftKey && (document.activeElement === tail || !dialog.contains(document.activeElement))) {
    e.preventDefault();
    head.focus();
  }
  return false;
}

