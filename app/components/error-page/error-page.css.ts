import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.xl,
  background: vars.color.bg,
  textAlign: "center",
});
export const box = style({
  maxWidth: 560,
  width: "100%",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: "40px 32px",
});
export const code = style({
  fontSize: 64,
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.primary,
  letterSpacing: "-.03em",
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
});
export const title = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.sm}` });
export const text = style({ color: vars.color.muted, margin: `0 0 ${vars.space.xl}` });
export const actions = style({ display: "flex", gap: vars.space.md, justifyContent: "center", flexWrap: "wrap" });
export const detail = style({
  marginTop: vars.space.xl,
  textAlign: "left",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
});
