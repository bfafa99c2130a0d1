import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  // Drawn 560 units wide: up to ~760 px the text stays at its size; wider, two engines side by side.
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 420px), 1fr))",
  maxWidth: 1540,
  gap: vars.space.lg,
});
export const empty = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
/** A cell above its column's alert limit. */
export const overCell = style({ color: vars.color.danger, fontWeight: 700, background: vars.color.dangerBg });
/** The column picker: one link per number column, the current one pressed. */
export const picker = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: `0 0 ${vars.space.md}`, padding: 0, listStyle: "none" });
export const limitsTable = style({ marginTop: vars.space.lg });
export const limitForm = style({ display: "flex", gap: vars.space.xs, alignItems: "center", flexWrap: "wrap" });
export const limitInput = style({ width: "7.5em" });
export const section = style({ marginBottom: vars.space.xl, scrollMarginTop: vars.space.xxxl });
/** One engine's chart: not wider than its text can take. */
export const item = style({ maxWidth: 760, minWidth: 0 });
