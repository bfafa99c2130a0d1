import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const nav = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginTop: vars.space.lg,
});
export const summary = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const list = style({ display: "flex", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0, flexWrap: "wrap" });
const cell = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: 34,
  height: 34,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: "none",
});
export const page = style([
  cell,
  {
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.primary,
    ":hover": { borderColor: vars.color.primary },
  },
]);
export const current = style([cell, { background: vars.color.primary, color: vars.color.primaryText, border: `1px solid ${vars.color.primary}` }]);
export const disabled = style([cell, { border: `1px solid ${vars.color.border}`, color: vars.color.muted, opacity: 0.6 }]);
export const gap = style([cell, { color: vars.color.muted }]);
