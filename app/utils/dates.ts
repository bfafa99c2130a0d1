// Every date the portal shows, formatted in one place and one voice (ADR 089): a day reads
// "3 May 2024", a moment "3 May 2024, 14:30 UTC". Each format is fixed to UTC and spelled with the
// month names below (not the runtime's locale data, whose "Sep"/"Sept" differs between ICU
// versions), so the server's HTML and the browser's render agree (no time-zone or locale drift, no
// hydration mismatch). Upstream timestamps are ISO 8601 ("2024-05-01T14:30:00.000Z"); calendar
// days are "YYYY-MM-DD" (the value form fields and files keep; never shown as text).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const valid = (d: Date) => !Number.isNaN(d.getTime());

/** "3 May 2024" of a Date's UTC day. */
const dayText = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** "3 May 2024, 14:30 UTC" of a Date. */
const momentText = (d: Date) => `${dayText(d)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;

/** "1 May 2024, 14:30 UTC" (lists, logs, messages). An unreadable value is shown as it came. */
export function dateTimeUtc(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return valid(d) ? momentText(d) : iso;
}

/** "1 May 2024": the UTC day of a timestamp. */
export function dateUtc(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return valid(d) ? dayText(d) : iso;
}

/** "3 May 2024, 14:22 UTC" (file listings). Also reads "2024-05-03 14:22:00" as UTC. */
export function mediumDateTimeUtc(iso: string): string {
  const d = new Date(iso.includes("T") || iso.endsWith("Z") ? iso : `${iso.replace(" ", "T")}Z`);
  return valid(d) ? momentText(d) : iso;
}

/** "3 May 2024": a calendar day ("2024-05-03", or the day of a timestamp as written), "" for none. */
export function dayMonthYear(day: string | null | undefined): string {
  if (!day) return "";
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return valid(d) ? dayText(d) : day;
}

/** "5 May": a calendar day without its year (chart labels). */
export function dayMonth(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}
