import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ marginTop: vars.space.xl });
export const sectionHead = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.md, flexWrap: "wrap", marginBottom: vars.space.md });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const inlineForm = style({ display: "inline" });
export const progress = style({ height: 8, borderRadius: 4, background: vars.color.surfaceAlt, overflow: "hidden", marginTop: vars.space.sm });
export const progressBar = style({ height: "100%", background: vars.color.primary });
export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
