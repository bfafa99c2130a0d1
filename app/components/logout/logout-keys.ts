// The logout broadcast's localStorage key and where a logged-out tab goes (logout-broadcast.tsx).
export const LOGOUT_KEY = "logout";
export const LOGIN_PATH = "/auth/login";
