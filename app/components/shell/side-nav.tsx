// The side navigation's foot (spec 000 §2, 001 §2): collapse the menu (or keep it open), then
// sign-out and the supported-browser note, rendered in shell-parts.tsx; the collapse form posts to
// /prefs/nav without JavaScript, and with it the page script sets the cookie and the shell's state in
// place (app/plain/collapse.ts; its words: collapseText in nav-pref.ts).
export const NO_USERS = "No users to show";
export const BROWSER_NOTE = "Best viewed in Google Chrome";
