import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const inline = style({ display: "inline" });
export const actions = style({ whiteSpace: "nowrap", textAlign: "right", display: "flex", gap: vars.space.sm, justifyContent: "flex-end" });
export const sub = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const reason = style({ fontSize: vars.fontSize.sm, maxWidth: 360 });
export const findForm = style({ marginBottom: vars.space.md });
export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.lg}`, display: "flex", flexDirection: "column", gap: vars.space.sm });
export const radio = style({ display: "flex", gap: vars.space.sm, alignItems: "baseline" });
export const fixed = style({ margin: `0 0 ${vars.space.md}` });
export const section = style({ marginTop: vars.space.xl });
export const sectionHead = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.md, flexWrap: "wrap", marginBottom: vars.space.md });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const scope = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" });
