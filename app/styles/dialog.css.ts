import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The dialog styles shared by every server-rendered modal (the folder actions, the consultant dialogs):
// a <dialog open> over a backdrop, vars.size.modal wide, never wider than the screen.
export const backdrop = style({
  position: "fixed",
  inset: 0,
  background: "rgba(15, 34, 54, 0.45)",
  zIndex: 900,
});
export const dialog = style({
  position: "fixed",
  top: "50%",
  left: "50%",
  transform: "translate(-50%, -50%)",
  zIndex: 901,
  width: `min(${vars.size.modal}, calc(100vw - 24px))`,
  maxHeight: "calc(100vh - 32px)",
  overflowY: "auto",
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
});
export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.lg });
export const close = style({
  display: "inline-flex",
  padding: 6,
  borderRadius: vars.radius.sm,
  color: vars.color.muted,
  ":hover": { background: vars.color.surfaceAlt, color: vars.color.text },
});
export const body = style({ padding: `${vars.space.lg} ${vars.space.xl}` });
export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  flexWrap: "wrap",
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  borderBottomLeftRadius: vars.radius.lg,
  borderBottomRightRadius: vars.radius.lg,
});
