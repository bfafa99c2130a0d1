// Spec 000 §4: a logout in one tab sends every other open tab of the portal to the login page,
// through the localStorage key `logout`. Two tiny pieces, each a nonce'd inline script (so they run
// before hydration and need no bundle) plus an effect (for client-side navigations, where React does
// not execute inline scripts).
import { useEffect } from "react";
import { useNonce } from "~/utils/nonce";

export const LOGOUT_KEY = "logout";
export const LOGIN_PATH = "/auth/login";

const LISTEN = `(function(){if(window.__aeroLogoutListener)return;window.__aeroLogoutListener=true;window.addEventListener("storage",function(e){if(e.key===${JSON.stringify(LOGOUT_KEY)}&&e.newValue){window.location.replace(${JSON.stringify(LOGIN_PATH)})}})})();`;
const ANNOUNCE = `try{localStorage.setItem(${JSON.stringify(LOGOUT_KEY)},String(Date.now()))}catch(e){}`;

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
