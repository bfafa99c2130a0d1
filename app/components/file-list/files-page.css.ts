import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ minWidth: 0 });
export const title = style({ minWidth: 0 });
export const lead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.md}` });
export const toolbar = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" });
export const bulkBar = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center",
  margin: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.sm,
});
export const bulkLabel = style({ color: vars.color.muted, fontWeight: 600 });
