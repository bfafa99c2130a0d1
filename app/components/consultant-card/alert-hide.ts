/** Alerts hide themselves after this long (spec §9 "Alert auto-hide: 6000 ms"). */
export const ALERT_HIDE_MS = 6000;
