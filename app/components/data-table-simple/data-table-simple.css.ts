import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const sortLink = style({
  color: "inherit",
  textDecoration: "none",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  selectors: { "&:hover": { color: vars.color.primary } },
});
export const arrow = style({ fontSize: 10, color: vars.color.primary });
export const toolbar = style({ display: "flex", gap: vars.space.md, alignItems: "flex-end", flexWrap: "wrap", marginBottom: vars.space.lg });
export const grow = style({ flex: "1 1 240px", minWidth: 0 });
globalStyle(`${toolbar} label`, { display: "flex", flexDirection: "column", gap: vars.space.xs, fontWeight: 600, fontSize: vars.fontSize.sm });
export const actionsCell = style({ textAlign: "right", whiteSpace: "nowrap" });
export const inlineForm = style({ display: "inline" });
/** Narrow screens: a table scrolls sideways inside its card rather than squeezing its columns. */
export const scroll = style({ overflowX: "auto" });
export const nowrap = style({ whiteSpace: "nowrap" });
/** Codes (MSN, addresses) in a table cell: monospace, never broken across lines. */
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, whiteSpace: "nowrap" });
/** A name column that should not collapse to a word per line on phones. */
export const nameCell = style({ minWidth: 170 });
