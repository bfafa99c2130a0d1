import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The one modal (modal-dialog.tsx): a server-rendered <dialog open> over a backdrop (a link that
// closes it), vars.size.modal wide (700, spec §2, §9), never wider than the screen; or the same
// content as a plain panel (the standalone /storage/create… pages).

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
export const dialogWide = style({ width: "min(1100px, calc(100vw - 24px))" });
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
export const subtitle = style({ margin: `${vars.space.xxs} 0 0`, color: vars.color.muted, fontSize: vars.fontSize.sm });
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  maxWidth: vars.size.modal,
});

// The consultant dialogs' forms.
export const twoColumns = style({
  display: "grid",
  gap: `0 ${vars.space.lg}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});
export const statusRow = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap", marginBottom: vars.space.lg, border: 0, padding: 0 });
export const legend = style({ fontWeight: 600, fontSize: vars.fontSize.sm, marginBottom: vars.space.xs, padding: 0 });
export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.lg}` });
