import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ position: "relative", display: "flex", alignItems: "center", gap: vars.space.xs, minWidth: 0, flex: "1 1 320px", maxWidth: 520 });
export const box = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  flex: 1,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  selectors: { "&:focus-within": { borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.infoBg}` } },
});
export const icon = style({ position: "absolute", left: 10, color: vars.color.muted, pointerEvents: "none" });
export const input = style({
  flex: 1,
  minWidth: 0,
  height: 36,
  padding: `0 ${vars.space.md} 0 34px`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  outline: "none",
  selectors: { "&::-webkit-search-cancel-button": { cursor: "pointer" } },
});
export const scope = style({
  height: 28,
  margin: `0 4px 0 0`,
  border: 0,
  borderLeft: `1px solid ${vars.color.border}`,
  padding: `0 ${vars.space.sm}`,
  background: "transparent",
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  maxWidth: 130,
  "@media": { "screen and (max-width: 560px)": { display: "none" } },
});
export const tooltip = style({
  position: "absolute",
  top: "calc(100% + 6px)",
  left: 0,
  zIndex: 950,
  maxWidth: "min(420px, calc(100vw - 24px))",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.nav,
  color: "#fff",
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.md,
  whiteSpace: "normal",
  overflowWrap: "anywhere",
});

// The top bar slot: the box on wide screens, an icon link on narrow ones.
export const slot = style({
  display: "flex",
  alignItems: "center",
  flex: "1 1 auto",
  minWidth: 0,
  justifyContent: "center",
  // Narrow: only the icon, which must not take the aircraft MSN's room.
  "@media": { "screen and (max-width: 900px)": { flex: "0 0 auto", marginLeft: "auto" } },
});
export const wide = style({ display: "flex", flex: 1, minWidth: 0, maxWidth: 520, "@media": { "screen and (max-width: 900px)": { display: "none" } } });
export const narrow = style({
  display: "none",
  alignItems: "center",
  justifyContent: "center",
  width: 36,
  height: 36,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  ":hover": { background: vars.color.surfaceAlt, color: vars.color.primary },
  "@media": { "screen and (max-width: 900px)": { display: "inline-flex" } },
});
