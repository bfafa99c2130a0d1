// What the portal tells users about the sign-in protections. The numbers are the upstream's
// (upstream/main/auth.ts LOCKOUT: slowed after 5 failures, refused for 15 minutes after 10 within
// 15 minutes, per account and network); tests/unit/auth-routes.test.ts checks that the 11th attempt is refused, so the note
// cannot silently drift. Browser-safe.
export const SIGN_IN_LOCKOUT = { slowAfter: 5, lockAfter: 10, windowMinutes: 15, lockMinutes: 15 } as const;

export const SIGN_IN_LOCKOUT_NOTE =
  `For your security, sign-in slows down after ${SIGN_IN_LOCKOUT.slowAfter} failed attempts, and after ` +
  `${SIGN_IN_LOCKOUT.lockAfter} within ${SIGN_IN_LOCKOUT.windowMinutes} minutes it is paused for ${SIGN_IN_LOCKOUT.lockMinutes} minutes ` +
  "for your network only: you can still sign in from elsewhere, or with a link we e-mail you.";

/** The settings page of every role: change password and two-factor authentication. */
export const ACCOUNT_SETTINGS_PATH = "/user/settings";
