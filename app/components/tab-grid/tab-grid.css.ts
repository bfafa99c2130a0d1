import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The grid scrolls inside its own box so the header row stays in sight (sticky). */
export const scroller = style({
  maxHeight: "70vh",
  overflow: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const table = style({ width: "100%", borderCollapse: "separate", borderSpacing: 0, fontSize: vars.fontSize.sm });
export const th = style({
  position: "sticky",
  top: 0,
  zIndex: 2,
  textAlign: "left",
  whiteSpace: "nowrap",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: ".04em",
  color: vars.color.muted,
});
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
  outline: "none",
  selectors: {
    "&:focus": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[data-editable="true"]': { cursor: "cell" },
  },
});
export const number = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });
export const editor = style({
  width: "100%",
  minWidth: 120,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.focus}`,
  borderRadius: vars.radius.sm,
  font: "inherit",
});
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.xs, marginTop: vars.space.xs, whiteSpace: "normal" });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted, margin: `0 0 ${vars.space.xs}` });
