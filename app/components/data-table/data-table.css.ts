import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The frame scrolls both ways inside the page, so that the header row stays in sight above the rows. */
export const frame = style({ maxHeight: "70vh", overflowY: "auto" });
/** Separate borders: a collapsed border would stay behind while the sticky header row moves. */
export const table = style({ borderCollapse: "separate", borderSpacing: 0 });
export const head = style({
  selectors: { [`${table} &`]: { position: "sticky", top: 0, zIndex: 2 } },
});
/** Numbers: right-aligned in tabular figures (over the table's left alignment). */
export const number = style({
  selectors: { [`${table} &`]: { textAlign: "right", fontVariantNumeric: "tabular-nums" } },
});
/** Row actions: as narrow as their content, on one line. */
export const actions = style({
  selectors: { [`${table} &`]: { width: "1%", whiteSpace: "nowrap" } },
});
/** The one row of an empty table, across every column. */
export const empty = style({
  selectors: { [`${table} &`]: { textAlign: "center", padding: `${vars.space.xl} ${vars.space.lg}` } },
});
