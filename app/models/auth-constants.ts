// Sign-in and account rules and messages, without zod: pages show these, the schemas
// (schemas/auth.ts) and the upstream enforce them (issue 12: zod stays on the server).
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid email or password.",
  unconfirmed: "Please confirm your e-mail address first: we sent you a link.",
  deactivated: "Your account is deactivated. Please contact your administrator.",
  registered: "Thanks for registering: please check your e-mail for a link to confirm your address.",
  confirmed: "Your e-mail address is confirmed. You can sign in now.",
  resetRequested: "If an account exists for that e-mail, we sent a link to reset the password. It is valid for 2 hours.",
  passwordReset: "Your password was changed. Please sign in with the new password.",
  passwordChanged: "Your password was changed. Your other sessions were signed out.",
  signedOut: "You are signed out.",
  signInFirst: "Your session has ended. Please sign in again.",
  twoFactorEnabled: "Two-factor authentication is on.",
  twoFactorDisabled: "Two-factor authentication is off.",
  twoFactorResetRequested: "If an account with two-factor authentication exists for that e-mail, we sent a link to reset it. It is valid for 2 hours.",
  twoFactorResetDone: "Two-factor authentication is off and all sessions were signed out. Sign in with your password and set it up again.",
  issueReported: "Thanks: your report was sent to the team.",
  contactSent: "Thanks for your message: the team will get back to you soon.",
  signInLinkRequired:
    "There were many failed sign-in attempts on this account from other networks, so for now a password alone is not enough. We e-mailed you a link that signs you in; it works once and is valid for 15 minutes.",
  signInLinkSent: "If an account exists for that e-mail, we sent it a link that signs you in. It works once and is valid for 15 minutes.",
  signInLinkInvalid: "This sign-in link is not valid any more. Please ask for a new one.",
} as const;

export const ISSUE_DESCRIPTION_MAX = 5000;
export const CONTACT_MESSAGE_MAX = 5000;
/** Each field of a front-end error report is cut at this many characters. */
export const ERROR_REPORT_FIELD_MAX = 10_000;
