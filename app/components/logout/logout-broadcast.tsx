// Spec 000 §4: a logout in one tab sends every other open tab of the portal to the login page,
// through the localStorage key `logout`. Two tiny pieces, each a nonce'd inline script (so they run
// on pages without scripts; their text is in logout-scripts.ts) plus an effect (for client-side
// navigations, where React does not execute inline scripts).
import { useEffect } from "react";
import { useNonce } from "~/utils/nonce";
import { LOGIN_PATH, LOGOUT_KEY } from "./logout-keys";
import { ANNOUNCE, LISTEN } from "./logout-scripts";

export { LOGIN_PATH, LOGOUT_KEY };

function listen() {
  const w = window as Window & { __aeroLogoutListener?: boolean };
  if (w.__aeroLogoutListener) return;
  w.__aeroLogoutListener = true;
  window.addEventListener("storage", (e) => {
    if (e.key === LOGOUT_KEY && e.newValue) window.location.replace(LOGIN_PATH);
  });
}

/** In the signed-in shell: follow a logout that happens in another tab. */
export function LogoutListener() {
  const nonce = useNonce();
  useEffect(listen, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LISTEN }} />;
}

/** On the page a logout lands on: tell the other tabs. */
export function LogoutAnnouncer() {
  const nonce = useNonce();
  useEffect(() => {
    try {
      localStorage.setItem(LOGOUT_KEY, String(Date.now()));
    } catch {
      /* storage disabled: nothing to tell */
    }
  }, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ANNOUNCE }} />;
}
