// AeroOIL rules shared by the server and the browser (no .server imports here): the status page's
// title (spec 001 §2 "Status pages", ADR 037) and the oil module's fixed tab ids.

/** The day the oil status page was renamed: before it "Status Overview", from it on "Status Dashboard". */
export const STATUS_TITLE_CUTOFF = "2024-08-19";

export type StatusTitle = "Status Overview" | "Status Dashboard";

/**
 * The status page's title for the date that rules: the aircraft's OIL issue date, or today when it
 * has none. Dates are calendar days (`YYYY-MM-DD`, a longer ISO string is cut to its day); an
 * unreadable date counts as today.
 */
export function statusPageTitle(oilIssueDate: string | null | undefined, today: Date = new Date()): StatusTitle {
  const day = dayOf(oilIssueDate) ?? today.toISOString().slice(0, 10);
  return day < STATUS_TITLE_CUTOFF ? "Status Overview" : "Status Dashboard";
}

function dayOf(v: string | null | undefined): string | null {
  if (!v) return null;
  const day = v.trim().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
}

/** The oil tab ids with a screen of their own (spec 001 §3): the status dashboard is not a table page. */
export const OIL_STATUS_TAB = "statusDashboard";

/** The column every oil tab gains (spec 001 §2): the row's watched flag, shown as a toggle. */
export const OIL_WATCH_COLUMN = { name: "Watch/Unwatch", type: "watch_unwatch" } as const;

/** Server markup regions of the AeroOIL pages (ADR 031): the tab's trend charts, the dashboard's chart. */
export const OIL_TREND_MARKUP_ID = "oil-trend";
export const OIL_DASHBOARD_CHART_ID = "oil-dashboard-chart";

/** The column a trend shows (ADR 048): the one the URL names, else the first with a limit, else a ppm column, else the first number column. */
export function trendColumn(trend: { numeric_columns: string[]; limits: { column_name: string }[] }, wanted: string | null): string | null {
  const cols = trend.numeric_columns;
  if (wanted && cols.includes(wanted)) return wanted;
  return trend.limits.find((l) => cols.includes(l.column_name))?.column_name ?? cols.find((c) => /ppm/i.test(c)) ?? cols[0] ?? null;
}
