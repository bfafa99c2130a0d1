import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  textDecoration: "none",
  color: "inherit",
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  letterSpacing: "-.01em",
  whiteSpace: "nowrap",
});
export const mark = style({ flex: "0 0 auto" });
export const wordmark = style({});
/** "Records" in the wordmark: the brand amber on dark grounds (the navigation), a darker amber on light ones (contrast 4.5:1). */
export const accent = style({ color: vars.color.warning, selectors: { "[data-dark] &": { color: vars.color.accent } } });
export const sub = style({ display: "block", fontSize: vars.fontSize.xs, fontWeight: 500, opacity: 0.75, letterSpacing: ".02em" });
