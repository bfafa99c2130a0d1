import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  marginTop: vars.space.lg,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

/** The tabs: one scrollable row (without JavaScript it scrolls by hand). */
export const row = style({
  display: "flex",
  gap: vars.space.xs,
  overflowX: "auto",
  scrollBehavior: "smooth",
  whiteSpace: "nowrap",
  paddingBottom: vars.space.xs,
  flex: "1 1 auto",
  minWidth: 0,
});

export const arrow = style({
  flex: "0 0 auto",
  width: 32,
  height: 32,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  fontSize: 18,
  lineHeight: 1,
  selectors: { "&:disabled": { opacity: 0.4, cursor: "default" } },
});
// The arrows need a script: hidden until the page has hydrated (and in Lite mode, which has none).
globalStyle(`html:not([data-hydrated]) ${arrow}`, { display: "none" });
