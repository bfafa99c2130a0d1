import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const nav = style({ margin: `0 0 ${vars.space.md}`, minWidth: 0 });
export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
});
export const item = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minWidth: 0, maxWidth: "100%" });
export const link = style({
  color: vars.color.primary,
  textDecoration: "none",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: 260,
  ":hover": { textDecoration: "underline" },
});
export const current = style({ fontWeight: 600, color: vars.color.text, overflowWrap: "anywhere" });
export const sep = style({ color: vars.color.muted });
globalStyle(`${item} svg`, { flexShrink: 0 });
