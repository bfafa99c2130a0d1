// Every date the portal shows, formatted in one place. Each format is fixed to UTC and to one locale,
// so the server's HTML and the browser's render agree (no time-zone or locale drift, no hydration
// mismatch). Upstream timestamps are ISO 8601 ("2024-05-01T14:30:00.000Z"); calendar days are
// "YYYY-MM-DD".

const valid = (d: Date) => !Number.isNaN(d.getTime());

/** "2024-05-01 14:30 UTC" (lists, logs, messages). An unreadable value is shown as it came. */
export function dateTimeUtc(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (!valid(d)) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** "2024-05-01": the UTC day of a timestamp. */
export function dateUtc(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return valid(d) ? d.toISOString().slice(0, 10) : iso;
}

const mediumDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "3 May 2024, 14:22 UTC" (file listings). Also reads "2024-05-03 14:22:00" as UTC. */
export function mediumDateTimeUtc(iso: string): string {
  const d = new Date(iso.includes("T") || iso.endsWith("Z") ? iso : `${iso.replace(" ", "T")}Z`);
  return valid(d) ? `${mediumDateTime.format(d)} UTC` : iso;
}

/** "3 May 2024": a calendar day ("2024-05-03", or the day of a timestamp as written), "" for none. */
export function dayMonthYear(day: string | null | undefined): string {
  if (!day) return "";
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? "Invalid Date" : DAY_MONTH_YEAR.format(d);
}
/** One formatter for every call: toLocaleDateString builds one per call (a tab page's dates cost ms). */
const DAY_MONTH_YEAR = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "5 May": a calendar day without its year (chart labels). */
export function dayMonth(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}
