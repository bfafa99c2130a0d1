import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" });
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});
export const head = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.sm });
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: "anywhere" });
export const nameLink = style({ color: vars.color.text, textDecoration: "none", ":hover": { color: vars.color.primary, textDecoration: "underline" } });
export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `2px ${vars.space.md}`, margin: 0, fontSize: vars.fontSize.sm });
export const factLabel = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });
export const foot = style({ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: vars.space.sm, marginTop: "auto", paddingTop: vars.space.sm, flexWrap: "wrap" });
export const links = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
const badge = style({
  display: "inline-flex",
  alignItems: "center",
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  whiteSpace: "nowrap",
  letterSpacing: ".02em",
});
export const status = styleVariants({
  GROUNDED: [badge, { background: vars.color.dangerBg, color: vars.color.grounded }],
  "IN OPERATION": [badge, { background: vars.color.successBg, color: vars.color.operation }],
  "IN TRANSITION": [badge, { background: vars.color.warningBg, color: vars.color.transition }],
});
export const access = style([badge, { background: vars.color.infoBg, color: vars.color.info, fontWeight: 600 }]);
export const followBtn = style({
  background: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  padding: `2px ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  color: vars.color.primary,
  ":hover": { borderColor: vars.color.primary },
});
export const following = style([followBtn, { background: vars.color.infoBg, borderColor: vars.color.info }]);
export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.muted, background: vars.color.surface, border: `1px dashed ${vars.color.border}`, borderRadius: vars.radius.lg });
