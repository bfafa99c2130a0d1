import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The bar's height: the data tables above it stop short of it (data-table.css.ts, --tab-bar-h). */
const BAR_HEIGHT = "52px";

/**
 * Pinned to the bottom of the window (ADR 085), with or without JavaScript: sticky while the page
 * scrolls under it, and at the foot of a short page (its page is a column, the bar pushed down by
 * an auto margin) rather than right after the last row.
 */
export const bar = style({
  position: "sticky",
  bottom: 0,
  zIndex: 20,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  height: BAR_HEIGHT,
  boxSizing: "border-box",
  marginTop: vars.space.lg,
  padding: `${vars.space.sm} 0`,
  background: vars.color.bg,
  borderTop: `1px solid ${vars.color.border}`,
});
// The page that holds the bar: a column whose last item is the bar, with no padding under it.
globalStyle(`main:has(> ${bar})`, {
  vars: { "--tab-bar-h": BAR_HEIGHT },
  display: "flex",
  flexDirection: "column",
  paddingBottom: 0,
});
globalStyle(`main:has(> ${bar}) > ${bar}`, { marginTop: "auto" });
// Room between the page's last item and the bar, whether the bar is pushed down or stuck.
globalStyle(`main > :has(+ ${bar})`, { marginBottom: vars.space.lg });

/** The tabs: one scrollable row (without JavaScript it scrolls by hand). */
export const row = style({
  display: "flex",
  gap: vars.space.xs,
  overflowX: "auto",
  scrollBehavior: "smooth",
  whiteSpace: "nowrap",
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
