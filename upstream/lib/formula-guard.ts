// Formula injection in exported files (OWASP, "CSV Injection"): a text cell that begins with =, +,
// -, @, a tab or a carriage return is taken for a formula by Excel, LibreOffice or Google Sheets
// once the file is opened as CSV or the cell is edited. Every text cell the portal exports goes
// through neutraliseFormula (a leading apostrophe, OWASP's advice; numbers and dates stay typed, so
// a -5 is never touched); every import of a spreadsheet goes through restoreFormula, so a file
// exported and imported again gives back the same values. ADR 069.

/** A value that a spreadsheet would read as a formula, after any apostrophes already in front. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What neutraliseFormula made: one apostrophe more in front of such a value. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * The text to write for a text cell: with an apostrophe in front when it begins with a formula
 * character. A value that already begins with apostrophes before one gets one more, so that
 * restoreFormula, which takes exactly one away, gives it back unchanged.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The value of an imported text cell: one leading apostrophe before a formula character taken away. */
export function restoreFormula(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}
