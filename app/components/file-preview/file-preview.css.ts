import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, minWidth: 0 });
export const nav = style({ display: "flex", gap: vars.space.sm, alignItems: "center", flexWrap: "wrap" });
export const position = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const viewer = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  overflow: "hidden",
  minWidth: 0,
});
export const frame = style({ display: "block", width: "100%", height: "75vh", minHeight: 420, border: 0, background: "#525659" });
export const imageWrap = style({ display: "flex", justifyContent: "center", padding: vars.space.lg, background: vars.color.surfaceAlt });
export const image = style({ maxWidth: "100%", height: "auto", display: "block" });
export const text = style({
  margin: 0,
  padding: vars.space.lg,
  maxHeight: "75vh",
  overflow: "auto",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: "pre",
  tabSize: 4,
});
export const other = style({ padding: vars.space.xxl, textAlign: "center", display: "flex", flexDirection: "column", gap: vars.space.md, alignItems: "center" });
export const facts = style({ wordBreak: "break-word" });
export const linkedList = style({ margin: 0, paddingLeft: vars.space.lg });
