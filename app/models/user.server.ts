// The signed-in user's own account (docs/api/auth.md, /user/* and /users/me, /users/2fa/*): who I
// am, my licence or authorisation number, my password and second factor, my notifications, and the
// Report Issue form of the shell.
import type { Api } from "./api.server";
import { MeAnswer, NotificationsAnswer, ProfileUpdateAnswer, TwoFactorSetupAnswer } from "./schemas/auth";

export const getMe = (api: Api) => api.get("main", "/user/me.json", { schema: MeAnswer });

/** The user's own licence or authorisation number, recorded with their signatures (empty removes it). */
export const saveAuthorisationNumber = (api: Api, authorisation_number: string) =>
  api.post("main", "/user/profile.json", { json: { authorisation_number }, schema: ProfileUpdateAnswer });

export const changePassword = (api: Api, change: unknown) => api.call("main", "PUT", "/users/me/password.json", { json: change });

/** A new secret and its QR code; the factor is on only after `enableTwoFactor` with a valid code. */
export const setupTwoFactor = (api: Api) => api.post("main", "/users/2fa/setup.json", { json: {}, schema: TwoFactorSetupAnswer });
export const enableTwoFactor = (api: Api, input: unknown) => api.post("main", "/users/2fa/enable.json", { json: input });
export const disableTwoFactor = (api: Api, input: unknown) => api.post("main", "/users/2fa/disable.json", { json: input });

export const listNotifications = (api: Api) => api.get("main", "/user/notifications.json", { schema: NotificationsAnswer });
/** Marks some notifications (`ids`) or all of them as read. */
export const markNotificationsRead = (api: Api, ids?: number[]) => api.post("main", "/user/notifications/read.json", { json: ids ? { ids } : {} });

/** Report Issue: a description and the page it was sent from; admins see it at /admin/issue-reports. */
export const reportIssue = (api: Api, report: { description: string; url: string }) => api.post("main", "/user/report_issue.json", { json: report });
