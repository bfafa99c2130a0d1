// The side navigation's foot (spec 000 §2, 001 §2): collapse the menu (or keep it open), then
// sign-out and the supported-browser note, rendered in shell-parts.tsx; the collapse form posts to
// /prefs/nav without JavaScript, and with it the shell's effect (shell.tsx) sets the cookie and the
// shell's state in place, and paints the form (paintCollapse).
export const NO_USERS = "No users to show";
export const BROWSER_NOTE = "Best viewed in Google Chrome";

/** The collapse button's name and text, and the value the form would post, for a menu `collapsed` or not. */
export const collapseText = (collapsed: boolean) => ({
  name: collapsed ? "Expand the menu" : "Collapse the menu",
  text: collapsed ? "Keep the menu open" : "Collapse the menu",
  value: collapsed ? "0" : "1",
});

/** The collapse form (form[data-collapse]) after a toggle in the browser. */
export function paintCollapse(form: HTMLFormElement, collapsed: boolean) {
  const t = collapseText(collapsed);
  const button = form.querySelector("button");
  button?.setAttribute("aria-label", t.name);
  button?.setAttribute("title", t.name);
  const label = form.querySelector("[data-collapse-label]");
  if (label) label.textContent = t.text;
  const input = form.querySelector<HTMLInputElement>('input[name="collapsed"]');
  if (input) input.value = t.value;
}
