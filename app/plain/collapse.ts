// The side navigation's collapse form (form[data-collapse]) with JavaScript: the cookie the form would
// have asked /prefs/nav for, set here, and the shell's state and the form's words changed in place (no
// request). page.ts loads this on the first press.
import { collapseText, navCookieValue } from "~/components/shell/nav-pref";

export function toggleCollapse(form: HTMLFormElement) {
  const host = form.closest<HTMLElement>("[data-collapsed]");
  const collapsed = host?.dataset.collapsed !== "true";
  document.cookie = navCookieValue(collapsed);
  if (host) host.dataset.collapsed = String(collapsed);
  const t = collapseText(collapsed);
  const button = form.querySelector("button");
  button?.setAttribute("aria-label", t.name);
  button?.setAttribute("title", t.name);
  const label = form.querySelector("[data-collapse-label]");
  if (label) label.textContent = t.text;
  const input = form.querySelector<HTMLInputElement>('input[name="collapsed"]');
  if (input) input.value = t.value;
  (document.activeElement as HTMLElement | null)?.blur();
}
