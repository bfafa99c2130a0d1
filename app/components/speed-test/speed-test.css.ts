import { style, styleVariants, keyframes } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  lineHeight: vars.lineHeight.tight,
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled):not([aria-disabled=true])": { borderColor: vars.color.primary, color: vars.color.primary },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&:disabled, &[aria-disabled=true]": { cursor: "default", color: vars.color.muted },
  },
});

export const button = styleVariants({
  neutral: [buttonBase],
  above: [buttonBase, { borderColor: vars.color.success, color: vars.color.success, background: vars.color.successBg }],
  below: [buttonBase, { borderColor: vars.color.warning, color: vars.color.warning, background: vars.color.warningBg }],
});

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const icon = style({ width: "16px", height: "16px", flex: "none" });
export const spinning = style({
  animation: `${spin} 1s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

/** The live figure beside the button (progress, then the measured speed). */
export const figure = style({
  color: vars.color.muted,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});

export const error = style({
  color: vars.color.danger,
  maxWidth: "28ch",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/** Shown only when scripting is off (inside <noscript>). */
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
