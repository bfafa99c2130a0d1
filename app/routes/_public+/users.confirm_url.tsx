// /users/confirm_url shows the same login screen as /auth/login (spec 000 §2).
export { action, default, loader, meta } from "./auth.login";
