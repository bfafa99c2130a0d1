// Spec 000 §4 in the signed-in layouts (the shell and /aero-box): a logout in another tab sends this
// one to the sign-in page. A document runs the inline script (LISTEN, in the layout's server markup);
// this does the same after a client-side entry into the layout (from the sign-in page), where React
// does not run inline scripts. Imported by the two layouts only, so the bundle puts it in their
// shared chunk (with the drawer): no file of its own (issue 12). The key and the page are LOGOUT_KEY
// and LOGIN_PATH of logout-keys.ts, written out (importing them cost a chunk);
// tests/unit/logout-broadcast.test.ts checks that they agree.
export function listenForLogout() {
  const w = window as Window & { __aeroLogoutListener?: boolean };
  if (w.__aeroLogoutListener) return;
  w.__aeroLogoutListener = true;
  window.addEventListener("storage", (e) => {
    if (e.key === "logout" && e.newValue) window.location.replace("/auth/login");
  });
}
