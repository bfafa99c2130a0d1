import { style, keyframes } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The widget (app/plain/widgets/speed-test.ts) sets the states these key on: the root's data-state
// (the icon spins while the page loads and while a test runs) and the button's data-tone (the result).
export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
});

// Busy: the page is loading (Loading...) or a test is on its way (the label kept): a spinning arc for the gauge.
const busy = ["loading", "testing"];
const inBusy = busy.map((state) => `${root}[data-state=${state}] &`).join(", ");
const inIdle = `${root}${busy.map((state) => `:not([data-state=${state}])`).join("")} &`;

export const button = style({
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
    // Before hover and disabled: those win over the result's colours, as they did.
    "&[data-tone=above]": { borderColor: vars.color.success, color: vars.color.success, background: vars.color.successBg },
    "&[data-tone=below]": { borderColor: vars.color.warning, color: vars.color.warning, background: vars.color.warningBg },
    "&:hover:not(:disabled):not([aria-disabled=true])": { borderColor: vars.color.primary, color: vars.color.primary },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&:disabled, &[aria-disabled=true]": { cursor: "default", color: vars.color.muted },
  },
});

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const icon = style({
  width: "16px",
  height: "16px",
  flex: "none",
  "@media": { "(prefers-reduced-motion: no-preference)": { selectors: { [inBusy]: { animation: `${spin} 1s linear infinite` } } } },
});
/** The icon's two drawings: the gauge, and the arc that spins instead of it while busy. */
export const gauge = style({ selectors: { [inBusy]: { display: "none" } } });
export const arc = style({ selectors: { [inIdle]: { display: "none" } } });

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

/** The Lite-mode notice, and the no-JS hint (inside <noscript>). */
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
