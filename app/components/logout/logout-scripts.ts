// The logout broadcast's two inline scripts (logout-broadcast.tsx): the server sends them in the page;
// after a client-side navigation an effect does the same work.
import { LOGIN_PATH, LOGOUT_KEY } from "./logout-keys";

export const LISTEN = `(function(){if(window.__aeroLogoutListener)return;window.__aeroLogoutListener=true;window.addEventListener("storage",function(e){if(e.key===${JSON.stringify(LOGOUT_KEY)}&&e.newValue){window.location.replace(${JSON.stringify(LOGIN_PATH)})}})})();`;
export const ANNOUNCE = `try{localStorage.setItem(${JSON.stringify(LOGOUT_KEY)},String(Date.now()))}catch(e){}`;
