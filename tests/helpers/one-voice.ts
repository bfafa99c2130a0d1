// One voice (ADR 089): what a page shows as text reads dates one way ("28 Nov 2026", with a time
// "28 Nov 2026, 14:30 UTC": app/utils/dates.ts) and each status in the words of its map
// (app/models/status-labels.ts). Used by the HTTP page pass (tests/http/pages.test.ts) on every page.
import { ALL_STATUS_LABELS } from "../../app/models/status-labels";

const LABEL_BY_LOWER = new Map([...ALL_STATUS_LABELS].map((l) => [l.toLowerCase(), l]));

/**
 * The text a reader sees, element by element: each element's own text (its text children joined, as
 * React renders "{n} in transition" in several text nodes), outside scripts, styles and templates.
 */
export function visibleTexts(doc: Document): string[] {
  const out: string[] = [];
  for (const el of doc.body.querySelectorAll("*")) {
    if (el.closest("script, style, template, noscript, textarea")) continue;
    let own = "";
    for (const n of el.childNodes) if (n.nodeType === 3) own += n.textContent ?? "";
    const t = own.replace(/\s+/g, " ").trim();
    if (t) out.push(t);
  }
  return out;
}

const ISO_DAY = /\b(?:19|20)\d{2}-[01]\d-[0-3]\d\b/;
const FILE_NAME = /\.[a-z0-9]{2,5}$/i;

/** What a page says otherwise than in one voice: ISO dates in its text, status words outside the maps. */
export function oneVoiceProblems(doc: Document): string[] {
  const found: string[] = [];
  for (const t of visibleTexts(doc)) {
    // A file's name may start with its date ("2024-05-01 Dent and Buckle Report.pdf"): that is its name.
    if (ISO_DAY.test(t) && !FILE_NAME.test(t)) found.push(`an ISO date in "${t.slice(0, 80)}"`);
    // A status in other words than its label: the API's value ("IN OPERATION", "in progress") or another casing.
    const label = LABEL_BY_LOWER.get(t.toLowerCase().replace(/_/g, " "));
    if (label && label !== t) found.push(`the status "${t}" (its label: "${label}")`);
  }
  return [...new Set(found)];
}
