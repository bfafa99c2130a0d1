import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const life = keyframes({
  "0%": { opacity: 0, transform: "translate(-50%, 8px)" },
  "4%": { opacity: 1, transform: "translate(-50%, 0)" },
  "96%": { opacity: 1, transform: "translate(-50%, 0)" },
  "100%": { opacity: 0, transform: "translate(-50%, 8px)", visibility: "hidden" },
});

// Centered snackbar; it hides itself by CSS after its duration (set inline as animation-duration),
// so it works the same with JavaScript off.
export const snackbar = style({
  position: "fixed",
  left: "50%",
  bottom: vars.space.xl,
  transform: "translate(-50%, 0)",
  zIndex: 1000,
  minWidth: 280,
  maxWidth: "min(560px, calc(100vw - 32px))",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  whiteSpace: "pre-line",
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  animationName: life,
  animationTimingFunction: "linear",
  animationFillMode: "forwards",
  pointerEvents: "auto",
});

export const kind = styleVariants({
  success: { background: vars.color.success, color: "#fff" },
  error: { background: vars.color.danger, color: "#fff" },
  info: { background: vars.color.nav, color: "#fff" },
});

export const title = style({ fontWeight: 600, display: "block" });
