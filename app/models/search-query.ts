// File-search query rules (spec 000 §5 "File search", §9). Pure and browser-safe: the file search's
// widget (app/plain/widgets/file-search.ts) uses them for its tooltip and its Enter rule, the
// portal's search route and the upstream enforce them again.

/** Characters a search may not contain (spec 000 §5), in the spec's order. */
export const SEARCH_INVALID_CHARS: readonly string[] = [
  "`", "!", "@", "#", "$", "%", "^", "&", "*", "(", ")", "+", "=", "[", "]", "{", "}", ";", "'", ":", '"',
  "\\", "|", ",", ".", "<", ">", "/", "?", "~",
];

export const SEARCH_MIN_LENGTH = 3;
/** The tooltip lists at most this many distinct offending characters, then "and N more". */
export const SEARCH_MAX_LISTED_CHARS = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const TOOLTIP_DELAY_MS = 500;
/** Longest query the server accepts (a guard, not a spec rule). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * A results page's cursor (the `after` of the next link): the last hit's group (n: name or path,
 * c: content), rank and id, e.g. "n_-1.25_42".
 */
export const SEARCH_CURSOR_PATTERN = /^[nc]_-?\d+(\.\d+)?(e[-+]?\d+)?_\d{1,15}$/;

export const DEFAULT_HINT = "Special characters are not supported in search";

export const SEARCH_MESSAGES = {
  empty: "Enter a file name to search.",
  short: `Enter at least ${SEARCH_MIN_LENGTH} characters to search.`,
  long: `Use at most ${SEARCH_MAX_LENGTH} characters to search.`,
} as const;

export type SearchQueryCheck =
  | { ok: true; query: string }
  | { ok: false; reason: "empty" | "short" | "long" | "chars"; offending: string[]; more: number; message: string };

const invalid = new Set(SEARCH_INVALID_CHARS);

/** Distinct offending characters in order of first appearance: the first 10, and how many more. */
export function offendingChars(q: string): { offending: string[]; more: number } {
  const found: string[] = [];
  for (const ch of q) if (invalid.has(ch) && !found.includes(ch)) found.push(ch);
  return { offending: found.slice(0, SEARCH_MAX_LISTED_CHARS), more: Math.max(0, found.length - SEARCH_MAX_LISTED_CHARS) };
}

/** The tooltip text for offending characters, e.g. "Special characters are not supported in search: ! @ # and 2 more". */
export function charsMessage(offending: string[], more: number): string {
  if (!offending.length) return DEFAULT_HINT;
  return `${DEFAULT_HINT}: ${offending.join(" ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/**
 * Checks a query as the search box does before running it (on Enter). Invalid characters are
 * reported before the length, so the tooltip can list them while the user is still typing.
 */
export function checkSearchQuery(q: string | null | undefined): SearchQueryCheck {
  const query = (q ?? "").trim();
  if (!query) return { ok: false, reason: "empty", offending: [], more: 0, message: SEARCH_MESSAGES.empty };
  const { offending, more } = offendingChars(query);
  if (offending.length) return { ok: false, reason: "chars", offending, more, message: charsMessage(offending, more) };
  if ([...query].length < SEARCH_MIN_LENGTH) return { ok: false, reason: "short", offending: [], more: 0, message: SEARCH_MESSAGES.short };
  if ([...query].length > SEARCH_MAX_LENGTH) return { ok: false, reason: "long", offending: [], more: 0, message: SEARCH_MESSAGES.long };
  return { ok: true, query };
}
