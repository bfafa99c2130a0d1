import { globalStyle, style } from "@vanilla-extract/css";
import * as ui from "~/components/ui/ui.css";
import { vars } from "~/styles/theme.css";

// Compact on purpose (ADR 085): at 1366x768 a tab of up to 8 columns fits the page's width and shows
// at least 15 rows between the top bar and the bottom tab bar. A row is one line (about 29 px): long
// text is cut with an ellipsis (its cell's title has all of it), dates and numbers never wrap.

/**
 * The frame scrolls both ways inside the page, so that the header row stays in sight above the rows:
 * at most the height of the window under the top bar and above the pinned bottom tab bar
 * (--tab-bar-h, set where a page has one).
 */
export const frame = style({
  maxHeight: `max(320px, calc(100vh - ${vars.size.topbar} - var(--tab-bar-h, 0px) - 16px))`,
  overflowY: "auto",
});
/** Separate borders: a collapsed border would stay behind while the sticky header row moves. */
export const table = style({ borderCollapse: "separate", borderSpacing: 0 });
globalStyle(`${table} th, ${table} td`, {
  padding: `5px ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.35,
  verticalAlign: "middle",
});
// Headers wrap between words (two short lines beat a column twice as wide); a word never breaks.
globalStyle(`${table} th`, { whiteSpace: "normal", minWidth: "6ch" });
export const head = style({
  selectors: { [`${table} &`]: { position: "sticky", top: 0, zIndex: 2 } },
});
/**
 * The row's first column (after the selection box) stays in sight while the table scrolls sideways
 * (a phone, or a tab wider than the page). --sticky-left: the width of the columns stuck before it.
 */
export const sticky = style({
  selectors: {
    [`${table} td&`]: { position: "sticky", left: "var(--sticky-left, 0px)", zIndex: 1, background: vars.color.surface },
    [`${table} th&`]: { position: "sticky", left: "var(--sticky-left, 0px)", zIndex: 3 },
  },
});
/** The selection box's column: a fixed width, where the sticky column after it starts. */
const SELECT_WIDTH = "40px";
export const select = style({
  selectors: { [`${table} &`]: { width: SELECT_WIDTH, minWidth: SELECT_WIDTH, maxWidth: SELECT_WIDTH, boxSizing: "border-box", paddingRight: 0 } },
});
globalStyle(`${table} ${select} + ${sticky}`, { vars: { "--sticky-left": SELECT_WIDTH } });
/** Long text: one line, cut with an ellipsis (the cell's title holds it all). */
export const clip = style({
  selectors: { [`${table} td&`]: { maxWidth: "24ch", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } },
});
/** Dates and figures: on one line. */
export const nowrap = style({
  selectors: { [`${table} td&`]: { whiteSpace: "nowrap" } },
});
/** Numbers: right-aligned in tabular figures (over the table's left alignment). */
export const number = style({
  selectors: { [`${table} &`]: { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } },
});
/** Row actions: as narrow as their content, on one line. */
export const actions = style({
  selectors: { [`${table} &`]: { width: "1%", whiteSpace: "nowrap" } },
});
// A row's small buttons (Edit, the documents' and linked rows' links) fit the compact row.
globalStyle(`${table} td ${ui.buttonSmall}`, { minHeight: 22, paddingTop: 0, paddingBottom: 0 });
/** The one row of an empty table, across every column. */
export const empty = style({
  selectors: { [`${table} &`]: { textAlign: "center", padding: `${vars.space.xl} ${vars.space.lg}` } },
});
